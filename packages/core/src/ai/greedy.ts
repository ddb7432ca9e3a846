import type { Card } from '../card.js';
import { BURN_WORTHY_PILE, isSpecial, keepValue } from '../lacks.js';
import type { Move } from '../moves.js';
import type { Rules } from '../rules.js';
import type { GameView } from '../view.js';
import type { AiPolicy } from './policy.js';

type Play = Extract<Move, { type: 'play' }>;

/** `greedy`'s face-up cards from `hand`: its specials and highest cards. */
export function greedyFaceUp(hand: readonly Card[], rules: Rules): Card[] {
  const sorted = [...hand];
  sorted.sort((a, b) => keepValue(b.rank, rules) - keepValue(a.rank, rules));
  return sorted.slice(0, 3);
}

/**
 * `greedy`: sheds its lowest playable ordinary rank (all of its cards of that rank at once),
 * keeps 2s and 10s until nothing else goes, and never picks up while it can play. Face-up it
 * lays its specials and highest cards.
 */
export const greedyPolicy: AiPolicy = {
  chooseFaceUp(view: GameView): string[] {
    const own = view.seats.find((s) => s.id === view.viewer);
    return greedyFaceUp(own?.hand ?? [], view.options.rules).map((c) => c.id);
  },
  chooseMove(view: GameView, moves: readonly Move[]): Move {
    const rules = view.options.rules;
    const plays = moves.filter((m): m is Play => m.type === 'play');
    if (plays.length === 0) return moves[0] as Move;
    const blind = plays.find((m) => m.rank === null);
    if (blind !== undefined) return blind;

    let best: Play | undefined;
    for (const m of plays) {
      const rank = m.rank as number;
      if (isSpecial(rank, rules)) continue;
      const bestRank = best?.rank as number | undefined;
      if (
        best === undefined ||
        rank < (bestRank as number) ||
        (rank === bestRank && m.cardIds.length > best.cardIds.length)
      ) {
        best = m;
      }
    }
    if (best !== undefined) return best;

    const single = (rank: number): Play | undefined => plays.find((m) => m.rank === rank && m.cardIds.length === 1);
    const ten = rules.clearWithTens ? single(10) : undefined;
    const two = single(2);
    if (ten !== undefined && (two === undefined || view.pile.length >= BURN_WORTHY_PILE)) return ten;
    return two ?? single(3) ?? (plays[0] as Play);
  },
};
