import type { MainGameState } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { durationLabel, timestampLabel, unreadLabel } from '../src/lib/format.js';
import { gameCode, nameError } from '../src/pages/play/create-game.js';
import { filterGames } from '../src/pages/play/lobby.js';
import { noticeText, shouldNotify } from '../src/pages/play/turn-notice.js';
import { sortHand, type TableCard, tableCard } from '../src/table/cards.js';
import { toggleCard, toggleChoice } from '../src/table/selection.js';

const card = (id: string, value: string): TableCard =>
  tableCard({ id, value, suit: 'spades', symbol: '♠', color: 'black' } as { id: string; value: string; suit: string });
const blind = (n: number): TableCard => tableCard({ id: `blind-${n}`, hidden: true });

describe('formats', () => {
  const now = new Date(2026, 10, 23, 18, 0);
  it('format - timestamps: Today, Yesterday, then month day and time (US English)', () => {
    expect(timestampLabel(new Date(2026, 10, 23, 15, 5), now)).toBe('Today, 3:05 PM');
    expect(timestampLabel(new Date(2026, 10, 22, 9, 30), now)).toBe('Yesterday, 9:30 AM');
    expect(timestampLabel(new Date(2026, 10, 2, 21, 7), now)).toBe('Nov 2, 9:07 PM');
  });
  it('format - durations in whole minutes rounded up; unread counts cap at 9+', () => {
    expect(durationLabel(61_000)).toBe('2 min');
    expect(durationLabel(60_000)).toBe('1 min');
    expect(durationLabel(0)).toBe('0 min');
    expect(unreadLabel(9)).toBe('9');
    expect(unreadLabel(10)).toBe('9+');
  });
});

describe('selection', () => {
  it('selection - cards of one value add up; another value or a blind card replaces; a press again removes', () => {
    const cards = [card('a', '7'), card('b', '7'), card('c', '9'), blind(0), blind(1)];
    expect(toggleCard(['a'], 'b', cards)).toEqual(['a', 'b']);
    expect(toggleCard(['a', 'b'], 'c', cards)).toEqual(['c']);
    expect(toggleCard(['a'], 'blind-0', cards)).toEqual(['blind-0']);
    expect(toggleCard(['blind-0'], 'blind-1', cards)).toEqual(['blind-1']);
    expect(toggleCard(['a', 'b'], 'a', cards)).toEqual(['b']);
  });
  it('selection - face-up choice holds at most 3', () => {
    expect(toggleChoice(['a', 'b', 'c'], 'd', 3)).toEqual(['a', 'b', 'c']);
    expect(toggleChoice(['a', 'b', 'c'], 'b', 3)).toEqual(['a', 'c']);
  });
  it('selection - the hand is shown low to high with 2 first (the engine rank order)', () => {
    expect(sortHand([card('k', 'K'), card('2', '2'), card('10', '10'), card('a', 'A')]).map((c) => c.id)).toEqual([
      '2',
      '10',
      'k',
      'a',
    ]);
  });
});

describe('create and lobby', () => {
  it('create - name limits with the spec messages; game codes look like GAME-{ms}-{6 letters}', () => {
    expect(nameError('ab')).toBe('Game name must be at least 3 characters');
    expect(nameError('x'.repeat(31))).toBe('Game name must be less than 30 characters');
    expect(nameError('Public Game')).toBeUndefined();
    expect(gameCode(1700000000000)).toMatch(/^GAME-1700000000000-[A-Z]{6}$/);
  });
  it('lobby - filter chips', () => {
    const table = { id: 7, name: 'Spring Cup', round: 1, rounds: 3, table: 2 };
    const games = [
      { isPrivate: false, tournament: null },
      { isPrivate: true, tournament: null },
      { isPrivate: false, tournament: table },
    ] as unknown as Parameters<typeof filterGames>[0];
    expect(filterGames(games, 'All Games')).toHaveLength(3);
    expect(filterGames(games, 'Public')).toEqual([games[0], games[2]]);
    expect(filterGames(games, 'Private')).toEqual([games[1]]);
    expect(filterGames(games, 'Tournaments')).toEqual([games[2]]);
  });
});

describe('turn notification', () => {
  const game = {
    id: 7,
    name: 'Friday Game',
    status: 'active',
    currentTurn: 3,
    lastAction: {
      type: 'play',
      playerId: 4,
      username: 'Bo',
      cards: [{ value: '7', symbol: '♥' }],
      guestWinner: false,
      prizeAmount: 0,
      timestamp: '',
    },
  } as unknown as MainGameState;
  const base = {
    signedIn: true,
    permission: 'granted',
    focused: false,
    game,
    userId: 3,
    notifiedGameId: null,
  } as const;
  it('turn notice - only when signed in, permitted, unfocused, active, my turn, and not already sent', () => {
    expect(shouldNotify(base)).toBe(true);
    expect(shouldNotify({ ...base, signedIn: false })).toBe(false);
    expect(shouldNotify({ ...base, permission: 'default' })).toBe(false);
    expect(shouldNotify({ ...base, focused: true })).toBe(false);
    expect(shouldNotify({ ...base, userId: 4 })).toBe(false);
    expect(shouldNotify({ ...base, notifiedGameId: 7 })).toBe(false);
    expect(shouldNotify({ ...base, game: { ...game, status: 'waiting' } })).toBe(false);
  });
  it('turn notice - title and text summarise the last action', () => {
    expect(noticeText(game)).toEqual({
      title: 'Your Turn in Friday Game',
      body: "Bo played 7♥. It's your turn in Friday Game",
    });
  });
});
