import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { faceDown, tableCard } from '../src/table/cards.js';
import { GameTable } from '../src/table/game-table.js';
import type { TableModel } from '../src/table/model.js';
import { whyNot } from '../src/table/play-gestures.js';

afterEach(cleanup);

const card = (id: string, value: string) => tableCard({ id, value, suit: '♥' });

/** Our turn with a 9 and a 4 in hand (the 9 legal), a king face up, one face-down card. */
function table(over: Partial<TableModel> = {}): TableModel {
  return {
    seats: [{ key: 'b', name: 'Bob', isTurn: false, handCount: 5, faceUp: [], faceDownCount: 3 }],
    deckCount: 20,
    pile: { top: [card('p1', '7')], count: 1 },
    lastAction: 'Bob played 7♥',
    turn: { text: 'Your turn', mine: true },
    own: { hand: [card('h4', '4'), card('h9', '9')], faceUp: [card('uK', 'K')], faceDown: [faceDown('blind-0')] },
    enabled: ['h9'],
    selected: [],
    onCard: vi.fn(),
    actions: [{ key: 'play', label: 'Play', tone: 'primary', enabled: false, onPress: vi.fn() }],
    ...over,
  };
}

describe('table - one way to play a card', () => {
  it('why not - the turn, the row order, no play at all, or the pile; nothing for a playable card or with no game', () => {
    expect(whyNot(table(), 'h9')).toBeNull();
    expect(whyNot(table(), 'h4')).toBe("You can't play the 4 of hearts on the current pile");
    expect(whyNot(table(), 'uK')).toBe('You must play all cards from your hand first');
    expect(whyNot(table(), 'blind-0')).toBe('You must play all cards from your hand and face-up first');
    expect(whyNot(table({ enabled: [] }), 'h9')).toBe('No card of yours can go on this pile: pick it up');
    expect(whyNot(table({ enabled: [], turn: { text: 'Waiting for Bob…', mine: false } }), 'h9')).toBe(
      "It's not your turn. Waiting for Bob…",
    );
    // The outline decides where a screen lets every card be pressed (the offline prototype).
    expect(whyNot(table({ enabled: ['h4', 'h9'], hinted: ['h9'] }), 'h4')).toMatch(/^You can't play/);
    expect(whyNot(table({ turn: null }), 'h4')).toBeNull();
    expect(whyNot(table({ own: null }), 'h4')).toBeNull();
    expect(whyNot(table(), 'elsewhere')).toBeNull();
  });

  it('press - a tap selects; the second tap of a double-tap on the selected card presses Play; a disabled card explains itself', () => {
    const onCard = vi.fn();
    const onPress = vi.fn();
    const play = [{ key: 'play', label: 'Play', tone: 'primary' as const, enabled: true, onPress }];
    const { rerender } = render(<GameTable model={table({ onCard })} />);
    const nine = () => screen.getByRole('button', { name: '9 of hearts' });
    fireEvent.click(nine(), { detail: 1 });
    expect(onCard).toHaveBeenCalledWith('h9');
    rerender(<GameTable model={table({ onCard, selected: ['h9'], actions: play })} />);
    fireEvent.click(nine(), { detail: 2 });
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(onCard).toHaveBeenCalledTimes(1);
    // Enter on the selected card plays; Enter on another card is its own (it selects).
    fireEvent.keyDown(nine(), { key: 'Enter' });
    expect(onPress).toHaveBeenCalledTimes(2);
    // A slow second tap (a click count of 1) puts the card back instead.
    fireEvent.click(nine(), { detail: 1 });
    expect(onCard).toHaveBeenCalledTimes(2);
    // The 4 is disabled: a tap on it reaches no handler but says why in the move line.
    const four = screen.getByRole('button', { name: '4 of hearts' });
    expect((four as HTMLButtonElement).disabled).toBe(true);
    fireEvent.pointerUp(four, { button: 0 });
    expect(screen.getByText("You can't play the 4 of hearts on the current pile").className).toContain('explain');
    // The next move ends the explanation.
    rerender(
      <GameTable model={table({ onCard, lastAction: 'You played 9♥', pile: { top: [card('h9', '9')], count: 2 } })} />,
    );
    expect(screen.queryByText(/You can't play/)).toBeNull();
    expect(screen.getByText('You played 9♥').className).not.toContain('explain');
  });
});
