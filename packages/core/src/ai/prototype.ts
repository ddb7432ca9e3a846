import type { Move } from '../moves.js';
import { nextFloat, type Rng } from '../rng.js';
import type { GameView } from '../view.js';
import type { AiPolicy } from './policy.js';
import { pickOne, randomFaceUp } from './random.js';

/** Chance that the prototype AI picks up although it could play (docs/product.md §P2.4: plays with 0.8). */
export const PROTOTYPE_PICK_UP_CHANCE = 0.2;

/**
 * `prototype`: the local prototype's AI. It picks up the pile 20% of the time when it may,
 * otherwise plays one random playable card.
 */
export const prototypePolicy: AiPolicy = {
  chooseFaceUp: randomFaceUp,
  chooseMove(_view: GameView, moves: readonly Move[], rng: Rng): Move {
    const plays = moves.filter((m) => m.type === 'play');
    const pickUp = moves.find((m) => m.type === 'pickUp');
    if (plays.length === 0 && pickUp !== undefined) return pickUp;
    if (pickUp !== undefined && nextFloat(rng) < PROTOTYPE_PICK_UP_CHANCE) return pickUp;
    const singles = plays.filter((m) => m.cardIds.length === 1);
    return pickOne(singles.length > 0 ? singles : plays, rng);
  },
};
