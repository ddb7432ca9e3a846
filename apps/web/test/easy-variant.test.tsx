import type { EasyGameState, EasyPlayer, MainCard } from '@palace/protocol';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EasyGamePage } from '../src/pages/variants/easy/easy-game-page.js';
import { EASY_NAME_KEY, EasyHomePage } from '../src/pages/variants/easy/easy-home-page.js';
import { aiDueKey, playRefusalToast } from '../src/pages/variants/easy/easy-moves.js';
import { useToasts } from '../src/stores/toast-store.js';

const ME = 'secret-credential-of-ann';
const GAME = 'K3T9QA';

const card = (id: string, value: string): MainCard => ({ id, value, suit: 'hearts', symbol: '♥', color: 'red' });
const hidden = (id: string) => ({ id, hidden: true as const });

function seat(id: string, name: string, isAI: boolean, own: Partial<EasyPlayer> = {}): EasyPlayer {
  return {
    id,
    name,
    isAI,
    away: false,
    hand: [hidden(`h-${id}-0`)],
    handCount: 1,
    faceUp: [card(`u-${id}`, '9')],
    faceDownCount: 1,
    faceDown: [hidden(`blind-${id}`)],
    isCurrentTurn: false,
    ...own,
  };
}

/** A playing game of Ann (the viewer: hand 5♥ and 8♥, face-up K♥, one face-down) and AI Player 1. */
function state(over: Partial<EasyGameState> = {}): EasyGameState {
  return {
    id: GAME,
    status: 'playing',
    maxPlayers: 4,
    players: [
      seat(ME, 'Ann', false, {
        hand: [card('c5', '5'), card('c8', '8')],
        handCount: 2,
        faceUp: [card('cK', 'K')],
        faceDown: [hidden('blind-0')],
      }),
      seat('p2', 'AI Player 1', true),
    ],
    pile: [card('c6', '6')],
    pileCount: 1,
    deckCount: 10,
    currentTurn: ME,
    currentTurnPlayerName: 'Ann',
    winner: null,
    winnerName: null,
    standings: [],
    endReason: null,
    playableCards: ['c8'],
    canPickUp: true,
    turnDeadline: null,
    commitment: 'abc',
    createdAt: 0,
    lastUpdate: 5,
    ...over,
  };
}

const aiTurn = (version = 5) => state({ currentTurn: 'p2', currentTurnPlayerName: 'AI Player 1', lastUpdate: version });

interface Call {
  readonly method: string;
  readonly url: string;
  readonly body: unknown;
}

/** A fake server: `routes` answer by "METHOD path-suffix"; every call is recorded. */
function fakeServer(routes: Record<string, (body: unknown) => { status: number; body: unknown }>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url: input, body });
    const path = input.split('?')[0] ?? '';
    const key = Object.keys(routes).find((k) => {
      const [m, suffix] = k.split(' ');
      return m === method && suffix !== undefined && path.endsWith(suffix);
    });
    const answer = key === undefined ? { status: 404, body: { error: 'Not found' } } : routes[key]?.(body);
    return new Response(JSON.stringify(answer?.body ?? null), { status: answer?.status ?? 500 });
  });
  return calls;
}

const lastToast = () => useToasts.getState().toasts[0];
const aiMoves = (calls: Call[]) => calls.filter((c) => c.url.endsWith('/ai-move')).length;
// The game's own reads (the finished screen's one record read is not a poll).
const gets = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && !c.url.includes('/api/records/')).length;

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/easy-palace-home" element={<EasyHomePage />} />
        <Route path="/easy-palace-game" element={<EasyGamePage />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const gamePath = `/easy-palace-game?gameId=${GAME}&playerId=${ME}&playerName=Ann`;

/**
 * Lets `ms` of fake time pass in steps of at most 50 ms, each in its own `act`, so React renders
 * between steps (inside one `act` it would render only at the end) and fetches settle.
 */
async function pass(ms: number): Promise<void> {
  let left = ms;
  do {
    const step = Math.min(left, 50);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(step);
    });
    left -= step;
  } while (left > 0);
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useToasts.setState({ toasts: [] });
});

describe('easy home - validation and the game id field (docs/product.md §P2.5 "Easy home")', () => {
  it('easy home - an empty name on Create is refused with the Name Required toast, and nothing is sent', () => {
    const calls = fakeServer({});
    renderAt('/easy-palace-home');
    fireEvent.click(screen.getByRole('button', { name: 'Create Game' }));
    expect(lastToast()).toMatchObject({
      title: 'Name Required',
      description: 'Please enter your name to create a game',
      variant: 'destructive',
      duration: 3000,
    });
    expect(document.getElementById('easy-create-name-error')?.textContent).toBe(
      'Please enter your name to create a game',
    );
    expect(calls).toEqual([]);
  });

  it('easy home - Join asks for the name, then for the game id, with the spec texts', () => {
    const calls = fakeServer({});
    renderAt('/easy-palace-home');
    fireEvent.click(screen.getByRole('tab', { name: 'Join Game' }));
    const panel = screen.getByRole('tabpanel', { name: 'Join Game' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Join Game' }));
    expect(lastToast()).toMatchObject({ title: 'Name Required', description: 'Please enter your name to join a game' });
    fireEvent.change(within(panel).getByLabelText('Your name'), { target: { value: 'Ann' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Join Game' }));
    expect(lastToast()).toMatchObject({ title: 'Game ID Required', description: 'Please enter a game ID to join' });
    expect(calls).toEqual([]);
  });

  it('easy home - the game id is upper-cased as typed', () => {
    renderAt('/easy-palace-home');
    const field = screen.getByLabelText<HTMLInputElement>('Game ID');
    fireEvent.change(field, { target: { value: 'k3t9qa' } });
    expect(field.value).toBe('K3T9QA');
  });

  it('easy home - the saved name is filled in; joining sends it, saves it and opens the game', async () => {
    localStorage.setItem(EASY_NAME_KEY, 'Bea');
    const calls = fakeServer({
      'POST /join': () => ({ status: 200, body: { gameId: GAME, playerId: 'cred-b', gameState: state() } }),
    });
    renderAt('/easy-palace-home');
    fireEvent.click(screen.getByRole('tab', { name: 'Join Game' }));
    const panel = screen.getByRole('tabpanel', { name: 'Join Game' });
    expect(within(panel).getByLabelText<HTMLInputElement>('Your name').value).toBe('Bea');
    fireEvent.change(within(panel).getByLabelText('Your name'), { target: { value: ' Cleo ' } });
    fireEvent.change(screen.getByLabelText('Game ID'), { target: { value: 'k3t9qa' } });
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Join Game' }));
    });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/simple-palace/games/K3T9QA/join',
      body: { playerName: 'Cleo' },
    });
    expect(localStorage.getItem(EASY_NAME_KEY)).toBe('Cleo');
    expect(screen.getByTestId('where').textContent).toBe(
      `/easy-palace-game?gameId=${GAME}&playerId=cred-b&playerName=Cleo`,
    );
  });

  it("easy home - a server refusal is a destructive toast in the server's words", async () => {
    fakeServer({ 'POST /join': () => ({ status: 409, body: { error: 'This game is full' } }) });
    renderAt('/easy-palace-home');
    fireEvent.change(screen.getAllByLabelText('Your name')[1] as HTMLElement, { target: { value: 'Ann' } });
    fireEvent.change(screen.getByLabelText('Game ID'), { target: { value: 'ABCDEF' } });
    await act(async () => {
      fireEvent.submit(screen.getByLabelText('Game ID').closest('form') as HTMLFormElement);
    });
    expect(lastToast()).toMatchObject({ title: 'Error', description: 'This game is full', variant: 'destructive' });
  });
});

describe('easy game - the AI trigger (docs/product.md §P2.4, §P2.9: 1 s after an AI turn is seen)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('easy game - exactly one ai-move 1 s after an AI turn is seen, then the own view is fetched again', async () => {
    let current = aiTurn();
    const calls = fakeServer({
      'GET /K3T9QA': () => ({ status: 200, body: current }),
      'POST /ai-move': () => {
        current = state({ lastUpdate: 6 });
        // A stranger's view: it must not replace the viewer's own.
        const stranger = state({ lastUpdate: 6, players: [seat('p1', 'Ann', false), seat('p2', 'AI Player 1', true)] });
        return {
          status: 200,
          body: {
            action: 'play',
            aiName: 'AI Player 1',
            card: card('c7', '7'),
            cards: [card('c7', '7')],
            turnedCard: null,
            gameOver: false,
            winner: null,
            clearedPile: false,
            skippedPlayer: null,
            skippedPlayers: [],
            pickedUp: false,
            gameState: stranger,
          },
        };
      },
    });
    renderAt(gamePath);
    await pass(0);
    expect(screen.getByText("AI Player 1's turn (AI is thinking…)")).toBeTruthy();
    await pass(999);
    expect(aiMoves(calls)).toBe(0);
    const before = gets(calls);
    await pass(1);
    expect(aiMoves(calls)).toBe(1);
    expect(calls.find((c) => c.url.endsWith('/ai-move'))?.body).toBeUndefined();
    expect(gets(calls)).toBe(before + 1);
    expect(screen.getByText('Your turn')).toBeTruthy();
    expect(screen.getByRole('button', { name: '8 of hearts' })).toBeTruthy();
    expect(screen.getByText('AI Player 1 played 7♥')).toBeTruthy();
    await pass(6000);
    expect(aiMoves(calls)).toBe(1);
  });

  it('easy game - the same AI turn seen again by later polls is never moved twice', async () => {
    const calls = fakeServer({
      'GET /K3T9QA': () => ({ status: 200, body: aiTurn() }),
      'POST /ai-move': () => ({ status: 409, body: { error: "It is not an AI player's turn" } }),
    });
    renderAt(gamePath);
    await pass(0);
    await pass(7000);
    expect(aiMoves(calls)).toBe(1);
    expect(gets(calls)).toBeGreaterThanOrEqual(4);
    expect(lastToast()).toBeUndefined();
  });

  it('easy game - no ai-move on a human turn', async () => {
    const calls = fakeServer({ 'GET /K3T9QA': () => ({ status: 200, body: state() }) });
    renderAt(gamePath);
    await pass(5000);
    expect(gets(calls)).toBeGreaterThanOrEqual(3);
    expect(aiMoves(calls)).toBe(0);
  });

  it('easy game - no ai-move and no more polls once the game is over', async () => {
    const finished = state({
      status: 'finished',
      currentTurn: 'p2',
      currentTurnPlayerName: 'AI Player 1',
      winner: 'p2',
      winnerName: 'AI Player 1',
      standings: [
        { id: 'p2', name: 'AI Player 1', place: 1, cardsLeft: 0 },
        { id: ME, name: 'Ann', place: 2, cardsLeft: 4 },
      ],
      endReason: 'out',
    });
    const calls = fakeServer({ 'GET /K3T9QA': () => ({ status: 200, body: finished }) });
    renderAt(gamePath);
    await pass(6000);
    expect(aiMoves(calls)).toBe(0);
    expect(gets(calls)).toBe(1);
    expect(screen.getByText('AI Player 1 wins!')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Final standings' }).textContent).toContain('Winner');
    expect(screen.getByRole('link', { name: 'Play Again' }).getAttribute('href')).toBe('/easy-palace-home');
  });

  it('easy game - aiDueKey names only an AI seat in play', () => {
    expect(aiDueKey(aiTurn(9), false)).toBe('9:p2');
    expect(aiDueKey(aiTurn(9), true)).toBeNull();
    expect(aiDueKey(state(), false)).toBeNull();
    expect(aiDueKey({ ...aiTurn(9), status: 'waiting' }, false)).toBeNull();
    expect(aiDueKey(null, false)).toBeNull();
  });
});

describe('easy game - playing cards (docs/product.md §P2.5 "Easy play")', () => {
  it('easy play - a refusal gets its row title only for the order texts', () => {
    expect(playRefusalToast('faceUp', 'You must play all cards from your hand first').title).toBe(
      'Cannot play from face-up yet',
    );
    expect(playRefusalToast('faceDown', 'You must play all cards from your hand and face-up first').title).toBe(
      'Cannot play from face-down yet',
    );
    expect(playRefusalToast('faceUp', 'It is not your turn').title).toBe('Error');
    expect(playRefusalToast('hand', 'You must play all cards from your hand first').title).toBe('Error');
  });

  it('easy play - face-up and face-down cards stay clickable with a hand, and the refusals get the spec titles', async () => {
    const calls = fakeServer({
      'GET /K3T9QA': () => ({ status: 200, body: state() }),
      'POST /play': (body) => {
        const source = (body as { source: string }).source;
        const error =
          source === 'faceUp'
            ? 'You must play all cards from your hand first'
            : 'You must play all cards from your hand and face-up first';
        return { status: 400, body: { error } };
      },
    });
    renderAt(gamePath);
    await screen.findByText('Your turn');
    // Only the hand card the server lists is enabled.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '5 of hearts' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '8 of hearts' }).disabled).toBe(false);
    // A tap selects (and says why not in the move line); Play Selected sends it.
    const playSelected = () => screen.getByRole('button', { name: 'Play Selected' });
    fireEvent.click(screen.getByRole('button', { name: 'K of hearts' }));
    expect(screen.getByText('You must play all cards from your hand first')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/play'))).toBe(false);
    await act(async () => {
      fireEvent.click(playSelected());
    });
    expect(calls.find((c) => c.url.endsWith('/play'))?.body).toEqual({ playerId: ME, cardId: 'cK', source: 'faceUp' });
    expect(lastToast()).toMatchObject({
      title: 'Cannot play from face-up yet',
      description: 'You must play all cards from your hand first',
      variant: 'destructive',
    });
    const blind = await screen.findByRole('button', { name: 'Face-down card' });
    fireEvent.click(blind);
    await act(async () => {
      fireEvent.click(playSelected());
    });
    expect(lastToast()).toMatchObject({
      title: 'Cannot play from face-down yet',
      description: 'You must play all cards from your hand and face-up first',
    });
  });

  it('easy play - a hand card double-tapped plays at once from the hand; a burned pile says "Pile cleared!"', async () => {
    const calls = fakeServer({
      'GET /K3T9QA': () => ({ status: 200, body: state() }),
      'POST /play': () => ({
        status: 200,
        body: {
          gameOver: false,
          winner: null,
          clearedPile: true,
          skippedPlayer: null,
          skippedPlayers: [],
          pickedUp: false,
          card: card('c8', '8'),
          gameState: state({ lastUpdate: 6, pile: [], pileCount: 0, playableCards: [] }),
        },
      }),
    });
    renderAt(gamePath);
    const eight = await screen.findByRole('button', { name: '8 of hearts' });
    fireEvent.click(eight, { detail: 1 });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '8 of hearts' }), { detail: 2 });
    });
    expect(calls.find((c) => c.url.endsWith('/play'))?.body).toEqual({ playerId: ME, cardId: 'c8', source: 'hand' });
    expect(lastToast()).toMatchObject({ title: 'Pile cleared!' });
    expect(screen.getByText('Empty pile')).toBeTruthy();
  });

  it('easy play - off turn every card and Pick Up are disabled, and the player id is never shown', async () => {
    fakeServer({
      'GET /K3T9QA': () => ({
        status: 200,
        body: state({ currentTurn: 'p3', currentTurnPlayerName: 'Bea', playableCards: [], canPickUp: false }),
      }),
    });
    renderAt(gamePath);
    await screen.findByText("Bea's turn");
    const mine = document.querySelector<HTMLElement>('[data-zone="own"]');
    if (mine === null) throw new Error('the own cards');
    const cards = within(mine).getAllByRole<HTMLButtonElement>('button');
    expect(cards).toHaveLength(4);
    for (const button of cards) expect(button.disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Pick Up' }).disabled).toBe(true);
    expect(document.querySelector('main')?.textContent).not.toContain(ME);
  });

  it('easy game - missing query parameters lead to the easy home', () => {
    fakeServer({});
    renderAt('/easy-palace-game?gameId=K3T9QA');
    expect(screen.getByTestId('where').textContent).toBe('/easy-palace-home');
  });
});
