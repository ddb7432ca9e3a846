import type { Rank, RankMask } from './card.js';
import { canPlayOn } from './moves.js';
import type { Rules } from './rules.js';

/** A pile at least this big is burned with a 10 rather than reset with a 2 (as `greedy` does). */
export const BURN_WORTHY_PILE = 4;

/** Cards a careful player saves for later (as `greedy` does): resets, burns and (wild) see-through 3s. */
export function isSpecial(rank: number, rules: Rules): boolean {
  return rank === 2 || (rank === 10 && rules.clearWithTens) || (rank === 3 && rules.invisibleThrees);
}

/** How much a card of `rank` is worth keeping face-up for the end game (to `greedy`): specials first, then high ranks. */
export function keepValue(rank: number, rules: Rules): number {
  if (rank === 10 && rules.clearWithTens) return 20;
  if (rank === 2) return 19;
  return rank;
}

/** Whether `mask` holds `rank`. */
export function maskHas(mask: RankMask, rank: number): boolean {
  return (mask & (1 << rank)) !== 0;
}

/**
 * The ranks a player who sheds its lowest card (as `greedy` does: docs/architecture.md "AI
 * levels") shows it does not hold in hand once it has played `rank` from hand on a pile of
 * `pileLength` cards whose effective top is `top`:
 * - an ordinary rank: every lower ordinary rank that fit, and `rank` itself (it plays all its
 *   cards of a rank at once);
 * - a 2, 10 or see-through 3: every ordinary rank that fit (it keeps those for when nothing else
 *   goes), and the special it would have played first (a 2 before a 10 on a small pile, a 10
 *   before a 2 on a big one, either before a 3).
 * These are facts of the play read through one rule of play; the engine records them for every
 * seat (see `Seat.lacks`) and an AI decides whose play follows that rule.
 */
export function lacksAfterPlay(rank: Rank, top: Rank | null, pileLength: number, rules: Rules): RankMask {
  let mask = 0;
  const special = isSpecial(rank, rules);
  for (let r = 2; r <= 14; r++) {
    if (isSpecial(r, rules) || !canPlayOn(r as Rank, top, rules)) continue;
    if (special || r <= rank) mask |= 1 << r;
  }
  if (!special) return mask;
  const tens = rules.clearWithTens;
  const small = pileLength < BURN_WORTHY_PILE;
  if (rank === 10 && small) mask |= 1 << 2;
  if (rank === 2 && tens && !small) mask |= 1 << 10;
  if (rank === 3) mask |= (1 << 2) | (tens ? 1 << 10 : 0);
  return mask;
}

/**
 * The ranks a player who lays its specials and highest cards face-up (as `greedy` does) shows it
 * does not keep in hand once it has laid face-up cards of `ranks`: every rank worth more to keep
 * (`keepValue`) than the least of them.
 */
export function lacksAfterFaceUp(ranks: readonly Rank[], rules: Rules): RankMask {
  let least = Number.POSITIVE_INFINITY;
  for (const r of ranks) least = Math.min(least, keepValue(r, rules));
  let mask = 0;
  for (let r = 2; r <= 14; r++) if (keepValue(r, rules) > least) mask |= 1 << r;
  return mask;
}
