import type { PublicGameState } from '@palace/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PublicActor, PublicMeta, StoredGame } from '../src/index.js';
import { as, driveAi, driveAllAi, SeededIds, setup, shownCardIds, stored, strings, value } from './public-support.js';

describe('PublicGames masking', () => {
  it("public games - property: no view shows another player's hand, any face-down card, a token or a digest", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.integer({ min: 2, max: 3 }),
        fc.integer({ min: 0, max: 2 }),
        fc.array(fc.nat(), { minLength: 40, maxLength: 120 }),
        async (seed, humanCount, aiCount, choices) => {
          const s = setup(new SeededIds(`seed-${seed}`));
          const names = ['Alice', 'Bob', 'Carol'].slice(0, humanCount);
          const humans: PublicActor[] = [];
          const { gameId: id, token } = value(await s.games.enter({ username: 'Alice', token: undefined }));
          humans.push(as('Alice', token));
          for (const name of names.slice(1)) humans.push(as(name, value(await s.games.join(id, as(name))).token));
          for (let n = 0; n < aiCount; n++) value(await s.games.addAi(id, humans[0] as PublicActor));
          value(await s.games.start(id, humans[0] as PublicActor));
          const watcher = as('Watcher', value(await s.games.join(id, as('Watcher'))).token);
          let pick = 0;
          const next = (): number => choices[pick++ % choices.length] as number;
          for (const human of humans) {
            const own = value(await s.games.view(id, human)).gameState;
            const hand = own.players.find((p) => p.username === human.username)?.hand ?? [];
            const start = next() % 4;
            const chosen = value(
              await s.games.ready(
                id,
                human,
                hand.slice(start, start + 3).map((c) => c.id),
              ),
            );
            expectMasked(await stored(s, id), chosen.gameState, human.username as string);
          }
          await driveAllAi(s, id);
          for (let step = 0; step < choices.length; step++) {
            const game = await stored(s, id);
            const spectator = value(await s.games.view(id, watcher)).gameState;
            expectMasked(game, spectator, null);
            expectMasked(game, value(await s.games.view(id, as(undefined))).gameState, null);
            const views = new Map<string, PublicGameState>();
            for (const human of humans) {
              const view = value(await s.games.view(id, human)).gameState;
              expectMasked(game, view, human.username as string);
              views.set(human.username as string, view);
            }
            if (spectator.status === 'finished') break;
            const mover = humans.find((h) => h.username === spectator.currentTurn);
            if (mover === undefined) {
              await driveAi(s);
              continue;
            }
            const view = views.get(mover.username as string) as PublicGameState;
            const choice = next();
            const pickUp = view.canPickUp && (view.playableCards.length === 0 || choice % 9 === 0);
            const answer = pickUp
              ? value(await s.games.pickUp(id, mover))
              : value(
                  await s.games.play(id, mover, [view.playableCards[choice % view.playableCards.length] as string]),
                );
            expectMasked(await stored(s, id), answer.gameState, mover.username as string);
          }
          expect(strings(await stored(s, id)).filter((t) => /^secret-\d+$/.test(t))).toEqual([]);
        },
      ),
      { numRuns: 10 },
    );
  }, 60_000);
});

/**
 * Checks one view against the stored game: the only card faces in it are the viewer's own hand,
 * the face-up rows and the pile; no other hand card, no face-down card and no deck card is named
 * anywhere in it; and no token, digest or seed is in it.
 */
function expectMasked(game: StoredGame<PublicMeta>, view: PublicGameState, viewer: string | null): void {
  const { state } = game;
  const mine = state.seats.find((seat) => seat.name === viewer);
  const allowed = new Set([
    ...(mine?.hand ?? []).map((c) => c.id),
    ...state.seats.flatMap((seat) => seat.faceUp.map((c) => c.id)),
    ...state.pile.map((c) => c.id),
  ]);
  // One expect per view, naming the offending cards (an expect per card cost most of this file's time).
  expect(
    shownCardIds(view).filter((shown) => !allowed.has(shown)),
    `${viewer} sees`,
  ).toEqual([]);
  const named = new Set(strings(view));
  const secret = [
    ...state.seats.filter((seat) => seat !== mine).flatMap((seat) => seat.hand.map((c) => c.id)),
    ...state.seats.flatMap((seat) => seat.faceDown.map((c) => c.id)),
    ...state.deck.map((c) => c.id),
  ];
  expect(
    secret.filter((cardId) => named.has(cardId)),
    `${viewer} is told of`,
  ).toEqual([]);
  // The commitment is the seed's digest, published on purpose; no other digest and no token.
  expect([...named].filter((text) => text !== game.commitment && /secret-\d|digest\(/.test(text))).toEqual([]);
  expect(named.has(game.record.seed)).toBe(false);
}
