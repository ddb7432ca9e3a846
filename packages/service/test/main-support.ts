import type { MainGameState, MainPlayer } from '@palace/protocol';
import {
  AuthService,
  type CreateInput,
  FriendsService,
  MainGames,
  type MainMeta,
  ManualClock,
  ManualScheduler,
  MemoryAccountsStore,
  MemoryBank,
  MemoryGamesStore,
  mainView,
  type PasswordHasher,
  type Presence,
  RecordingPublisher,
  SequentialIds,
  type StoredGame,
  TokensService,
  type User,
} from '../src/index.js';
import { value } from './support.js';

/** Shared fixtures for the MainGames tests (`main-*.test.ts`). */

/** A transparent stand-in for scrypt. */
export class PlainHasher implements PasswordHasher {
  async hash(password: string): Promise<string> {
    return `plain:${password}`;
  }
  async verify(password: string, stored: string): Promise<boolean> {
    return stored === `plain:${password}`;
  }
}

/** Sequential ids whose seeds start with `prefix`, so random tests see different deals. */
export class SeededIds extends SequentialIds {
  private seeds = 0;
  constructor(private readonly prefix: string) {
    super();
  }
  override seed(): string {
    this.seeds++;
    return `${this.prefix}-${this.seeds}`;
  }
}

/** Every port in memory, one `MemoryBank` behind both the accounts and the games store. */
export function setup(seed = 'seed') {
  const bank = new MemoryBank();
  const accounts = new MemoryAccountsStore(bank);
  const store = new MemoryGamesStore(bank);
  const clock = new ManualClock();
  const scheduler = new ManualScheduler(clock);
  const publisher = new RecordingPublisher();
  const ids = new SeededIds(seed);
  const auth = new AuthService({ accounts, tokens: bank, hasher: new PlainHasher(), clock, ids });
  const main = new MainGames({ store, clock, ids, scheduler, publisher, tokens: bank });
  const tokens = new TokensService({ tokens: bank, clock });
  const presence = new Map<number, Presence>();
  const friends = new FriendsService({ friends: accounts, clock }, (id) => presence.get(id) ?? 'offline');
  return { bank, accounts, store, clock, scheduler, publisher, ids, auth, main, tokens, friends, presence };
}
export type Setup = ReturnType<typeof setup>;

let invites = 0;

/** A registered user booked straight into the stores, with a gift of `tokens` (0 for none). */
export async function registered(s: Setup, username: string, tokens = 1000): Promise<User> {
  const inviteCode = `INV-${++invites}`;
  await s.accounts.addInvite(inviteCode, 1);
  const created = await s.accounts.register({
    username,
    email: `${username.toLowerCase()}@example.com`,
    passwordHash: 'plain:secret1',
    avatar: `/api/avatars/${username}.svg`,
    inviteCode,
    gift: tokens,
    at: s.clock.now(),
  });
  if (!created.ok) throw new Error(`register ${username}: ${created.error}`);
  return created.value;
}

/** A user registered through `AuthService` (the 100-token gift), optionally from a session. */
export async function signedUp(s: Setup, username: string, previous?: string) {
  const inviteCode = `INV-${++invites}`;
  await s.auth.seedInvites([inviteCode], 1);
  return value(
    await s.auth.register(
      { username, email: `${username.toLowerCase()}@example.com`, password: 'secret1', inviteCode },
      previous,
    ),
  );
}

/** A new guest and its session token. */
export async function guest(s: Setup) {
  return value(await s.auth.guestLogin());
}

export async function stored(s: Setup, id: string | number): Promise<StoredGame<MainMeta>> {
  const game = await s.store.load(String(id));
  if (game === null) throw new Error(`no game ${id}`);
  return game as StoredGame<MainMeta>;
}

/** The game as `user` sees it. */
export async function viewOf(s: Setup, id: string | number, user: User | null): Promise<MainGameState> {
  return mainView(await stored(s, id), user === null ? null : user.id);
}

export function playerOf(view: MainGameState, user: User): MainPlayer {
  const player = view.players.find((p) => p.id === user.id);
  if (player === undefined) throw new Error(`${user.username} is not in game ${view.id}`);
  return player;
}

/** `user` chooses 3 face-up cards from their hand: the first three, or the ones `pick` names by index. */
export async function chooseFaceUp(s: Setup, id: string | number, user: User, pick: readonly number[] = [0, 1, 2]) {
  const hand = playerOf(await viewOf(s, id, user), user).handCards;
  const cardIds = pick.map((n) => hand[n]?.id ?? `missing-${n}`);
  return value(await s.main.chooseFaceUp(user, id, cardIds));
}

/** `users[0]` creates the game, the rest join, nobody has chosen face-up cards yet. */
export async function seated(s: Setup, users: readonly User[], input: Partial<CreateInput> = {}) {
  const [host, ...others] = users;
  if (host === undefined) throw new Error('no players');
  const created = value(
    await s.main.create(host, { name: 'Test game', playerLimit: Math.max(2, users.length), ...input }),
  );
  for (const user of others) value(await s.main.join(user, created.id));
  return created.id;
}

/** Seats `users` and has each choose face-up cards: the game is in play. */
export async function started(s: Setup, users: readonly User[], input: Partial<CreateInput> = {}) {
  const id = await seated(s, users, input);
  for (const user of users) await chooseFaceUp(s, id, user);
  return id;
}

/** Card values from the cheapest to play to the most precious (2 and 10 play on anything). */
const VALUE_ORDER = ['3', '4', '5', '6', '7', '8', '9', 'J', 'Q', 'K', 'A', '2', '10'];

export type MainMove = { readonly type: 'play'; readonly cardIds: readonly string[] } | { readonly type: 'pickUp' };

/**
 * The legal moves `viewer` has in `view`, from its hints only: one play per playable card (or,
 * with `mustPlayAllSameValue`, every playable card of that value together), lowest value first,
 * then face-down cards, then the pick-up.
 */
export function movesIn(view: MainGameState, viewer: User): MainMove[] {
  const me = playerOf(view, viewer);
  const playable = new Set(view.playableCards);
  const moves: MainMove[] = [];
  const byValue = new Map<string, string[]>();
  const cards = [...me.handCards, ...me.faceUpCards].flatMap((c) => ('value' in c && playable.has(c.id) ? [c] : []));
  cards.sort((a, b) => VALUE_ORDER.indexOf(a.value) - VALUE_ORDER.indexOf(b.value));
  for (const card of cards) byValue.set(card.value, [...(byValue.get(card.value) ?? []), card.id]);
  if (view.rules.mustPlayAllSameValue) {
    for (const ids of byValue.values()) moves.push({ type: 'play', cardIds: ids });
  } else {
    for (const ids of byValue.values()) for (const cardId of ids) moves.push({ type: 'play', cardIds: [cardId] });
  }
  for (const blind of me.faceDownCards) if (playable.has(blind.id)) moves.push({ type: 'play', cardIds: [blind.id] });
  if (view.canPickUp) moves.push({ type: 'pickUp' });
  return moves;
}

export interface PlayOptions {
  /** A whole number from 0 to n - 1 (which move to make among n); default the first. */
  readonly choose?: (n: number) => number;
  /** This player never picks up while a play is possible, and everyone else picks up whenever they may. */
  readonly favour?: User;
  /** Whether to pick up although a play is possible (asked only then); default: choose among all moves. */
  readonly pickUpAnyway?: () => boolean;
  /** Called with the stored game after every accepted move (and once before the first). */
  readonly step?: (game: StoredGame<MainMeta>) => void | Promise<void>;
  /** ms the clock moves between moves. */
  readonly tick?: number;
}

/** Plays the started game `id` to its end with legal moves of the seated `users`. */
export async function playToEnd(
  s: Setup,
  id: string | number,
  users: readonly User[],
  options: PlayOptions = {},
): Promise<StoredGame<MainMeta>> {
  const choose = options.choose ?? (() => 0);
  let game = await stored(s, id);
  await options.step?.(game);
  for (let n = 0; n < 5000; n++) {
    if (game.state.phase === 'finished') return game;
    const turn = mainView(game, null).currentTurn;
    const mover = users.find((u) => u.id === turn);
    if (mover === undefined) throw new Error(`no mover in game ${id} (turn ${turn})`);
    const moves = movesIn(mainView(game, mover.id), mover);
    const plays = moves.filter((m) => m.type === 'play');
    const canPickUp = moves.some((m) => m.type === 'pickUp');
    let move: MainMove | undefined;
    if (options.favour !== undefined) {
      const favoured = options.favour.id === mover.id;
      move = favoured || !canPickUp ? (plays[choose(plays.length)] ?? moves[0]) : { type: 'pickUp' };
    } else if (options.pickUpAnyway !== undefined) {
      move = plays.length === 0 || (canPickUp && options.pickUpAnyway()) ? moves.at(-1) : plays[choose(plays.length)];
    } else {
      move = moves[choose(moves.length)];
    }
    if (move === undefined) throw new Error(`no legal move for ${mover.username} in game ${id}`);
    s.clock.advance(options.tick ?? 1000);
    game = value(move.type === 'pickUp' ? await s.main.pickUp(mover, id) : await s.main.play(mover, id, move.cardIds));
    await options.step?.(game);
  }
  throw new Error(`game ${id} did not end`);
}

/** Every posting booked for game `gameId` (of `kind` if given), from the bank's row pairs. */
export function postingsOf(s: Setup, gameId: string | number, kind?: string) {
  const postings: Array<{ from: number; to: number; amount: number; kind: string }> = [];
  for (let n = 0; n + 1 < s.bank.rows.length; n += 2) {
    const debit = s.bank.rows[n];
    const credit = s.bank.rows[n + 1];
    if (debit === undefined || credit === undefined) break;
    if (debit.gameId !== String(gameId) || (kind !== undefined && debit.kind !== kind)) continue;
    postings.push({ from: debit.userId, to: credit.userId, amount: credit.amount, kind: debit.kind });
  }
  return postings;
}
