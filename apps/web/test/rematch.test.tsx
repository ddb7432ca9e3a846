import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RematchButton, RematchLine, rematchLine } from '../src/ui/rematch.js';

afterEach(cleanup);

// The game-over panels' rematch (docs/web.md "Rematch"; docs/product.md §D11 rematch).
describe('rematch button', () => {
  it('rematch - the line names who offered, or the viewer themself', () => {
    expect(rematchLine(null, 'Ann')).toBeNull();
    expect(rematchLine({ offeredBy: 'Bob' }, 'Ann')).toBe('Bob wants a rematch.');
    expect(rematchLine({ offeredBy: 'ann' }, 'Ann')).toBe('You offered a rematch.');
    expect(rematchLine({ offeredBy: 'Bob' }, null)).toBe('Bob wants a rematch.');
  });

  it('rematch - a player offers with one tap; the fee is named when there is one', () => {
    const onRematch = vi.fn();
    render(<RematchButton offer={null} canOffer busy={false} fee={100} onRematch={onRematch} />);
    fireEvent.click(screen.getByRole('button', { name: 'Rematch (100 SRT)' }));
    expect(onRematch).toHaveBeenCalledTimes(1);
    cleanup();
    render(<RematchButton offer={null} canOffer busy={false} fee={0} onRematch={onRematch} />);
    expect(screen.getByRole('button', { name: 'Rematch' })).toBeTruthy();
  });

  it('rematch - once offered: the line (a polite status) and Join Rematch; busy while the request runs', () => {
    render(<RematchLine offer={{ offeredBy: 'Bob' }} me="Ann" />);
    expect(screen.getByRole('status').textContent).toBe('Bob wants a rematch.');
    cleanup();
    render(<RematchLine offer={null} me="Ann" />);
    expect(screen.queryByRole('status')).toBeNull();
    const { rerender } = render(
      <RematchButton offer={{ offeredBy: 'Bob' }} canOffer busy={false} onRematch={() => {}} />,
    );
    expect(screen.getByRole('button', { name: 'Join Rematch' }).hasAttribute('disabled')).toBe(false);
    rerender(<RematchButton offer={{ offeredBy: 'Bob' }} canOffer busy onRematch={() => {}} />);
    const busy = screen.getByRole('button', { name: 'Starting…' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
  });

  it('rematch - a spectator sees no button until a player offers, then may join', () => {
    const { rerender } = render(<RematchButton offer={null} canOffer={false} busy={false} onRematch={() => {}} />);
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<RematchButton offer={{ offeredBy: 'Bob' }} canOffer={false} busy={false} onRematch={() => {}} />);
    expect(screen.getByRole('button', { name: 'Join Rematch' })).toBeTruthy();
  });
});
