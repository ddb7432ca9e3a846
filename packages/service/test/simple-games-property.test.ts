import type { SimpleGameState } from '@palace/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SequentialIds, SIMPLE_REST, SIMPLE_WS, type SimpleActor } from '../src/index.js';
import { as, driveAi, handOf, pair, setup, stored, viewOf } from './simple-support.js';
import { strings, value } from './support.js';

/** Sequential ids with a chosen seed, so random runs see different deals. */
class SeededIds extends SequentialIds {
  constructor(private readonly fixedSeed: string) {
    super();
  }
  override seed(): string {
    return this.fixedSeed;
  }
}

/** SimpleGames: a random walk through whole games never shows a hidden card or a secret. */
describe('SimpleGames', () => {
  it('simple games - property: no view holds another hand, a face-down card, a token or a digest', async () => {
    const walk = fc.array(fc.nat(), { minLength: 100, maxLength: 400 });
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.boolean(), fc.nat(), walk, async (socket, withAi, seed, choices) => {
        const s = setup(socket ? SIMPLE_WS : SIMPLE_REST, {}, new SeededIds(`seed-${seed}`));
        const game = socket
          ? await (async () => {
              const a = value(await s.games.join('room', as('Alice')));
              const b = value(await s.games.join('room', as('Bob')));
              return { id: 'room', alice: as('Alice', a.token), bob: as('Bob', b.token) };
            })()
          : await pair(s);
        const { id } = game;
        const humans: SimpleActor[] = [game.alice, game.bob];
        if (withAi) value(await s.games.addAi(id, game.alice));

        const check = async (): Promise<void> => {
          const stored_ = await stored(s, id);
          const tokens = humans.map((h) => h.token ?? '');
          const secrets = [...tokens, ...Object.values(stored_.meta.keys), stored_.record.seed];
          const faceDown = stored_.state.seats.flatMap((seat) => seat.faceDown.map((c) => c.id));
          const deck = stored_.state.deck.map((c) => c.id);
          const viewers: Array<SimpleActor | null> = [null, ...humans, as('Zed')];
          for (const viewer of viewers) {
            const view: SimpleGameState = value(await s.games.view(id, viewer));
            const seen = new Set(strings(view));
            const others = stored_.state.seats.filter((seat) => seat.name !== view.you);
            const hidden = [...faceDown, ...deck, ...others.flatMap((seat) => seat.hand.map((c) => c.id))];
            expect([...secrets, ...hidden].filter((secret) => seen.has(secret))).toEqual([]);
            // The commitment is the seed's digest, public by design; no other digest or token is.
            const secretLike = [...seen].filter((text) => text !== view.commitment && /^(secret-|digest\()/.test(text));
            expect(secretLike).toEqual([]);
            if (viewer !== null && viewer.username !== 'Zed') expect(view.you).toBe(viewer.username);
            else expect(view.you).toBeNull();
          }
        };

        for (const choice of choices) {
          await check();
          const state = await viewOf(s, id, game.alice);
          if (state.status === 'finished') break;
          // Mostly the player to move, so that games get far; now and then the other one.
          const turn = humans.findIndex((h) => h.username === state.currentTurn);
          const n = turn >= 0 && choice % 5 !== 0 ? turn : choice % humans.length;
          const actor = humans[n] as SimpleActor;
          const mine = await viewOf(s, id, actor);
          const hand = handOf(mine);
          if (choice % 11 === 0) {
            await s.games.chat(id, actor, `hello ${choice}`);
          } else if (choice % 13 === 0) {
            // Someone without the token, or with the other player's: refused, changes nothing.
            await s.games.pickUp(id, { username: actor.username, token: humans[1 - n]?.token });
          } else if (mine.mustSelectFaceUp) {
            if (socket) await s.games.selectOne(id, actor, hand[choice % hand.length] ?? '');
            else await s.games.selectFaceUp(id, actor, hand.slice(choice % 4, (choice % 4) + 3));
          } else if (state.status === 'playing' && state.currentTurn === actor.username) {
            const playable = mine.playableCards;
            const pickUp = playable.length === 0 || (mine.canPickUp && choice % 9 === 0);
            if (pickUp) await s.games.pickUp(id, actor);
            else await s.games.play(id, actor, [playable[choice % playable.length] as string]);
          } else {
            await driveAi(s);
          }
        }
        await check();
      }),
      { numRuns: 12 },
    );
  }, 60_000);
});
