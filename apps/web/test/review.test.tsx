import type { GameReview, ReviewedMove } from '@palace/protocol';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isStandalonePath } from '../src/pages/prototypes/prototype-paths.js';
import { ReplayLink } from '../src/pages/replay/replay-link.js';
import {
  countsLine,
  emptyLine,
  fetchReview,
  fileReplayAt,
  initialFilter,
  luckLine,
  moveRow,
  pendingLine,
  pollReview,
  type ReviewFetch,
  type ReviewState,
  reviewPath,
  seatOrder,
  seatTitle,
  serverReplayAt,
  viewerSeat,
  visibleRows,
} from '../src/pages/review/review-model.js';
import { ReviewPage } from '../src/pages/review/review-page.js';
import { useAuth } from '../src/stores/auth-store.js';

const c = (rank: number, suit: string) => ({ id: `${rank}${suit}`, rank, suit });

const move = (entry: number, seat: string, over: Partial<ReviewedMove> = {}): ReviewedMove => ({
  entry,
  seat,
  played: { type: 'play', cards: [c(5, 'hearts')], faceDown: false },
  before: 0.5,
  after: 0.5,
  best: null,
  choices: 3,
  mark: null,
  ...over,
});

/** Ann against the Strong computer: one blunder and one plain move of Ann's, a mistake and a forced move of the computer's. */
const REVIEW: GameReview = {
  version: 1,
  worlds: 120,
  seats: [
    { seat: 'p1', name: 'Bot', ai: 'strong', luck: 0.62, meanDrop: 0.04, moves: 2, mistakes: 1, blunders: 0 },
    { seat: 'p2', name: 'Ann', ai: null, luck: 0.38, meanDrop: 0.1, moves: 2, mistakes: 0, blunders: 1 },
  ],
  moves: [
    move(3, 'p1', { choices: 1, before: 0.6, after: 0.6 }),
    move(4, 'p2'),
    move(20, 'p1', {
      played: { type: 'pickUp' },
      before: 0.55,
      after: 0.43,
      mark: 'mistake',
      best: { type: 'play', cards: [], faceDown: true },
    }),
    move(22, 'p2', {
      played: { type: 'play', cards: [c(7, 'clubs'), c(7, 'diamonds')], faceDown: false },
      before: 0.41,
      after: 0.18,
      mark: 'blunder',
      best: { type: 'play', cards: [c(2, 'clubs')], faceDown: false },
    }),
  ],
};

const GAME = { variant: 'rest', gameId: 'ABC123' };

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('review - the lines it says', () => {
  it('review model - progress, seats, luck and counts in words', () => {
    expect(pendingLine(0, 0)).toBe('Reviewing the game… 0 %');
    expect(pendingLine(34, 85)).toBe('Reviewing the game… 40 %');
    const [bot, ann] = REVIEW.seats;
    if (bot === undefined || ann === undefined) throw new Error('two seats');
    expect(seatTitle(bot)).toBe('Bot (computer: Strong)');
    expect(seatTitle(ann)).toBe('Ann');
    expect(luckLine(ann, 4)).toBe('Dealt a 38 % hand (even share 25 %)');
    expect(luckLine(bot, 2)).toBe('Dealt a 62 % hand (even share 50 %)');
    expect(countsLine(ann)).toBe('2 moves · 0 mistakes · 1 blunder');
    expect(countsLine(bot)).toBe('2 moves · 1 mistake · 0 blunders');
  });

  it('review model - a move row: number as the replay counts, cards in words, the mark and the better move', () => {
    const names = new Map([
      ['p1', 'Bot'],
      ['p2', 'Ann'],
    ]);
    const [forced, plain, mistake, blunder] = REVIEW.moves.map((m) => moveRow(m, names, serverReplayAt(GAME)));
    expect(blunder?.line).toBe('Move 23 · Ann played 7♣ 7♦ · 41 % → 18 % · Blunder · Better: 2♣');
    expect(blunder?.replay).toBe('/replay/rest/ABC123?move=23');
    // A record file's review (computed in the browser) leads to the same file's replay at that move.
    expect(moveRow(REVIEW.moves[3] as ReviewedMove, names, fileReplayAt).replay).toBe('/replay?move=23');
    expect(mistake?.line).toBe('Move 21 · Bot picked up the pile · 55 % → 43 % · Mistake · Better: a face-down card');
    expect(forced?.line).toBe('Move 4 · Bot played 5♥ · 60 % → 60 % · Forced');
    expect(forced?.forced).toBe(true);
    expect(plain?.line).toBe('Move 5 · Ann played 5♥ · 50 % → 50 %');
    expect(
      moveRow(
        move(9, 'p2', { played: { type: 'play', cards: [c(14, 'spades')], faceDown: true } }),
        names,
        serverReplayAt(GAME),
      ).what,
    ).toBe('Ann played face-down A♠');
  });

  it('review model - the filter: the viewer first and chosen, marked moves only, everyone, all moves', () => {
    expect(viewerSeat(REVIEW, 'Ann')).toBe('p2');
    // A computer seat is nobody's, and a visitor has none.
    expect(viewerSeat(REVIEW, 'Bot')).toBeNull();
    expect(viewerSeat(REVIEW, null)).toBeNull();
    expect(seatOrder(REVIEW, 'p2').map((s) => s.name)).toEqual(['Ann', 'Bot']);
    expect(seatOrder(REVIEW, null).map((s) => s.name)).toEqual(['Bot', 'Ann']);
    expect(initialFilter('p2')).toEqual({ seat: 'p2', markedOnly: true });
    expect(initialFilter(null)).toEqual({ seat: 'all', markedOnly: true });
    const numbers = (seat: string, markedOnly: boolean) =>
      visibleRows(REVIEW, { seat, markedOnly }, serverReplayAt(GAME)).map((r) => r.number);
    expect(numbers('p2', true)).toEqual([23]);
    expect(numbers('all', true)).toEqual([21, 23]);
    expect(numbers('all', false)).toEqual([4, 5, 21, 23]);
    expect(numbers('p1', false)).toEqual([4, 21]);
    const clean = { ...REVIEW, moves: REVIEW.moves.filter((m) => m.mark === null) };
    expect(visibleRows(clean, { seat: 'p2', markedOnly: true }, fileReplayAt)).toEqual([]);
    expect(emptyLine(clean, { seat: 'p2', markedOnly: true })).toBe('No mistakes or blunders by Ann.');
    expect(emptyLine(clean, { seat: 'all', markedOnly: true })).toBe('No mistakes or blunders.');
  });
});

/** A fetch answering `answers` in turn (the last one again once they run out). */
function fakeFetch(answers: readonly { status: number; body: unknown }[]) {
  let i = 0;
  return vi.fn(async (_url: string | URL | Request) => {
    const answer = answers[Math.min(i, answers.length - 1)];
    i += 1;
    if (answer === undefined) throw new TypeError('no network');
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
}

describe('review - asking the server', () => {
  it('review fetch - ready, pending, the refusals in plain words, the server message, no network', async () => {
    const ask = async (status: number, body: unknown) =>
      fetchReview('rest', 'ABC123', fakeFetch([{ status, body }]) as unknown as typeof fetch);
    expect(await ask(200, { status: 'ready', review: REVIEW })).toEqual({ status: 'ready', review: REVIEW });
    expect(await ask(202, { status: 'pending', done: 3, total: 9 })).toEqual({ status: 'pending', done: 3, total: 9 });
    expect(await ask(404, { error: 'Game not found' })).toEqual({ status: 'failed', message: 'No such game' });
    expect(await ask(409, { error: 'running', commitment: 'ff' })).toEqual({
      status: 'failed',
      message: 'The game is still being played',
    });
    expect(await ask(503, { error: 'Too many reviews are waiting' })).toEqual({
      status: 'failed',
      message: 'Too many reviews are waiting',
    });
    const offline = await fetchReview('rest', 'ABC123', (async () => {
      throw new TypeError('offline');
    }) as typeof fetch);
    expect(offline.status).toBe('failed');
    const fetcher = fakeFetch([{ status: 202, body: { status: 'pending', done: 0, total: 0 } }]);
    await fetchReview('main', 'g 1', fetcher as unknown as typeof fetch);
    expect(fetcher.mock.calls[0]?.[0]).toBe('/api/records/main/g%201/review');
  });

  it('review poll - asks again every 1.5 s while pending, stops when ready', async () => {
    vi.useFakeTimers();
    const answers: ReviewFetch[] = [
      { status: 'pending', done: 0, total: 0 },
      { status: 'pending', done: 4, total: 10 },
      { status: 'ready', review: REVIEW },
    ];
    const load = vi.fn(async () => answers.shift() ?? { status: 'failed' as const, message: 'asked too often' });
    const seen: ReviewState['status'][] = [];
    const stop = pollReview(load, (s) => seen.push(s.status));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['loading', 'pending']);
    await vi.advanceTimersByTimeAsync(1499);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(1500);
    expect(seen).toEqual(['loading', 'pending', 'pending', 'ready']);
    await vi.advanceTimersByTimeAsync(5000);
    expect(load).toHaveBeenCalledTimes(3);
    stop();
  });
});

function page(path = '/review/rest/ABC123') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/review/:variant/:gameId" element={<ReviewPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('review - the page', () => {
  beforeEach(() => {
    useAuth.setState({ user: null, loading: false });
  });

  it('review page - pending with its progress, then the seats and the marked moves, the filter and the toggle', async () => {
    expect(isStandalonePath('/review/rest/ABC123')).toBe(true);
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      fakeFetch([
        { status: 202, body: { status: 'pending', done: 34, total: 85 } },
        { status: 200, body: { status: 'ready', review: REVIEW } },
      ]),
    );
    useAuth.setState({ user: { username: 'Ann' } as never, loading: false });
    page();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('status').textContent).toContain('Reviewing the game… 40 %');
    expect(screen.getByRole('link', { name: 'Watch the replay' }).getAttribute('href')).toBe('/replay/rest/ABC123');
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.getByRole('heading', { level: 1, name: 'Review' })).toBeTruthy();
    expect(screen.getByText('How to read this')).toBeTruthy();
    const players = within(screen.getByRole('region', { name: 'Players' }));
    const items = players.getAllByRole('listitem').map((li) => li.textContent);
    // The viewer's own seat first.
    expect(items[0]).toContain('Ann (you)');
    expect(items[0]).toContain('Dealt a 38 % hand (even share 50 %)');
    expect(items[1]).toContain('Bot (computer: Strong)');
    const list = () => within(screen.getByRole('region', { name: 'Moves' }));
    // Ann's marked moves: the blunder, a link to the replay at that move.
    const rows = () => list().queryAllByRole('link');
    expect(rows().map((a) => a.getAttribute('href'))).toEqual(['/replay/rest/ABC123?move=23']);
    expect(rows()[0]?.getAttribute('aria-label')).toBe(
      'Move 23 · Ann played 7♣ 7♦ · 41 % → 18 % · Blunder · Better: 2♣. Open the replay at this move',
    );
    fireEvent.change(list().getByLabelText('Player'), { target: { value: 'all' } });
    expect(rows().map((a) => a.getAttribute('href'))).toEqual([
      '/replay/rest/ABC123?move=21',
      '/replay/rest/ABC123?move=23',
    ]);
    const marked = list().getByRole('checkbox', { name: 'Marked moves only' }) as HTMLInputElement;
    expect(marked.checked).toBe(true);
    fireEvent.click(marked);
    expect(rows()).toHaveLength(4);
    expect(rows()[0]?.closest('li')?.className).toContain('forced');
    expect(rows()[0]?.textContent).toContain('Forced');
  });

  it('review page - an unknown game and a game still in play are said plainly', async () => {
    vi.stubGlobal('fetch', fakeFetch([{ status: 404, body: { error: 'Game not found' } }]));
    page('/review/rest/NOPE');
    expect((await screen.findByRole('alert')).textContent).toContain('No such game');
    cleanup();
    vi.stubGlobal('fetch', fakeFetch([{ status: 409, body: { error: 'running', commitment: 'ff' } }]));
    page();
    expect((await screen.findByRole('alert')).textContent).toContain('The game is still being played');
  });

  it('review link - the finished screens show Review beside Watch the replay', () => {
    expect(reviewPath('main', 12)).toBe('/review/main/12');
    render(
      <MemoryRouter>
        <ReplayLink variant="main" gameId={12} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Watch the replay' }).getAttribute('href')).toBe('/replay/main/12');
    expect(screen.getByRole('link', { name: 'Review' }).getAttribute('href')).toBe('/review/main/12');
  });
});
