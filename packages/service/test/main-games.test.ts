import { describe, expect, it } from 'vitest';
import { MEMORY_HOUSE, mainView, type StoredGame, type User } from '../src/index.js';
import {
  chooseFaceUp,
  guest,
  playerOf,
  playToEnd,
  postingsOf,
  registered,
  type Setup,
  seated,
  setup,
  started,
  stored,
  viewOf,
} from './main-support.js';
import { code, value } from './support.js';

/** The error message of a refused answer, or 'accepted'. */
function message(result: { ok: true } | { ok: false; error: { message: string } }): string {
  return result.ok ? 'accepted' : result.error.message;
}

async function versionOf(s: Setup, id: string): Promise<number> {
  return (await stored(s, id)).version;
}

/** MainGames: creating, joining, leaving, fees and refunds, face-up choice, play, chat, prizes, lobby. */
describe('MainGames', () => {
  it('main games - create validates name, player limit and entry fee with the spec messages', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann', 5000);
    const cases: Array<[Parameters<typeof s.main.create>[1], string]> = [
      [{ name: ' ab ' }, 'Game name must be at least 3 characters'],
      [{ name: '' }, 'Game name must be at least 3 characters'],
      [{ name: 'x'.repeat(31) }, 'Game name must be less than 30 characters'],
      [{ name: 'Game', playerLimit: 1 }, 'Player limit must be between 2 and 8'],
      [{ name: 'Game', playerLimit: 9 }, 'Player limit must be between 2 and 8'],
      [{ name: 'Game', playerLimit: 2.5 }, 'Player limit must be between 2 and 8'],
      [{ name: 'Game', entryFee: 50 }, 'Minimum entry fee is 100 SRT tokens'],
      [{ name: 'Game', entryFee: 99 }, 'Minimum entry fee is 100 SRT tokens'],
      [{ name: 'Game', entryFee: 125 }, 'Entry fee must be between 100 and 1000 SRT tokens, in steps of 50'],
      [{ name: 'Game', entryFee: 1050 }, 'Entry fee must be between 100 and 1000 SRT tokens, in steps of 50'],
      [{ name: 'Game', entryFee: 100.5 }, 'Entry fee must be between 100 and 1000 SRT tokens, in steps of 50'],
      [{ name: 'Game', hostId: 99 }, 'You can only act for yourself'],
      [{ name: 'Game', guestUserId: -5 }, 'You can only act for yourself'],
    ];
    for (const [input, expected] of cases) {
      expect(message(await s.main.create(ann, input)), JSON.stringify(input)).toBe(expected);
    }
    expect(s.publisher.published).toEqual([]);
    expect(await s.bank.balance(ann.id)).toBe(5000);
    // The boundaries are accepted.
    const accepted: Array<Parameters<typeof s.main.create>[1]> = [
      { name: 'abc' },
      { name: 'x'.repeat(30) },
      { name: 'Game', playerLimit: 2, entryFee: 100 },
      { name: 'Game', playerLimit: 8, entryFee: 1000 },
      { name: 'Game', hostId: ann.id, guestUserId: null },
    ];
    for (const input of accepted)
      expect(message(await s.main.create(ann, input)), JSON.stringify(input)).toBe('accepted');
  });

  it('main games - create seats the creator as host with the defaults and debits the entry fee', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann', 1000);
    const game = value(await s.main.create(ann, { name: '  Friday game  ', gameCode: ' abc ' }));
    expect(game.meta).toMatchObject({
      name: 'Friday game',
      gameCode: 'abc',
      isPrivate: false,
      playerLimit: 4,
      entryFee: 100,
      rules: { clearWithTens: true, sevenLower: true, burnFourOfAKind: true, mustPlayAllSameValue: false },
      hostId: ann.id,
      hostName: 'Ann',
      seats: { [String(ann.id)]: { userId: ann.id, username: 'Ann', avatar: ann.avatar, paid: 100 } },
    });
    expect(postingsOf(s, game.id)).toEqual([{ from: ann.id, to: MEMORY_HOUSE, amount: 100, kind: 'fee' }]);
    expect(await s.bank.balance(ann.id)).toBe(900);
    const view = mainView(game, ann.id);
    // The pot is what was paid so far (docs/product.md §D12 pot): Ann's fee.
    expect(view).toMatchObject({ status: 'waiting', prizeAmount: 100, mustChooseFaceUp: true, currentTurn: null });
    expect(playerOf(view, ann)).toMatchObject({ isHost: true, isGuest: false, isReady: false, handCount: 6 });
    expect(s.publisher.published).toEqual([{ id: game.id, version: 1 }]);
    expect(value(await s.main.get(Number(game.id))).version).toBe(1);
    expect(code(await s.main.get('abc'))).toBe('game/not_found');
    expect(code(await s.main.get('424242'))).toBe('game/not_found');
  });

  it('main games - a registered creator short of tokens is told how many are missing; nothing is stored', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann', 120);
    const refused = await s.main.create(ann, { name: 'Big game', entryFee: 150 });
    expect(refused).toEqual({
      ok: false,
      error: { code: 'tokens/short', message: 'You need 30 more tokens to create this game' },
    });
    const broke = await registered(s, 'Broke', 0);
    expect(message(await s.main.create(broke, { name: 'Big game', entryFee: 1000 }))).toBe(
      'You need 1000 more tokens to create this game',
    );
    expect(await s.bank.balance(ann.id)).toBe(120);
    expect(s.bank.rows.filter((r) => r.kind !== 'gift')).toEqual([]);
    expect(s.publisher.published).toEqual([]);
    expect(await s.main.lobby(ann.id)).toEqual([]);
  });

  it('main games - join debits the fee; a player short of tokens is told how many are missing', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann');
    const bob = await registered(s, 'Bob', 1000);
    const cy = await registered(s, 'Cy', 180);
    const id = await seated(s, [ann], { entryFee: 250, playerLimit: 3 });
    const joined = value(await s.main.join(bob, id));
    expect(joined.meta.seats[String(bob.id)]).toEqual({
      userId: bob.id,
      username: 'Bob',
      avatar: bob.avatar,
      paid: 250,
    });
    expect(postingsOf(s, id, 'fee')).toEqual([
      { from: ann.id, to: MEMORY_HOUSE, amount: 250, kind: 'fee' },
      { from: bob.id, to: MEMORY_HOUSE, amount: 250, kind: 'fee' },
    ]);
    expect(await s.bank.balance(bob.id)).toBe(750);
    const version = await versionOf(s, id);
    expect(await s.main.join(cy, id)).toEqual({
      ok: false,
      error: { code: 'tokens/short', message: 'You need 70 more tokens to join this game' },
    });
    expect(await versionOf(s, id)).toBe(version);
    expect(await s.bank.balance(cy.id)).toBe(180);
    expect(mainView(await stored(s, id), null).players.map((p) => p.id)).toEqual([ann.id, bob.id]);
  });

  it('main games - guests play for free: no fee on creating or joining', async () => {
    const s = setup();
    const g1 = (await guest(s)).user;
    const g2 = (await guest(s)).user;
    const id = await seated(s, [g1, g2], { entryFee: 500, guestUserId: g1.id });
    const game = await stored(s, id);
    expect(game.meta.seats[String(g1.id)]?.paid).toBe(0);
    expect(game.meta.seats[String(g2.id)]?.paid).toBe(0);
    expect(s.bank.rows).toEqual([]);
    expect(playerOf(mainView(game, g2.id), g2).isGuest).toBe(true);
  });

  it('main games - joining again is a no-op; a started or full game is refused', async () => {
    const s = setup();
    const [ann, bob, cy, dee] = [
      await registered(s, 'Ann'),
      await registered(s, 'Bob'),
      await registered(s, 'Cy'),
      await registered(s, 'Dee'),
    ];
    const full = await seated(s, [ann, bob], { playerLimit: 2 });
    const version = await versionOf(s, full);
    const published = s.publisher.published.length;
    expect(value(await s.main.join(bob, full)).version).toBe(version);
    expect(value(await s.main.join(ann, full)).version).toBe(version);
    expect(s.publisher.published.length).toBe(published);
    expect(postingsOf(s, full, 'fee')).toHaveLength(2);
    expect(await s.main.join(cy, full)).toMatchObject({
      ok: false,
      error: { code: 'seat/full', message: 'This game is full' },
    });
    expect(await s.bank.balance(cy.id)).toBe(1000);

    const open = await seated(s, [cy, dee], { playerLimit: 3 });
    await chooseFaceUp(s, open, cy);
    await chooseFaceUp(s, open, dee);
    expect((await viewOf(s, open, null)).status).toBe('active');
    expect(await s.main.join(ann, open)).toMatchObject({
      ok: false,
      error: { code: 'game/started', message: 'The game has already started' },
    });
    // A seated player asking to join a game in play just gets it back.
    expect(value(await s.main.join(dee, open)).version).toBe(await versionOf(s, open));
    expect(code(await s.main.join(ann, 'not-a-number'))).toBe('game/not_found');
  });

  it('main games - leaving a waiting game frees the seat and refunds the fee', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann');
    const bob = await registered(s, 'Bob');
    const id = await seated(s, [ann, bob], { entryFee: 300, playerLimit: 3 });
    expect(await s.bank.balance(bob.id)).toBe(700);
    const left = value(await s.main.leave(bob, id));
    expect(left.state.seats.map((x) => x.id)).toEqual([String(ann.id)]);
    expect(postingsOf(s, id, 'refund')).toEqual([{ from: MEMORY_HOUSE, to: bob.id, amount: 300, kind: 'refund' }]);
    expect(await s.bank.balance(bob.id)).toBe(1000);
    expect((await s.main.lobby(null))[0]?.playerCount).toBe(1);
    // Coming back costs the fee again; leaving twice refunds once per seat taken.
    value(await s.main.join(bob, id));
    expect(await s.bank.balance(bob.id)).toBe(700);
    value(await s.main.leave(bob, id));
    expect(postingsOf(s, id, 'refund')).toHaveLength(2);
    expect(await s.bank.balance(bob.id)).toBe(1000);
    expect(code(await s.main.leave(bob, id))).toBe('game/not_member');
  });

  it('main games - when everyone leaves a waiting game it is cancelled: completed and out of the lobby', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann');
    const g = (await guest(s)).user;
    const id = await seated(s, [ann, g], { entryFee: 200 });
    expect((await s.main.lobby(null)).map((e) => String(e.id))).toEqual([id]);
    value(await s.main.leave(ann, id));
    s.clock.advance(5000);
    const last = value(await s.main.leave(g, id));
    expect(last.meta.cancelled).toBe(true);
    expect(last.meta.finishedAt).toBe(s.clock.now());
    expect(last.listed).toBe(false);
    expect(mainView(last, null).status).toBe('completed');
    expect(await s.main.lobby(null)).toEqual([]);
    expect(await s.bank.balance(ann.id)).toBe(1000);
    expect(await s.main.join(ann, id)).toMatchObject({ ok: false, error: { code: 'game/over' } });
    expect(await s.main.recent(ann.id)).toEqual([]);
  });

  it('main games - choosing 3 face-up cards counts as ready; when both have chosen the game starts', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann');
    const bob = await registered(s, 'Bob');
    const id = await seated(s, [ann, bob], { playerLimit: 3 });
    expect(await s.main.ready(ann, id)).toMatchObject({
      ok: false,
      error: { code: 'ready/choose_face_up', message: 'Choose your 3 face-up cards to get ready' },
    });
    const hand = playerOf(await viewOf(s, id, ann), ann).handCards.map((c) => c.id);
    expect(hand).toHaveLength(6);
    expect(await s.main.chooseFaceUp(ann, id, hand.slice(0, 2))).toMatchObject({
      ok: false,
      error: { code: 'face_up/count', message: 'You must select exactly 3 cards' },
    });
    const first = value(await s.main.chooseFaceUp(ann, id, hand.slice(0, 3)));
    const annView = mainView(first, ann.id);
    expect(annView.status).toBe('waiting');
    expect(playerOf(annView, ann)).toMatchObject({ isReady: true, handCount: 3 });
    expect(playerOf(annView, ann).faceUpCards.map((c) => c.id)).toEqual(hand.slice(0, 3));
    expect(annView.mustChooseFaceUp).toBe(false);
    // Saying ready after choosing is accepted and changes nothing.
    expect(value(await s.main.ready(ann, id)).version).toBe(first.version);
    s.clock.advance(1000);
    const second = await chooseFaceUp(s, id, bob);
    const view = mainView(second, null);
    expect(view.status).toBe('active');
    expect(second.meta.startedAt).toBe(s.clock.now());
    expect([ann.id, bob.id]).toContain(view.currentTurn);
    expect((await s.main.lobby(null))[0]?.status).toBe('active');
  });

  it('main games - a play out of turn is refused with the engine message and changes nothing', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann');
    const bob = await registered(s, 'Bob');
    const cy = await registered(s, 'Cy');
    const id = await started(s, [ann, bob]);
    const before = await stored(s, id);
    const waiting = mainView(before, null).currentTurn === ann.id ? bob : ann;
    const card = playerOf(mainView(before, waiting.id), waiting).handCards[0]?.id ?? 'none';
    const published = s.publisher.published.length;
    expect(await s.main.play(waiting, id, [card])).toEqual({
      ok: false,
      error: { code: 'turn/not_your_turn', message: 'Wait for your turn to play' },
    });
    expect(await s.main.pickUp(waiting, id)).toMatchObject({ ok: false, error: { code: 'turn/not_your_turn' } });
    expect(await s.main.play(cy, id, [card])).toMatchObject({
      ok: false,
      error: { code: 'game/not_member', message: 'You are not a player in this game' },
    });
    expect(await stored(s, id)).toEqual(before);
    expect(s.publisher.published.length).toBe(published);
  });

  it('main games - chat: trimmed, empty ignored, at most 500 characters, members only, last 200 kept', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann');
    const bob = await registered(s, 'Bob');
    const id = await seated(s, [ann]);
    const version = await versionOf(s, id);
    expect(await s.main.chat(ann, id, '   ')).toEqual({ ok: true, value: null });
    expect(await versionOf(s, id)).toBe(version);
    expect(await s.main.chat(ann, id, 'x'.repeat(501))).toEqual({
      ok: false,
      error: { code: 'chat/too_long', message: 'Message must be at most 500 characters' },
    });
    expect(await s.main.chat(bob, id, 'hello')).toMatchObject({ ok: false, error: { code: 'game/not_member' } });
    expect(await versionOf(s, id)).toBe(version);
    const line = value(await s.main.chat(ann, id, '  hello there  '));
    expect(line).toEqual({
      id: 1,
      userId: ann.id,
      username: 'Ann',
      avatar: ann.avatar,
      message: 'hello there',
      at: s.clock.now(),
    });
    expect(value(await s.main.chat(ann, id, ` ${'y'.repeat(500)} `))?.message).toHaveLength(500);
    const chatted = await stored(s, id);
    expect(chatted.meta.lastChange).toBe('chat');
    expect(mainView(chatted, bob.id).chatMessages.map((m) => m.message)).toEqual(['hello there', 'y'.repeat(500)]);
    for (let n = 3; n <= 205; n++) value(await s.main.chat(ann, id, `line ${n}`));
    const game = await stored(s, id);
    expect(game.meta.chat).toHaveLength(200);
    expect(game.meta.chat[0]?.id).toBe(6);
    expect(game.meta.chat.at(-1)).toMatchObject({ id: 205, message: 'line 205' });
    expect(game.meta.chatSeq).toBe(205);
  });

  it('main games - a player who left a waiting game can no longer chat in it', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann');
    const bob = await registered(s, 'Bob');
    const id = await seated(s, [ann, bob], { playerLimit: 3 });
    value(await s.main.chat(bob, id, 'brb'));
    value(await s.main.leave(bob, id));
    const version = await versionOf(s, id);
    expect(await s.main.chat(bob, id, 'still here?')).toMatchObject({ ok: false, error: { code: 'game/not_member' } });
    expect(await versionOf(s, id)).toBe(version);
  });

  it('main games - the lobby hides a private game from everyone but its players', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann');
    const bob = await registered(s, 'Bob');
    const cy = await registered(s, 'Cy');
    const open = value(await s.main.create(ann, { name: 'Open game' }));
    s.clock.advance(1000);
    const secret = value(await s.main.create(bob, { name: 'Secret game', isPrivate: true, playerLimit: 3 }));
    value(await s.main.join(cy, secret.id));
    const names = async (viewer: User | null) => (await s.main.lobby(viewer?.id ?? null)).map((e) => e.name);
    expect(await names(null)).toEqual(['Open game']);
    expect(await names(ann)).toEqual(['Open game']);
    expect(await names(bob)).toEqual(['Secret game', 'Open game']);
    expect(await names(cy)).toEqual(['Secret game', 'Open game']);
    const [entry] = await s.main.lobby(bob.id);
    expect(entry).toEqual({
      id: Number(secret.id),
      name: 'Secret game',
      status: 'waiting',
      isPrivate: true,
      allowBots: false,
      playerCount: 2,
      playerLimit: 3,
      players: [
        { id: bob.id, username: 'Bob', avatar: bob.avatar, isBot: false, isComputer: false },
        { id: cy.id, username: 'Cy', avatar: cy.avatar, isBot: false, isComputer: false },
      ],
      startedAt: new Date(secret.createdAt).toISOString(),
      entryFee: 100,
      // The fees paid so far, as the game's own state says (docs/product.md §D12 pot).
      prizeAmount: 200,
      hostId: bob.id,
      hostName: 'Bob',
      tournament: null,
    });
    // Once Cy has left, the game is Bob's alone to see.
    value(await s.main.leave(cy, secret.id));
    expect(await names(cy)).toEqual(['Open game']);
    expect(open.listed).toBe(true);
  });

  it('main games - a subscriber sees every accepted change, in order, and nothing after unsubscribing', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann');
    const g = (await guest(s)).user;
    const seen: Array<{ id: string; version: number }> = [];
    const last: StoredGame[] = [];
    const stop = s.main.subscribe((game) => {
      seen.push({ id: game.id, version: game.version });
      last[0] = game;
    });
    const id = await started(s, [ann, g], { entryFee: 100 });
    value(await s.main.chat(g, id, 'good luck'));
    await playToEnd(s, id, [ann, g], {
      step: async (game) => {
        // The published game carries only the entries its change added; state and data match.
        expect(last[0]?.version).toBe(game.version);
        expect(last[0]?.state).toEqual(game.state);
        expect(last[0]?.meta).toEqual(game.meta);
      },
    });
    const end = await stored(s, id);
    expect(seen.map((x) => x.version)).toEqual(Array.from({ length: end.version }, (_, n) => n + 1));
    expect(seen.every((x) => x.id === id)).toBe(true);
    expect(seen).toEqual(s.publisher.published);
    // Refused commands publish nothing.
    expect(code(await s.main.play(ann, id, ['c0']))).toBe('game/over');
    stop();
    value(await s.main.create(ann, { name: 'Another' }));
    expect(seen).toHaveLength(end.version);
    expect(s.publisher.published).toHaveLength(end.version + 1);
  });
});
