import { REST_CHAT_KEEP, type RestGameState } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { MemoryGamesStore, normalizeId, RestGames, SequentialIds, type StoredGame } from '../src/index.js';
import { aiToMove, code, pair, setup, stored, value, versionOf } from './rest-support.js';

/** Counts reads, to prove that idle polls are answered from memory. */
class CountingStore extends MemoryGamesStore {
  loads = 0;
  override async load(id: string): Promise<StoredGame | null> {
    this.loads++;
    return super.load(id);
  }
}

/** Counts credential hashing, to prove that a proven credential is not hashed again. */
class CountingIds extends SequentialIds {
  digests = 0;
  override digest(value: string): string {
    this.digests++;
    return super.digest(value);
  }
}

/** RestGames: chat, poll (and its in-memory fast path), the lobby and game ids. */
describe('RestGames', () => {
  it('rest games - chat trims, numbers messages m1, m2 … and decides isEmoji by the spec rule', async () => {
    const s = setup();
    const { id, alice, bob } = await pair(s);
    s.clock.advance(5);
    const first = value(await s.rest.chat(id, alice, '  hello there  '));
    expect(first.chatMessages).toEqual([
      { id: 'm1', sender: alice, senderName: 'Alice', text: 'hello there', isEmoji: false, timestamp: s.clock.now() },
    ]);
    for (const text of [':hearts:', ' :fire: ', '😀', 'ok', 'hello', ':notacode:']) {
      value(await s.rest.chat(id, bob, text));
    }
    const seen = value(await s.rest.view(id, bob)).chatMessages;
    expect(seen.map((m) => [m.id, m.sender, m.text, m.isEmoji])).toEqual([
      ['m1', 'p1', 'hello there', false],
      ['m2', bob, ':hearts:', true],
      ['m3', bob, ':fire:', true],
      ['m4', bob, '😀', true],
      ['m5', bob, 'ok', true],
      ['m6', bob, 'hello', false],
      ['m7', bob, ':notacode:', false],
    ]);
    const stranger = value(await s.rest.view(id, undefined)).chatMessages;
    expect(stranger.map((m) => m.sender)).toEqual(['p1', 'p2', 'p2', 'p2', 'p2', 'p2', 'p2']);
  });

  it('rest games - chat refuses empty (chat/empty) and over 500 characters (chat/too_long), writing nothing', async () => {
    const s = setup();
    const { id, alice } = await pair(s);
    const version = await versionOf(s, id);
    expect(code(await s.rest.chat(id, alice, ''))).toBe('chat/empty');
    expect(code(await s.rest.chat(id, alice, ' \n\t '))).toBe('chat/empty');
    expect(code(await s.rest.chat(id, alice, 'x'.repeat(501)))).toBe('chat/too_long');
    expect(await versionOf(s, id)).toBe(version);
    const longest = value(await s.rest.chat(id, alice, `  ${'x'.repeat(500)}  `));
    expect(longest.chatMessages[0]?.text).toHaveLength(500);
  });

  it('rest games - chat keeps the newest 200 messages, and ids stay unique', async () => {
    const s = setup();
    const { id, alice } = await pair(s);
    const total = REST_CHAT_KEEP + 5;
    let state: RestGameState | undefined;
    for (let n = 1; n <= total; n++) state = value(await s.rest.chat(id, alice, `msg ${n}`));
    const messages = state?.chatMessages ?? [];
    expect(messages).toHaveLength(REST_CHAT_KEEP);
    expect(messages[0]).toMatchObject({ id: 'm6', text: 'msg 6' });
    expect(messages.at(-1)).toMatchObject({ id: `m${total}`, text: `msg ${total}` });
    expect((await stored(s, id)).meta.chatSeq).toBe(total);
  });

  it('rest games - chat during play keeps the pending AI deadline', async () => {
    const s = setup();
    const { id, alice } = await aiToMove(s);
    const due = s.scheduler.dueAt(id);
    s.clock.advance(1000);
    value(await s.rest.chat(id, alice, 'hurry up'));
    expect(s.scheduler.dueAt(id)).toBe(due);
  });

  it('rest games - poll answers null at or past the version and the state when behind', async () => {
    const s = setup();
    const { id, alice, bob } = await pair(s);
    const version = await versionOf(s, id);
    const behind = value(await s.rest.poll(id, alice, 0));
    expect(behind?.lastUpdate).toBe(version);
    expect(behind?.gameState).toEqual(value(await s.rest.view(id, alice)));
    expect(value(await s.rest.poll(id, alice, version - 1))?.lastUpdate).toBe(version);
    expect(value(await s.rest.poll(id, alice, version))).toBeNull();
    expect(value(await s.rest.poll(id, alice, version + 10))).toBeNull();
    expect(value(await s.rest.poll(id, undefined, version))).toBeNull();
    value(await s.rest.chat(id, bob, 'hi'));
    const changed = value(await s.rest.poll(id, alice, version));
    expect(changed?.lastUpdate).toBe(version + 1);
    expect(changed?.gameState.chatMessages.map((m) => m.sender)).toEqual(['p2']);
    const stranger = value(await s.rest.poll(id, undefined, version));
    expect(stranger?.gameState.players.map((p) => p.id)).toEqual(['p1', 'p2']);
  });

  it('rest games - poll forbids a wrong id even on the in-memory fast path', async () => {
    const s = setup();
    const { id, alice } = await pair(s);
    const version = await versionOf(s, id);
    // The fast path is warm: this process published the last change.
    expect(value(await s.rest.poll(id, alice, version))).toBeNull();
    for (const bad of ['nope', 'p1', 'p2', `digest(${alice})`]) {
      expect(code(await s.rest.poll(id, bad, version)), bad).toBe('player/forbidden');
      expect(code(await s.rest.poll(id, bad, version + 100)), bad).toBe('player/forbidden');
    }
  });

  it('rest games - poll does not read the store while the game is unchanged', async () => {
    const store = new CountingStore();
    const s = setup(store);
    const { id, alice, bob } = await pair(s);
    const version = await versionOf(s, id);
    store.loads = 0;
    for (let n = 0; n < 5; n++) {
      expect(value(await s.rest.poll(id, alice, version))).toBeNull();
      expect(value(await s.rest.poll(id, bob, version))).toBeNull();
      expect(value(await s.rest.poll(id, undefined, version))).toBeNull();
    }
    expect(code(await s.rest.poll(id, 'nope', version))).toBe('player/forbidden');
    expect(store.loads).toBe(0);
    // Behind: the state is read.
    expect(value(await s.rest.poll(id, alice, version - 1))).not.toBeNull();
    expect(store.loads).toBeGreaterThan(0);

    // After a restart the first poll reads the store once; later ones do not.
    const restarted = new RestGames({ ...s, store });
    store.loads = 0;
    expect(value(await restarted.poll(id, alice, version))).toBeNull();
    expect(store.loads).toBe(1);
    expect(value(await restarted.poll(id, alice, version))).toBeNull();
    expect(store.loads).toBe(1);
  });

  it('rest games - poll hashes a proven credential once, and a credential proves nothing in another game', async () => {
    const ids = new CountingIds();
    const s = setup(new MemoryGamesStore(), ids);
    const first = await pair(s);
    const other = value(await s.rest.create({ playerName: 'Carol' }));
    const version = await versionOf(s, first.id);
    expect(value(await s.rest.poll(first.id, first.alice, version))).toBeNull();
    ids.digests = 0;
    for (let n = 0; n < 5; n++) expect(value(await s.rest.poll(first.id, first.alice, version))).toBeNull();
    expect(ids.digests).toBe(0);
    // Alice's credential, proven in her game, is a stranger's guess in Carol's.
    const otherVersion = await versionOf(s, other.gameId);
    expect(code(await s.rest.poll(other.gameId, first.alice, otherVersion))).toBe('player/forbidden');
    expect(code(await s.rest.poll(other.gameId, first.alice, otherVersion))).toBe('player/forbidden');
    expect(value(await s.rest.poll(other.gameId, other.playerId, otherVersion))).toBeNull();
    // Still proven after the game changes (seats are never given up).
    value(await s.rest.chat(first.id, first.bob, 'hi'));
    ids.digests = 0;
    expect(value(await s.rest.poll(first.id, first.alice, version + 1))).toBeNull();
    expect(ids.digests).toBe(0);
    expect(code(await s.rest.poll(first.id, 'nope', version + 1))).toBe('player/forbidden');
  });

  it('rest games - the lobby lists public waiting games newest first, without credentials', async () => {
    const s = setup();
    const older = value(await s.rest.create({ playerName: 'Alice' }));
    value(await s.rest.addAi(older.gameId, older.playerId));
    s.clock.advance(1000);
    value(await s.rest.create({ playerName: 'Hidden', isPublic: false }));
    s.clock.advance(1000);
    const started = value(await s.rest.create({ playerName: 'Carol' }));
    s.clock.advance(1000);
    const full = value(await s.rest.create({ playerName: 'Dan', variant: 'easy', maxPlayers: 2 }));
    value(await s.rest.join(full.gameId, { playerName: 'Erin' }));

    expect((await s.rest.lobby()).map((e) => e.id)).toEqual([full.gameId, started.gameId, older.gameId]);
    value(await s.rest.ready(started.gameId, started.playerId));
    value(await s.rest.start(started.gameId, started.playerId));

    const lobby = await s.rest.lobby();
    expect(lobby).toEqual([
      {
        id: full.gameId,
        variant: 'easy',
        playerCount: 2,
        maxPlayers: 2,
        hostName: 'Dan',
        createdAt: full.gameState.createdAt,
        players: [
          { id: 'p1', name: 'Dan', isAI: false, isReady: false },
          { id: 'p2', name: 'Erin', isAI: false, isReady: false },
        ],
      },
      {
        id: older.gameId,
        variant: 'classic',
        playerCount: 2,
        maxPlayers: 4,
        hostName: 'Alice',
        createdAt: older.gameState.createdAt,
        players: [
          { id: 'p1', name: 'Alice', isAI: false, isReady: false },
          { id: 'p2', name: 'AI Player 1', isAI: true, isReady: true },
        ],
      },
    ]);
    expect(JSON.stringify(lobby)).not.toContain('secret-');
    expect(JSON.stringify(lobby)).not.toContain('digest(');
  });

  it('rest games - game ids are upper-cased on input', async () => {
    const s = setup();
    expect(normalizeId(' g00001 ')).toBe('G00001');
    const { gameId, playerId } = value(await s.rest.create({ playerName: 'Alice' }));
    const lower = gameId.toLowerCase();
    const joined = value(await s.rest.join(lower, { playerName: 'Bob' }));
    expect(joined.gameId).toBe(gameId);
    expect(value(await s.rest.join(lower, { playerId })).gameId).toBe(gameId);
    expect(value(await s.rest.ready(` ${lower} `, playerId)).players[0]?.isReady).toBe(true);
    expect(value(await s.rest.view(lower, playerId)).id).toBe(gameId);
    expect(value(await s.rest.poll(lower, playerId, 0))?.gameState.id).toBe(gameId);
    expect(value(await s.rest.chat(lower, joined.playerId, 'hi')).chatMessages).toHaveLength(1);
  });
});
