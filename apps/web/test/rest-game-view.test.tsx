import type { RestGameState } from '@palace/protocol';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RestGameView } from '../src/pages/rest-game/rest-game-view.js';
import { useToasts } from '../src/stores/toast-store.js';
import { card, ME, message, restSeat, restState as state } from './rest-fixtures.js';

const seat = restSeat;

const lastToast = () => useToasts.getState().toasts[0];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  useToasts.setState({ toasts: [] });
  localStorage.clear();
  sessionStorage.clear();
});

describe('rest game - the in-game view with a stubbed server', () => {
  let answers: Array<() => Response>;
  beforeEach(() => {
    answers = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => (answers.shift() ?? (() => new Response(null, { status: 304 })))()),
    );
  });

  const json =
    (body: unknown, status = 200) =>
    () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('game view - a chat message from another player while on the Game tab: unread badge and preview toast', async () => {
    const first = state();
    const next = state({ lastUpdate: 2, chatMessages: [message('m1', 'p2', 'Bob', ':fire:')] });
    answers.push(json({ gameState: next, lastUpdate: 2 }));
    render(
      <MemoryRouter>
        <RestGameView
          gameId="ABC123"
          playerId={ME}
          initial={first}
          onLeave={() => {}}
          onNewGame={() => {}}
          onRematch={async () => {}}
        />
      </MemoryRouter>,
    );
    const chatTab = await screen.findByRole('tab', { name: /^Chat/ });
    await vi.waitFor(() => expect(chatTab.textContent).toBe('Chat1 (1 unread)'));
    expect(lastToast()).toMatchObject({ title: 'Bob: 🔥', duration: 3000 });
    // The host sees Add AI Player; START GAME NOW waits for step 1.
    expect(screen.getByRole('button', { name: 'Add AI Player' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'START GAME NOW' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(chatTab);
    await vi.waitFor(() => expect(chatTab.textContent).toBe('Chat'));
  });

  it('game view - a refused action shows the spec title and the server text; a network failure says Connection Error', async () => {
    render(
      <MemoryRouter>
        <RestGameView
          gameId="ABC123"
          playerId={ME}
          initial={state()}
          onLeave={() => {}}
          onNewGame={() => {}}
          onRematch={async () => {}}
        />
      </MemoryRouter>,
    );
    answers.push(json({ error: 'The table is full' }, 409));
    fireEvent.click(screen.getByRole('button', { name: 'Add AI' }));
    await vi.waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Failed to add AI',
        description: 'The table is full',
        variant: 'destructive',
      }),
    );
    answers.push(() => {
      throw new TypeError('Failed to fetch');
    });
    fireEvent.click(screen.getByRole('button', { name: "I'M READY TO PLAY" }));
    await vi.waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Connection Error',
        description: 'Failed to connect to server. Please try again.',
      }),
    );
  });

  it('game view - playing: only the cards the server lists are enabled; not your turn says so', () => {
    const mine = seat(ME, 'Ann', {
      hand: [card('h1', '9', '♣'), card('h2', '4', '♦')],
      handCount: 2,
      faceDown: [{ id: 'blind-0', hidden: true }],
      faceDownCount: 1,
    });
    const playing = state({
      status: 'playing',
      players: [mine, seat('p2', 'Bob')],
      currentTurn: 'p2',
      playableCards: ['h1'],
    });
    const { unmount } = render(
      <MemoryRouter>
        <RestGameView
          gameId="ABC123"
          playerId={ME}
          initial={playing}
          onLeave={() => {}}
          onNewGame={() => {}}
          onRematch={async () => {}}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('Wait for your turn to play')).toBeTruthy();
    expect(screen.getByRole('button', { name: '9 of clubs' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Pick Up Pile' }).hasAttribute('disabled')).toBe(true);
    unmount();
    render(
      <MemoryRouter>
        <RestGameView
          gameId="ABC123"
          playerId={ME}
          initial={{ ...playing, currentTurn: ME, canPickUp: true }}
          onLeave={() => {}}
          onNewGame={() => {}}
          onRematch={async () => {}}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: '9 of clubs' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: '4 of diamonds' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Pick Up Pile' }).hasAttribute('disabled')).toBe(false);
    const playButton = screen.getByRole('button', { name: 'Play Selected' });
    expect(playButton.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '9 of clubs' }));
    expect(playButton.hasAttribute('disabled')).toBe(false);
    // The same card again deselects.
    fireEvent.click(screen.getByRole('button', { name: '9 of clubs' }));
    expect(playButton.hasAttribute('disabled')).toBe(true);
  });

  it('game view - Hint only while the server allows it: asks, selects the hinted card, says it in the move line', async () => {
    const mine = seat(ME, 'Ann', { hand: [card('h1', '9', '♣'), card('h2', '4', '♦')], handCount: 2 });
    const playing = state({
      status: 'playing',
      players: [mine, seat('p2', 'AI Player 1', { isAI: true })],
      currentTurn: ME,
      playableCards: ['h1', 'h2'],
      hints: { allowed: false, used: 0 },
    });
    const view = (game: RestGameState) => (
      <MemoryRouter>
        <RestGameView
          gameId="ABC123"
          playerId={ME}
          initial={game}
          onLeave={() => {}}
          onNewGame={() => {}}
          onRematch={async () => {}}
        />
      </MemoryRouter>
    );
    const { unmount } = render(view(playing));
    expect(screen.queryByRole('button', { name: 'Hint' })).toBeNull();
    unmount();
    render(view({ ...playing, hints: { allowed: true, used: 0 } }));
    answers.push(json({ action: 'play', cardIds: ['h2'], reason: 'Sheds your lowest playable card, the 4' }));
    // Before Play, after Pick Up.
    const bar = ['Pick Up Pile', 'Hint', 'Play Selected'];
    const labels = screen.getAllByRole('button').map((b) => b.textContent ?? '');
    expect(labels.filter((label) => bar.includes(label))).toEqual(bar);
    fireEvent.click(screen.getByRole('button', { name: 'Hint' }));
    await screen.findByText('Hint: play the 4 of diamonds. Sheds your lowest playable card, the 4.');
    const fetched = vi.mocked(fetch).mock.calls.find(([url]) => String(url).endsWith('/hint'));
    expect(JSON.parse(String(fetched?.[1]?.body))).toEqual({ playerId: ME });
    expect(screen.getByRole('button', { name: 'Play Selected' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: '4 of diamonds' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('game view - at the end the winner panel says how many hints the viewer used', async () => {
    const over = state({
      status: 'finished',
      players: [seat(ME, 'Ann', { hand: [], handCount: 0, faceDown: [], faceDownCount: 0 }), seat('p2', 'AI 1')],
      winner: ME,
      winnerName: 'Ann',
      hints: { allowed: false, used: 2 },
    });
    render(
      <MemoryRouter>
        <RestGameView
          gameId="ABC123"
          playerId={ME}
          initial={over}
          onLeave={() => {}}
          onNewGame={() => {}}
          onRematch={async () => {}}
        />
      </MemoryRouter>,
    );
    const panel = await screen.findByRole('alert', { name: 'You won!' });
    within(panel).getByText('You used 2 hints in this game.');
  });
});
