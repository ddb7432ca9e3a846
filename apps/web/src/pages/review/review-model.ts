import { RANK_LABELS, type Rank, SUIT_SYMBOLS, type Suit } from '@palace/core';
import {
  AI_LEVEL_LABEL,
  type GameReview,
  type ReviewCard,
  type ReviewedMove,
  type ReviewMove,
  type ReviewSeat,
} from '@palace/protocol';
import { replayPath } from '../replay/replay-link.js';

export { reviewPath } from '../replay/replay-link.js';

/**
 * The post-game review page's model (docs/product.md §D14 review; docs/web.md "Review"): fetching
 * `GET /api/records/{variant}/{gameId}/review` until it is ready, and every line the page says.
 * Plain functions: the page only lays them out.
 */

/** What one request for the review found. */
export type ReviewFetch =
  | { readonly status: 'ready'; readonly review: GameReview }
  | { readonly status: 'pending'; readonly done: number; readonly total: number }
  | { readonly status: 'failed'; readonly message: string };

/** What the page shows: the first request still out, the job's progress, the review, or why not. */
export type ReviewState = { readonly status: 'loading' } | ReviewFetch;

/** How long the page waits between two requests while the server's job reviews the game (ms). */
export const REVIEW_POLL_MS = 1500;

/** The page's words for the refusals the record endpoint shares (docs/api.md "Records"). */
const REFUSALS: Readonly<Record<number, string>> = {
  404: 'No such game',
  409: 'The game is still being played',
};

export function reviewUrl(variant: string, gameId: string): string {
  return `/api/records/${encodeURIComponent(variant)}/${encodeURIComponent(gameId)}/review`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The answer's body as the page's state: ready and pending as sent, anything else a failure. */
function readAnswer(status: number, body: unknown): ReviewFetch {
  if ((status === 200 || status === 202) && isObject(body)) {
    if (body.status === 'ready' && isObject(body.review)) return { status: 'ready', review: body.review as GameReview };
    if (body.status === 'pending' && typeof body.done === 'number' && typeof body.total === 'number') {
      return { status: 'pending', done: body.done, total: body.total };
    }
  }
  const refusal = REFUSALS[status];
  if (refusal !== undefined) return { status: 'failed', message: refusal };
  const said = isObject(body) && typeof body.error === 'string' && body.error !== '' ? body.error : null;
  return { status: 'failed', message: said ?? `The server answered ${status}.` };
}

/** One request for the review; never throws (no network is a failure with its message). */
export async function fetchReview(
  variant: string,
  gameId: string,
  fetcher: typeof fetch = fetch,
): Promise<ReviewFetch> {
  let response: Response;
  let body: unknown = null;
  try {
    response = await fetcher(reviewUrl(variant, gameId), { cache: 'no-store' });
  } catch {
    return { status: 'failed', message: 'Could not reach the server. Check your connection and try again.' };
  }
  try {
    body = await response.json();
  } catch {
    // Not JSON: the status alone says what happened.
  }
  return readAnswer(response.status, body);
}

/**
 * Asks for the review, and again `intervalMs` after each pending answer, until it is ready or
 * refused; `update` hears every answer. Returns the stop function (the page unmounting).
 */
export function pollReview(
  load: () => Promise<ReviewFetch>,
  update: (state: ReviewState) => void,
  intervalMs = REVIEW_POLL_MS,
): () => void {
  let live = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ask = () => {
    void load().then((found) => {
      if (!live) return;
      update(found);
      if (found.status === 'pending') timer = setTimeout(ask, intervalMs);
    });
  };
  update({ status: 'loading' });
  ask();
  return () => {
    live = false;
    clearTimeout(timer);
  };
}

/** A chance (0…1) as a whole percentage: "41 %". */
export function percent(x: number): string {
  return `${Math.round(x * 100)} %`;
}

/** "Reviewing the game… 40 %": `done` of `total` decisions (0 % before the job has counted them). */
export function pendingLine(done: number, total: number): string {
  const share = total > 0 ? Math.min(1, done / total) : 0;
  return `Reviewing the game… ${percent(share)}`;
}

/** "7♣": a card as the record names it, in the web's short form (table/cards.ts `shortName`). */
export function cardText(card: ReviewCard): string {
  const rank = RANK_LABELS[card.rank as Rank] ?? String(card.rank);
  const suit = SUIT_SYMBOLS[card.suit as Suit] ?? card.suit;
  return `${rank}${suit}`;
}

/** "played 7♣ 7♦", "played face-down 7♣", "picked up the pile". */
export function playedText(move: ReviewMove): string {
  if (move.type === 'pickUp') return 'picked up the pile';
  return `played ${move.faceDown ? 'face-down ' : ''}${move.cards.map(cardText).join(' ')}`;
}

/** The preferred move after "Better:": "2♣", "a face-down card", "pick up the pile". */
export function betterText(move: ReviewMove): string {
  if (move.type === 'pickUp') return 'pick up the pile';
  return move.faceDown ? 'a face-down card' : move.cards.map(cardText).join(' ');
}

/** "Ann", or "Bot (computer: Strong)" for a computer seat. */
export function seatTitle(seat: ReviewSeat): string {
  return seat.ai === null ? seat.name : `${seat.name} (computer: ${AI_LEVEL_LABEL[seat.ai]})`;
}

/** "Dealt a 38 % hand (even share 25 %)": the seat's chance at its first move beside 1 in `players`. */
export function luckLine(seat: ReviewSeat, players: number): string {
  return `Dealt a ${percent(seat.luck)} hand (even share ${percent(1 / Math.max(1, players))})`;
}

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** "48 moves · 2 mistakes · 1 blunder". */
export function countsLine(seat: ReviewSeat): string {
  return [
    count(seat.moves, 'move', 'moves'),
    count(seat.mistakes, 'mistake', 'mistakes'),
    count(seat.blunders, 'blunder', 'blunders'),
  ].join(' · ');
}

/** The seat whose player is looking: a person's seat under the viewer's name; null for a visitor. */
export function viewerSeat(review: GameReview, viewer: string | null): string | null {
  if (viewer === null) return null;
  return review.seats.find((s) => s.ai === null && s.name === viewer)?.seat ?? null;
}

/** The seats with the viewer's own first, the others in seat order. */
export function seatOrder(review: GameReview, mine: string | null): ReviewSeat[] {
  const own = review.seats.filter((s) => s.seat === mine);
  return [...own, ...review.seats.filter((s) => s.seat !== mine)];
}

/** One row of the move list, in its parts and as one line. */
export interface MoveRow {
  readonly key: number;
  /** "Move 23": numbered as the replay numbers its steps (entry + 1). */
  readonly number: number;
  /** "Ann played 7♣ 7♦". */
  readonly what: string;
  /** "41 % → 18 %". */
  readonly chances: string;
  /** "Mistake", "Blunder", "Forced" (the only move there was), or null. */
  readonly label: 'Mistake' | 'Blunder' | 'Forced' | null;
  /** "Better: 2♣", or null when the move played was the strong AI's choice too. */
  readonly better: string | null;
  readonly forced: boolean;
  readonly mark: ReviewedMove['mark'];
  /** The replay at this move. */
  readonly replay: string;
  /** "Move 23 · Ann played 7♣ 7♦ · 41 % → 18 % · Blunder · Better: 2♣". */
  readonly line: string;
}

const LABELS = { mistake: 'Mistake', blunder: 'Blunder' } as const;

/**
 * Where a move row leads: the replay at step `move`. A server's game opens `/replay/{kind}/{id}?move=N`
 * (`serverReplayAt`); a record file opened on `/replay` opens the same file at that step (`fileReplayAt`).
 */
export type ReplayAt = (move: number) => string;

/** The server's replay of a finished game, at a step. */
export function serverReplayAt(game: { readonly variant: string; readonly gameId: string }): ReplayAt {
  return (move) => `${replayPath(game.variant, game.gameId)}?move=${move}`;
}

/** The record file open on `/replay`, at a step (the page keeps the file while the address changes). */
export const fileReplayAt: ReplayAt = (move) => `/replay?move=${move}`;

/** A reviewed move as its row; `names` by seat id. */
export function moveRow(move: ReviewedMove, names: ReadonlyMap<string, string>, replayAt: ReplayAt): MoveRow {
  const number = move.entry + 1;
  const forced = move.choices <= 1;
  const what = `${names.get(move.seat) ?? move.seat} ${playedText(move.played)}`;
  const chances = `${percent(move.before)} → ${percent(move.after)}`;
  const label = move.mark !== null ? LABELS[move.mark] : forced ? 'Forced' : null;
  const better = move.best === null ? null : `Better: ${betterText(move.best)}`;
  const parts = [`Move ${number}`, what, chances, label, better].filter((p): p is string => p !== null);
  return {
    key: move.entry,
    number,
    what,
    chances,
    label,
    better,
    forced,
    mark: move.mark,
    replay: replayAt(number),
    line: parts.join(' · '),
  };
}

/** Which moves the list shows: one seat's or everyone's, the marked ones only or all. */
export interface MoveFilter {
  /** A seat id, or 'all'. */
  readonly seat: string;
  readonly markedOnly: boolean;
}

/** The filter the page opens with: the viewer's own moves when known, marked ones only. */
export function initialFilter(mine: string | null): MoveFilter {
  return { seat: mine ?? 'all', markedOnly: true };
}

/** The rows the filter lets through, in the game's order. */
export function visibleRows(review: GameReview, filter: MoveFilter, replayAt: ReplayAt): MoveRow[] {
  const names = new Map(review.seats.map((s) => [s.seat, s.name]));
  return review.moves
    .filter((m) => (filter.seat === 'all' || m.seat === filter.seat) && (!filter.markedOnly || m.mark !== null))
    .map((m) => moveRow(m, names, replayAt));
}

/** What an empty list says: "No mistakes or blunders by Ann." / "No moves to show." */
export function emptyLine(review: GameReview, filter: MoveFilter): string {
  const name = review.seats.find((s) => s.seat === filter.seat)?.name;
  if (!filter.markedOnly) return name === undefined ? 'No moves to show.' : `${name} made no moves.`;
  return name === undefined ? 'No mistakes or blunders.' : `No mistakes or blunders by ${name}.`;
}

/** The short key to the numbers (docs/product.md §D14 review). */
export const HOW_TO_READ =
  'Each move shows the player’s chance to win (to go out first) before and after it, as the strong ' +
  'computer estimates it from what that player could see. A mistake drops it by 10 points or more, a ' +
  'blunder by 25 or more. Luck is the chance at the player’s first move: what the deal gave.';
