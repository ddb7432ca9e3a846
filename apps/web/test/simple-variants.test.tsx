import type { MainCard, SimpleGameState, SimplePlayer } from '@palace/protocol';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isLocalHost } from '../src/lib/local-host.js';
import {
  newRoomId,
  readGameQuery,
  restGameIdError,
  restNameError,
  wsCodeError,
  wsNameError,
} from '../src/pages/variants/simple/simple-forms.js';
import { SimpleRestGamePage } from '../src/pages/variants/simple/simple-rest-game.js';
import { SimpleRestHome } from '../src/pages/variants/simple/simple-rest-home.js';
import {
  SOCKET_TEXTS,
  type SocketLike,
  seatTokenKey,
  setSocketFactory,
  socketUrl,
  useSimpleSocket,
} from '../src/pages/variants/simple/simple-socket-store.js';
import { SimpleWsPage } from '../src/pages/variants/simple/simple-ws-page.js';
import { useToasts } from '../src/stores/toast-store.js';

/** A socket the test drives: it records what was sent and opens, talks and closes on demand. */
class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: Array<Record<string, unknown>> = [];
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string): void {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(): void {
    this.closed = true;
    this.readyState = 3;
  }
  /** The server accepts the connection and says so. */
  establish(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
    this.receive({ type: 'connection_established', connectionId: 'c1' });
  }
  receive(message: Record<string, unknown>): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  /** The connection fails or drops. */
  fail(): void {
    this.readyState = 3;
    this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close'));
  }
}

const card = (id: string, value: string, suit: MainCard['suit'] = 'hearts'): MainCard => ({
  id,
  value,
  suit,
  symbol: '♥',
  color: 'red',
});

function player(username: string, hand: MainCard[], extra: Partial<SimplePlayer> = {}): SimplePlayer {
  return {
    username,
    hand,
    handCount: hand.length,
    faceUp: [],
    faceDown: 3,
    faceDownCount: 3,
    faceDownCards: [0, 1, 2].map((n) => ({ id: `blind-${n}`, suit: 'unknown', value: 'unknown', hidden: true })),
    isAI: false,
    away: false,
    isReady: false,
    selectedFaceUp: false,
    selecting: [],
    hasLeft: false,
    ...extra,
  };
}

const HAND = ['3', '5', '7', '9', 'J', 'K'].map((v, i) => card(`c${i}`, v));

/** Ann's view of a game in setup: she still chooses; an AI has chosen. */
function setupState(extra: Partial<SimpleGameState> = {}): SimpleGameState {
  return {
    id: 'K3T9QA',
    status: 'setup',
    players: [
      player('Ann', HAND),
      player('AI Player 1', [], { isAI: true, isReady: true, selectedFaceUp: true, handCount: 3 }),
    ],
    pile: [],
    pileCount: 0,
    deckCount: 40,
    currentTurn: null,
    winner: null,
    standings: null,
    chat: [{ sender: 'System', text: 'Ann joined the game', timestamp: 1, isSystem: true }],
    you: 'Ann',
    playableCards: [],
    canPickUp: false,
    mustSelectFaceUp: true,
    turnDeadline: null,
    commitment: 'x',
    lastUpdate: 3,
    ...extra,
  };
}

/** docs/product.md §P2.9: 3 automatic retries, 2 s apart (the store's constants must say the same). */
const SOCKET_RETRIES = 3;
const SOCKET_RETRY_MS = 2000;

const lastToast = () => useToasts.getState().toasts[0];

/** Shows the current address, so a redirect can be seen. */
function Where(): ReactElement {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<p>Lobby</p>} />
        <Route path="/simple-game" element={<SimpleWsPage />} />
        <Route path="/ws" element={<SimpleWsPage />} />
        <Route path="/simple-rest" element={<SimpleRestHome />} />
        <Route path="/simple-game-rest" element={<SimpleRestGamePage />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  useSimpleSocket.getState().close();
  setSocketFactory(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useToasts.setState({ toasts: [] });
  localStorage.clear();
  sessionStorage.clear();
});

describe('simple variants - start page checks (docs/product.md §P2.5)', () => {
  it('simple forms - the websocket and REST texts word for word', () => {
    expect(wsNameError('  ')).toBe('Please enter your name');
    expect(wsNameError('Ann')).toBeUndefined();
    expect(wsCodeError('')).toBe('Please enter a valid game code');
    expect(wsCodeError('game 12')).toBe('Please enter a valid game code');
    expect(wsCodeError('game1700000000000')).toBeUndefined();
    expect(restNameError('')).toBe('Please enter a username');
    expect(restGameIdError(' ')).toBe('Please enter a game ID');
    expect(restGameIdError('K3T9QA')).toBeUndefined();
    expect(newRoomId(1700000000000)).toBe('game1700000000000');
  });

  it('simple forms - a query with both parameters is a game, none the start page, one alone is partial', () => {
    expect(readGameQuery(new URLSearchParams('gameId=g1&username=Ann'))).toEqual({
      kind: 'game',
      gameId: 'g1',
      username: 'Ann',
    });
    expect(readGameQuery(new URLSearchParams(''))).toEqual({ kind: 'none' });
    expect(readGameQuery(new URLSearchParams('gameId=g1'))).toEqual({ kind: 'partial' });
    expect(readGameQuery(new URLSearchParams('username=Ann&gameId=%20'))).toEqual({ kind: 'partial' });
  });

  it('websocket home - empty fields show the errors; a name creates a "game" + time room', () => {
    renderAt('/ws');
    fireEvent.click(screen.getByRole('button', { name: 'Join Existing Game' }));
    expect(screen.getByText('Please enter your name')).toBeTruthy();
    expect(screen.getByText('Please enter a valid game code')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: ' Ann ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create New Game' }));
    expect(screen.getByTestId('where').textContent).toMatch(/^\/simple-game\?gameId=game\d+&username=Ann$/);
  });

  it('websocket home - the name is prefilled from palace_username', () => {
    localStorage.setItem('palace_username', 'Bea');
    renderAt('/simple-game');
    expect(screen.getByLabelText<HTMLInputElement>('Your name').value).toBe('Bea');
    expect(localStorage.getItem('palace_username')).toBe('Bea');
  });

  it('REST home - empty fields show the errors; Join posts the game id and opens the game', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({ gameId: 'K3T9QA', gameState: setupState() }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/simple-rest');
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(screen.getByText('Please enter a username')).toBeTruthy();
    expect(screen.getByText('Please enter a game ID')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'Ann' } });
    fireEvent.change(screen.getByLabelText('Game ID'), { target: { value: 'k3t9qa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/simple-game-rest?gameId=K3T9QA&username=Ann'),
    );
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/simple-game/join');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ username: 'Ann', gameId: 'k3t9qa' });
  });

  it('REST home - a refusal is a toast titled "Error" with the server text', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ message: 'Game not found' }, { status: 404 }));
    renderAt('/simple-rest');
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'Ann' } });
    fireEvent.change(screen.getByLabelText('Game ID'), { target: { value: 'ZZZZZZ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(lastToast()?.description).toBe('Game not found'));
    expect(lastToast()?.title).toBe('Error');
    expect(lastToast()?.duration).toBe(3000);
  });
});

describe('simple variants - missing query parameters (docs/product.md §P2.2)', () => {
  it('websocket game - only one of gameId and username goes to /', () => {
    renderAt('/simple-game?gameId=game1');
    expect(screen.getByTestId('where').textContent).toBe('/');
    cleanup();
    renderAt('/simple-game?username=Ann');
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('REST game - a missing parameter goes to /', () => {
    renderAt('/simple-game-rest?username=Ann');
    expect(screen.getByTestId('where').textContent).toBe('/');
    cleanup();
    renderAt('/simple-game-rest');
    expect(screen.getByTestId('where').textContent).toBe('/');
  });
});

describe('simple variants - the websocket connection (docs/product.md §P2.4, §P2.8, §P2.9)', () => {
  let sockets: FakeSocket[];
  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    setSocketFactory((url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    });
  });
  const store = () => useSimpleSocket.getState();
  const latest = () => {
    const s = sockets.at(-1);
    if (s === undefined) throw new Error('no socket');
    return s;
  };

  it('socket url - wss unless the host is local (this machine or a private LAN), always wss from https; path /simple-ws', () => {
    const url = (protocol: string, host: string) =>
      socketUrl({ protocol, host, hostname: new URL(`${protocol}//${host}`).hostname });
    expect(url('https:', 'palace.example')).toBe('wss://palace.example/simple-ws');
    // A public host is reached securely even from a plain-http page.
    expect(url('http:', 'palace.example')).toBe('wss://palace.example/simple-ws');
    expect(url('http:', '203.0.113.7:5000')).toBe('wss://203.0.113.7:5000/simple-ws');
    expect(url('http:', '172.32.0.1:5000')).toBe('wss://172.32.0.1:5000/simple-ws');
    expect(url('http:', 'localhost.example.com')).toBe('wss://localhost.example.com/simple-ws');
    for (const local of [
      'localhost:5000',
      'palace.localhost',
      '127.0.0.1:5000',
      '127.1.2.3',
      '[::1]:5000',
      '10.0.0.5:5000',
      '172.16.4.2',
      '172.31.255.1',
      '192.168.1.20:5000',
    ]) {
      expect(url('http:', local)).toBe(`ws://${local}/simple-ws`);
      expect(url('https:', local)).toBe(`wss://${local}/simple-ws`);
    }
    expect(isLocalHost('LOCALHOST.')).toBe(true);
    expect(isLocalHost('192.168.1.256')).toBe(false);
    expect(isLocalHost('10.0.0')).toBe(false);
  });

  it('socket store - a connect error is retried 3 times, 2 s apart, then "Error connecting to game"', () => {
    store().connect('game1', 'Ann');
    expect(sockets).toHaveLength(1);
    for (let retry = 1; retry <= SOCKET_RETRIES; retry++) {
      latest().fail();
      expect(store().phase).toBe('connecting');
      vi.advanceTimersByTime(SOCKET_RETRY_MS - 1);
      expect(sockets).toHaveLength(retry);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(retry + 1);
    }
    latest().fail();
    expect(store().phase).toBe('failed');
    expect(store().notice).toBe(SOCKET_TEXTS.connectFailed);
    expect(SOCKET_TEXTS.connectFailed).toBe('Error connecting to game. Please try again.');
    vi.advanceTimersByTime(10 * SOCKET_RETRY_MS);
    expect(sockets).toHaveLength(SOCKET_RETRIES + 1);
  });

  it('socket store - joins on connection_established and keeps the seat token for the room and name', () => {
    store().connect('game1', 'Ann');
    latest().establish();
    expect(latest().sent).toEqual([{ type: 'join_game', roomId: 'game1', username: 'Ann' }]);
    latest().receive({
      type: 'join_success',
      roomId: 'game1',
      username: 'Ann',
      seatToken: 'tok-1',
      state: setupState(),
    });
    expect(store().phase).toBe('joined');
    expect(store().game?.id).toBe('K3T9QA');
    expect(store().chat.map((l) => l.text)).toEqual(['Ann joined the game']);
    expect(sessionStorage.getItem(seatTokenKey('game1', 'Ann'))).toBe('tok-1');
    // The join's own lines come again as messages: shown once.
    latest().receive({
      type: 'chat_message',
      username: 'System',
      text: 'Ann joined the game',
      timestamp: 1,
      isSystem: true,
    });
    latest().receive({
      type: 'chat_message',
      username: 'System',
      text: "It's Ann's turn",
      timestamp: 2,
      isSystem: true,
    });
    expect(store().chat.map((l) => l.text)).toEqual(['Ann joined the game', "It's Ann's turn"]);

    // A reload (a new connect) sends the token to take the seat back.
    store().close();
    store().connect('game1', 'ann');
    latest().establish();
    expect(latest().sent[0]).toEqual({ type: 'join_game', roomId: 'game1', username: 'ann', seatToken: 'tok-1' });
  });

  it('socket store - a drop after joining shows "Connection lost", retries with the token, and recovers', () => {
    store().connect('game1', 'Ann');
    latest().establish();
    latest().receive({
      type: 'join_success',
      roomId: 'game1',
      username: 'Ann',
      seatToken: 'tok-2',
      state: setupState(),
    });
    latest().fail();
    expect(store().phase).toBe('reconnecting');
    expect(store().notice).toBe('Connection lost. Please refresh and try again.');
    expect(store().game).not.toBeNull();
    vi.advanceTimersByTime(SOCKET_RETRY_MS);
    expect(sockets).toHaveLength(2);
    latest().establish();
    expect(latest().sent[0]).toMatchObject({ type: 'join_game', seatToken: 'tok-2' });
    latest().receive({
      type: 'join_success',
      roomId: 'game1',
      username: 'Ann',
      seatToken: 'tok-2',
      state: setupState(),
    });
    expect(store().phase).toBe('joined');
    expect(store().notice).toBeNull();

    // Dropped again and never back: lost after 3 retries.
    for (let retry = 0; retry <= SOCKET_RETRIES; retry++) {
      latest().fail();
      vi.advanceTimersByTime(SOCKET_RETRY_MS);
    }
    expect(store().phase).toBe('lost');
    expect(store().notice).toBe(SOCKET_TEXTS.lost);
    expect(sockets).toHaveLength(2 + SOCKET_RETRIES);
  });

  it('socket store - room_closed shows the server message and stops reconnecting', () => {
    store().connect('game1', 'Ann');
    latest().establish();
    latest().receive({ type: 'join_success', roomId: 'game1', username: 'Ann', seatToken: 't', state: setupState() });
    latest().receive({ type: 'room_closed', roomId: 'game1', message: 'Room closed due to inactivity' });
    expect(store().phase).toBe('closed');
    expect(store().notice).toBe('Room closed due to inactivity');
    vi.advanceTimersByTime(10 * SOCKET_RETRY_MS);
    expect(sockets).toHaveLength(1);
  });

  it('socket store - a refused join is kept as the notice; a refused action is an "Error" toast', () => {
    store().connect('game1', 'Cy');
    latest().establish();
    latest().receive({ type: 'error', message: 'The game has already started' });
    expect(store().phase).toBe('refused');
    expect(store().notice).toBe('The game has already started');

    store().connect('game1', 'Ann');
    latest().establish();
    latest().receive({ type: 'join_success', roomId: 'game1', username: 'Ann', seatToken: 't', state: setupState() });
    store().addAi('strong');
    expect(latest().sent.at(-1)).toEqual({ type: 'add_ai', roomId: 'game1', username: 'Ann', level: 'strong' });
    latest().receive({ type: 'error', message: '' });
    expect(lastToast()).toMatchObject({ title: 'Error', description: 'Failed to add AI opponent' });
    latest().receive({ type: 'error', message: 'Wait for your turn to play' });
    expect(lastToast()).toMatchObject({ title: 'Error', description: 'Wait for your turn to play' });
  });

  it('websocket game - a hand click during setup sends one select_faceup; the picks come from the server', () => {
    renderAt('/simple-game?gameId=game1&username=Ann');
    act(() => {
      latest().establish();
      latest().receive({
        type: 'join_success',
        roomId: 'game1',
        username: 'Ann',
        seatToken: 't',
        state: setupState({ players: [player('Ann', HAND, { selecting: ['c0'] })] }),
      });
    });
    expect(screen.getByText('Choose 3 cards to place face-up')).toBeTruthy();
    expect(screen.getByText(/1 of 3 selected/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '3 of hearts' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '7 of hearts' }));
    expect(latest().sent.at(-1)).toEqual({ type: 'select_faceup', roomId: 'game1', username: 'Ann', card: 'c2' });
    expect(screen.getByRole('button', { name: 'Add AI opponent' })).toBeTruthy();
  });
});

describe('simple variants - REST face-up choice (docs/product.md §P2.5)', () => {
  /** Serves Ann's setup view to GET and records the POSTs. */
  function serve() {
    const posts: Array<{ url: string; body: unknown }> = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push({ url, body: JSON.parse(String(init.body)) });
        return Response.json({ gameState: setupState({ mustSelectFaceUp: false, lastUpdate: 9 }) });
      }
      return Response.json({ gameState: setupState() });
    });
    return posts;
  }

  it('REST game - a 4th pick shows "Selection Limit"; confirming fewer than 3 shows "Selection Required"', async () => {
    const posts = serve();
    renderAt('/simple-game-rest?gameId=K3T9QA&username=Ann');
    await screen.findByText('Choose 3 cards to place face-up');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Selection' }));
    expect(lastToast()).toMatchObject({
      title: 'Selection Required',
      description: 'You must select exactly 3 cards',
      duration: 3000,
    });
    for (const name of ['3 of hearts', '5 of hearts', '7 of hearts']) {
      fireEvent.click(screen.getByRole('button', { name }));
    }
    useToasts.setState({ toasts: [] });
    fireEvent.click(screen.getByRole('button', { name: '9 of hearts' }));
    expect(lastToast()).toMatchObject({
      title: 'Selection Limit',
      description: 'You can only select 3 cards for face-up',
    });
    expect(screen.getByRole('button', { name: '9 of hearts' }).getAttribute('aria-pressed')).toBe('false');
    // Clicking a picked card again puts it back.
    fireEvent.click(screen.getByRole('button', { name: '7 of hearts' }));
    expect(screen.getByText('2 of 3 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'J of hearts' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Selection' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      url: '/api/simple-game/K3T9QA/select-faceup',
      body: { username: 'Ann', cards: ['c0', 'c1', 'c4'] },
    });
    await screen.findByText('Waiting for the other players to choose their face-up cards.');
  });

  it('REST game - a first load refused by the server shows the Error page with Return to Home', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ message: 'Game not found' }, { status: 404 }));
    renderAt('/simple-game-rest?gameId=NOPE00&username=Ann');
    await screen.findByText('Game not found');
    expect(screen.getByRole('heading', { name: 'Error' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/simple-rest');
  });
});
