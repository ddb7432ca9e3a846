import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type ReactElement, useRef } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { create } from 'zustand';
import {
  LEAVE_TEXT,
  LEAVE_TITLE,
  LeaveDialog,
  SEAT_IN_PLAY_CLASS,
  useLeaveGuard,
} from '../src/pages/play/leave-guard.js';

afterEach(cleanup);

// Leaving a game in play asks first (docs/product.md §D13 deliberate-leave; pages/play/leave-guard.tsx).
describe('leave dialog', () => {
  it('leave - a modal dialog named by its question, the exact text, focus on Stay; Stay, Escape and Leave game answer', () => {
    const onStay = vi.fn();
    const onLeave = vi.fn();
    render(<LeaveDialog onStay={onStay} onLeave={onLeave} />);
    const dialog = screen.getByRole('dialog', { name: LEAVE_TITLE });
    expect(LEAVE_TITLE).toBe('Leave the game?');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByText(LEAVE_TEXT).textContent).toBe(
      'Leave? The computer will play your seat; your fee stays in the pot.',
    );
    expect(document.activeElement?.textContent).toBe('Stay');
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(onStay).toHaveBeenCalledTimes(1);
    // Escape: the dialog's cancel event, kept from closing it by itself.
    const cancel = new Event('cancel', { cancelable: true });
    act(() => {
      dialog.dispatchEvent(cancel);
    });
    expect(cancel.defaultPrevented).toBe(true);
    expect(onStay).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('button', { name: 'Leave game' }));
    expect(onLeave).toHaveBeenCalledTimes(1);
  });

  it('leave - closing gives the focus back where it was, or to the fallback when that is gone', () => {
    const opener = document.createElement('button');
    const fallback = document.createElement('button');
    document.body.append(opener, fallback);
    opener.focus();
    const first = render(<LeaveDialog onStay={() => {}} onLeave={() => {}} returnFocus={{ current: fallback }} />);
    expect(document.activeElement?.textContent).toBe('Stay');
    first.unmount();
    expect(document.activeElement).toBe(opener);
    render(<LeaveDialog onStay={() => {}} onLeave={() => {}} returnFocus={{ current: fallback }} />);
    opener.remove();
    cleanup();
    expect(document.activeElement).toBe(fallback);
    fallback.remove();
  });
});

/** Whether the test's room is in play (a game state from the server, in the app). */
const usePlaying = create<{ playing: boolean }>(() => ({ playing: true }));

/** A room that guards while in play, with a link away and a Leave button (focus's fallback). */
function Room({ leave }: { leave: () => void }): ReactElement {
  const leaveButton = useRef<HTMLButtonElement>(null);
  const playing = usePlaying((s) => s.playing);
  const dialog = useLeaveGuard(playing, leave, leaveButton);
  return (
    <>
      <Link to="/elsewhere">Home</Link>
      <button ref={leaveButton} type="button">
        Leave
      </button>
      {dialog}
    </>
  );
}

function renderRoom(playing: boolean, leave: () => void) {
  usePlaying.setState({ playing });
  const router = createMemoryRouter(
    [
      { path: '/play', element: <Room leave={leave} /> },
      { path: '/elsewhere', element: <h1>Elsewhere</h1> },
    ],
    { initialEntries: ['/play?gameId=7'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('leave guard', () => {
  it('leave - in play a link asks: Stay stays; Leave game sends the leave and goes on', async () => {
    const leave = vi.fn();
    const router = renderRoom(true, leave);
    expect(document.documentElement.classList.contains(SEAT_IN_PLAY_CLASS)).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Home' })));
    screen.getByRole('dialog', { name: LEAVE_TITLE });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay' })));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.search).toBe('?gameId=7');
    expect(leave).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Home' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Leave game' })));
    expect(leave).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/elsewhere');
    screen.getByRole('heading', { name: 'Elsewhere' });
    expect(document.documentElement.classList.contains(SEAT_IN_PLAY_CLASS)).toBe(false);
  });

  it('leave - closing the tab in play asks the browser; out of play nothing is asked', () => {
    renderRoom(true, () => {});
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    cleanup();
    renderRoom(false, () => {});
    const again = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(again);
    expect(again.defaultPrevented).toBe(false);
  });

  it('leave - a waiting or finished game (or a spectator) leaves at once, with no leave sent by the guard', async () => {
    const leave = vi.fn();
    const router = renderRoom(false, leave);
    expect(document.documentElement.classList.contains(SEAT_IN_PLAY_CLASS)).toBe(false);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Home' })));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/elsewhere');
    expect(leave).not.toHaveBeenCalled();
  });

  it('leave - the game ending while the question is open lets the player go', async () => {
    const leave = vi.fn();
    const router = renderRoom(true, leave);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Home' })));
    screen.getByRole('dialog', { name: LEAVE_TITLE });
    await act(async () => usePlaying.setState({ playing: false }));
    expect(router.state.location.pathname).toBe('/elsewhere');
    expect(leave).not.toHaveBeenCalled();
  });
});
