import {
  AuthService,
  BotsService,
  MainGames,
  ManualClock,
  ManualScheduler,
  type PasswordHasher,
  RecordingPublisher,
  SequentialIds,
  SettingsService,
  type User,
} from '@palace/service';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import {
  KyselyAccountsStore,
  KyselyBotsStore,
  KyselyFriendsStore,
  KyselyGamesStore,
  KyselyRatingsStore,
  KyselySettingsStore,
  KyselyTokensStore,
} from '../src/index.js';
import type { Database } from '../src/schema.js';
import { DIALECTS, DialectDatabases } from './dialects.js';
import { expectLedgerBalanced, value } from './helpers.js';

const plain: PasswordHasher = {
  hash: async (password) => `plain:${password}`,
  verify: async (password, stored) => stored === `plain:${password}`,
};

async function open(temp: DialectDatabases) {
  const db = await temp.fresh('settings');
  const accounts = new KyselyAccountsStore(db);
  const tokens = new KyselyTokensStore(db);
  const store = new KyselySettingsStore(db);
  const clock = new ManualClock();
  const ids = new SequentialIds();
  const auth = new AuthService({ accounts, tokens, hasher: plain, clock, ids });
  const settings = new SettingsService({ settings: store, hasher: plain, clock, ids });
  const bots = new BotsService({ bots: new KyselyBotsStore(db), clock, ids });
  const main = new MainGames({
    store: new KyselyGamesStore(db),
    clock,
    ids,
    scheduler: new ManualScheduler(clock),
    publisher: new RecordingPublisher(),
    tokens,
  });
  let invites = 0;
  const signUp = async (username: string) => {
    const inviteCode = `INV${++invites}`;
    await auth.seedInvites([inviteCode], 1);
    return value(
      await auth.register({
        username,
        email: `${username.toLowerCase()}@example.com`,
        password: 'secret1',
        inviteCode,
      }),
    );
  };
  return { db, accounts, tokens, store, clock, auth, settings, bots, main, signUp };
}

const deletion = (user: User) => ({ password: 'secret1', confirmation: user.username });

async function count(db: Kysely<Database>, table: 'sessions' | 'friends' | 'user_preferences' | 'bot_tokens') {
  return (await db.selectFrom(table).selectAll().execute()).length;
}

describe.each(DIALECTS)('%s settings store', (dialect) => {
  const temp = new DialectDatabases(dialect);
  afterEach(() => temp.cleanUp(expectLedgerBalanced));

  it('settings - preferences are saved as JSON and read over the defaults', async () => {
    const { store, settings, signUp } = await open(temp);
    const { user } = await signUp('Ann');
    expect(await store.preferences(user.id)).toBeNull();
    value(await settings.updatePreferences(user, { sound: false }));
    value(await settings.updatePreferences(user, { reducedMotion: true }));
    expect(await store.preferences(user.id)).toEqual({
      sound: false,
      turnNotifications: true,
      reducedMotion: true,
      fourColour: false,
      largeCards: false,
    });
  });

  it('settings - the avatar is stored and answered with the user', async () => {
    const { accounts, settings, signUp } = await open(temp);
    const { user } = await signUp('Ann');
    const updated = value(await settings.setAvatar(user, 'https://example.com/ann.png'));
    expect(updated).toEqual({ ...user, avatar: 'https://example.com/ann.png' });
    expect(await accounts.user(user.id)).toEqual(updated);
  });

  it('settings - other sessions gone, this one stays, after a password change', async () => {
    const { db, auth, settings, signUp } = await open(temp);
    const { user, token } = await signUp('Ann');
    const other = value(await auth.login({ username: 'Ann', password: 'secret1' })).token;
    const { token: bobs } = await signUp('Bob');
    value(
      await settings.changePassword(user, token, {
        currentPassword: 'secret1',
        newPassword: 'secret2',
        confirmPassword: 'secret2',
      }),
    );
    expect((await auth.check(token)).ok).toBe(true);
    expect((await auth.check(other)).ok).toBe(false);
    expect((await auth.check(bobs)).ok).toBe(true);
    expect(await count(db, 'sessions')).toBe(2);
    expect((await auth.login({ username: 'ann', password: 'secret1' })).ok).toBe(false);
    expect((await auth.login({ username: 'ann', password: 'secret2' })).ok).toBe(true);
  });

  it('settings - deletion is refused while a main game is waiting or in play, and allowed once it is left', async () => {
    const { auth, settings, main, signUp } = await open(temp);
    const { user: ann } = await signUp('Ann');
    const { user: bob } = await signUp('Bob');
    const game = value(await main.create(bob, { name: 'Table', playerLimit: 2 }));
    value(await main.join(ann, game.id));
    expect(await settings.deleteAccount(ann, deletion(ann))).toMatchObject({
      error: { code: 'settings/game_in_play' },
    });
    expect((await auth.login({ username: 'Ann', password: 'secret1' })).ok).toBe(true);
    value(await main.leave(ann, game.id));
    expect(value(await settings.deleteAccount(ann, deletion(ann)))).toEqual([ann.id]);
  });

  it('settings - ledger sums to zero after deletion; the account and its bots are anonymised everywhere', async () => {
    const { db, auth, tokens, settings, bots, signUp, clock } = await open(temp);
    const { user: ann, token } = await signUp('Ann');
    const { user: bob } = await signUp('Bob');
    const friends = new KyselyFriendsStore(db);
    await friends.addFriend(bob.id, ann.id, clock.now());
    value(await settings.updatePreferences(ann, { sound: false }));
    const bot = value(await bots.create(ann, 'AnnBot'));
    await db
      .insertInto('ratings')
      .values({ user_id: ann.id, preset: 'classic', mu: 25, sigma: 8, games: 1, shown: 1500, updated_at: 0 })
      .execute();
    await db
      .insertInto('support_messages')
      .values({ user_id: ann.id, subject: 'Hi', message: 'Me', created_at: 0 })
      .execute();
    await db
      .insertInto('waitlist')
      .values({ name: 'Ann', email: 'ann@example.com', note: '', created_at: 0 })
      .execute();
    const ledgerBefore = (await db.selectFrom('ledger').selectAll().execute()).length;

    expect(value(await settings.deleteAccount(ann, deletion(ann)))).toEqual([ann.id, bot.bot.id]);

    await expectLedgerBalanced(db);
    expect((await db.selectFrom('ledger').selectAll().execute()).length).toBe(ledgerBefore);
    expect(await tokens.balance(ann.id)).toBe(100);
    const row = await db.selectFrom('users').selectAll().where('id', '=', ann.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      username: `deleted-${ann.id}`,
      username_key: `deleted-${ann.id}`,
      email: null,
      password_hash: null,
      avatar: null,
    });
    expect(row.deleted_at).not.toBeNull();
    expect(await auth.check(token)).toMatchObject({ ok: false });
    expect((await auth.login({ username: 'Ann', password: 'secret1' })).ok).toBe(false);
    expect(await bots.authenticate(bot.token)).toBeNull();
    expect(await count(db, 'friends')).toBe(0);
    expect(await count(db, 'user_preferences')).toBe(0);
    expect(await count(db, 'bot_tokens')).toBe(0);
    expect(await db.selectFrom('support_messages').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('waitlist').selectAll().execute()).toEqual([]);
    expect(await friends.userByName(`deleted-${ann.id}`)).toBeNull();
    for (const order of ['balance', 'wins'] as const) {
      expect((await tokens.leaderboard(order, 10)).map((l) => l.username)).toEqual(['Bob']);
    }
    expect(await new KyselyRatingsStore(db).leaders('classic', 10)).toEqual([]);
    // The old name is free for a new account.
    expect((await signUp('Ann')).user.id).not.toBe(ann.id);
  });
});
