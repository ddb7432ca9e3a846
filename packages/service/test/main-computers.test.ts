import { MAIN_DEFAULT_RULES } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import {
  COMPUTER_GAME_NAME,
  COMPUTER_ID_BASE,
  mainView,
  playComputer,
  QUICK_MATCH_NAME,
  quickMatch,
  type StoredGame,
  type User,
} from '../src/index.js';
import { effectsOf } from '../src/main-game/main-effects.js';
import type { MainMeta } from '../src/main-game/main-meta.js';
import {
  chooseFaceUp,
  guest,
  movesIn,
  postingsOf,
  registered,
  type Setup,
  seated,
  setup,
  stored,
  viewOf,
} from './main-support.js';
import { settle, value } from './support.js';

function message(result: { ok: true } | { ok: false; error: { message: string } }): string {
  return result.ok ? 'accepted' : result.error.message;
}

/** Plays `id` to its end: `human` makes its first legal move on its turns, the clock runs the computers'. */
async function playOut(s: Setup, id: string, human: User): Promise<StoredGame<MainMeta>> {
  for (let n = 0; n < 3000; n++) {
    const game = await stored(s, id);
    if (game.state.phase === 'finished') return game;
    const view = mainView(game, human.id);
    if (view.currentTurn === human.id) {
      const move = movesIn(view, human)[0];
      if (move === undefined) throw new Error('no move');
      value(move.type === 'play' ? await s.main.play(human, id, move.cardIds) : await s.main.pickUp(human, id));
      continue;
    }
    const next = s.scheduler.nextAt();
    if (next === undefined) throw new Error(`nothing scheduled in ${game.state.phase}`);
    s.clock.advance(Math.max(0, next - s.clock.now()));
    s.scheduler.runDue();
    await settle();
  }
  throw new Error('game did not end');
}

/** Lets the computers make their face-up choice: AI steps only, well before any human turn clock runs out. */
async function computersChoose(s: Setup): Promise<void> {
  for (let i = 0; i < 8; i++) {
    s.clock.advance(1500);
    s.scheduler.runDue();
    await settle();
  }
}

describe('main games - computer players (docs/product.md §D13)', () => {
  it('main games - the create form seats computer players at their levels; they pay nothing and count as seats', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann', 1000);
    const game = value(
      await s.main.create(ann, {
        name: 'With computers',
        playerLimit: 4,
        entryFee: 100,
        computers: ['random', 'strong'],
      }),
    );
    const view = mainView(game, ann.id);
    expect(view.players.map((p) => [p.username, p.isComputer, p.aiLevel ?? null, p.isGuest])).toEqual([
      ['Ann', false, null, false],
      ['Computer 1', true, 'random', false],
      ['Computer 2', true, 'strong', false],
    ]);
    expect(view.players[1]?.id).toBe(COMPUTER_ID_BASE - 1);
    // Only Ann paid: the pot is her fee, not fee × seats.
    expect(view.prizeAmount).toBe(100);
    expect(postingsOf(s, game.id).map((p) => [p.kind, p.amount])).toEqual([['fee', 100]]);
    const listed = (await s.main.lobby(null)).find((g) => g.id === Number(game.id));
    expect(listed?.playerCount).toBe(3);
    expect(listed?.players.map((p) => p.isComputer)).toEqual([false, true, true]);
    // At most size − 1 computers.
    expect(
      message(await s.main.create(ann, { name: 'Too many', playerLimit: 2, computers: ['greedy', 'greedy'] })),
    ).toBe('A game has room for at most one computer player fewer than its seats');
  });

  it('main games - only the host adds and removes computer players, only before the start, never past full', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann');
    const bob = await registered(s, 'Bob');
    const id = await seated(s, [ann, bob], { playerLimit: 4 });
    expect(message(await s.main.addComputer(bob, id, 'greedy'))).toBe(
      'Only the host can add or remove computer players',
    );
    const added = value(await s.main.addComputer(ann, id, 'strong'));
    const computer = mainView(added, ann.id).players.find((p) => p.isComputer);
    expect(computer).toMatchObject({ username: 'Computer 1', aiLevel: 'strong' });
    value(await s.main.addComputer(ann, id, 'random'));
    expect(message(await s.main.addComputer(ann, id, 'greedy'))).toBe('The game is full');
    expect(message(await s.main.removeComputer(bob, id, computer?.id ?? 0))).toBe(
      'Only the host can add or remove computer players',
    );
    expect(message(await s.main.removeComputer(ann, id, bob.id))).toBe('No such computer player in this game');
    const removed = value(await s.main.removeComputer(ann, id, computer?.id ?? 0));
    expect(mainView(removed, ann.id).players.map((p) => p.username)).toEqual(['Ann', 'Bob', 'Computer 2']);
    // A new one takes the free number.
    const again = value(await s.main.addComputer(ann, id, 'greedy'));
    expect(mainView(again, ann.id).players.map((p) => p.username)).toEqual(['Ann', 'Bob', 'Computer 2', 'Computer 1']);
    // Full: the computers choose, then the humans; once started nothing more is added or removed.
    await computersChoose(s);
    await chooseFaceUp(s, id, ann);
    await chooseFaceUp(s, id, bob);
    expect((await stored(s, id)).state.phase).toBe('playing');
    expect(message(await s.main.removeComputer(ann, id, COMPUTER_ID_BASE - 1))).toBe(
      'Computer players can only be added before the game starts',
    );
  });

  it('main games - Play the computer: a free private unrated game that starts once the player has chosen, played to the end', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann', 1000);
    const game = value(await playComputer(s.main, ann, { level: 'random' }));
    expect(game.meta).toMatchObject({ name: COMPUTER_GAME_NAME, isPrivate: true, entryFee: 0, playerLimit: 2 });
    expect(mainView(game, ann.id).players.map((p) => [p.username, p.aiLevel ?? null])).toEqual([
      ['Ann', null],
      ['Computer 1', 'random'],
    ]);
    // Private: not in anyone else's lobby.
    expect((await s.main.lobby(null)).some((g) => g.id === Number(game.id))).toBe(false);
    await computersChoose(s);
    await chooseFaceUp(s, game.id, ann);
    expect((await stored(s, game.id)).state.phase).toBe('playing');
    const end = await playOut(s, game.id, ann);
    expect(end.state.result).not.toBeNull();
    // Free and unrated: no token moved, no rating written.
    expect(postingsOf(s, game.id)).toEqual([]);
    expect(await s.bank.balance(ann.id)).toBe(1000);
    const view = await viewOf(s, game.id, ann);
    expect(view.lastAction).toMatchObject({ type: 'game_over', prizeAmount: 0, guestWinner: false });
    // Sizes and levels are checked as any game's.
    expect(message(await playComputer(s.main, ann, { playerLimit: 9 }))).toBe('Player limit must be between 2 and 8');
    const four = value(await playComputer(s.main, ann, { playerLimit: 4 }));
    expect(four.state.seats.map((seat) => seat.ai)).toEqual([null, 'greedy', 'greedy', 'greedy']);
  });

  it('main games - a paid game against a computer: the pot is what players paid; a computer that wins leaves it to the house', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann', 1000);
    const game = value(
      await s.main.create(ann, { name: 'Paid', playerLimit: 2, entryFee: 200, computers: ['greedy'] }),
    );
    await computersChoose(s);
    await chooseFaceUp(s, game.id, ann);
    const end = await playOut(s, game.id, ann);
    const annWon = end.state.result?.winner === String(ann.id);
    expect(postingsOf(s, game.id).map((p) => [p.kind, p.amount])).toEqual(
      annWon
        ? [
            ['fee', 200],
            ['prize', 200],
          ]
        : [['fee', 200]],
    );
    expect(await s.bank.balance(ann.id)).toBe(annWon ? 1000 : 800);
  });

  it('main games - a game with a computer player is unrated; the same game without one is rated', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann', 1000);
    const bob = await registered(s, 'Bob', 1000);
    const id = await seated(s, [ann, bob], { playerLimit: 3, computers: ['random'] });
    await computersChoose(s);
    await chooseFaceUp(s, id, ann);
    await chooseFaceUp(s, id, bob);
    const game = await stored(s, id);
    const result = {
      winner: String(ann.id),
      standings: game.state.seats.map((seat, n) => ({ seat: seat.id, place: n + 1 })),
    };
    const over = {
      ...game,
      state: { ...game.state, phase: 'finished' as const, result },
    } as unknown as StoredGame<MainMeta>;
    const events = [{ type: 'gameOver' as const, ...result }] as unknown as Parameters<typeof effectsOf>[2];
    expect(effectsOf(game, over, events).ratings).toBeNull();
    // Without the computer seat the same two players are rated.
    const humans = { ...over, state: { ...over.state, seats: over.state.seats.filter((seat) => seat.ai === null) } };
    expect(effectsOf(game, humans, events).ratings?.seats.map((seat) => seat.userId)).toEqual([ann.id, bob.id]);
  });

  it('main games - a waiting game whose players all left is over, whatever computers sit in it', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann', 1000);
    const game = value(await s.main.create(ann, { name: 'Left alone', playerLimit: 3, computers: ['greedy'] }));
    value(await s.main.leave(ann, game.id));
    const after = await stored(s, game.id);
    expect(after.meta.cancelled).toBe(true);
    expect(postingsOf(s, game.id).map((p) => [p.kind, p.amount])).toEqual([
      ['fee', 100],
      ['refund', 100],
    ]);
    expect((await s.main.lobby(null)).some((g) => g.id === Number(game.id))).toBe(false);
  });
});

describe('main games - quick match (docs/product.md §D13)', () => {
  it('main games - quick match opens a free 2-seat public game, and the next player is seated in it', async () => {
    const s = setup();
    const ann = (await guest(s)).user;
    const bob = (await guest(s)).user;
    const first = value(await quickMatch(s.main, ann, {}));
    expect(first.created).toBe(true);
    expect(first.game.meta).toMatchObject({ name: QUICK_MATCH_NAME, playerLimit: 2, entryFee: 0, isPrivate: false });
    // Asked again, the waiting player keeps their game.
    const twice = value(await quickMatch(s.main, ann, {}));
    expect([twice.created, twice.game.id]).toEqual([false, first.game.id]);
    const second = value(await quickMatch(s.main, bob, {}));
    expect([second.created, second.game.id]).toEqual([false, first.game.id]);
    expect(second.game.state.seats.map((seat) => seat.name)).toEqual([ann.username, bob.username]);
  });

  it('main games - quick match picks the matching game closest to full, oldest first, and skips the rest', async () => {
    const s = setup();
    const [ann, bob, cid, dan, eve, fay] = await Promise.all(
      ['Ann', 'Bob', 'Cid', 'Dan', 'Eve', 'Fay'].map((name) => registered(s, name, 1000)),
    );
    if (ann === undefined || bob === undefined || cid === undefined || dan === undefined || eve === undefined)
      throw new Error('users');
    if (fay === undefined) throw new Error('users');
    const base = { playerLimit: 3, entryFee: 100 };
    // Games that do not match: private, with a code, other rules, another fee, a computer in it.
    value(await s.main.create(ann, { name: 'Private', ...base, isPrivate: true }));
    value(await s.main.create(bob, { name: 'Coded', ...base, gameCode: 'abc' }));
    value(await s.main.create(cid, { name: 'Rules', ...base, rules: { ...MAIN_DEFAULT_RULES, sevenLower: false } }));
    value(await s.main.create(dan, { name: 'Fee', playerLimit: 3, entryFee: 150 }));
    value(await s.main.create(eve, { name: 'Computer', ...base, computers: ['greedy'] }));
    s.clock.advance(1000);
    const older = value(await s.main.create(ann, { name: 'Older', ...base }));
    s.clock.advance(1000);
    const fuller = value(await s.main.create(bob, { name: 'Fuller', ...base }));
    value(await s.main.join(cid, fuller.id));
    s.clock.advance(1000);
    const newer = value(await s.main.create(dan, { name: 'Newer', ...base }));
    const picked = value(await quickMatch(s.main, fay, base));
    expect([picked.created, picked.game.meta.name]).toEqual([false, 'Fuller']);
    // Fuller is full now (and starts): the next goes to the oldest of the one-seat games.
    const next = value(await quickMatch(s.main, eve, base));
    expect([next.created, next.game.id]).toEqual([false, older.id]);
    expect(newer.id).not.toBe(older.id);
    // A player short of tokens is told so.
    const poor = await registered(s, 'Poor', 50);
    expect(message(await quickMatch(s.main, poor, base))).toBe('You need 50 more tokens to join this game');
    // Sizes and fees are checked as the create form's.
    expect(message(await quickMatch(s.main, poor, { playerLimit: 1 }))).toBe('Player limit must be between 2 and 8');
    expect(message(await quickMatch(s.main, poor, { entryFee: 30 }))).toBe('Minimum entry fee is 100 SRT tokens');
  });
});
