import type { Card, Rank } from './card.js';
import { err, ok, type Result } from './result.js';
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

/** Why `source` may not be played from now (see `activeSource`), or null when it may. */
function sourceOrderError(seat: Seat, source: Source): 'play/hand_first' | 'play/face_up_first' | null {
  if (activeSource(seat) === source) return null;
  return seat.hand.length > 0 ? 'play/hand_first' : 'play/face_up_first';
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
 * Every legal move of the seat at `seatIndex`, or none when it is not that seat's turn. Plays of
 * k cards of a rank use the first k such cards of the source (suits never matter), so the list
 * holds one move per (rank, count); with `mustPlayAllSameValue` only the full count.
 */
export function legalMoves(state: GameState, seatIndex: number): Move[] {
  if (state.phase !== 'playing' || state.turn !== seatIndex) return [];
  const seat = state.seats[seatIndex];
  if (seat === undefined) return [];
  const rules = state.options.rules;
  const moves: Move[] = [];
  const source = activeSource(seat);
  if (source === 'faceDown') {
    for (let i = 0; i < seat.faceDown.length; i++) {
      moves.push({ type: 'play', source, rank: null, cardIds: [blindId(i)] });
    }
  } else if (source !== null) {
    const cards = source === 'hand' ? seat.hand : seat.faceUp;
    const top = effectiveTop(state.pile, rules);
    const byRank = groupIdsByRank(cards, top, rules);
    for (let rank = 2; rank <= 14; rank++) {
      const ids = byRank[rank];
      if (ids === null || ids === undefined) continue;
      const from = rules.mustPlayAllSameValue ? ids.length : 1;
      for (let k = from; k <= ids.length; k++) {
        moves.push({ type: 'play', source, rank: rank as Rank, cardIds: k === ids.length ? ids : ids.slice(0, k) });
      }
    }
  }
  if (state.pile.length > 0) moves.push({ type: 'pickUp' });
  return moves;
}

/** Ids of the cards in `cards` that may go on `top`, grouped by rank (index = rank), in holding order. */
function groupIdsByRank(cards: readonly Card[], top: Rank | null, rules: Rules): Array<string[] | null> {
  // Packed 15-slot arrays (not sparse ones) keep element access on the fast path.
  const byRank: Array<string[] | null> = [
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
  ];
  const fits: boolean[] = [false, false];
  for (let rank = 2; rank <= 14; rank++) fits.push(canPlayOn(rank as Rank, top, rules));
  for (let i = 0; i < cards.length; i++) {
    const card = cards[i] as Card;
    if (fits[card.rank] !== true) continue;
    const ids = byRank[card.rank];
    if (ids === null || ids === undefined) byRank[card.rank] = [card.id];
    else ids.push(card.id);
  }
  return byRank;
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
