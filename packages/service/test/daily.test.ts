import { describe, expect, it } from 'vitest';
import { COMPUTER_ID_BASE, compareResults, dayOf, mainView, type User } from '../src/index.js';
import { effectsOf } from '../src/main-game/main-effects.js';
import { dailySetup, earlyInDay, nextDay, playDaily, runComputers, sha256, startDaily } from './daily-support.js';
import { chooseFaceUp, guest, registered, stored } from './main-support.js';
import { code, value } from './support.js';

/** What seat `n` of a daily game was dealt: hand and face-down cards, by rank and suit (ids aside). */
async function dealtTo(s: ReturnType<typeof dailySetup>, id: string, n: number): Promise<string[]> {
  const game = await stored(s, id);
  const seat = game.state.seats[n];
  if (seat === undefined) throw new Error(`no seat ${n}`);
  return [...seat.hand, ...seat.faceUp, ...seat.faceDown].map((c) => `${c.rank}${c.suit}`);
}

/** The commands of a game's record with the player's own seat id replaced, to compare two players' games. */
async function commandsOf(s: ReturnType<typeof dailySetup>, id: string, user: User): Promise<string[]> {
  const game = await stored(s, id);
  return game.record.entries.map((e) =>
    JSON.stringify(e.command).replaceAll(`"${user.id}"`, '"me"').replaceAll(`"${user.username}"`, '"Me"'),
  );
}

describe('daily deal (docs/daily.md)', () => {
  it('daily - everyone of a day is dealt the same cards, seat by seat, from the committed seed', async () => {
    const s = dailySetup();
    earlyInDay(s);
    const [ann, bob] = [await registered(s, 'Ann'), await registered(s, 'Bob')];
    const today = await s.daily.today(ann);
    expect(today).toMatchObject({ date: dayOf(s.clock.now()), tableSize: 4, level: 'greedy', attempt: null });
    const annGame = await startDaily(s, ann);
    const bobGame = await startDaily(s, bob);
    expect(annGame).not.toBe(bobGame);
    for (const n of [0, 1, 2, 3]) expect(await dealtTo(s, annGame, n)).toEqual(await dealtTo(s, bobGame, n));
    const [a, b] = [await stored(s, annGame), await stored(s, bobGame)];
    expect(a.record.seed).toBe(b.record.seed);
    expect(sha256(a.record.seed)).toBe(today.commitment);
    // Seat 1 is the player's; three computer players at Normal follow.
    expect(a.state.seats.map((seat) => seat.ai)).toEqual([null, 'greedy', 'greedy', 'greedy']);
    expect(mainView(a, ann.id)).toMatchObject({ daily: { date: today.date }, entryFee: 0, prizeAmount: 0 });
    // Nobody may learn the seed before the day ends: the deal check hides it.
    expect(value(await s.daily.deal(today.date)).seed).toBeNull();
  });

  it('daily - the computer players make the same moves for everyone who plays the same way', async () => {
    const s = dailySetup();
    earlyInDay(s);
    const [ann, bob] = [await registered(s, 'Ann'), await registered(s, 'Bob')];
    const annGame = await startDaily(s, ann);
    await chooseFaceUp(s, annGame, ann);
    // Between the two games the clock and the other game's writes move on: the computers must not care.
    const annEnd = await playDaily(s, annGame, ann);
    const bobGame = await startDaily(s, bob);
    value(await s.main.chat(bob, bobGame, 'good luck, me'));
    await chooseFaceUp(s, bobGame, bob);
    const bobEnd = await playDaily(s, bobGame, bob);
    expect(await commandsOf(s, bobGame, bob)).toEqual(await commandsOf(s, annGame, ann));
    expect(bobEnd.state.result?.standings).toEqual(
      annEnd.state.result?.standings.map((st) =>
        st.seat === String(ann.id) ? { ...st, seat: String(bob.id), name: 'Bob' } : st,
      ),
    );
  });

  it('daily - one attempt a day: a start while playing answers the same game, once over it is refused', async () => {
    const s = dailySetup();
    earlyInDay(s);
    const ann = await registered(s, 'Ann');
    const first = value(await s.daily.start(ann));
    expect(first.resumed).toBe(false);
    expect(value(await s.daily.start(ann))).toEqual({ ...first, resumed: true });
    await chooseFaceUp(s, String(first.gameId), ann);
    await playDaily(s, String(first.gameId), ann);
    const again = await s.daily.start(ann);
    expect(code(again)).toBe('daily/played');
    const attempt = (await s.daily.today(ann)).attempt;
    expect(attempt).toMatchObject({ status: 'finished', ranked: true, result: { end: 'finished', percent: null } });
    // The next day deals again.
    nextDay(s);
    expect(value(await s.daily.start(ann)).resumed).toBe(false);
  });

  it('daily - leaving ends the attempt with the cards held, in last place; the board ranks place then cards', async () => {
    const s = dailySetup();
    earlyInDay(s);
    const [ann, bob, cy] = [await registered(s, 'Ann'), await registered(s, 'Bob'), await registered(s, 'Cy')];
    const annGame = await startDaily(s, ann);
    await chooseFaceUp(s, annGame, ann);
    await playDaily(s, annGame, ann);
    const bobGame = await startDaily(s, bob);
    await chooseFaceUp(s, bobGame, bob);
    const before = await playDaily(s, bobGame, bob, 3);
    const held = before.state.seats[0];
    const heldCards = (held?.hand.length ?? 0) + (held?.faceUp.length ?? 0) + (held?.faceDown.length ?? 0);
    value(await s.main.leave(bob, bobGame));
    // Cy leaves while still choosing face-up cards: the whole deal, 9 cards, held.
    const cyGame = await startDaily(s, cy);
    value(await s.main.leave(cy, cyGame));
    expect(code(await s.daily.start(bob))).toBe('daily/played');
    expect(code(await s.daily.start(cy))).toBe('daily/played');

    const bobAttempt = (await s.daily.today(bob)).attempt;
    expect(bobAttempt?.result).toMatchObject({ place: 4, cardsLeft: heldCards, end: 'left' });
    expect((await s.daily.today(cy)).attempt?.result).toMatchObject({ place: 4, cardsLeft: 9, end: 'left' });
    const annResult = (await s.daily.today(ann)).attempt?.result;
    if (annResult == null) throw new Error('no result for Ann');

    const board = value(await s.daily.board(undefined, ann, 100));
    expect(board).toMatchObject({ over: false, players: 3, playing: 0 });
    const results = [
      { name: 'Ann', place: annResult.place, cardsLeft: annResult.cardsLeft },
      { name: 'Bob', place: 4, cardsLeft: heldCards },
      { name: 'Cy', place: 4, cardsLeft: 9 },
    ].sort((x, y) => compareResults(x, y));
    expect(board.rows.map((r) => r.username)).toEqual(results.map((r) => r.name));
    // Matchpoints: 2 per player beaten, 1 per tie, of 4 possible.
    for (const row of board.rows) {
      const mine = results.find((r) => r.name === row.username);
      if (mine === undefined) throw new Error('row without result');
      const beaten = results.filter((r) => compareResults(mine, r) < 0).length;
      const tied = results.filter((r) => r !== mine && compareResults(mine, r) === 0).length;
      expect(row.matchpoints).toBe(2 * beaten + tied);
      expect(row.percent).toBe((100 * (2 * beaten + tied)) / 4);
      expect(row.rank).toBe(1 + results.filter((r) => compareResults(r, mine) < 0).length);
    }
    // Other players' games stay hidden until the day ends; one's own is shown.
    expect(board.rows.find((r) => r.username === 'Ann')?.gameId).toBe(Number(annGame));
    expect(board.rows.find((r) => r.username === 'Bob')?.gameId).toBeNull();
  });

  it('daily - a guest plays once, unranked: scored against the field, never on the board', async () => {
    const s = dailySetup();
    earlyInDay(s);
    const ann = await registered(s, 'Ann');
    const visitor = (await guest(s)).user;
    const annGame = await startDaily(s, ann);
    value(await s.main.leave(ann, annGame));
    const guestGame = await startDaily(s, visitor);
    await chooseFaceUp(s, guestGame, visitor);
    await playDaily(s, guestGame, visitor);
    expect(code(await s.daily.start(visitor))).toBe('daily/played');
    const attempt = (await s.daily.today(visitor)).attempt;
    expect(attempt).toMatchObject({ ranked: false, status: 'finished', result: { rank: null, players: 1 } });
    expect(attempt?.result?.maxMatchpoints).toBe(2);
    const board = value(await s.daily.board(undefined, visitor, 100));
    expect(board.rows.map((r) => r.username)).toEqual(['Ann']);
    expect(board.rows[0]).toMatchObject({ matchpoints: 0, percent: null, rank: 1 });
  });

  it('daily - its game offers no hint, no rematch, no watching, no lobby entry, no rating and no pot', async () => {
    const s = dailySetup();
    earlyInDay(s);
    const [ann, bob] = [await registered(s, 'Ann'), await registered(s, 'Bob')];
    const id = await startDaily(s, ann);
    expect(await s.main.lobby(ann.id)).toEqual([]);
    expect(code(await s.main.watch(bob, id))).toBe('daily/no_watching');
    expect(code(await s.main.join(bob, id))).not.toBeNull();
    // The table is everyone's: no computer player added or removed.
    expect(code(await s.main.removeComputer(ann, id, String(COMPUTER_ID_BASE - 1)))).toBe('daily/fixed_table');
    expect(code(await s.main.addComputer(ann, id, 'strong'))).toBe('daily/fixed_table');
    await chooseFaceUp(s, id, ann);
    const turn = await runComputers(s, id, ann);
    expect(mainView(turn, ann.id).hints).toBeUndefined();
    expect(code(await s.main.hint(ann, id))).toBe('hint/not_offered');
    const over = await playDaily(s, id, ann);
    expect(code(await s.main.rematch(ann, id))).toBe('rematch/daily');
    const result = over.state.result;
    if (result === null) throw new Error('the game has no result');
    const effects = effectsOf(null, over, [{ type: 'gameOver', ...result }]);
    expect(effects.ratings).toBeNull();
    expect(effects.postings).toEqual([]);
    expect(await s.bank.balance(ann.id)).toBe(1000);
  });

  it('daily - when the day ends the seed is revealed and checks; games still played end with the cards held', async () => {
    const s = dailySetup();
    earlyInDay(s);
    const [ann, bob] = [await registered(s, 'Ann'), await registered(s, 'Bob')];
    const date = dayOf(s.clock.now());
    const annGame = await startDaily(s, ann);
    await chooseFaceUp(s, annGame, ann);
    await playDaily(s, annGame, ann);
    const bobGame = await startDaily(s, bob);
    await chooseFaceUp(s, bobGame, bob);
    const playing = await playDaily(s, bobGame, bob, 2);
    const bobSeat = playing.state.seats[0];
    const held = (bobSeat?.hand.length ?? 0) + (bobSeat?.faceUp.length ?? 0) + (bobSeat?.faceDown.length ?? 0);
    // A finished daily game's record waits for the day's end: it holds the seed.
    expect(code(await s.records.get('main', annGame))).toBe('record/not_over');
    const deal = value(await s.daily.deal(date));
    expect(deal.seed).toBeNull();

    nextDay(s);
    const revealed = value(await s.daily.deal(date));
    expect(revealed.seed).not.toBeNull();
    expect(sha256(revealed.seed ?? '')).toBe(deal.commitment);
    expect(revealed.players).toBe(2);
    expect((await s.daily.today(ann)).previous).toEqual(revealed);
    // Bob was still playing when the seed came out: his attempt ended then.
    const board = value(await s.daily.board(date, null, 100));
    expect(board).toMatchObject({ over: true, playing: 0 });
    expect(board.rows.find((r) => r.username === 'Bob')).toMatchObject({ place: 4, cardsLeft: held, end: 'day_over' });
    expect(board.rows.every((r) => r.gameId !== null)).toBe(true);
    const record = value(await s.records.get('main', annGame));
    expect(record.seed).toBe(revealed.seed);
  });

  it('daily - history lists the days played, newest first, with the streak and the best streak', async () => {
    const s = dailySetup();
    earlyInDay(s);
    const ann = await registered(s, 'Ann');
    const played: string[] = [];
    for (const skip of [false, false, true, false, false, false]) {
      if (!skip) {
        played.push(dayOf(s.clock.now()));
        value(await s.main.leave(ann, await startDaily(s, ann)));
      }
      nextDay(s);
    }
    // Today is not played yet: the streak runs up to yesterday.
    let history = await s.daily.history(ann);
    expect(history).toMatchObject({ streak: 3, bestStreak: 3, played: 5 });
    expect(history.days.map((d) => d.date)).toEqual([...played].reverse());
    expect(history.days[0]?.result).toMatchObject({ place: 4, cardsLeft: 9, end: 'left', rank: 1, players: 1 });
    value(await s.main.leave(ann, await startDaily(s, ann)));
    history = await s.daily.history(ann);
    expect(history).toMatchObject({ streak: 4, bestStreak: 4, played: 6 });
    nextDay(s);
    nextDay(s);
    expect((await s.daily.history(ann)).streak).toBe(0);
  });

  it('daily - days: before the first deal, in the future, or no real day have no deal', async () => {
    const s = dailySetup();
    earlyInDay(s);
    const today = (await s.daily.today(null)).date;
    expect(code(await s.daily.deal('2001-01-01'))).toBe('daily/unknown_day');
    expect(code(await s.daily.deal('2999-01-01'))).toBe('daily/unknown_day');
    expect(code(await s.daily.deal(`${today.slice(0, 8)}32`))).toBe('daily/unknown_day');
    expect(code(await s.daily.board('2001-01-01', null, 10))).toBe('daily/unknown_day');
    expect(value(await s.daily.deal(today))).toMatchObject({ date: today, seed: null });
    // Yesterday came before the first deal: nothing to reveal yet.
    expect((await s.daily.today(null)).previous).toBeNull();
    expect(s.failures).toEqual([]);
  });
});
