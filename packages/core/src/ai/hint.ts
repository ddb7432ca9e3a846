import type { Rank } from '../card.js';
import type { Move } from '../moves.js';
import type { Rng } from '../rng.js';
import type { GameView, SeatView } from '../view.js';
import type { AiPolicy } from './policy.js';
import { STRONG_BUDGET, strongPolicy } from './strong.js';

/**
 * A hint (docs/product.md §D14 hint; docs/architecture.md "Hints"): the strong AI's move for the player's own
 * view, and why in one line, in the player's words. Pure: the same view, moves and generator give
 * the same hint.
 */
export interface Hint {
  readonly move: Move;
  readonly reason: string;
}

const STRONG = strongPolicy(STRONG_BUDGET);

/** The strong AI's move for `view` (the player's own) among `moves`, with its reason. */
export function hintFor(view: GameView, moves: readonly Move[], rng: Rng, policy: AiPolicy = STRONG): Hint {
  const move = policy.chooseMove(view, moves, rng);
  return { move, reason: hintReason(view, moves, move) };
}

const NAMES: Readonly<Partial<Record<Rank, string>>> = { 11: 'Jack', 12: 'Queen', 13: 'King', 14: 'Ace' };

/** "5", "Jack". */
export function rankName(rank: Rank): string {
  return NAMES[rank] ?? String(rank);
}

/** "5s", "Jacks". */
function plural(rank: Rank): string {
  return `${rankName(rank)}s`;
}

/** The seat that plays after the viewer (in the direction of play), skipping seats out of the game. */
function nextSeat(view: GameView): SeatView | null {
  const n = view.seats.length;
  const me = view.seats.findIndex((s) => s.id === view.viewer);
  if (me < 0) return null;
  for (let step = 1; step < n; step++) {
    const seat = view.seats[(((me + step * view.direction) % n) + n) % n] as SeatView;
    if (!seat.left && seat.handCount + seat.faceUp.length + seat.faceDown.length > 0) return seat;
  }
  return null;
}

/** How many cards of `rank` lie on top of the pile in a row. */
function topRun(view: GameView, rank: Rank): number {
  let run = 0;
  for (let i = view.pile.length - 1; i >= 0 && view.pile[i]?.rank === rank; i--) run++;
  return run;
}

/** The special cards (2s, 10s) the viewer keeps in hand by making `move`, in words ("2", "10s"). */
function keptSpecials(view: GameView, move: Move): string[] {
  const own = view.seats.find((s) => s.id === view.viewer);
  const played = new Set(move.type === 'play' ? move.cardIds : []);
  const counts = new Map<Rank, number>();
  for (const card of own?.hand ?? []) {
    if (played.has(card.id)) continue;
    if (card.rank === 2 || (card.rank === 10 && view.options.rules.clearWithTens)) {
      counts.set(card.rank, (counts.get(card.rank) ?? 0) + 1);
    }
  }
  return [...counts].sort(([a], [b]) => a - b).map(([rank, n]) => (n === 1 ? rankName(rank) : plural(rank)));
}

/**
 * Why `move` is a good one in `view`, in one line ("Burns the pile (7 cards): you play again",
 * "Keeps your 2 for later"). Reads only what the move does under the table's rules and what the
 * viewer holds: the words never claim more than the move does.
 */
export function hintReason(view: GameView, moves: readonly Move[], move: Move): string {
  const rules = view.options.rules;
  const pileCount = view.pile.length;
  const next = nextSeat(view);
  if (move.type === 'pickUp') {
    if (moves.every((m) => m.type === 'pickUp')) return 'Nothing you hold can go on this pile: take it';
    const kept = keptSpecials(view, move);
    return kept.length > 0
      ? `Take the pile (${pileCount} ${pileCount === 1 ? 'card' : 'cards'}) and keep your ${kept.join(' and ')} for later`
      : `Take the pile (${pileCount} ${pileCount === 1 ? 'card' : 'cards'}) rather than spend a card you need later`;
  }
  if (move.rank === null) return 'Turn a face-down card: it is all you can play';
  const rank = move.rank;
  const count = move.cardIds.length;
  if (rank === 10 && rules.clearWithTens) {
    return pileCount === 0
      ? 'Plays your 10: you play again'
      : `Burns the pile (${pileCount} ${pileCount === 1 ? 'card' : 'cards'}): you play again`;
  }
  if (rules.burnFourOfAKind && topRun(view, rank) + count >= 4) {
    return `Makes four ${plural(rank)}: the pile burns and you play again`;
  }
  if (rank === 2) return pileCount === 0 ? 'Plays your 2: anything may follow' : 'Resets the pile: anything may follow';
  if (rank === 3 && rules.invisibleThrees && view.effectiveTop !== null) {
    return `A see-through 3: the next player still faces the ${rankName(view.effectiveTop)}`;
  }
  if (rank === 8 && rules.eightSkips && next !== null) return `Skips ${next.name}`;
  if (rank === 7 && rules.sevenLower && next !== null) return `${next.name} must play a 7 or lower next`;
  if (rank === 9 && rules.nineReverses) return 'Reverses the direction of play';
  const kept = keptSpecials(view, move);
  const what = count > 1 ? `Plays your ${count} ${plural(rank)} at once` : null;
  const lowest = moves.every(
    (m) => m.type !== 'play' || m.rank === null || m.rank >= rank || m.rank === 2 || m.rank === 10,
  );
  if (kept.length > 0) {
    return `${what ?? (lowest ? `Sheds your lowest card, the ${rankName(rank)}` : `Plays your ${rankName(rank)}`)}, and keeps your ${kept.join(' and ')} for later`;
  }
  if (what !== null) return what;
  if (lowest) return `Sheds your lowest playable card, the ${rankName(rank)}`;
  return `Plays your ${rankName(rank)}: the lower cards can wait for a lower pile`;
}
