import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for the browser's WebSocket: records where it was opened; the test opens, fails or drops it. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static opened: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  readonly sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: (() => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  send(data: string): void {
    this.sent.push(data);
  }
  close(): void {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.();
  }
  /** The server answers the upgrade. */
  open(): void {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  /** A connection error (refused, unreachable): error, then close, as browsers report it. */
  fail(): void {
    this.onerror?.();
    this.close();
  }
}

const page = { protocol: 'http:', host: 'palace.test:8080', hostname: 'palace.test' };

/** A fresh copy of the store (its socket state is module-level), on the fake socket. */
async function freshStore() {
  vi.resetModules();
  return import('../src/stores/game-store.js');
}

/** The addresses for this test page (happy-dom's, not on port 5000). */
async function addresses(): Promise<{ PRIMARY: string; FALLBACK: string }> {
  const { socketAddresses } = await freshStore();
  const { primary, fallback } = socketAddresses();
  if (fallback === null) throw new Error(`the test page ${window.location.href} should not be on port 5000`);
  return { PRIMARY: primary, FALLBACK: fallback };
}

const urls = () => FakeSocket.opened.map((s) => s.url);
const last = (): FakeSocket => {
  const socket = FakeSocket.opened.at(-1);
  if (socket === undefined) throw new Error('no socket opened');
  return socket;
};

beforeEach(() => {
  FakeSocket.opened = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('main socket addresses (docs/product.md §P1.7)', () => {
  it('socket - the page host with its scheme; the fallback is the same host name on port 5000', async () => {
    const { socketAddresses } = await freshStore();
    expect(socketAddresses(page)).toEqual({
      primary: 'ws://palace.test:8080/ws',
      fallback: 'ws://palace.test:5000/ws',
    });
    expect(socketAddresses({ protocol: 'https:', host: 'palace.example', hostname: 'palace.example' })).toEqual({
      primary: 'wss://palace.example/ws',
      fallback: 'wss://palace.example:5000/ws',
    });
    // Served by the server on its default port: there is no other address to try.
    expect(socketAddresses({ protocol: 'http:', host: 'localhost:5000', hostname: 'localhost' })).toEqual({
      primary: 'ws://localhost:5000/ws',
      fallback: null,
    });
  });

  it('socket - an address that cannot be built is logged and the local one on port 5000 is used', async () => {
    const { socketAddresses } = await freshStore();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(socketAddresses({ protocol: 'http:', host: '', hostname: '' })).toEqual({
      primary: 'ws://localhost:5000/ws',
      fallback: null,
    });
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

describe('main socket retries (docs/product.md §P1.7, §P1.9)', () => {
  it('socket - after a connection error the next attempt tries the fallback; the two take turns, same backoff', async () => {
    const { PRIMARY, FALLBACK } = await addresses();
    const { useGame, SOCKET_ATTEMPTS, CONNECTION_TEXTS } = await freshStore();
    useGame.getState().connect();
    expect(urls()).toEqual([PRIMARY]);

    // 1 s × 2^attempt between attempts (2, 4, 8 s), 3 retries, whichever address is tried.
    const delays = [2000, 4000, 8000];
    const expected = [FALLBACK, PRIMARY, FALLBACK];
    for (let i = 0; i < SOCKET_ATTEMPTS; i++) {
      last().fail();
      expect(useGame.getState().status).toBe('connecting');
      vi.advanceTimersByTime((delays[i] ?? 0) - 1);
      expect(FakeSocket.opened).toHaveLength(i + 1);
      vi.advanceTimersByTime(1);
      expect(urls()[i + 1]).toBe(expected[i]);
    }
    last().fail();
    expect(useGame.getState().status).toBe('error');
    expect(useGame.getState().error).toBe(CONNECTION_TEXTS.lostForGood);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.opened).toHaveLength(SOCKET_ATTEMPTS + 1);
    useGame.getState().disconnect();
  });

  it('socket - a connect time-out counts as a connection error: the fallback is tried next', async () => {
    const { PRIMARY, FALLBACK } = await addresses();
    const { useGame, SOCKET_CONNECT_TIMEOUT_MS } = await freshStore();
    useGame.getState().connect();
    vi.advanceTimersByTime(SOCKET_CONNECT_TIMEOUT_MS);
    vi.advanceTimersByTime(2000);
    expect(urls()).toEqual([PRIMARY, FALLBACK]);
    useGame.getState().disconnect();
  });

  it('socket - the fallback that connected is kept: a drop retries it, and a good primary is kept too', async () => {
    const { PRIMARY, FALLBACK } = await addresses();
    const { useGame } = await freshStore();
    useGame.getState().connect();
    last().fail();
    vi.advanceTimersByTime(2000);
    last().open();
    expect(useGame.getState().status).toBe('open');
    last().close();
    vi.advanceTimersByTime(2000);
    expect(urls()).toEqual([PRIMARY, FALLBACK, FALLBACK]);

    const again = await freshStore();
    FakeSocket.opened = [];
    again.useGame.getState().connect();
    last().open();
    last().close();
    vi.advanceTimersByTime(2000);
    expect(urls()).toEqual([PRIMARY, PRIMARY]);
    useGame.getState().disconnect();
    again.useGame.getState().disconnect();
  });
});

describe('main socket states', () => {
  /** A minimal live state of game `id` (what the store reads of it). */
  const stateOf = (id: number) => ({ id, status: 'waiting', chatMessages: [], players: [] });

  it('socket - after Leave the answer to leave_game (the game as the leaver now sees it) does not bring the room back', async () => {
    const { useGame } = await freshStore();
    useGame.getState().connect();
    const socket = last();
    socket.open();
    const joined = useGame.getState().join(7);
    await vi.advanceTimersByTimeAsync(500);
    socket.onmessage?.({ data: JSON.stringify({ type: 'game_state', game: stateOf(7) }) });
    expect(await joined).toBe(true);
    expect(useGame.getState().game?.id).toBe(7);
    useGame.getState().leave();
    expect(JSON.parse(socket.sent.at(-1) ?? '{}')).toEqual({ type: 'leave_game', gameId: 7 });
    socket.onmessage?.({ data: JSON.stringify({ type: 'game_state', game: stateOf(7) }) });
    expect(useGame.getState().game).toBeNull();
    // Nor does a state of any other game the player is not in or joining.
    socket.onmessage?.({ data: JSON.stringify({ type: 'game_state', game: stateOf(8) }) });
    expect(useGame.getState().game).toBeNull();
    useGame.getState().disconnect();
  });

  it('socket - chat lines are added to the game on screen; a state cut before them keeps them, another game brings its own', async () => {
    const line = (id: number, gameId = 7) => ({
      id,
      gameId,
      userId: 1,
      username: 'ann',
      avatar: null,
      message: `line ${id}`,
      timestamp: '2026-01-01T00:00:00.000Z',
    });
    const { useGame } = await freshStore();
    useGame.getState().connect();
    const socket = last();
    socket.open();
    const receive = (message: object) => socket.onmessage?.({ data: JSON.stringify(message) });
    const ids = () => useGame.getState().chat.map((l) => l.id);
    const joined = useGame.getState().join(7);
    await vi.advanceTimersByTimeAsync(500);
    receive({ type: 'game_state', game: { ...stateOf(7), chatMessages: [line(1)] } });
    expect(await joined).toBe(true);
    expect(useGame.getState().joining).toBeNull();
    receive({ type: 'chat_message', ...line(2) });
    receive({ type: 'chat_message', ...line(3, 9) });
    expect(ids()).toEqual([1, 2]);
    // A state with fewer lines than shown (cut before line 2 arrived) changes the game, not the chat.
    receive({ type: 'game_state', game: { ...stateOf(7), status: 'playing', chatMessages: [line(1)] } });
    expect(useGame.getState().game?.status).toBe('playing');
    expect(ids()).toEqual([1, 2]);
    receive({ type: 'game_state', game: { ...stateOf(7), chatMessages: [line(1), line(2), line(4)] } });
    expect(ids()).toEqual([1, 2, 4]);
    // Another game's chat starts from its own state, even a shorter one.
    const other = useGame.getState().join(8);
    expect(ids()).toEqual([]);
    await vi.advanceTimersByTimeAsync(500);
    receive({ type: 'game_state', game: { ...stateOf(8), chatMessages: [line(5, 8)] } });
    expect(await other).toBe(true);
    expect(ids()).toEqual([5]);
    useGame.getState().disconnect();
  });

  it('socket - a hint (docs/product.md §D14 hint): request_hint answered by its frame; a refusal answers null', async () => {
    const { useGame } = await freshStore();
    useGame.getState().connect();
    const socket = last();
    socket.open();
    const receive = (message: object) => socket.onmessage?.({ data: JSON.stringify(message) });
    const asked = useGame.getState().askHint(7);
    expect(JSON.parse(socket.sent.at(-1) ?? '{}')).toEqual({ type: 'request_hint', gameId: 7 });
    receive({ type: 'hint', gameId: 7, action: 'play', cardIds: ['c5'], reason: 'Skips Bob' });
    expect(await asked).toEqual({ action: 'play', cardIds: ['c5'], reason: 'Skips Bob' });
    const refused = useGame.getState().askHint(7);
    receive({ type: 'game_error', gameId: 7, message: 'Wait for your turn to play' });
    expect(await refused).toBeNull();
    useGame.getState().disconnect();
  });
});
