import type { Card, Rank } from './card.js';
import { err, ok, type Result } from './result.js';
import { nextInt, type Rng } from './rng.js';
import { type RuleError, ruleError } from './rule-error.js';
import type { Rules } from './rules.js';
import type { GameState, Seat, Source } from './state.js';

/**
 * A legal action for the player to move. `legalMoves` enumerates them for the AI and for UI hints;
 * `planPlay` checks one given play for `decide` and says which rule it breaks. Both are built from
 * the same predicates (`activeSource`, `effectiveTop`, `canPlayOn`), so no rule is written twice,
 * and a property test holds the two to the same answer for every position.
 */
export type Move =
  | { readonly type: 'play'; readonly source: Source; readonly rank: Rank | null; readonly cardIds: readonly string[] }
  | { readonly type: 'pickUp' };

/** A validated play: what leaves which source. `blindIndex` is set for a face-down card. */
export interface PlannedPlay {
  readonly source: Source;
  readonly cards: readonly Card[];
  readonly blindIndex: number | null;
}

const BLIND_PREFIX = 'blind-';

/** The public id of the n-th face-down card of a seat (0-based). */
export function blindId(index: number): string {
  return `${BLIND_PREFIX}${index}`;
}

/** The index named by a `blind-{n}` id, or -1 when `id` is not one. */
export function parseBlindId(id: string): number {
  const n = BLIND_PREFIX.length;
  if (id.length <= n || id.length > n + 3 || !id.startsWith(BLIND_PREFIX)) return -1;
  let value = 0;
  for (let i = n; i < id.length; i++) {
    const digit = id.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9 || (digit === 0 && i === n && id.length > n + 1)) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * The rank a play must beat: the top card, looking through transparent 3s when
 * `invisibleThrees` is on (a pile of only 3s counts as a 3). `null` on an empty pile.
 */
export function effectiveTop(pile: readonly Card[], rules: Rules): Rank | null {
  const n = pile.length;
  if (n === 0) return null;
  if (!rules.invisibleThrees) return (pile[n - 1] as Card).rank;
  for (let i = n - 1; i >= 0; i--) {
    const rank = (pile[i] as Card).rank;
    if (rank !== 3) return rank;
  }
  return 3;
}

/** Whether a card of `rank` may go on a pile whose effective top is `top`. */
export function canPlayOn(rank: Rank, top: Rank | null, rules: Rules): boolean {
  if (rank === 2) return true;
  if (rank === 10 && rules.clearWithTens) return true;
  if (rank === 3 && rules.invisibleThrees) return true;
  if (top === null || top === 2) return true;
  if (top === 7 && rules.sevenLower) return rank <= 7;
  return rank >= top;
}

/** The source a seat must play from: hand, then face-up, then face-down; null when out of cards. */
export function activeSource(seat: Seat): Source | null {
  if (seat.hand.length > 0) return 'hand';
  if (seat.faceUp.length > 0) return 'faceUp';
  if (seat.faceDown.length > 0) return 'faceDown';
  return null;
}

/**
 * Why `source` may not be played from now (see `activeSource`), or null when it may. The refusal
 * names what the tried source waits for (docs/product.md §P2.5): face-up cards wait for the hand, face-down
 * cards for the hand and the face-up row, whichever of those still holds cards.
 */
function sourceOrderError(seat: Seat, source: Source): 'play/hand_first' | 'play/face_up_first' | null {
  if (activeSource(seat) === source) return null;
  return source === 'faceDown' ? 'play/face_up_first' : 'play/hand_first';
}

/** Whether the top four cards of the pile, after `played` goes on top of `pile`, share a rank. */
export function topFourMatchAfter(pile: readonly Card[], played: readonly Card[]): boolean {
  const total = pile.length + played.length;
  if (total < 4) return false;
  const at = (i: number): Card => (i >= pile.length ? played[i - pile.length] : pile[i]) as Card;
  const rank = at(total - 1).rank;
  return at(total - 2).rank === rank && at(total - 3).rank === rank && at(total - 4).rank === rank;
}

/**
 * Plays of one rank from one source: any count from `minCount` to `size` of that rank's cards, the
 * first ones in holding order. Ids are collected only when a move is spelt out.
 */
interface PlayGroup {
  readonly source: Source;
  /** null for a face-down card (its rank is unknown until it is turned). */
  readonly rank: Rank | null;
  /** Cards of that rank in the source (1 for a face-down card). */
  readonly size: number;
  readonly minCount: number;
  /** The source's cards; for a face-down card, its position instead. */
  readonly zone: readonly Card[];
  readonly blindIndex: number;
}

/** Everything the player to move may do, before it is spelt out as a list of moves. */
interface Options {
  readonly groups: readonly PlayGroup[];
  readonly pickUp: boolean;
  /** Number of distinct moves: one per (group, count), plus the pick-up. */
  readonly count: number;
}

/**
 * The one legal-move generator. Plays of k cards of a rank use the first k such cards of the
 * source (suits never matter), so there is one move per (rank, count); with
 * `mustPlayAllSameValue` only the full count. Null when it is not that seat's turn.
 */
function legalOptions(state: GameState, seatIndex: number): Options | null {
  if (state.phase !== 'playing' || state.turn !== seatIndex) return null;
  const seat = state.seats[seatIndex];
  if (seat === undefined) return null;
  const rules = state.options.rules;
  const groups: PlayGroup[] = [];
  let count = 0;
  const source = activeSource(seat);
  if (source === 'faceDown') {
    for (let i = 0; i < seat.faceDown.length; i++) {
      groups.push({ source, rank: null, size: 1, minCount: 1, zone: seat.faceDown, blindIndex: i });
    }
    count = seat.faceDown.length;
  } else if (source !== null) {
    const zone = source === 'hand' ? seat.hand : seat.faceUp;
    const sizes = countPlayableByRank(zone, effectiveTop(state.pile, rules), rules);
    for (let rank = 2; rank <= 14; rank++) {
      const size = sizes[rank] as number;
      if (size === 0) continue;
      const minCount = rules.mustPlayAllSameValue ? size : 1;
      groups.push({ source, rank: rank as Rank, size, minCount, zone, blindIndex: -1 });
      count += size - minCount + 1;
    }
  }
  const pickUp = state.pile.length > 0;
  return { groups, pickUp, count: count + (pickUp ? 1 : 0) };
}

/** Ids of every card of the group, in holding order. */
function groupIds(group: PlayGroup): string[] {
  if (group.rank === null) return [blindId(group.blindIndex)];
  const ids: string[] = [];
  for (let i = 0; i < group.zone.length; i++) {
    const card = group.zone[i] as Card;
    if (card.rank === group.rank) ids.push(card.id);
  }
  return ids;
}

function playOf(group: PlayGroup, ids: readonly string[], k: number): Move {
  return { type: 'play', source: group.source, rank: group.rank, cardIds: k === ids.length ? ids : ids.slice(0, k) };
}

/**
 * Every legal move of the seat at `seatIndex`, or none when it is not that seat's turn: the plays
 * by rank and count (see `legalOptions`), then the pick-up when the pile is not empty.
 */
export function legalMoves(state: GameState, seatIndex: number): Move[] {
  const options = legalOptions(state, seatIndex);
  if (options === null) return [];
  const moves: Move[] = [];
  for (const group of options.groups) {
    const ids = groupIds(group);
    for (let k = group.minCount; k <= group.size; k++) moves.push(playOf(group, ids, k));
  }
  if (options.pickUp) moves.push({ type: 'pickUp' });
  return moves;
}

/**
 * A uniformly random legal move: the same draw and the same answer as
 * `legalMoves(state, seatIndex)[nextInt(rng, legalMoves(...).length)]`, without building the whole
 * list (for fast random playouts). Null when it is not that seat's turn.
 */
export function randomLegalMove(state: GameState, seatIndex: number, rng: Rng): Move | null {
  const options = legalOptions(state, seatIndex);
  if (options === null || options.count === 0) return null;
  let index = nextInt(rng, options.count);
  for (const group of options.groups) {
    const size = group.size - group.minCount + 1;
    if (index < size) return playOf(group, groupIds(group), group.minCount + index);
    index -= size;
  }
  return { type: 'pickUp' };
}

/** Per rule set: for each effective top (index 0 = empty pile), which ranks may go on it. */
const FITS = new WeakMap<Rules, readonly (readonly boolean[])[]>();

function fitsTable(rules: Rules): readonly (readonly boolean[])[] {
  let table = FITS.get(rules);
  if (table === undefined) {
    const tops: Array<Rank | null> = [null, null, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14];
    table = tops.map((top) => RANKS_WITH_GAPS.map((rank) => rank !== 0 && canPlayOn(rank, top, rules)));
    FITS.set(rules, table);
  }
  return table;
}

/** Index = rank; slots 0 and 1 are not ranks. */
const RANKS_WITH_GAPS: readonly (Rank | 0)[] = [0, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14];

/** How many cards of each rank (index = rank) in `cards` may go on `top`. */
function countPlayableByRank(cards: readonly Card[], top: Rank | null, rules: Rules): number[] {
  const sizes = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  const fits = fitsTable(rules)[top ?? 0] as readonly boolean[];
  for (let i = 0; i < cards.length; i++) {
    const rank = (cards[i] as Card).rank;
    if (fits[rank] === true) sizes[rank] = (sizes[rank] as number) + 1;
  }
  return sizes;
}

/**
 * Checks a play by the seat at `seatIndex` (whose turn it is) against every rule, in the order a
 * player would want to hear about problems. Used by `decide`.
 */
export function planPlay(
  state: GameState,
  seatIndex: number,
  cardIds: readonly string[],
): Result<PlannedPlay, RuleError> {
  const seat = state.seats[seatIndex] as Seat;
  const rules = state.options.rules;
  if (cardIds.length === 0) return err(ruleError('play/empty'));

  const firstId = cardIds[0] as string;
  const blindIndex = parseBlindId(firstId);
  if (blindIndex >= 0 || anyBlind(cardIds)) {
    if (blindIndex < 0) return err(ruleError('play/mixed_sources'));
    if (cardIds.length > 1) {
      return err(ruleError(cardIds.every((id) => parseBlindId(id) >= 0) ? 'play/one_blind' : 'play/mixed_sources'));
    }
    const card = seat.faceDown[blindIndex];
    if (card === undefined) return err(ruleError('play/unknown_card'));
    const order = sourceOrderError(seat, 'faceDown');
    if (order !== null) return err(ruleError(order));
    // A face-down card is played blind: whether it fits is found out by turning it (see decide).
    return ok({ source: 'faceDown', cards: [card], blindIndex });
  }

  if (hasDuplicate(cardIds)) return err(ruleError('play/duplicate_card'));
  const inHand = findAll(seat.hand, cardIds);
  const inFaceUp = inHand === null ? findAll(seat.faceUp, cardIds) : null;
  const cards = inHand ?? inFaceUp;
  if (cards === null) {
    const known = cardIds.every((id) => findAll(seat.hand, [id]) !== null || findAll(seat.faceUp, [id]) !== null);
    return err(ruleError(known ? 'play/mixed_sources' : 'play/unknown_card'));
  }
  const source: Source = inHand !== null ? 'hand' : 'faceUp';
  const order = sourceOrderError(seat, source);
  if (order !== null) return err(ruleError(order));

  const rank = (cards[0] as Card).rank;
  if (cards.some((c) => c.rank !== rank)) return err(ruleError('play/mixed_ranks'));
  if (rules.mustPlayAllSameValue) {
    const held = (source === 'hand' ? seat.hand : seat.faceUp).filter((c) => c.rank === rank).length;
    if (held !== cards.length) return err(ruleError('play/must_play_all'));
  }
  if (!canPlayOn(rank, effectiveTop(state.pile, rules), rules)) return err(ruleError('play/too_low'));
  return ok({ source, cards, blindIndex: null });
}

/** The cards of `zone` with the given ids, in the order given, or null if any is missing. */
function findAll(zone: readonly Card[], ids: readonly string[]): Card[] | null {
  const found: Card[] = [];
  outer: for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    for (let j = 0; j < zone.length; j++) {
      const card = zone[j] as Card;
      if (card.id === id) {
        found.push(card);
        continue outer;
      }
    }
    return null;
  }
  return found;
}

function anyBlind(ids: readonly string[]): boolean {
  for (let i = 1; i < ids.length; i++) if (parseBlindId(ids[i] as string) >= 0) return true;
  return false;
}

function hasDuplicate(ids: readonly string[]): boolean {
  for (let i = 1; i < ids.length; i++) for (let j = 0; j < i; j++) if (ids[i] === ids[j]) return true;
  return false;
}
