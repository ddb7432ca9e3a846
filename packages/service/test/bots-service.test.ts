import { describe, expect, it } from 'vitest';
import { BOTS_PER_OWNER, BotsService, MemoryBotsStore, type User } from '../src/index.js';
import * as main from './main-support.js';
import { code, refusal, value } from './support.js';

/** Bot accounts (docs/bots.md): the service with in-memory fakes, and bots at the main game's tables. */

function setup() {
  const s = main.setup();
  const botStore = new MemoryBotsStore(s.accounts);
  const bots = new BotsService({ bots: botStore, clock: s.clock, ids: s.ids });
  return { ...s, botStore, bots };
}
type Setup = ReturnType<typeof setup>;

/** A bot of `owner` named `name` and the user it signs in as. */
async function botOf(s: Setup, owner: User, name: string): Promise<User> {
  const created = value(await s.bots.create(owner, name));
  const user = await s.bots.authenticate(created.token);
  if (user === null) throw new Error('the new token does not sign in');
  return user;
}

describe('BotsService', () => {
  it('bots - create answers the bot and a token once; only its digest is stored; the token signs in as the bot', async () => {
    const s = setup();
    const ann = await main.registered(s, 'Ann');
    const at = s.clock.now();
    const created = value(await s.bots.create(ann, '  AnnBot '));
    expect(created.bot).toEqual({
      id: expect.any(Number),
      username: 'AnnBot',
      avatar: '/api/avatars/AnnBot.svg',
      createdAt: at,
      tokenCreatedAt: at,
    });
    expect(s.botStore.tokenHashes()).toEqual([s.ids.digest(created.token)]);
    expect(s.botStore.tokenHashes()).not.toContain(created.token);
    const user = await s.bots.authenticate(created.token);
    expect(user).toEqual({
      id: created.bot.id,
      username: 'AnnBot',
      email: null,
      avatar: '/api/avatars/AnnBot.svg',
      isGuest: false,
      isBot: true,
    });
    expect(await s.bots.authenticate('token-999')).toBeNull();
    expect(await s.bots.authenticate('')).toBeNull();
    expect(value(await s.bots.list(ann))).toEqual([created.bot]);
    // No gift and no password: nothing in the ledger, no login.
    expect(await s.bank.balance(created.bot.id)).toBe(0);
    expect(code(await s.auth.login({ username: 'AnnBot', password: 'secret1' }))).toBe('auth/login_failed');
  });

  it('bots - names follow the registration rules and are unique against every user; at most 3 per owner', async () => {
    const s = setup();
    const ann = await main.registered(s, 'Ann');
    await main.registered(s, 'Bob');
    expect(refusal(await s.bots.create(ann, ' ab '))?.message).toBe('Username must be at least 3 characters');
    expect(code(await s.bots.create(ann, 'x'.repeat(31)))).toBe('auth/username_invalid');
    expect(code(await s.bots.create(ann, 'a@b'))).toBe('auth/username_invalid');
    expect(refusal(await s.bots.create(ann, 'BOB'))?.message).toBe('That username is already taken');
    for (let n = 1; n <= BOTS_PER_OWNER; n++) value(await s.bots.create(ann, `AnnBot${n}`));
    expect(code(await s.bots.create(ann, 'annbot1'))).toBe('bots/limit');
    expect(refusal(await s.bots.create(ann, 'AnnBot4'))?.message).toBe('You can have at most 3 bots.');
    expect(value(await s.bots.list(ann)).map((b) => b.username)).toEqual(['AnnBot1', 'AnnBot2', 'AnnBot3']);
  });

  it('bots - guests and bots own no bots', async () => {
    const s = setup();
    const ann = await main.registered(s, 'Ann');
    const visitor = (await main.guest(s)).user;
    const bot = await botOf(s, ann, 'AnnBot');
    for (const owner of [visitor, bot]) {
      expect(refusal(await s.bots.create(owner, 'Another'))?.message).toBe('Bots are for registered players.');
      expect(code(await s.bots.list(owner))).toBe('bots/owner_only');
      expect(code(await s.bots.newToken(owner, bot.id))).toBe('bots/owner_only');
      expect(code(await s.bots.revoke(owner, bot.id))).toBe('bots/owner_only');
    }
  });

  it('bots - a new token retires the old one at once; a revocation leaves none; only the owner may do either', async () => {
    const s = setup();
    const ann = await main.registered(s, 'Ann');
    const bob = await main.registered(s, 'Bob');
    const first = value(await s.bots.create(ann, 'AnnBot'));
    const id = first.bot.id;
    expect(refusal(await s.bots.newToken(bob, id))?.message).toBe('Bot not found.');
    expect(code(await s.bots.revoke(bob, id))).toBe('bots/not_found');
    expect(code(await s.bots.newToken(ann, ann.id))).toBe('bots/not_found');
    s.clock.advance(5000);
    const second = value(await s.bots.newToken(ann, id));
    expect(second.token).not.toBe(first.token);
    expect(second.bot).toMatchObject({ id, createdAt: first.bot.createdAt, tokenCreatedAt: s.clock.now() });
    expect(await s.bots.authenticate(first.token)).toBeNull();
    expect(await s.bots.authenticate(second.token)).toMatchObject({ id, isBot: true });
    const revoked = value(await s.bots.revoke(ann, id));
    expect(revoked.tokenCreatedAt).toBeNull();
    expect(await s.bots.authenticate(second.token)).toBeNull();
    expect(s.botStore.tokenHashes()).toEqual([]);
  });
});

describe('bots at the main game', () => {
  it('bots - a bot joining a game that does not allow bots is refused and nothing changes', async () => {
    const s = setup();
    const ann = await main.registered(s, 'Ann');
    const bot = await botOf(s, ann, 'AnnBot');
    const id = await main.seated(s, [ann]);
    const before = await main.stored(s, id);
    expect(refusal(await s.main.join(bot, id))).toEqual({
      code: 'game/no_bots',
      message: 'This game does not allow bots.',
    });
    expect((await main.stored(s, id)).version).toBe(before.version);
    expect((await main.viewOf(s, id, ann)).allowBots).toBe(false);
  });

  it('bots - a game that allows bots seats one for free, marked a bot in the state and the lobby', async () => {
    const s = setup();
    const ann = await main.registered(s, 'Ann');
    const bot = await botOf(s, ann, 'AnnBot');
    const id = await main.seated(s, [ann], { allowBots: true, entryFee: 100 });
    value(await s.main.join(bot, id));
    const view = await main.viewOf(s, id, bot);
    expect(view.allowBots).toBe(true);
    expect(view.players.map((p) => [p.username, p.isBot, p.isGuest])).toEqual([
      ['Ann', false, false],
      ['AnnBot', true, false],
    ]);
    expect(main.postingsOf(s, id, 'fee')).toEqual([{ from: ann.id, to: 0, amount: 100, kind: 'fee' }]);
    const [entry] = await s.main.lobby(null);
    expect(entry).toMatchObject({ id: Number(id), allowBots: true });
    expect(entry?.players.map((p) => p.isBot)).toEqual([false, true]);
  });

  it('bots - a game a bot creates allows bots, and the bot pays nothing', async () => {
    const s = setup();
    const ann = await main.registered(s, 'Ann');
    const bot = await botOf(s, ann, 'AnnBot');
    const other = await botOf(s, ann, 'AnnBot2');
    const created = value(await s.main.create(bot, { name: 'Bot table', playerLimit: 2, allowBots: false }));
    expect(created.meta.allowBots).toBe(true);
    value(await s.main.join(other, created.id));
    expect(main.postingsOf(s, created.id, 'fee')).toEqual([]);
  });

  it('bots - a bot winner takes no prize; a rematch keeps allowBots, and a bot is refused from one without it', async () => {
    const s = setup();
    const ann = await main.registered(s, 'Ann');
    const bot = await botOf(s, ann, 'AnnBot');
    const id = await main.started(s, [ann, bot], { allowBots: true, entryFee: 100 });
    const over = await main.playToEnd(s, id, [ann, bot], { favour: bot });
    expect(over.state.result?.winner).toBe(String(bot.id));
    expect(main.postingsOf(s, id, 'prize')).toEqual([]);
    expect(await s.bank.balance(bot.id)).toBe(0);
    const next = value(await s.main.rematch(ann, id));
    expect(next.meta.allowBots).toBe(true);
    expect(value(await s.main.rematch(bot, id)).id).toBe(next.id);

    // A finished game whose bot seat predates the setting (rigged): its rematch does not allow bots.
    const second = await main.started(s, [ann, bot], { allowBots: true, entryFee: 100 });
    await main.playToEnd(s, second, [ann, bot]);
    const stored = await main.stored(s, second);
    const rigged = { ...stored, version: stored.version + 1, meta: { ...stored.meta, allowBots: false } };
    expect(await s.store.save(rigged, stored.version)).toBe('saved');
    const offered = value(await s.main.rematch(ann, second));
    expect(refusal(await s.main.rematch(bot, second))?.message).toBe('This game does not allow bots.');
    expect((await main.stored(s, offered.id)).state.seats.map((seat) => seat.name)).toEqual(['Ann']);
  });
});
