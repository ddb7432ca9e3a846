import {
  type Card,
  cardLabel,
  createGame,
  decide,
  evolveAll,
  type GameRecord,
  type GameState,
  replayStates,
} from '@palace/core';

/**
 * The hidden-card scan (issue 9 "Leaks"): every payload a client received, checked against what that
 * client may know at the moment the payload speaks of. The moments come from replaying the game's
 * record (seed + commands), so the check does not trust the server's views.
 *
 * What a viewer may know at a moment: every card that has ever been public up to then (on the pile,
 * face-up, burned, played, a face-down card turned over, a face-up choice) and their own hand. What
 * is forbidden: the other cards in another seat's hand, in any face-down pile (the viewer's own too)
 * and in the deck. A spectator or stranger has no hand. A card is looked for in every form the
 * variants write it: its id (`c17`), a `{ value, suit | symbol }` object and a label such as `10♥`.
 */

/** The payloads one client received about one game, in the order it received them. */
export interface Stream {
  /** Says in a failure which client this was (for example `socket of user 12`). */
  readonly name: string;
  /** The viewer's seat id in the record (`p1`, a main-game user id); null for a spectator or stranger. */
  readonly viewer: string | null;
  /** Raw payload texts (frames or HTTP answer bodies). */
  readonly payloads: readonly string[];
}

/** What a scan covered. */
export interface ScanTotals {
  payloads: number;
  bytes: number;
  /** Payloads that carried a game state (matched to a moment of the replay). */
  states: number;
}

/** A card the receiver may not see, or the seed before the end, found in a payload. */
export class LeakError extends Error {
  override readonly name = 'LeakError';
}

/** One state of the replay and what had been public up to it. */
interface Moment {
  readonly state: GameState;
  readonly publicEver: ReadonlySet<string>;
  readonly signature: string;
}

const CARD_ID = /^c\d+$/;
const LABEL = /(10|[2-9JQKA])([♥♦♣♠])/gu;
const SYMBOLS: Readonly<Record<string, string>> = { hearts: '♥', diamonds: '♦', clubs: '♣', spades: '♠' };

const faceOf = (card: Card): string => cardLabel(card);

function seePublic(state: GameState, seen: Set<string>): void {
  for (const card of state.pile) seen.add(card.id);
  for (const card of state.burned) seen.add(card.id);
  for (const seat of state.seats) for (const card of seat.faceUp) seen.add(card.id);
}

/**
 * What a viewer can tell apart without hidden knowledge: pile and face-up ids, hand and face-down
 * counts, deck size. Every payload's state has exactly one such signature.
 */
function signature(
  pile: readonly string[],
  faceUp: readonly string[],
  hands: readonly number[],
  faceDown: number,
  deck: number,
): string {
  const sorted = (xs: readonly string[]) => [...xs].sort().join(',');
  return `pile:${sorted(pile)}|up:${sorted(faceUp)}|hands:${[...hands].sort((a, b) => a - b).join(',')}|down:${faceDown}|deck:${deck}`;
}

function stateSignature(state: GameState): string {
  return signature(
    state.pile.map((c) => c.id),
    state.seats.flatMap((s) => s.faceUp.map((c) => c.id)),
    state.seats.map((s) => s.hand.length),
    state.seats.reduce((n, s) => n + s.faceDown.length, 0),
    state.deck.length,
  );
}

/** Every state of the record's game with what was public up to it. Fails on a record that does not replay. */
export function momentsOf(record: GameRecord): Moment[] {
  const replayed = replayStates(record);
  if (!replayed.ok) throw new Error(`the record does not replay: ${replayed.error.message}`);
  let state = createGame(record.options, record.seed);
  const seen = new Set<string>();
  seePublic(state, seen);
  const moments: Moment[] = [{ state, publicEver: new Set(seen), signature: stateSignature(state) }];
  for (const entry of record.entries) {
    const decision = decide(state, entry.command);
    if (!decision.ok) throw new Error(`entry refused on replay: ${decision.error.message}`);
    for (const event of decision.value) {
      if (event.type === 'played' || event.type === 'faceUpChosen') for (const c of event.cards) seen.add(c.id);
      if (event.type === 'blindFlipped') seen.add(event.card.id);
    }
    state = evolveAll(state, decision.value);
    seePublic(state, seen);
    moments.push({ state, publicEver: new Set(seen), signature: stateSignature(state) });
  }
  return moments;
}

/** The card ids and faces `viewer` may not see at `moment`. */
function forbiddenAt(moment: Moment, viewer: string | null): { ids: Set<string>; faces: Set<string> } {
  const { state, publicEver } = moment;
  const hidden: Card[] = [...state.deck];
  for (const seat of state.seats) {
    hidden.push(...seat.faceDown);
    if (seat.id !== viewer) hidden.push(...seat.hand);
  }
  const ids = new Set(hidden.filter((c) => !publicEver.has(c.id)).map((c) => c.id));
  // A face is forbidden only when every card showing it is (two decks have two of each).
  const all = [
    ...state.deck,
    ...state.pile,
    ...state.burned,
    ...state.seats.flatMap((s) => [...s.hand, ...s.faceUp, ...s.faceDown]),
  ];
  const allowedFaces = new Set(all.filter((c) => !ids.has(c.id)).map(faceOf));
  const faces = new Set(
    all
      .filter((c) => ids.has(c.id))
      .map(faceOf)
      .filter((f) => !allowedFaces.has(f)),
  );
  return { ids, faces };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function parse(text: string): Json | undefined {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
}

/** Every game state object in a payload (an object with `players` and a pile). */
function statesIn(value: Json, found: Array<Record<string, Json>> = []): Array<Record<string, Json>> {
  if (Array.isArray(value)) {
    for (const v of value) statesIn(v, found);
  } else if (typeof value === 'object' && value !== null) {
    if (Array.isArray(value.players) && (Array.isArray(value.pile) || Array.isArray(value.playedCards))) {
      found.push(value);
    } else {
      for (const v of Object.values(value)) statesIn(v, found);
    }
  }
  return found;
}

const ids = (cards: Json | undefined): string[] =>
  Array.isArray(cards)
    ? cards.map((c) => (typeof c === 'object' && c !== null && !Array.isArray(c) ? String(c.id) : ''))
    : [];
const count = (x: Json | undefined): number => (Array.isArray(x) ? x.length : typeof x === 'number' ? x : 0);

/** The signature of a state as a variant's view writes it (field names differ by variant). */
function viewSignature(view: Record<string, Json>): string {
  const players = (view.players as Json[]).filter(
    (p): p is Record<string, Json> => typeof p === 'object' && p !== null && !Array.isArray(p),
  );
  const faceDown = players.reduce(
    (n, p) => n + (typeof p.faceDownCount === 'number' ? p.faceDownCount : count(p.faceDownCards ?? p.faceDown)),
    0,
  );
  const deck =
    typeof view.deckCount === 'number'
      ? view.deckCount
      : typeof view.deckSize === 'number'
        ? view.deckSize
        : count(view.deck);
  return signature(
    ids(view.pile ?? view.playedCards),
    players.flatMap((p) => ids(p.faceUp ?? p.faceUpCards)),
    players.map((p) => (typeof p.handCount === 'number' ? p.handCount : count(p.hand ?? p.handCards))),
    faceDown,
    deck,
  );
}

/** Every card reference in a payload: ids, faces of card objects and labels in any text. */
function references(value: Json, out: { ids: string[]; faces: string[] }): void {
  const text = (s: string) => {
    if (CARD_ID.test(s)) out.ids.push(s);
    for (const m of s.matchAll(LABEL)) out.faces.push(`${m[1]}${m[2]}`);
  };
  if (typeof value === 'string') text(value);
  else if (Array.isArray(value)) for (const v of value) references(v, out);
  else if (typeof value === 'object' && value !== null) {
    const { value: rank, suit, symbol } = value;
    if (typeof rank === 'string' && rank !== 'unknown') {
      const mark = typeof symbol === 'string' ? symbol : typeof suit === 'string' ? (SYMBOLS[suit] ?? suit) : undefined;
      if (mark !== undefined && mark !== 'unknown') out.faces.push(`${rank}${mark}`);
    }
    for (const [key, v] of Object.entries(value)) {
      text(key);
      references(v, out);
    }
  }
}

/**
 * Scans the streams of one finished game. `label` names the game in a failure (with its seed, so the
 * deal can be replayed). Throws a `LeakError` at the first forbidden card or early seed.
 */
export function scanGame(label: string, record: GameRecord, streams: readonly Stream[]): ScanTotals {
  const moments = momentsOf(record);
  const totals: ScanTotals = { payloads: 0, bytes: 0, states: 0 };
  const where = `${label} (seed ${record.seed})`;
  for (const stream of streams) {
    let at = 0;
    for (const [n, text] of stream.payloads.entries()) {
      totals.payloads += 1;
      totals.bytes += Buffer.byteLength(text);
      const json = parse(text);
      const views = json === undefined ? [] : statesIn(json);
      for (const view of views) {
        const wanted = viewSignature(view);
        // The first moment at or after the previous payload's that this state shows (the earliest is
        // the strictest: fewest cards public). Out of order, the earliest of all.
        let found = moments.findIndex((m, i) => i >= at && m.signature === wanted);
        if (found < 0) found = moments.findIndex((m) => m.signature === wanted);
        if (found < 0)
          throw new Error(`${where}: payload ${n} to ${stream.name} shows no state of the game: ${wanted}`);
        at = Math.max(at, found);
        totals.states += 1;
      }
      const moment = moments[at] as Moment;
      const forbidden = forbiddenAt(moment, stream.viewer);
      const refs = { ids: [] as string[], faces: [] as string[] };
      if (json === undefined) {
        for (const m of text.matchAll(/\bc\d+\b/g)) refs.ids.push(m[0]);
        for (const m of text.matchAll(LABEL)) refs.faces.push(`${m[1]}${m[2]}`);
      } else references(json, refs);
      const leakedId = refs.ids.find((id) => forbidden.ids.has(id));
      const leakedFace = refs.faces.find((f) => forbidden.faces.has(f));
      const seedEarly = moment.state.phase !== 'finished' && text.includes(record.seed);
      if (leakedId !== undefined || leakedFace !== undefined || seedEarly) {
        const what = seedEarly ? 'the seed' : `card ${leakedId ?? leakedFace}`;
        throw new LeakError(
          `${where}: payload ${n} to ${stream.name} (moment ${at} of ${moments.length - 1}) names ${what} it may not see: ${text.slice(0, 300)}`,
        );
      }
    }
  }
  return totals;
}

/**
 * A payload about no game in particular (a lobby or a list): it must name no card at all and no
 * seed of `seeds`.
 */
export function scanCardless(name: string, text: string, seeds: readonly string[]): void {
  const json = parse(text);
  const refs = { ids: [] as string[], faces: [] as string[] };
  if (json === undefined) {
    for (const m of text.matchAll(/\bc\d+\b/g)) refs.ids.push(m[0]);
    for (const m of text.matchAll(LABEL)) refs.faces.push(`${m[1]}${m[2]}`);
  } else references(json, refs);
  const card = refs.ids[0] ?? refs.faces[0];
  if (card !== undefined) throw new LeakError(`${name} names card ${card}: ${text.slice(0, 300)}`);
  const seed = seeds.find((s) => text.includes(s));
  if (seed !== undefined) throw new LeakError(`${name} holds a game's seed ${seed}`);
}

/** Adds `more` into `totals`. */
export function addTotals(totals: ScanTotals, more: ScanTotals): void {
  totals.payloads += more.payloads;
  totals.bytes += more.bytes;
  totals.states += more.states;
}
