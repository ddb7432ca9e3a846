// Experiment runner (docs/architecture.md "AI levels", round 6): where does the strong AI's move
// differ from what `greedy` would play in its place? Strong against three `greedy` (PLAYERS, PRESET,
// DEALS, FIRST, SEED as in ai-table-cli.ts; BUDGET as JSON over STRONG_BUDGET); one JSON line with
// the decisions, the differing ones by kind, and the match's wins.
import { AI_POLICIES, type AiPolicy, type Move, type Rules, strongPolicy } from '../src/index.js';
import { isSpecial } from '../src/lacks.js';
import { runTableMatch } from './ai-table.js';
import { budgetFromEnv, dealsFromEnv } from './budget-env.js';

const env = process.env;
const greedy = AI_POLICIES.greedy;
const strong = strongPolicy(budgetFromEnv(env));
const kinds = new Map<string, number>();
let decisions = 0;

/** What kind of departure from greedy's move `chosen` is. */
function kind(chosen: Move, greedys: Move, rules: Rules): string {
  if (chosen.type === 'pickUp') return 'pickUpThatCouldPlay';
  if (greedys.type === 'pickUp') return 'playWhereGreedyPicksUp';
  if (chosen.rank === null || greedys.rank === null) return 'other';
  if (isSpecial(chosen.rank, rules) && !isSpecial(greedys.rank, rules)) return 'specialBeforeOrdinary';
  if (chosen.rank === greedys.rank)
    return chosen.cardIds.length < greedys.cardIds.length ? 'fewerOfTheRank' : 'moreOfTheRank';
  return chosen.rank > greedys.rank ? 'higherRank' : 'lowerRank';
}

const hero: AiPolicy = {
  chooseFaceUp: strong.chooseFaceUp,
  chooseMove(view, moves, rng) {
    const chosen = strong.chooseMove(view, moves, rng);
    const greedys = greedy.chooseMove(view, moves, rng);
    decisions++;
    if (chosen !== greedys) {
      const k = `${kind(chosen, greedys, view.options.rules)}${view.deckCount > 0 ? 'WhileDeck' : ''}`;
      kinds.set(k, (kinds.get(k) ?? 0) + 1);
    }
    return chosen;
  },
};
const { preset, ...deals } = dealsFromEnv(env, { preset: 'easy', deals: 50, seed: 'table' });
const r = runTableMatch({ ...deals, hero, field: greedy });
const differing = [...kinds.values()].reduce((a, b) => a + b, 0);
console.log(
  JSON.stringify({
    bench: 'ai.deviations',
    preset,
    players: r.players,
    games: r.games,
    wins: r.heroWins,
    decisions,
    differing,
    kinds: Object.fromEntries([...kinds].sort((a, b) => b[1] - a[1])),
  }),
);
