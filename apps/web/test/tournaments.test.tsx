import { createHash } from 'node:crypto';
import type { LobbyGame, Tournament, TournamentRound } from '@palace/protocol';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tournamentTableLabel } from '../src/lib/tournament-label.js';
import { lobbyAction } from '../src/pages/play/lobby.js';
import {
  blankDraft,
  createBody,
  defaultStart,
  enterLabel,
  entryState,
  FEE_CHOICES,
  feeLabel,
  fieldOfMessage,
  filterOf,
  listUrl,
  localInputValue,
  ordinal,
  percentLabel,
  progressLabel,
  seatResultLabel,
  startBounds,
  startLabel,
  tableAction,
  tableRoomPath,
} from '../src/pages/tournaments/tournament-format.js';
import { DEAL_PROOF_TEXT, sha256Hex } from '../src/pages/tournaments/tournament-rounds.js';
import { TournamentsPage } from '../src/pages/tournaments/tournaments-page.js';
import { type User, useAuth } from '../src/stores/auth-store.js';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** A heads-up seat: its place once its table is over, its matchpoints (of 2) once the round is. */
const seat = (userId: number, username: string, place: number | null = null, matchpoints: number | null = null) => ({
  userId,
  username,
  place,
  cardsLeft: place === null ? null : (place - 1) * 4,
  matchpoints,
  maxMatchpoints: matchpoints === null ? null : 2,
  score: matchpoints === null ? null : 50 * matchpoints,
});

function round(overrides: Partial<TournamentRound> = {}): TournamentRound {
  return {
    number: 1,
    finished: false,
    startedAt: '2026-05-01T10:00:00.000Z',
    finishedAt: null,
    deals: [{ tableSize: 2, commitment: sha('deal-seed'), seed: null }],
    tables: [
      { number: 1, gameId: 101, finished: false, seats: [seat(1, 'Ann'), seat(2, 'Bob')] },
      { number: 2, gameId: 102, finished: false, seats: [seat(3, 'Cat'), seat(4, 'Dan')] },
    ],
    byes: [],
    ...overrides,
  };
}

function tournament(overrides: Partial<Tournament> = {}): Tournament {
  return {
    id: 42,
    name: 'Spring Cup',
    preset: 'classic',
    status: 'running',
    entrants: 4,
    maxPlayers: 4,
    tableSize: 2,
    rounds: 1,
    currentRound: 1,
    entryFee: 0,
    prizePool: 0,
    startsAt: null,
    createdBy: 'Ann',
    createdAt: '2026-05-01T09:00:00.000Z',
    startedAt: '2026-05-01T10:00:00.000Z',
    finishedAt: null,
    commitment: sha('tournament-seed'),
    seed: null,
    entries: [
      { rank: 1, userId: 1, username: 'Ann', avatar: null, isGuest: false, score: 0, cardsLeft: 0 },
      { rank: 2, userId: 2, username: 'Bob', avatar: null, isGuest: false, score: 0, cardsLeft: 0 },
      { rank: 3, userId: 3, username: 'Cat', avatar: null, isGuest: true, score: 0, cardsLeft: 0 },
      { rank: 4, userId: 4, username: 'Dan', avatar: null, isGuest: false, score: 0, cardsLeft: 0 },
    ],
    roundList: [round()],
    prizes: [],
    entered: true,
    myTable: 101,
    ...overrides,
  };
}

const ann: User = { id: 1, username: 'Ann', email: 'ann@example.com', avatar: null, isGuest: false, isBot: false };
const eve: User = { id: 9, username: 'Eve', email: 'eve@example.com', avatar: null, isGuest: false, isBot: false };

/** A fetch stub answering by "METHOD url"; every call is recorded. */
function stubFetch(answers: Record<string, { status?: number; body: unknown }>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      calls.push(key);
      const answer = answers[key] ?? { status: 404, body: { message: 'Tournament not found' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }),
  );
  return calls;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/tournaments/:id?" element={<TournamentsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAuth.setState({ user: null, loading: false });
});

describe('tournaments - words', () => {
  it('tournaments - the list asks for one status, or every one for All; an unknown ?status= is All', () => {
    expect(listUrl('all')).toBe('/api/tournaments?limit=50');
    expect(listUrl('open')).toBe('/api/tournaments?status=open&limit=50');
    expect(listUrl('finished', 10)).toBe('/api/tournaments?status=finished&limit=10');
    expect(filterOf('running')).toBe('running');
    expect(filterOf('cancelled')).toBe('all');
    expect(filterOf(null)).toBe('all');
  });

  it('tournaments - fees, rounds, start, places and the table label', () => {
    expect(feeLabel(0)).toBe('Free');
    expect(feeLabel(1000)).toBe('1,000 SRT');
    expect(enterLabel(0)).toBe('Enter for free');
    expect(enterLabel(150)).toBe('Enter for 150 SRT');
    expect(progressLabel({ status: 'open', currentRound: 0, rounds: 1 })).toBe('1 round');
    expect(progressLabel({ status: 'cancelled', currentRound: 0, rounds: 3 })).toBe('3 rounds');
    expect(progressLabel({ status: 'running', currentRound: 2, rounds: 3 })).toBe('Round 2 of 3');
    expect(startLabel(null, () => 'never')).toBe('When full');
    expect(startLabel('2026-05-01T10:00:00.000Z', (iso) => `at ${iso}`)).toBe('at 2026-05-01T10:00:00.000Z');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 32].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '32nd',
    ]);
    expect(tournamentTableLabel({ round: 1, rounds: 1, table: 2 })).toBe('Round 1 of 1, table 2');
    // Scores come exact and are rounded to one decimal on the screen only.
    expect([100, 75, 200 / 3, 100 / 3, 0, 187.5, 0.04, 99.96].map(percentLabel)).toEqual([
      '100%',
      '75%',
      '66.7%',
      '33.3%',
      '0%',
      '187.5%',
      '0%',
      '100%',
    ]);
    expect(seatResultLabel(seat(1, 'Ann'))).toBeNull();
    expect(seatResultLabel(seat(1, 'Ann', 2))).toBe('2nd · 4 cards left');
    expect(seatResultLabel(seat(1, 'Ann', 1, 1))).toBe('1st · 0 cards left · 50% (1 of 2 matchpoints)');
    const byPlace = { ...seat(1, 'Ann', 2), cardsLeft: 1, score: 200 / 3 };
    expect(seatResultLabel(byPlace)).toBe('2nd · 1 card left · 66.7% (by place)');
    expect(FEE_CHOICES[0]).toBe(0);
    expect(FEE_CHOICES.slice(1, 3)).toEqual([100, 150]);
    expect(FEE_CHOICES.at(-1)).toBe(1000);
    expect(FEE_CHOICES).toHaveLength(20);
  });

  it('tournaments - a table offers Play to its players, Watch to outsiders, nothing to the round’s other players, Replay once the round is over', () => {
    const playing = round();
    const [first, second] = playing.tables;
    if (first === undefined || second === undefined) throw new Error('tables');
    expect(tableAction(playing, first, 1)).toBe('play');
    expect(tableAction(playing, second, 1)).toBeNull();
    expect(tableAction(playing, second, 9)).toBe('watch');
    expect(tableAction(playing, second, null)).toBe('watch');
    // A finished table cannot be joined or watched while its round goes on.
    const done = { ...first, finished: true, seats: [seat(1, 'Ann', 1), seat(2, 'Bob', 2)] };
    expect(tableAction({ ...playing, tables: [done, second] }, done, 1)).toBeNull();
    expect(tableAction({ ...playing, tables: [done, second] }, second, 1)).toBeNull();
    expect(tableAction({ ...playing, finished: true }, second, 1)).toBe('replay');
    expect(tableRoomPath(101, 'play')).toBe('/play?gameId=101');
    expect(tableRoomPath(101, 'watch')).toBe('/play?gameId=101&watch=1');
  });

  it('tournaments - entry: enter with the fee, withdraw, full, guests only free ones, visitors sign in, closed once started', () => {
    const open = { status: 'open', entered: false, entrants: 2, maxPlayers: 4, entryFee: 100 } as const;
    const player = { id: 1, isGuest: false };
    const guest = { id: -4, isGuest: true };
    expect(entryState(open, player)).toEqual({ kind: 'enter', fee: 100 });
    expect(entryState({ ...open, entered: true }, player)).toEqual({ kind: 'withdraw', fee: 100 });
    expect(entryState({ ...open, entrants: 4 }, player)).toEqual({ kind: 'full' });
    expect(entryState(open, guest)).toEqual({ kind: 'guest-paid' });
    expect(entryState({ ...open, entryFee: 0 }, guest)).toEqual({ kind: 'enter', fee: 0 });
    expect(entryState(open, null)).toEqual({ kind: 'sign-in', paid: true });
    expect(entryState({ ...open, entryFee: 0 }, null)).toEqual({ kind: 'sign-in', paid: false });
    expect(entryState({ ...open, status: 'running', entered: true }, player)).toEqual({ kind: 'closed' });
  });

  it('tournaments - the create request: numbers as numbers, a set start as ISO time, none when full', () => {
    const draft = { ...blankDraft('2026-05-01T12:00'), name: '  Spring Cup ', maxPlayers: '4', tableSize: '2' };
    expect(createBody(draft)).toEqual({
      ok: true,
      body: {
        name: 'Spring Cup',
        preset: 'classic',
        maxPlayers: 4,
        tableSize: 2,
        rounds: 3,
        entryFee: 0,
      },
    });
    const timed = createBody({ ...draft, start: 'time', entryFee: '250' });
    expect(timed.ok && timed.body).toMatchObject({
      entryFee: 250,
      startsAt: new Date('2026-05-01T12:00').toISOString(),
    });
    expect(createBody({ ...draft, start: 'time', startsAt: '' })).toEqual({
      ok: false,
      field: 'startsAt',
      message: 'Choose a start time',
    });
    expect(createBody({ ...draft, maxPlayers: 'lots' })).toMatchObject({ ok: false, field: 'maxPlayers' });
    // Ranges are the server's to check.
    expect(createBody({ ...draft, maxPlayers: '99' })).toMatchObject({ ok: true, body: { maxPlayers: 99 } });
  });

  it("tournaments - the server's refusals land at their field", () => {
    expect(fieldOfMessage('Tournament name must be at least 3 characters')).toBe('name');
    expect(fieldOfMessage('Players must be between 4 and 32')).toBe('maxPlayers');
    expect(fieldOfMessage('Table size must be between 2 and 4')).toBe('tableSize');
    expect(fieldOfMessage('Rounds must be between 1 and 5')).toBe('rounds');
    expect(fieldOfMessage('Entry fee must be 0, or between 100 and 1000 SRT tokens in steps of 50')).toBe('entryFee');
    expect(fieldOfMessage('Start time must be between 5 minutes and 7 days from now')).toBe('startsAt');
    expect(fieldOfMessage('Register to create a tournament')).toBeNull();
  });

  it('tournaments - start times: local input values, an hour ahead on the next 5 minutes, bounds inside the server’s', () => {
    const now = new Date(2026, 4, 1, 9, 7, 30);
    expect(localInputValue(now)).toBe('2026-05-01T09:07');
    expect(defaultStart(now)).toBe('2026-05-01T10:10');
    const { min, max } = startBounds(now);
    expect(new Date(min).getTime() - now.getTime()).toBeGreaterThanOrEqual(5 * 60_000);
    expect(new Date(max).getTime() - now.getTime()).toBeLessThanOrEqual(7 * 24 * 3_600_000);
  });

  it("lobby - a tournament table: its players join, outsiders watch even before it starts, the round's other players neither", () => {
    const of = (table: number) => ({ id: 42, name: 'Spring Cup', round: 1, rounds: 1, table });
    const first = { status: 'waiting', players: [{ id: 1 }, { id: 2 }], tournament: of(1) } as unknown as LobbyGame;
    const second = { status: 'active', players: [{ id: 3 }, { id: 4 }], tournament: of(2) } as unknown as LobbyGame;
    const games = [first, second];
    expect(lobbyAction(first, games, 1)).toBe('join');
    expect(lobbyAction(second, games, 1)).toBeNull();
    expect(lobbyAction(first, games, 9)).toBe('watch');
    expect(lobbyAction(second, games, null)).toBe('watch');
    // Another round's player may watch.
    const later = { ...second, tournament: { ...of(1), round: 2 } } as LobbyGame;
    expect(lobbyAction(later, games, 1)).toBe('watch');
    // Plain games: a waiting one is joined, one in play watched by outsiders.
    expect(lobbyAction({ ...first, tournament: null }, games, 9)).toBe('join');
    expect(lobbyAction({ ...second, tournament: null }, games, 9)).toBe('watch');
    expect(lobbyAction({ ...second, tournament: null }, games, 3)).toBe('join');
    // A full waiting game (its players choosing cards) offers outsiders Watch, never Join; its players go back in.
    const full = { ...first, tournament: null, playerCount: 2, playerLimit: 2 } as LobbyGame;
    expect(lobbyAction(full, games, 9)).toBe('watch');
    expect(lobbyAction(full, games, 2)).toBe('join');
    expect(lobbyAction({ ...full, playerLimit: 3 }, games, 9)).toBe('join');
  });

  it('tournaments - sha256 in the browser matches the server’s hex digest', async () => {
    await expect(sha256Hex('deal-seed')).resolves.toBe(sha('deal-seed'));
  });
});

describe('tournaments - pages', () => {
  it('tournament page - a player sees Play at their own table only; the deal commitment and its line', async () => {
    useAuth.setState({ user: ann, loading: false });
    stubFetch({ 'GET /api/tournaments/42': { body: tournament() } });
    renderAt('/tournaments/42');
    await screen.findByRole('heading', { level: 1, name: 'Spring Cup' });
    const tables = screen.getByRole('list', { name: 'Round 1 tables' });
    const links = within(tables).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Play at table 1', '/play?gameId=101'],
    ]);
    expect(screen.getByText(DEAL_PROOF_TEXT)).toBeTruthy();
    expect(screen.getByText(sha('deal-seed'))).toBeTruthy();
    expect(screen.getAllByText('revealed when the round ends')).toHaveLength(1);
    expect(screen.getByText('Round 1 of 1', { selector: 'span' })).toBeTruthy();
  });

  it('tournament page - an outsider may watch every table; a finished round offers replays and shows places', async () => {
    useAuth.setState({ user: eve, loading: false });
    stubFetch({ 'GET /api/tournaments/42': { body: tournament({ entered: false, myTable: null }) } });
    renderAt('/tournaments/42');
    const tables = await screen.findByRole('list', { name: 'Round 1 tables' });
    expect(
      within(tables)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Watch table 1', 'Watch table 2']);
    cleanup();
    const over = round({
      finished: true,
      deals: [{ tableSize: 2, commitment: sha('deal-seed'), seed: 'deal-seed' }],
      tables: [
        { number: 1, gameId: 101, finished: true, seats: [seat(2, 'Bob', 2, 0), seat(1, 'Ann', 1, 2)] },
        { number: 2, gameId: 102, finished: true, seats: [seat(3, 'Cat', 1, 2), seat(4, 'Dan', 2, 0)] },
      ],
    });
    stubFetch({
      'GET /api/tournaments/42': {
        body: tournament({
          status: 'finished',
          roundList: [over],
          entered: false,
          myTable: null,
          seed: 'tournament-seed',
          entries: [
            { rank: 1, userId: 1, username: 'Ann', avatar: null, isGuest: false, score: 100, cardsLeft: 0 },
            { rank: 2, userId: 3, username: 'Cat', avatar: null, isGuest: true, score: 100, cardsLeft: 0 },
            { rank: 3, userId: 2, username: 'Bob', avatar: null, isGuest: false, score: 0, cardsLeft: 4 },
            { rank: 4, userId: 4, username: 'Dan', avatar: null, isGuest: false, score: 0, cardsLeft: 4 },
          ],
        }),
      },
    });
    renderAt('/tournaments/42');
    const done = await screen.findByRole('list', { name: 'Round 1 tables' });
    expect(
      within(done)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Replay table 1', 'Replay table 2']);
    // Seats in seat order (seat 1 held the same cards at both tables), each scored against the other table's.
    const table1 = screen.getByRole('list', { name: 'Table 1 seats' });
    expect(
      within(table1)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Seat 1 Bob2nd · 4 cards left · 0% (0 of 2 matchpoints)',
      'Seat 2 Ann1st · 0 cards left · 100% (2 of 2 matchpoints)',
    ]);
    expect(within(done).getAllByText('1st · 0 cards left · 100% (2 of 2 matchpoints)')).toHaveLength(2);
    const standings = screen.getByRole('table', { name: /Standings/ });
    expect(
      within(standings)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['RankPlayerScoreCards left', '1stAnn100%0', '2ndCat100%0', '3rdBob0%4', '4thDan0%4']);
    // The seeds are revealed and checked in the browser.
    expect(screen.getByText('deal-seed')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText(/matches, checked in your browser/)).toHaveLength(2));
  });

  it('tournament page - Enter shows the fee; a refusal shows the server message', async () => {
    useAuth.setState({ user: eve, loading: false });
    const open = tournament({
      status: 'open',
      entered: false,
      myTable: null,
      roundList: [],
      currentRound: 0,
      entrants: 1,
      entryFee: 150,
      startedAt: null,
    });
    const calls = stubFetch({
      'GET /api/tournaments/42': { body: open },
      'POST /api/tournaments/42/enter': {
        status: 409,
        body: { message: 'You need 50 more tokens to enter this tournament' },
      },
    });
    renderAt('/tournaments/42');
    fireEvent.click(await screen.findByRole('button', { name: 'Enter for 150 SRT' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You need 50 more tokens to enter this tournament');
    expect(calls).toContain('POST /api/tournaments/42/enter');
  });

  it('tournament page - a guest is told why a paid one is closed to them; an unknown id is not found', async () => {
    useAuth.setState({ user: { ...eve, id: -5, isGuest: true, email: null }, loading: false });
    stubFetch({
      'GET /api/tournaments/42': {
        body: tournament({
          status: 'open',
          entered: false,
          myTable: null,
          roundList: [],
          currentRound: 0,
          entrants: 2,
          entryFee: 100,
        }),
      },
    });
    renderAt('/tournaments/42');
    await screen.findByText(/Guests may enter free tournaments only/);
    expect(screen.queryByRole('button', { name: /^Enter/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/auth');
    cleanup();
    renderAt('/tournaments/7');
    await screen.findByRole('heading', { level: 1, name: 'Tournament not found' });
  });

  it('tournament list - a guest gets the sign-up line, not the create button; each line says what it is', async () => {
    useAuth.setState({ user: { ...eve, id: -5, isGuest: true, email: null }, loading: false });
    const { roundList, entries, prizes, commitment, seed, entered, myTable, startedAt, finishedAt, ...summary } =
      tournament({ status: 'open', currentRound: 0, entrants: 2, entryFee: 100, prizePool: 200 });
    stubFetch({ 'GET /api/tournaments?limit=50': { body: [summary] } });
    renderAt('/tournaments');
    const item = (await screen.findByRole('link', { name: 'Spring Cup' })).closest('li');
    if (item === null) throw new Error('no list item');
    for (const text of ['Classic', '2/4', '100 SRT', '200 SRT', 'When full', 'Open']) {
      expect(within(item).getByText(text)).toBeTruthy();
    }
    expect(screen.queryByRole('button', { name: 'Create Tournament' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Create an account' })).toBeTruthy();
  });

  it('tournament list - the create form shows the server refusal at its field', async () => {
    useAuth.setState({ user: ann, loading: false });
    stubFetch({
      'GET /api/tournaments?limit=50': { body: [] },
      'POST /api/tournaments': { status: 400, body: { message: 'Tournament name must be at least 3 characters' } },
    });
    renderAt('/tournaments');
    fireEvent.click(await screen.findByRole('button', { name: 'Create Tournament' }));
    const name = screen.getByLabelText('Tournament name');
    fireEvent.change(name, { target: { value: 'ab' } });
    for (const label of [
      'Rules',
      'Players',
      'Players per table',
      'Rounds',
      'Entry fee',
      'When full',
      'At a set time',
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    fireEvent.click(screen.getByLabelText('At a set time'));
    expect(screen.getByLabelText('Start time')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('When full'));
    fireEvent.click(screen.getByRole('button', { name: 'Create Tournament' }));
    const error = await screen.findByText('Tournament name must be at least 3 characters');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain(error.id);
  });
});
