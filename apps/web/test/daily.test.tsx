import { createHash } from 'node:crypto';
import type { DailyAttempt, DailyBoard, DailyHistory, DailyToday } from '@palace/protocol';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DailyCard } from '../src/pages/daily/daily-card.js';
import {
  dailyAction,
  dayLabel,
  ordinal,
  outcomeLabel,
  percentLabel,
  scoreLabel,
  streakLabel,
  timeUntil,
} from '../src/pages/daily/daily-format.js';
import { DailyPage } from '../src/pages/daily/daily-page.js';
import { type User, useAuth } from '../src/stores/auth-store.js';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const ann: User = { id: 1, username: 'Ann', email: 'ann@example.com', avatar: null, isGuest: false, isBot: false };

const result = { place: 2, cardsLeft: 3, end: 'finished' as const, matchpoints: 6, maxMatchpoints: 8, percent: 75 };

function attempt(overrides: Partial<DailyAttempt> = {}): DailyAttempt {
  return {
    date: '2030-05-17',
    gameId: 77,
    status: 'finished',
    ranked: true,
    startedAt: '2030-05-17T09:00:00.000Z',
    finishedAt: '2030-05-17T09:05:00.000Z',
    result: { ...result, rank: 2, players: 5 },
    ...overrides,
  };
}

function today(overrides: Partial<DailyToday> = {}): DailyToday {
  return {
    date: '2030-05-17',
    commitment: sha('today'),
    endsAt: '2030-05-18T00:00:00.000Z',
    tableSize: 4,
    level: 'greedy',
    players: 5,
    playing: 1,
    attempt: null,
    previous: {
      date: '2030-05-16',
      commitment: sha('yesterday-seed'),
      seed: 'yesterday-seed',
      revealsAt: '2030-05-17T00:00:00.000Z',
      players: 3,
    },
    ...overrides,
  };
}

const board: DailyBoard = {
  date: '2030-05-17',
  over: false,
  players: 2,
  playing: 1,
  rows: [
    {
      rank: 1,
      userId: 4,
      username: 'Bea',
      avatar: null,
      place: 1,
      cardsLeft: 0,
      end: 'finished',
      matchpoints: 2,
      percent: 100,
      gameId: null,
      you: false,
    },
    {
      rank: 2,
      userId: 1,
      username: 'Ann',
      avatar: null,
      place: 4,
      cardsLeft: 9,
      end: 'left',
      matchpoints: 0,
      percent: 0,
      gameId: 77,
      you: true,
    },
  ],
};

const history: DailyHistory = { streak: 3, bestStreak: 5, played: 9, days: [attempt()] };

/** A fetch stub answering by "METHOD url" (the query left off); every call is recorded. */
function stubFetch(answers: Record<string, { status?: number; body: unknown }>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      const answer = answers[key] ?? { status: 404, body: { message: 'Not found' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }),
  );
  return calls;
}

function renderDaily() {
  return render(
    <MemoryRouter initialEntries={['/daily']}>
      <Routes>
        <Route path="/daily" element={<DailyPage />} />
        <Route path="/play" element={<p>the game room</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAuth.setState({ user: null, loading: false });
});

describe('daily deal - words', () => {
  it('daily words - places, percentages, outcomes and scores', () => {
    expect([1, 2, 3, 4, 11, 22].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '22nd']);
    expect(percentLabel(66.666)).toBe('67 %');
    expect(percentLabel(null)).toBe('–');
    expect(outcomeLabel({ place: 1, cardsLeft: 0, end: 'finished' })).toBe('Won the table');
    expect(outcomeLabel({ place: 3, cardsLeft: 1, end: 'finished' })).toBe('3rd with 1 card left');
    expect(outcomeLabel({ place: 4, cardsLeft: 9, end: 'left' })).toBe('Left with 9 cards');
    expect(outcomeLabel({ place: 4, cardsLeft: 6, end: 'day_over' })).toBe('Unfinished at midnight, 6 cards');
    expect(scoreLabel({ ...result, rank: 2, players: 5 }, true)).toBe('75 % · 2nd of 5');
    expect(scoreLabel({ ...result, rank: null, players: 4 }, false)).toBe('75 % against 4 players (unranked)');
    expect(scoreLabel({ ...result, percent: null, rank: 1, players: 1 }, true)).toBe(
      'No one else has finished this deal yet',
    );
    expect(streakLabel(3, 5)).toBe('3 days in a row · best 5');
    expect(streakLabel(1, 1)).toBe('1 day in a row');
    expect(timeUntil('2030-05-18T00:00:00Z', Date.parse('2030-05-17T18:47:00Z'))).toBe('5 h 13 min');
    expect(timeUntil('2030-05-18T00:00:00Z', Date.parse('2030-05-17T23:30:00Z'))).toBe('30 min');
    expect(dayLabel('2030-05-17')).toBe('Friday 17 May');
    expect(dailyAction(null)).toBe('play');
    expect(dailyAction(attempt({ status: 'playing', result: null }))).toBe('continue');
    expect(dailyAction(attempt())).toBe('done');
  });
});

describe('daily deal - the page', () => {
  it('daily page - a visitor gets Play, which signs in as a guest, starts the deal and opens its game', async () => {
    const calls = stubFetch({
      'GET /api/daily': { body: today() },
      'GET /api/daily/leaderboard': { body: board },
      'POST /api/auth/guest-login': { body: { ...ann, id: -3, username: 'Guest1234', isGuest: true } },
      'POST /api/daily/start': { body: { date: '2030-05-17', gameId: 88, resumed: false } },
    });
    renderDaily();
    const play = await screen.findByRole('button', { name: "Play today's deal" });
    expect(screen.getByText(/As a guest you play unranked/)).toBeTruthy();
    expect(screen.getByText(sha('today'))).toBeTruthy();
    fireEvent.click(play);
    await screen.findByText('the game room');
    expect(calls).toContain('POST /api/auth/guest-login');
    expect(calls).toContain('POST /api/daily/start');
  });

  it('daily page - a player who has played sees the result, the board, the streak and yesterday checked', async () => {
    useAuth.setState({ user: ann, loading: false });
    stubFetch({
      'GET /api/daily': { body: today({ attempt: attempt() }) },
      'GET /api/daily/leaderboard': { body: board },
      'GET /api/daily/history': { body: history },
    });
    renderDaily();
    await screen.findByText('2nd with 3 cards left');
    expect(screen.getByText('75 % · 2nd of 5')).toBeTruthy();
    expect(screen.queryByRole('button', { name: "Play today's deal" })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Review your game' })[0]?.getAttribute('href')).toBe('/review/main/77');
    const list = await screen.findByRole('list', { name: "Today's board, best first" });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('Bea'), expect.stringContaining('AnnYou')]);
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'Review the game of Ann' })).toBeTruthy();
    await screen.findByText('3 days in a row · best 5');
    await waitFor(() => expect(screen.getByText(/sha256\(seed\) matches the commitment/)).toBeTruthy());
    expect(screen.getByText('yesterday-seed')).toBeTruthy();
    // Yesterday's board is one tap away.
    fireEvent.click(screen.getByRole('button', { name: 'Yesterday' }));
    await screen.findByRole('heading', { name: "Yesterday's board" });
  });

  it('daily page - a refused start says why and keeps the page', async () => {
    useAuth.setState({ user: ann, loading: false });
    stubFetch({
      'GET /api/daily': { body: today() },
      'GET /api/daily/leaderboard': { body: { ...board, rows: [] } },
      'GET /api/daily/history': { body: { streak: 0, bestStreak: 0, played: 0, days: [] } },
      'POST /api/daily/start': { status: 409, body: { message: "You have already played today's deal." } },
    });
    renderDaily();
    fireEvent.click(await screen.findByRole('button', { name: "Play today's deal" }));
    await waitFor(() => expect(screen.getByRole('button', { name: "Play today's deal" })).toBeTruthy());
    expect(await screen.findByText('Nobody has finished this deal yet.')).toBeTruthy();
    expect(screen.getByText('Your days show here once you have played a daily deal.')).toBeTruthy();
  });

  it('daily card - one link to /daily named by its words', () => {
    render(
      <MemoryRouter>
        <DailyCard />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: /Daily deal/ });
    expect(link.getAttribute('href')).toBe('/daily');
  });
});
