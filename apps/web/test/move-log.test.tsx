import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '../src/stores/toast-store.js';
import { tableCard } from '../src/table/cards.js';
import { GameTable } from '../src/table/game-table.js';
import type { TableModel } from '../src/table/model.js';
import { moveKey, SAME_MOVE_MS } from '../src/table/move-log.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  useToasts.setState({ toasts: [] });
});

const card = (id: string, value: string) => tableCard({ id, value, suit: '♥' });

/** A two-seat table after `moves` moves: Bob plays, the pile grows, the last move in words. */
function table(lastAction: string | null, pile: number, bobHand = 5): TableModel {
  return {
    seats: [{ key: 'b', name: 'Bob', isTurn: false, handCount: bobHand, faceUp: [], faceDownCount: 3 }],
    deckCount: 20,
    pile: { top: pile === 0 ? [] : [card(`p${pile}`, '7')], count: pile },
    lastAction,
    turn: { text: 'Your turn', mine: true },
    own: { hand: [card('h1', '9')], faceUp: [], faceDown: [] },
    enabled: ['h1'],
    selected: [],
    onCard: vi.fn(),
    actions: [{ key: 'play', label: 'Play', tone: 'primary', enabled: false, onPress: vi.fn() }],
  };
}

describe('table - the move log', () => {
  it('move key - changes with a move (same words, other counts) and not with a selection or the turn line', () => {
    const a = table('Bob played 7♥', 1);
    expect(moveKey({ ...a, selected: ['h1'], turn: { text: 'Waiting for Bob', mine: false } })).toBe(moveKey(a));
    expect(moveKey(table('Bob picked up the pile', 0, 6))).not.toBe(moveKey(table('Bob picked up the pile', 0, 9)));
  });

  it('log - each move once, the earlier ones under the line, the whole list newest first; Escape closes it and gives focus back', () => {
    const view = render(<GameTable model={table(null, 0)} />);
    expect(screen.queryByRole('button', { name: /^Moves/ })).toBeNull();
    view.rerender(<GameTable model={table('Bob played 7♥', 1)} />);
    view.rerender(<GameTable model={{ ...table('Bob played 7♥', 1), selected: ['h1'] }} />);
    view.rerender(<GameTable model={table('You played 9♥', 2)} />);
    view.rerender(<GameTable model={table('Bob picked up the pile', 0, 7)} />);
    view.rerender(<GameTable model={table('Bob picked up the pile', 0, 9)} />);
    const button = screen.getByRole('button', { name: 'Moves (4)' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const earlier = within(screen.getByRole('list', { name: 'Earlier moves' })).getAllByRole('listitem');
    expect(earlier.map((li) => li.textContent)).toEqual(['Bob picked up the pile', 'You played 9♥']);

    fireEvent.click(button);
    const list = screen.getByRole('region', { name: 'All moves' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Bob picked up the pile', 'Bob picked up the pile', 'You played 9♥', 'Bob played 7♥']);
    fireEvent.keyDown(list, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'All moves' })).toBeNull();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'All moves' })).toBeNull();
  });

  it('log - a model with a history (the replay) lists exactly it: a step back takes the last move off', () => {
    const view = render(<GameTable model={{ ...table(null, 2), history: ['Ann played 4♥', 'Bob played 7♥'] }} />);
    expect(screen.getByRole('button', { name: 'Moves (2)' })).toBeTruthy();
    view.rerender(<GameTable model={{ ...table(null, 1), history: ['Ann played 4♥'] }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Moves (1)' }));
    const list = screen.getByRole('region', { name: 'All moves' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ann played 4♥']);
  });

  it('toasts - a toast older than the next move is gone; the one that came with the move stays until the one after', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
    const view = render(<GameTable model={table('Bob played 7♥', 1)} />);
    act(() => useToasts.getState().show({ title: 'Bob played 7♥' }));
    // A selection is not a move: the toast stays.
    vi.setSystemTime(1_000_000 + SAME_MOVE_MS + 1000);
    view.rerender(<GameTable model={{ ...table('Bob played 7♥', 1), selected: ['h1'] }} />);
    expect(useToasts.getState().toasts.map((t) => t.title)).toEqual(['Bob played 7♥']);
    // The next move, with its own toast: the old one goes, the new one stays.
    act(() => {
      useToasts.setState({
        toasts: [...useToasts.getState().toasts, { id: 9_999, title: 'You played 9♥', shownAt: Date.now() }],
      });
    });
    view.rerender(<GameTable model={table('You played 9♥', 2)} />);
    expect(useToasts.getState().toasts.map((t) => t.title)).toEqual(['You played 9♥']);
    vi.setSystemTime(1_000_000 + 2 * SAME_MOVE_MS + 2000);
    view.rerender(<GameTable model={table('Bob played 7♥', 3)} />);
    expect(useToasts.getState().toasts).toEqual([]);
  });
});

describe('turn notifications - the permission prompt', () => {
  it('waits for the player’s first finished game: none in the first room, then asked until "Not now"', async () => {
    const { NotificationPrompt } = await import('../src/pages/play/use-turn-notice.js');
    const { PLAYED_A_GAME_KEY, PROMPT_DISMISSED_KEY } = await import('../src/pages/play/turn-notice.js');
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: async () => 'default' });
    try {
      localStorage.removeItem(PLAYED_A_GAME_KEY);
      localStorage.removeItem(PROMPT_DISMISSED_KEY);
      const first = render(<NotificationPrompt />);
      expect(screen.queryByRole('region', { name: 'Turn notifications' })).toBeNull();
      first.unmount();
      localStorage.setItem(PLAYED_A_GAME_KEY, 'true');
      render(<NotificationPrompt />);
      fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
      expect(screen.queryByRole('region', { name: 'Turn notifications' })).toBeNull();
      expect(localStorage.getItem(PROMPT_DISMISSED_KEY)).toBe('true');
    } finally {
      vi.unstubAllGlobals();
      localStorage.removeItem(PLAYED_A_GAME_KEY);
      localStorage.removeItem(PROMPT_DISMISSED_KEY);
    }
  });
});

describe('table - focus after a move', () => {
  it('stays with the own cards: the played card gone, focus goes to the cards’ stop, or to the own area while none may be pressed', () => {
    const model = (hand: string[], enabled: string[], pile: number): TableModel => ({
      ...table('You played 9♥', pile),
      own: { hand: hand.map((id) => card(id, id.slice(1))), faceUp: [], faceDown: [] },
      enabled,
    });
    const view = render(<GameTable model={model(['h9', 'h5'], ['h9', 'h5'], 1)} />);
    const played = screen.getByRole('button', { name: '9 of hearts' });
    act(() => played.focus());
    expect(document.activeElement).toBe(played);
    // Our move: the 9 leaves the hand; the 5 may still be pressed.
    view.rerender(<GameTable model={model(['h5'], ['h5'], 2)} />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '5 of hearts' }));
    // The next move leaves nothing to press: focus waits on the own area, not the page.
    act(() => (document.activeElement as HTMLElement).blur());
    act(() => screen.getByRole('button', { name: '5 of hearts' }).focus());
    view.rerender(<GameTable model={model(['h5'], [], 3)} />);
    expect(document.activeElement?.getAttribute('data-zone')).toBe('own');
  });
});
