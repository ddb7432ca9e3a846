import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GameOverPanel } from '../src/table/game-over.js';
import {
  cardsLeftText,
  gameOverModel,
  lengthText,
  minutesBetween,
  openTable,
  ordinal,
  placeLine,
  standings,
  winnerLine,
} from '../src/table/game-over-model.js';
import type { TableModel } from '../src/table/model.js';

afterEach(cleanup);

const seat = (name: string, cardsLeft: number, you = false) => ({ name, cardsLeft, you });

// The game-over panel of every screen (docs/web.md "The table kit": game over; docs/product.md §D3 game-end).
describe('game over - standings and the place line', () => {
  it('game over - ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
    ]);
  });

  it('game over - the winner first, then fewest cards left, ties by seat order', () => {
    const rows = standings([seat('Ann', 7), seat('Bob', 3, true), seat('Cid', 0), seat('Dee', 3)], 2);
    expect(rows.map((r) => [r.place, r.name, r.cardsLeft])).toEqual([
      [1, 'Cid', 0],
      [2, 'Bob', 3],
      [3, 'Dee', 3],
      [4, 'Ann', 7],
    ]);
    expect(rows[1]?.you).toBe(true);
    expect(placeLine(rows)).toBe('You finished 2nd of 4');
    expect(winnerLine(rows)).toBe('Cid won!');
  });

  it('game over - at the move cap (no winner named) everyone is ordered by cards left', () => {
    const rows = standings([seat('Ann', 5), seat('Bob', 2), seat('Cid', 2, true)], null);
    expect(rows.map((r) => r.name)).toEqual(['Bob', 'Cid', 'Ann']);
    expect(placeLine(rows)).toBe('You finished 2nd of 3');
  });

  it('game over - the winner and a spectator get no place line; the heading says it', () => {
    const won = standings([seat('Ann', 0, true), seat('Bob', 4)], 0);
    expect(placeLine(won)).toBeNull();
    expect(winnerLine(won)).toBe('You won!');
    const watched = standings([seat('Ann', 0), seat('Bob', 4)], 0);
    expect(placeLine(watched)).toBeNull();
    expect(winnerLine(watched)).toBe('Ann won!');
  });

  it('game over - the length says only what is known', () => {
    expect(lengthText({ moves: 42, minutes: 6 })).toBe('42 moves · 6 min');
    expect(lengthText({ moves: 1, minutes: 0 })).toBe('1 move · under a minute');
    expect(lengthText({ moves: 12, minutes: null })).toBe('12 moves');
    expect(lengthText({ moves: null, minutes: 3 })).toBe('3 min');
    expect(lengthText({})).toBeNull();
    expect(minutesBetween(0, 6 * 60_000 + 20_000)).toBe(6);
    expect(minutesBetween(null, 5)).toBeNull();
    expect(minutesBetween(10, 5)).toBeNull();
    expect([0, 1, 5].map(cardsLeftText)).toEqual(['no cards left', '1 card left', '5 cards left']);
  });
});

describe('game over - the table and the panel', () => {
  const face = (id: string) => ({ id, face: { rank: 7 as const, suit: 'hearts' as const } });
  const hidden = (id: string) => ({ id, face: null });
  const table: TableModel = {
    seats: [{ key: 'b', name: 'Bob', isTurn: false, handCount: 2, faceUp: [], faceDownCount: 1 }],
    deckCount: 0,
    pile: { top: [], count: 0 },
    lastAction: null,
    turn: null,
    own: { hand: [], faceUp: [], faceDown: [hidden('blind-0')] },
    enabled: [],
    selected: [],
    onCard: () => undefined,
    actions: [],
  };

  it('game over - every hidden card is turned over: the others open, the own face-down cards face up', () => {
    const open = { hand: [face('h1'), face('h2')], faceDown: [face('d1')] };
    const shown = openTable(table, new Map([['b', open]]), { hand: [], faceDown: [face('d0')] });
    expect(shown.seats[0]?.open).toEqual(open);
    expect(shown.own?.faceDown).toEqual([face('d0')]);
    // Cards nobody knows stay as they are.
    const same = openTable(table, new Map(), null);
    expect(same.seats[0]?.open).toBeUndefined();
    expect(same.own?.faceDown).toEqual([hidden('blind-0')]);
  });

  it('game over - the panel: heading, place, standings, length, moves behind a disclosure, the actions', () => {
    const model = gameOverModel({
      seats: [seat('Ann', 4, true), seat('Bob', 0)],
      winner: 1,
      moves: ['Bob played 3♣', 'You picked up the pile', 'Bob played A♠'],
      moveCount: 3,
      minutes: 2,
    });
    render(
      <GameOverPanel
        heading="Bob won!"
        model={model}
        role="status"
        actions={
          <>
            <button type="button" className="button button-primary">
              Rematch
            </button>
            <a className="button button-secondary" href="/play">
              Back to Lobby
            </a>
          </>
        }
      />,
    );
    const panel = screen.getByRole('status', { name: 'Bob won!' });
    within(panel).getByText('You finished 2nd of 2');
    const rows = within(within(panel).getByRole('list', { name: 'Final standings' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['1stBobno cards left', '2ndAnn (you)4 cards left']);
    within(panel).getByText('Length: 3 moves · 2 min');
    const summary = within(panel).getByText('Moves (3)');
    fireEvent.click(summary);
    const moves = within(panel).getByRole('list', { name: 'All moves, oldest first' });
    expect(
      within(moves)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Bob played 3♣', 'You picked up the pile', 'Bob played A♠']);
    expect(panel.querySelectorAll('.button-primary')).toHaveLength(1);
  });
});
