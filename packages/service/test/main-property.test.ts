import type { GameState } from '@palace/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MainMeta, MEMORY_HOUSE, mainView, type StoredGame, type User } from '../src/index.js';
import {
  chooseFaceUp,
  guest,
  playerOf,
  playToEnd,
  postingsOf,
  registered,
  type Setup,
  setup,
  signedUp,
  viewOf,
} from './main-support.js';
import { code, value } from './support.js';

/** A small seeded generator (mulberry32) for the moves of one run. */
function generator(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return Math.floor(unit * n);
  };
}

/**
 * The books balance: the house holds minus every player's tokens, and no player is below zero.
 * Problems are collected and asserted once (an `expect` per value would dominate the run time).
 */
async function checkBooks(s: Setup, people: readonly User[]): Promise<void> {
  const problems: string[] = [];
  let total = await s.bank.balance(MEMORY_HOUSE);
  for (const user of people) {
    const balance = await s.bank.balance(user.id);
    if (balance < 0) problems.push(`${user.username} has ${balance}`);
    total += balance;
  }
  if (total !== 0) problems.push(`the balances add up to ${total}`);
  expect(problems).toEqual([]);
}

/**
 * No view leaks: a viewer never sees a card id from another player's hand, from the deck, the
 * burned cards or any face-down row (its own included); face-down cards show only as `blind-{n}`,
 * and other players' hands only as masked cards.
 */
function checkViews(game: StoredGame<MainMeta>, viewers: ReadonlyArray<number | null>): void {
  const state: GameState = game.state;
  const problems: string[] = [];
  const hiddenFromAll = [
    ...state.deck.map((c) => c.id),
    ...state.burned.map((c) => c.id),
    ...state.seats.flatMap((seat) => seat.faceDown.map((c) => c.id)),
  ];
  for (const viewer of viewers) {
    const view = mainView(game, viewer);
    // A card id shows in the JSON as a whole quoted string (as a value or a key).
    const json = JSON.stringify(view);
    const hidden = [
      ...hiddenFromAll,
      ...state.seats.flatMap((seat) => (seat.id === String(viewer) ? [] : seat.hand.map((c) => c.id))),
    ];
    // Every quoted string of the JSON once, then each hidden id looked up (not a scan of the JSON per id).
    const quoted = new Set(Array.from(json.matchAll(/"((?:[^"\\]|\\.)*)"/g), (m) => m[1]));
    for (const id of hidden) if (quoted.has(id)) problems.push(`viewer ${viewer} sees ${id}`);
    for (const player of view.players) {
      const seat = state.seats.find((x) => x.id === String(player.id));
      const masked = JSON.stringify(player.faceDownCards.map((c) => ({ id: c.id, hidden: c.hidden })));
      const blinds = JSON.stringify(seat?.faceDown.map((_, n) => ({ id: `blind-${n}`, hidden: true })));
      if (JSON.stringify(player.faceDownCards) !== blinds || masked !== blinds) {
        problems.push(
          `viewer ${viewer} sees face-down cards of ${player.id} as ${JSON.stringify(player.faceDownCards)}`,
        );
      }
      const handShown = player.handCards.some((c) => Object.keys(c).join() !== 'id,hidden');
      if (player.id !== viewer && handShown) problems.push(`viewer ${viewer} sees the hand of ${player.id}`);
    }
  }
  expect(problems).toEqual([]);
}

interface Plan {
  readonly seed: number;
  readonly limit: number;
  readonly players: number;
  readonly fee: number;
  /** Per seat: a guest, or a registered user with this many tokens. */
  readonly seats: ReadonlyArray<{ readonly guest: boolean; readonly tokens: number }>;
}

const plan: fc.Arbitrary<Plan> = fc
  .record({ seed: fc.nat(), limit: fc.integer({ min: 2, max: 4 }), fee: fc.integer({ min: 0, max: 18 }) })
  .chain(({ seed, limit, fee }) =>
    fc.record({
      seed: fc.constant(seed),
      limit: fc.constant(limit),
      players: fc.integer({ min: 2, max: limit }),
      fee: fc.constant(100 + 50 * fee),
      seats: fc.array(fc.record({ guest: fc.boolean(), tokens: fc.integer({ min: 0, max: 1500 }) }), {
        minLength: limit,
        maxLength: limit,
      }),
    }),
  );

/** MainGames: whole random games with guests and registered players keep the books and the secrets. */
describe('MainGames', () => {
  it('main games - property: books balance, views never leak, and every game ends with one prize', async () => {
    await fc.assert(
      fc.asyncProperty(plan, async (p) => {
        const s = setup(`seed-${p.seed}`);
        const choose = generator(p.seed);
        const people: User[] = [];
        const players: User[] = [];
        /** Guests' session tokens, by id. */
        const sessions = new Map<number, string>();
        const newGuest = async () => {
          const signed = await guest(s);
          sessions.set(signed.user.id, signed.token);
          return signed.user;
        };
        let id: string | null = null;
        const sit = (user: User) =>
          id === null
            ? s.main.create(user, { name: 'Random game', playerLimit: p.limit, entryFee: p.fee })
            : s.main.join(user, id);
        for (const [n, spec] of p.seats.slice(0, p.players).entries()) {
          const user = spec.guest ? await newGuest() : await registered(s, `Player${n}`, spec.tokens);
          people.push(user);
          const balance = await s.bank.balance(user.id);
          const verb = id === null ? 'create' : 'join';
          const answer = await sit(user);
          if (!user.isGuest && balance < p.fee) {
            expect(answer).toMatchObject({
              ok: false,
              error: { code: 'tokens/short', message: `You need ${p.fee - balance} more tokens to ${verb} this game` },
            });
            expect(await s.bank.balance(user.id)).toBe(balance);
            continue;
          }
          id = value(answer).id;
          expect(await s.bank.balance(user.id)).toBe(user.isGuest ? 0 : balance - p.fee);
          players.push(user);
          await checkBooks(s, people);
        }
        // Too few could pay: guests fill the table up to two.
        while (players.length < 2) {
          const user = await newGuest();
          people.push(user);
          id = value(await sit(user)).id;
          players.push(user);
        }
        if (id === null) throw new Error('no game');
        const gameId = id;
        const outsider = await registered(s, 'Outsider', 0);
        const viewers = [null, outsider.id, ...players.map((u) => u.id)];
        for (const user of players) {
          expect(playerOf(await viewOf(s, gameId, user), user).handCards).toHaveLength(6);
          const picks = [0, 1, 2, 3, 4, 5];
          for (let n = picks.length - 1; n > 0; n--) {
            const k = choose(n + 1);
            [picks[n], picks[k]] = [picks[k] as number, picks[n] as number];
          }
          const game = await chooseFaceUp(s, gameId, user, picks.slice(0, 3));
          checkViews(game, viewers);
          await checkBooks(s, people);
        }
        const end = await playToEnd(s, gameId, players, {
          // Random, but leaning to low cards and plays, so that games end well before the move cap.
          choose: (n) => Math.min(choose(n), choose(n)),
          pickUpAnyway: () => choose(10) === 0,
          step: async (game) => {
            checkViews(game, viewers);
            await checkBooks(s, people);
          },
        });
        expect(mainView(end, null).status).toBe('completed');
        const winnerId = mainView(end, null).winnerId;
        const winner = players.find((u) => u.id === winnerId);
        if (winner === undefined) throw new Error(`winner ${winnerId} is not a player`);
        // The pot is what was paid (docs/product.md §D12 pot): the registered players' fees only.
        const prize = p.fee * players.filter((u) => !u.isGuest).length;
        const prizes = postingsOf(s, gameId, 'prize');
        expect(mainView(end, null).lastAction).toMatchObject({ type: 'game_over', prizeAmount: prize });
        if (winner.isGuest) {
          expect(prizes).toEqual([]);
          // The held prize exists exactly once: the account the guest registers can claim it, once.
          const account = (await signedUp(s, 'Claimer', sessions.get(winner.id))).user;
          people.push(account);
          if (prize === 0) {
            expect(code(await s.tokens.claim(account, gameId, winner.id))).toBe('prize/none');
          } else {
            expect(await s.tokens.claim(account, gameId, winner.id)).toMatchObject({
              ok: true,
              value: { amount: prize },
            });
            expect(code(await s.tokens.claim(account, gameId, winner.id))).toBe('prize/claimed');
          }
        } else {
          expect(prizes).toEqual([{ from: MEMORY_HOUSE, to: winner.id, amount: prize, kind: 'prize' }]);
          for (const other of players.filter((u) => u.isGuest)) {
            expect(await s.bank.claimPrize(gameId, other.id, winner.id, s.clock.now())).toEqual({
              ok: false,
              error: 'prize/none',
            });
          }
        }
        for (const user of players) {
          expect(await s.bank.stats(user.id)).toEqual({ wins: user === winner ? 1 : 0, gamesPlayed: 1 });
        }
        await checkBooks(s, people);
      }),
      { numRuns: 8 },
    );
  }, 60_000);
});
