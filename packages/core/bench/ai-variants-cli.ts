// Experiment runner (docs/architecture.md "AI levels", round 6): does a simple change to `greedy`'s
// rule beat three `greedy` players? A variant that did would be a better model of the strong AI's
// own seat in its playouts. One JSON line per variant; greedy games are fast, so DEALS=10000
// (40,000 games at four) runs in seconds.
// V: comma-separated `name:t` (below), PRESET, PLAYERS, DEALS, SEED.
// - greedy:0 — the control (chance: 1 / PLAYERS);
// - block:t — when the next seat holds t cards or fewer in all, play its highest ordinary rank;
// - blockhand:t — the same, only when the next seat plays from the table (no hand) with t or fewer;
// - peek:t — sees every hand (a diagnostic): when the next seat (holding t or fewer, 0: any) could
//   beat greedy's card, play the lowest ordinary rank it cannot beat;
// - most:t — once the deck is empty, the playable ordinary rank with the most cards (ties: the
//   lower) among those at most t ranks above greedy's;
// - one:t — while more than t cards are in the deck, play one card of the lowest rank, not all;
// - pickspecial:t — when only a 2 or 10 fits and the pile holds |t| or fewer cards, pick it up
//   instead (t < 0: only while the deck lasts);
// - burn:t — a 10 before a 2 when nothing else fits on a pile of t or more (greedy: 4).
import { AI_POLICIES, type AiPolicy, canPlayOn, type GameView, type Move, type Rank } from '../src/index.js';
import { isSpecial } from '../src/lacks.js';
import { runTableMatch } from './ai-table.js';
import { dealsFromEnv } from './budget-env.js';

type Play = Extract<Move, { type: 'play' }>;
type SeatView = GameView['seats'][number];
const greedy = AI_POLICIES.greedy;
const held = (s: SeatView): number => s.handCount + s.faceUp.length + s.faceDown.length;

/** The next seat to play after the viewer that still holds cards. */
function nextSeat(view: GameView): SeatView | undefined {
  const n = view.seats.length;
  const me = view.seats.findIndex((s) => s.id === view.viewer);
  for (let k = 1; k < n; k++) {
    const s = view.seats[(((me + view.direction * k) % n) + n) % n];
    if (s !== undefined && held(s) > 0) return s;
  }
  return undefined;
}

/** The play of `plays` that `better` prefers (all cards of a rank before fewer). */
function pickPlay(plays: readonly Play[], better: (a: number, b: number) => boolean): Play | undefined {
  let pick: Play | undefined;
  for (const m of plays) {
    const r = m.rank as number;
    const p = pick?.rank as number;
    if (pick === undefined || better(r, p) || (r === p && m.cardIds.length > pick.cardIds.length)) pick = m;
  }
  return pick;
}

/** `greedy`'s move, or the variant's where its condition holds. */
function variantMove(name: string, t: number, view: GameView, moves: readonly Move[], base: Play): Move {
  const all = moves.filter((m): m is Play => m.type === 'play');
  const rules = view.options.rules;
  const ordinary = all.filter((m) => m.rank !== null && !isSpecial(m.rank, rules));
  const next = nextSeat(view);
  const highest = () => pickPlay(ordinary, (a, b) => a > b) ?? base;
  switch (name) {
    case 'greedy':
      return base;
    case 'block':
      return next !== undefined && held(next) <= t ? highest() : base;
    case 'blockhand':
      return next !== undefined && next.handCount === 0 && held(next) <= t ? highest() : base;
    case 'peek': {
      if (next?.known === undefined || (t > 0 && held(next) > t)) return base;
      // Whether the next seat holds a card that may go on `r` (the engine's own rule).
      const beats = (r: number) => next.known?.some((c) => canPlayOn(c.rank, r as Rank, rules)) === true;
      if (!beats(base.rank as number)) return base;
      return (
        pickPlay(
          ordinary.filter((m) => !beats(m.rank as number)),
          (a, b) => a < b,
        ) ?? base
      );
    }
    case 'most': {
      // deck empty: the playable ordinary rank with the most cards (ties: the lower) within t ranks of greedy's
      if (view.deckCount > 0) return base;
      let pick: Play = base;
      for (const m of ordinary) {
        if ((m.rank as number) > (base.rank as number) + t) continue;
        if (
          m.cardIds.length > pick.cardIds.length ||
          (m.cardIds.length === pick.cardIds.length && (m.rank as number) < (pick.rank as number))
        )
          pick = m;
      }
      return pick;
    }
    case 'one':
      if (view.deckCount <= t || base.cardIds.length === 1) return base;
      return ordinary.find((m) => m.rank === base.rank && m.cardIds.length === 1) ?? base;
    case 'pickspecial': {
      const pickUp = moves.find((m) => m.type === 'pickUp');
      if (ordinary.length > 0 || pickUp === undefined) return base;
      return view.pile.length <= Math.abs(t) && (t > 0 || view.deckCount > 0) ? pickUp : base;
    }
    case 'burn': {
      if (ordinary.length > 0) return base;
      const ten = all.find((m) => m.rank === 10 && m.cardIds.length === 1);
      const two = all.find((m) => m.rank === 2 && m.cardIds.length === 1);
      if (ten !== undefined && (two === undefined || view.pile.length >= t)) return ten;
      return two ?? base;
    }
    default:
      throw new Error(`unknown variant "${name}": greedy, block, blockhand, peek, most, one, pickspecial or burn`);
  }
}

function variant(name: string, t: number): AiPolicy {
  return {
    chooseFaceUp: greedy.chooseFaceUp,
    chooseMove(view, moves, rng) {
      const base = greedy.chooseMove(view, moves, rng);
      // Blind cards and pick-ups stay greedy's: the variants change which cards go from hand or table.
      if (base.type !== 'play' || base.rank === null) return base;
      return variantMove(name, t, view, moves, base);
    },
  };
}

const env = process.env;
const { preset, ...deals } = dealsFromEnv(env, { preset: 'easy', deals: 10000, seed: 'variants' });
for (const spec of (env.V ?? 'greedy:0').split(',')) {
  const [name = 'greedy', t = '0'] = spec.split(':');
  const r = runTableMatch({
    ...deals,
    hero: variant(name, Number(t)),
    field: greedy,
    heroSeesHands: name === 'peek',
  });
  const win = r.heroWins / r.games;
  console.log(
    JSON.stringify({
      bench: 'ai.variant',
      preset,
      players: r.players,
      variant: spec,
      games: r.games,
      wins: r.heroWins,
      win: Math.round(win * 1000) / 10,
      place: Math.round((r.placeSum / r.games) * 100) / 100,
      seed: deals.seed,
    }),
  );
}
