import {
  aiLevelWords,
  type MainCard,
  type PublicGameState,
  type PublicListEntry,
  type PublicPlayer,
} from '@palace/protocol';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { relativeAge } from '../src/lib/format.js';
import { useAiLevel } from '../src/pages/variants/ai-level.js';
import { PublicGamePage } from '../src/pages/variants/public/public-game-page.js';
import { PublicGamesList } from '../src/pages/variants/public/public-games-list.js';
import { PublicHomePage } from '../src/pages/variants/public/public-home-page.js';
import {
  gamePath,
  guestName,
  initialName,
  inviteText,
  PUBLIC_NAME_KEY,
  pileBottomToTop,
  playSelectionError,
  readySelectionError,
  usernameError,
} from '../src/pages/variants/public/public-logic.js';
import { useToasts } from '../src/stores/toast-store.js';

const card = (id: string, value: string, suit: MainCard['suit'] = 'hearts'): MainCard => ({
  id,
  value,
  suit,
  symbol: { hearts: '♥', diamonds: '♦', clubs: '♣', spades: '♠' }[suit],
  color: suit === 'hearts' || suit === 'diamonds' ? 'red' : 'black',
});

function player(username: string, extra: Partial<PublicPlayer> = {}): PublicPlayer {
  return {
    username,
    hand: [],
    handCount: 0,
    faceUp: [],
    faceDown: [],
    faceDownCount: 0,
    isAI: false,
    away: false,
    isReady: false,
    hasLeft: false,
    isTurn: false,
    ...extra,
  };
}

function gameState(extra: Partial<PublicGameState> = {}): PublicGameState {
  return {
    id: 'K3T9QA',
    status: 'waiting',
    visibility: 'public',
    maxPlayers: 6,
    players: [player('Ann')],
    pile: [],
    pileSize: 0,
    deckSize: 0,
    burnedCount: 0,
    currentTurn: null,
    winner: null,
    standings: null,
    spectators: [],
    chat: [],
    you: 'Ann',
    playableCards: [],
    canPickUp: false,
    mustSelectFaceUp: false,
    turnDeadline: null,
    commitment: 'c0ffee',
    createdAt: 0,
    lastUpdate: 1,
    rematch: null,
    ...extra,
  };
}

/** Every request the page made, as "METHOD url" with its parsed body. */
let calls: Array<{ at: string; body: unknown }> = [];

/** Serves the page's requests from `answer` (by "METHOD path"), recording each. */
function serve(answer: (at: string, body: unknown) => Response): void {
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const at = `${init?.method ?? 'GET'} ${url}`;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ at, body });
    return answer(at, body);
  });
}

const lastToast = () => useToasts.getState().toasts[0];

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToasts.setState({ toasts: [] });
});

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/palace-home" element={<PublicHomePage />} />
        <Route path="/palace-game" element={<PublicGamePage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('public games - names and the Guest default (docs/product.md §P2.5)', () => {
  it('username - required, then 3 to 15 characters after trimming, word for word', () => {
    expect(usernameError('')).toBe('Username is required');
    expect(usernameError('   ')).toBe('Username is required');
    expect(usernameError('Al')).toBe('Username must be between 3 and 15 characters');
    expect(usernameError('  Al  ')).toBe('Username must be between 3 and 15 characters');
    expect(usernameError('A'.repeat(16))).toBe('Username must be between 3 and 15 characters');
    expect(usernameError('Ann')).toBeNull();
    expect(usernameError('A'.repeat(15))).toBeNull();
  });

  it('guest name - "Guest" and a number from 1000 to 9999', () => {
    expect(guestName(() => 0)).toBe('Guest1000');
    expect(guestName(() => 0.99999)).toBe('Guest9999');
    for (let i = 0; i < 50; i++) expect(guestName()).toMatch(/^Guest[1-9]\d{3}$/);
  });

  it('initial name - the saved name wins; none saved, blank or unreadable storage gives a Guest name', () => {
    expect(initialName({ getItem: () => 'Carol' })).toBe('Carol');
    expect(initialName({ getItem: () => null }, () => 0.5)).toBe('Guest5500');
    expect(initialName({ getItem: () => '  ' }, () => 0)).toBe('Guest1000');
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(initialName(broken, () => 0)).toBe('Guest1000');
    expect(initialName(null, () => 0)).toBe('Guest1000');
  });

  it('home - the name field starts as a Guest name, or the name saved in palace_username', () => {
    serve(() => Response.json({ games: [] }));
    renderAt('/palace-home');
    expect((screen.getByLabelText('Your name') as HTMLInputElement).value).toMatch(/^Guest\d{4}$/);
    cleanup();
    localStorage.setItem(PUBLIC_NAME_KEY, 'Dora');
    renderAt('/palace-home');
    expect((screen.getByLabelText('Your name') as HTMLInputElement).value).toBe('Dora');
  });

  it('home - create and join refuse a bad name or a missing id with the spec texts, before any call', async () => {
    serve(() => Response.json({ games: [] }));
    renderAt('/palace-home');
    await waitFor(() => expect(calls.map((c) => c.at)).toEqual(['GET /api/palace/games']));
    const name = screen.getByLabelText('Your name');
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Game' }));
    expect(screen.getByRole('alert').textContent).toBe('Username is required');
    fireEvent.change(name, { target: { value: 'Al' } });
    expect(screen.getByRole('alert').textContent).toBe('Username must be between 3 and 15 characters');

    fireEvent.change(name, { target: { value: 'Alice' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Join Game' }));
    fireEvent.click(screen.getByRole('button', { name: 'Join Game' }));
    expect(screen.getByRole('alert').textContent).toBe('Game ID is required');
    expect(calls.map((c) => c.at)).toEqual(['GET /api/palace/games']);

    // Clear empties the id field.
    const id = screen.getByLabelText('Game ID') as HTMLInputElement;
    fireEvent.change(id, { target: { value: 'abc123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(id.value).toBe('');
  });

  it('home - create sends the name and visibility, saves the name and opens the game screen', async () => {
    serve((at) => {
      if (at === 'POST /api/palace/games')
        return Response.json({ gameId: 'K3T9QA', asSpectator: false, username: 'Alice' });
      if (at.startsWith('GET /api/palace/games/K3T9QA'))
        return Response.json({ gameState: gameState(), asSpectator: false });
      return Response.json({ games: [] });
    });
    renderAt('/palace-home');
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: ' Alice ' } });
    fireEvent.click(screen.getByLabelText(/^Private/));
    fireEvent.click(screen.getByRole('button', { name: 'Create Game' }));
    await screen.findByRole('heading', { name: 'Palace' });
    expect(calls.find((c) => c.at === 'POST /api/palace/games')?.body).toEqual({
      username: 'Alice',
      visibility: 'private',
    });
    expect(localStorage.getItem(PUBLIC_NAME_KEY)).toBe('Alice');
    expect(calls.some((c) => c.at === 'GET /api/palace/games/K3T9QA?username=Alice')).toBe(true);
  });

  it('home - a refused join is an "Error" toast in the server words', async () => {
    serve((at) =>
      at === 'POST /api/palace/games'
        ? Response.json({ error: 'That username is already taken in this game' }, { status: 409 })
        : Response.json({ games: [] }),
    );
    renderAt('/palace-home');
    fireEvent.click(screen.getByRole('tab', { name: 'Join Game' }));
    fireEvent.change(screen.getByLabelText('Game ID'), { target: { value: 'k3t9qa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join Game' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Error'));
    expect(lastToast()?.description).toBe('That username is already taken in this game');
    expect(lastToast()?.duration).toBe(3000);
    expect(calls.find((c) => c.at === 'POST /api/palace/games')?.body).toMatchObject({ gameId: 'K3T9QA' });
  });
});

describe('public games - the list (docs/product.md §P2.2, §P2.9)', () => {
  it('relative age - just now, minutes, hours, days', () => {
    const now = 10 * 86_400_000;
    expect(relativeAge(now - 59_000, now)).toBe('just now');
    expect(relativeAge(now + 5_000, now)).toBe('just now');
    expect(relativeAge(now - 60_000, now)).toBe('1 min ago');
    expect(relativeAge(now - 59 * 60_000, now)).toBe('59 min ago');
    expect(relativeAge(now - 3_600_000, now)).toBe('1 hour ago');
    expect(relativeAge(now - 23 * 3_600_000, now)).toBe('23 hours ago');
    expect(relativeAge(now - 86_400_000, now)).toBe('1 day ago');
    expect(relativeAge(now - 3 * 86_400_000, now)).toBe('3 days ago');
  });

  it('list - an empty state; a row with id, players / max, status, age and Join', async () => {
    serve(() => Response.json({ games: [] }));
    const onJoin = vi.fn();
    render(<PublicGamesList busy={false} onJoin={onJoin} />);
    await screen.findByText(/No public games right now/);
    cleanup();

    const entry: PublicListEntry = {
      id: 'K3T9QA',
      playerCount: 2,
      createdAt: Date.now() - 5 * 60_000 - 1000,
      status: 'playing',
      maxPlayers: 6,
      players: ['Ann', 'AI Player 1'],
      spectatorCount: 0,
    };
    serve(() => Response.json({ games: [entry] }));
    render(<PublicGamesList busy={false} onJoin={onJoin} />);
    const row = (await screen.findByRole('list', { name: 'Public games' })).querySelector('li');
    if (row === null) throw new Error('a row');
    const r = within(row);
    expect(r.getByText('K3T9QA')).toBeTruthy();
    expect(r.getByText('2/6 players')).toBeTruthy();
    expect(r.getByText('Playing')).toBeTruthy();
    expect(r.getByText('5 min ago')).toBeTruthy();
    expect(r.getByRole('button', { name: 'Copy game ID K3T9QA' })).toBeTruthy();
    fireEvent.click(r.getByRole('button', { name: 'Join game K3T9QA' }));
    expect(onJoin).toHaveBeenCalledWith('K3T9QA');
  });

  it('list - a failed fetch reads "Could not load public games"; Refresh fetches again', async () => {
    let fail = true;
    serve(() => (fail ? Response.json({ error: 'boom' }, { status: 500 }) : Response.json({ games: [] })));
    render(<PublicGamesList busy={false} onJoin={() => undefined} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load public games');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByText(/No public games right now/);
    expect(calls).toHaveLength(2);
  });
});

describe('public games - pile, invite and selection checks', () => {
  it('pile - the state lists the top card first; the table gets bottom to top', () => {
    const top = card('c1', 'K');
    const under = card('c2', '9');
    const bottom = card('c3', '4');
    const pile = [top, under, bottom];
    expect(pileBottomToTop(pile)).toEqual([bottom, under, top]);
    expect(pile[0]).toBe(top); // the state itself is left alone
  });

  it('invite and game path - the invite names the id and links /palace-home', () => {
    expect(inviteText('K3T9QA', 'https://palace.example')).toBe(
      'Join my Palace game K3T9QA at https://palace.example/palace-home',
    );
    expect(gamePath('K3T9QA', 'Ann Lee')).toBe('/palace-game?id=K3T9QA&username=Ann+Lee');
  });

  it('selection checks - Ready needs exactly 3; Play needs one card', () => {
    const invalid = { title: 'Invalid Selection', description: 'You must select exactly 3 cards' };
    expect(readySelectionError([])).toEqual(invalid);
    expect(readySelectionError(['a', 'b'])).toEqual(invalid);
    expect(readySelectionError(['a', 'b', 'c', 'd'])).toEqual(invalid);
    expect(readySelectionError(['a', 'b', 'c'])).toBeNull();
    expect(playSelectionError([])).toEqual({ title: 'No Card Selected', description: 'Please select a card to play' });
    expect(playSelectionError(['a'])).toBeNull();
  });
});

describe('public games - the game screen', () => {
  const hand = [card('h1', '3'), card('h2', '5'), card('h3', '9'), card('h4', 'J'), card('h5', 'K'), card('h6', 'A')];

  it('game - missing query parameters go back to /palace-home', async () => {
    serve(() => Response.json({ games: [] }));
    renderAt('/palace-game?id=K3T9QA');
    await screen.findByRole('heading', { name: 'Palace Games' });
  });

  it('game - setup: Ready with 2 or 4 chosen is the "Invalid Selection" toast; with 3 it sends them', async () => {
    const setup = gameState({
      status: 'setup',
      players: [
        player('Ann', { hand, handCount: 6 }),
        player('AI Player 1', { isAI: true, isReady: true, handCount: 6 }),
      ],
      mustSelectFaceUp: true,
    });
    const chosen = gameState({
      ...setup,
      players: [
        player('Ann', { hand: hand.slice(3), handCount: 3, faceUp: hand.slice(0, 3), isReady: true }),
        player('Bea', { handCount: 6 }),
      ],
      mustSelectFaceUp: false,
      lastUpdate: 2,
    });
    serve((at) =>
      at.startsWith('POST')
        ? Response.json({ gameState: chosen, message: 'You chose your face-up cards' })
        : Response.json({ gameState: setup, asSpectator: false }),
    );
    renderAt('/palace-game?id=K3T9QA&username=Ann');
    const ready = await screen.findByRole('button', { name: 'Ready' });
    const pick = (label: string) => fireEvent.click(screen.getByRole('button', { name: label }));
    pick('3 of hearts');
    pick('5 of hearts');
    fireEvent.click(ready);
    expect(lastToast()).toMatchObject({ title: 'Invalid Selection', description: 'You must select exactly 3 cards' });
    pick('9 of hearts');
    pick('J of hearts');
    expect(screen.getByText(/4 of 3 chosen/)).toBeTruthy();
    useToasts.setState({ toasts: [] });
    fireEvent.click(ready);
    expect(lastToast()?.title).toBe('Invalid Selection');
    expect(calls.filter((c) => c.at.startsWith('POST'))).toHaveLength(0);
    pick('J of hearts');
    fireEvent.click(ready);
    await waitFor(() => expect(calls.some((c) => c.at === 'POST /api/palace/games/K3T9QA/ready')).toBe(true));
    expect(calls.find((c) => c.at.endsWith('/ready'))?.body).toEqual({
      username: 'Ann',
      selectedCards: ['h1', 'h2', 'h3'],
    });
    await screen.findByText(/You are ready. Waiting for Bea/);
    expect(screen.queryByRole('button', { name: 'Ready' })).toBeNull();
  });

  it('game - playing: Play Selected with nothing is "No Card Selected"; only playable cards are enabled', async () => {
    const playing = gameState({
      status: 'playing',
      players: [
        player('Ann', { hand, handCount: 6, isTurn: true, isReady: true }),
        player('AI Player 1', { isAI: true, isReady: true, handCount: 6 }),
      ],
      pile: [card('p1', '4', 'clubs'), card('p0', '3', 'spades')],
      pileSize: 2,
      deckSize: 30,
      currentTurn: 'Ann',
      playableCards: ['h2', 'h3'],
      canPickUp: true,
    });
    serve(() => Response.json({ gameState: playing, asSpectator: false }));
    renderAt('/palace-game?id=K3T9QA&username=Ann');
    const play = await screen.findByRole('button', { name: 'Play Selected' });
    fireEvent.click(play);
    expect(lastToast()).toMatchObject({ title: 'No Card Selected', description: 'Please select a card to play' });
    expect((screen.getByRole('button', { name: '3 of hearts' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: '5 of hearts' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Pick Up' }) as HTMLButtonElement).disabled).toBe(false);
    // The pile is drawn bottom to top: the state's first card (the top) comes last.
    const pile = screen.getByRole('figure', { name: 'Pile: 2 cards' });
    expect(
      within(pile)
        .getAllByRole('img')
        .map((e) => e.getAttribute('aria-label')),
    ).toEqual(['3 of spades', '4 of clubs']);
    // A card of another value replaces the selection.
    fireEvent.click(screen.getByRole('button', { name: '5 of hearts' }));
    fireEvent.click(screen.getByRole('button', { name: '9 of hearts' }));
    expect(screen.getByRole('button', { name: '5 of hearts' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: '9 of hearts' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('game - a spectator answer: the toast once, the Spectator badge, no own cards and no buttons', async () => {
    const watched = gameState({
      status: 'playing',
      players: [
        player('Ann', { hand: [{ id: 'hand-0', hidden: true }], handCount: 1, isTurn: true }),
        player('Bob', { hand: [{ id: 'hand-0', hidden: true }], handCount: 1, faceUp: [card('u1', 'Q')] }),
      ],
      spectators: ['Carol'],
      currentTurn: 'Ann',
      you: null,
    });
    serve(() => Response.json({ gameState: watched, asSpectator: true }));
    renderAt('/palace-game?id=K3T9QA&username=Carol');
    await screen.findByText('Spectator');
    expect(lastToast()).toMatchObject({
      title: 'Joined as Spectator',
      description: 'The game has already started, you are in spectator mode',
    });
    // A spectator has no own cards on the table and no action.
    expect(document.querySelectorAll('[data-zone="own"] button')).toHaveLength(0);
    expect(screen.queryByRole('group', { name: 'Hand' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Play Selected' })).toBeNull();
    expect(screen.getByText("Ann's turn")).toBeTruthy();
    useToasts.setState({ toasts: [] });
    // The next poll (2 s later) does not toast again.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 2100));
    });
    expect(calls.filter((c) => c.at.startsWith('GET')).length).toBeGreaterThanOrEqual(2);
    expect(lastToast()).toBeUndefined();
  });

  it('game - a name not in the game joins first; a failed first load is the Error page', async () => {
    serve((at) => {
      if (at === 'POST /api/palace/games') return Response.json({ error: 'Game not found' }, { status: 404 });
      return Response.json({ gameState: gameState({ you: null }), asSpectator: true });
    });
    renderAt('/palace-game?id=K3T9QA&username=Zed');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Game not found')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/palace-home');
    expect(calls.find((c) => c.at === 'POST /api/palace/games')?.body).toEqual({ username: 'Zed', gameId: 'K3T9QA' });
  });

  it('game - waiting: Start needs 2 players; a refused Add AI is an "Error" toast with the fallback', async () => {
    serve((at) =>
      at.endsWith('/ai')
        ? new Response('', { status: 500 })
        : Response.json({ gameState: gameState(), asSpectator: false }),
    );
    renderAt('/palace-game?id=K3T9QA&username=Ann');
    const start = await screen.findByRole('button', { name: 'Start Game' });
    expect((start as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Add AI' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Error', description: 'Failed to add AI opponent' }),
    );
  });
  it('game - the AI level choice goes with Add AI, is remembered on the device, and AI seats show their level', async () => {
    useAiLevel.setState({ level: 'greedy' });
    const withAi = gameState({
      players: [player('Ann'), player('AI Player 1', { isAI: true, aiLevel: 'strong' })],
    });
    serve((at) =>
      at.endsWith('/ai')
        ? Response.json({ gameState: withAi, message: 'AI Player 1 joined the game' })
        : Response.json({ gameState: gameState(), asSpectator: false }),
    );
    renderAt('/palace-game?id=K3T9QA&username=Ann');
    const level = (await screen.findByLabelText('AI level')) as HTMLSelectElement;
    expect(level.value).toBe('greedy');
    // Each level with its published strength in words, never a rating (docs/product.md §D11).
    expect([...level.options].map((o) => o.textContent)).toEqual([
      'Beginner (plays any legal card)',
      `Casual (${aiLevelWords('prototype')})`,
      `Normal (${aiLevelWords('greedy')})`,
      `Strong (${aiLevelWords('strong')})`,
    ]);
    expect(aiLevelWords('prototype')).toMatch(
      /^wins \d+ in 10 against Beginner$|^wins almost every game against Beginner$/,
    );
    expect(aiLevelWords('greedy')).toMatch(/against Casual$/);
    expect(aiLevelWords('strong')).toMatch(/against Normal$/);
    expect([...level.options].some((o) => /\d{3,}/.test(o.textContent ?? ''))).toBe(false);
    fireEvent.change(level, { target: { value: 'strong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add AI' }));
    await waitFor(() =>
      expect(calls.find((c) => c.at === 'POST /api/palace/games/K3T9QA/ai')?.body).toEqual({
        username: 'Ann',
        level: 'strong',
      }),
    );
    expect(JSON.parse(localStorage.getItem('palace_ai_level') ?? '{}').state).toEqual({ level: 'strong' });
    const seats = await screen.findByRole('list', { name: 'Other players' });
    expect(within(seats).getByText('Strong')).toBeTruthy();
  });
});
