import type { RestGameState, RestVariant } from '@palace/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryGamesStore, SequentialIds } from '../src/index.js';
import { driveAi, pair, setup, stored, strings, value } from './rest-support.js';

/** Sequential ids with a chosen seed, so random tests see different deals. */
class SeededIds extends SequentialIds {
  constructor(private readonly fixedSeed: string) {
    super();
  }
  override seed(): string {
    return this.fixedSeed;
  }
}

/** RestGames: a random walk through whole games never leaks a credential or a hidden hand. */
describe('RestGames', () => {
  it('rest games - property: no credential reaches another viewer, and a stranger never sees a hand', async () => {
    const moves = fc.array(fc.nat(), { minLength: 150, maxLength: 250 });
    const variant = fc.constantFrom<RestVariant>('classic', 'easy', 'wild');
    await fc.assert(
      fc.asyncProperty(variant, fc.nat(), moves, async (variant, seed, choices) => {
        const s = setup(new MemoryGamesStore(), new SeededIds(`seed-${seed}`));
        const { id, alice, bob } = await pair(s, { playerName: 'Alice', variant });
        value(await s.rest.addAi(id, bob));
        value(await s.rest.ready(id, bob));
        value(await s.rest.ready(id, alice));
        value(await s.rest.start(id, alice));
        const humans = [{ credential: alice }, { credential: bob }];
        const check = (state: RestGameState, viewer: string | null) => {
          const json = JSON.stringify(state);
          for (const credential of [alice, bob]) {
            if (credential !== viewer) expect(json).not.toContain(credential);
          }
          for (const player of state.players) {
            if (player.id !== viewer) {
              expect(typeof player.hand).toBe('number');
              expect(typeof player.faceDown).toBe('number');
            }
          }
        };
        for (const choice of choices) {
          const stranger = value(await s.rest.view(id, undefined));
          check(stranger, null);
          const views: RestGameState[] = [];
          for (const human of humans) {
            const view = value(await s.rest.view(id, human.credential));
            check(view, human.credential);
            views.push(view);
          }
          const game = await stored(s, id);
          const keptStrings = strings(game);
          expect(keptStrings).not.toContain(alice);
          expect(keptStrings).not.toContain(bob);
          if (stranger.status === 'finished') break;

          const mover = humans.findIndex((h, n) => views[n]?.currentTurn === h.credential);
          if (mover < 0) {
            expect(stranger.currentTurn).toBe('p3');
            await driveAi(s);
            continue;
          }
          const view = views[mover] as RestGameState;
          const credential = (humans[mover] as (typeof humans)[number]).credential;
          const own = view.players.find((p) => p.id === credential);
          const cardsByValue = new Map<string, string[]>();
          for (const c of Array.isArray(own?.hand) ? own.hand : []) {
            if (view.playableCards.includes(c.id))
              cardsByValue.set(c.value, [...(cardsByValue.get(c.value) ?? []), c.id]);
          }
          const plays: Array<readonly string[]> = [
            ...view.playableCards.map((cardId) => [cardId]),
            ...[...cardsByValue.values()].filter((ids) => ids.length > 1),
          ];
          expect(plays.length > 0 || view.canPickUp).toBe(true);
          // Mostly plays, so that games reach their end; now and then a pick-up while a play was possible.
          const pickUp = view.canPickUp && (plays.length === 0 || choice % 8 === 0);
          const answer = pickUp
            ? await s.rest.pickUp(id, credential)
            : await s.rest.play(id, credential, plays[choice % plays.length] as readonly string[]);
          check(value(answer), credential);
        }
      }),
      { numRuns: 20 },
    );
  });
});
