import type { Card, Rank } from './card.js';
import { err, ok, type Result } from './result.js';
import { type RuleError, ruleError } from './rule-error.js';
import type { Rules } from './rules.js';
import type { GameState, Seat, Source } from './state.js';

/**
 * A legal action for the player to move. The one generator below is used to validate commands,
 * by the AI and for UI hints, so no rule is written twice.
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
  if (!id.startsWith(BLIND_PREFIX)) return -1;
  const rest = id.slice(BLIND_PREFIX.length);
  if (!/^(0|[1-9][0-9]*)$/.test(rest)) return -1;
  return Number(rest);
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

/** Whether the top four cards of `pile` share a rank. */
export function topFourMatch(pile: readonly Card[]): boolean {
  const n = pile.length;
  if (n < 4) return false;
  const rank = (pile[n - 1] as Card).rank;
  return (
    (pile[n - 2] as Card).rank === rank && (pile[n - 3] as Card).rank === rank && (pile[n - 4] as Card).rank === rank
  );
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
    const byRank = groupIdsByRank(cards);
    for (let rank = 2; rank <= 14; rank++) {
      const ids = byRank[rank];
      if (ids === undefined || !canPlayOn(rank as Rank, top, rules)) continue;
      const from = rules.mustPlayAllSameValue ? ids.length : 1;
      for (let k = from; k <= ids.length; k++) {
        moves.push({ type: 'play', source, rank: rank as Rank, cardIds: k === ids.length ? ids : ids.slice(0, k) });
      }
    }
  }
  if (state.pile.length > 0) moves.push({ type: 'pickUp' });
  return moves;
}

/** Card ids of `cards` grouped by rank (index = rank), in holding order. */
function groupIdsByRank(cards: readonly Card[]): Array<string[] | undefined> {
  const byRank: Array<string[] | undefined> = [];
  for (const card of cards) {
    const ids = byRank[card.rank];
    if (ids === undefined) byRank[card.rank] = [card.id];
    else ids.push(card.id);
  }
  return byRank;
}

/**
 * Checks a play by the seat at `seatIndex` (whose turn it is) against every rule, in the order a
 * player would want to hear about problems. Used by `decide`; `legalMoves` only produces plays
 * this accepts (a property test holds the two together).
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
  if (blindIndex >= 0 || cardIds.some((id) => parseBlindId(id) >= 0)) {
    if (blindIndex < 0) return err(ruleError('play/mixed_sources'));
    if (cardIds.length > 1) {
      return err(ruleError(cardIds.every((id) => parseBlindId(id) >= 0) ? 'play/one_blind' : 'play/mixed_sources'));
    }
    const card = seat.faceDown[blindIndex];
    if (card === undefined) return err(ruleError('play/unknown_card'));
    if (seat.hand.length > 0) return err(ruleError('play/hand_first'));
    if (seat.faceUp.length > 0) return err(ruleError('play/face_up_first'));
    // A face-down card is played blind: whether it fits is found out by turning it (see decide).
    return ok({ source: 'faceDown', cards: [card], blindIndex });
  }

  if (new Set(cardIds).size !== cardIds.length) return err(ruleError('play/duplicate_card'));
  const inHand = findAll(seat.hand, cardIds);
  const inFaceUp = inHand === null ? findAll(seat.faceUp, cardIds) : null;
  const cards = inHand ?? inFaceUp;
  if (cards === null) {
    const known = cardIds.every((id) => seat.hand.some((c) => c.id === id) || seat.faceUp.some((c) => c.id === id));
    return err(ruleError(known ? 'play/mixed_sources' : 'play/unknown_card'));
  }
  const source: Source = inHand !== null ? 'hand' : 'faceUp';
  if (source === 'faceUp' && seat.hand.length > 0) return err(ruleError('play/hand_first'));

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
  for (const id of ids) {
    const card = zone.find((c) => c.id === id);
    if (card === undefined) return null;
    found.push(card);
  }
  return found;
}
