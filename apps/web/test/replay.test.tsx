import { createHash } from 'node:crypto';
import {
  AI_POLICIES,
  aiCommand,
  appendEntry,
  applyCommand,
  type Card,
  type Command,
  createGame,
  createRng,
  DEFAULT_RULES,
  type GameEvent,
  type GameRecord,
  type GameState,
  newRecord,
  tableOptions,
} from '@palace/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { isStandalonePath } from '../src/pages/prototypes/prototype-paths.js';
import { ReplayPage } from '../src/pages/replay/replay-page.js';
import { parseRecordFile, replaySteps } from '../src/pages/replay/replay-record.js';
import { ReplayView } from '../src/pages/replay/replay-view.js';
import { describeMove } from '../src/table/sentences.js';

afterEach(cleanup);

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A whole game of Ann against AI Player 1, both played by the greedy AI, recorded as a server would. */
function playedRecord(seed = 'replay-test-seed'): GameRecord {
  const options = tableOptions({ rules: { ...DEFAULT_RULES, chooseFaceUp: false }, flow: 'manual', maxSeats: 2 });
  let state = createGame(options, seed);
  let record = newRecord(options, seed, 1_700_000_000_000);
  const run = (command: Command) => {
    const applied = applyCommand(state, command);
    if (!applied.ok) throw new Error(applied.error.code);
    state = applied.value.state;
    record = appendEntry(record, record.createdAt + record.entries.length * 1000, command, state);
  };
  run({ type: 'sit', seat: 'p1', name: 'Ann', ai: null });
  run({ type: 'sit', seat: 'p2', name: 'AI Player 1', ai: 'greedy' });
  run({ type: 'start', seat: null });
  const rng = createRng(`${seed}/moves`);
  while (state.phase === 'playing') {
    const command = aiCommand(state, state.turn, AI_POLICIES.greedy, rng);
    if (command === null) throw new Error('no move');
    run(command);
  }
  return record;
}

const card = (id: string, rank: Card['rank'], suit: Card['suit']): Card => ({ id, rank, suit });

/** Ann, Bob and Cy seated (a waiting table) with `pile` as the pile: the state the texts are read against. */
function table(pile: readonly Card[] = []): GameState {
  let state = createGame(tableOptions({ maxSeats: 4 }), 'texts');
  for (const [seat, name] of [
    ['a', 'Ann'],
    ['b', 'Bob'],
    ['c', 'Cy'],
    ['ai', 'AI Player 1'],
  ] as const) {
    const applied = applyCommand(state, { type: 'sit', seat, name, ai: seat === 'ai' ? 'greedy' : null });
    if (!applied.ok) throw new Error(applied.error.code);
    state = applied.value.state;
  }
  return { ...state, pile };
}

describe('replay - the action texts', () => {
  const sevens = [card('x1', 7, 'hearts'), card('x2', 7, 'spades')];

  it('move text - a 7 tells the next player to play 7 or lower', () => {
    const events: GameEvent[] = [
      { type: 'played', seat: 'a', source: 'hand', cards: sevens },
      { type: 'turn', seat: 'b', again: false },
    ];
    expect(describeMove(table(sevens), events)).toBe('Ann played 7♥ 7♠ — the next player must play 7 or lower');
    // Without the 7 rule nothing is added.
    const easy = table(sevens);
    const noSeven = { ...easy, options: { ...easy.options, rules: { ...easy.options.rules, sevenLower: false } } };
    expect(describeMove(noSeven, events)).toBe('Ann played 7♥ 7♠');
  });

  it('move text - a pick-up, a burn with the extra turn, a failed blind card, a skip and the end', () => {
    const state = table();
    expect(describeMove(state, [{ type: 'pickedUp', seat: 'b', count: 6, reason: 'choice' }])).toBe(
      'Bob picked up the pile (6 cards)',
    );
    expect(
      describeMove(state, [
        { type: 'played', seat: 'c', source: 'hand', cards: [card('t', 10, 'clubs')] },
        { type: 'burned', reason: 'ten', count: 5 },
        { type: 'turn', seat: 'c', again: true },
      ]),
    ).toBe('Cy played 10♣ and burned the pile — Cy plays again');
    expect(
      describeMove(state, [
        { type: 'blindFlipped', seat: 'ai', index: 0, card: card('f', 4, 'diamonds'), playable: false },
        { type: 'pickedUp', seat: 'ai', count: 1, reason: 'blind' },
      ]),
    ).toBe('AI Player 1 turned over 4♦ and could not play it, and picked up the pile (1 card)');
    expect(
      describeMove(table([card('e', 8, 'clubs')]), [
        { type: 'played', seat: 'a', source: 'faceUp', cards: [card('e', 8, 'clubs')] },
        { type: 'skipped', seats: ['b'] },
        { type: 'turn', seat: 'c', again: false },
      ]),
    ).toBe('Ann played 8♣ — Bob is skipped');
    expect(
      describeMove(state, [
        { type: 'played', seat: 'a', source: 'faceDown', cards: [card('q', 12, 'hearts')] },
        { type: 'gameOver', reason: 'out', winner: 'a', standings: [] },
      ]),
    ).toBe('Ann played Q♥. Ann wins!');
    expect(describeMove(state, [{ type: 'started', first: 'a' }], { you: 'a' })).toBe('You go first');
    // Setup lines only when asked for (the replay tells every step; a live table does not).
    expect(describeMove(state, [{ type: 'readied', seat: 'b', ready: true }])).toBe('');
    expect(describeMove(state, [{ type: 'readied', seat: 'b', ready: true }], { setup: true })).toBe('Bob is ready');
  });

  it('replay steps - one step per recorded command, each in words, the last one the end', () => {
    const record = playedRecord();
    const steps = replaySteps(record);
    if (!steps.ok) throw new Error(steps.error);
    expect(steps.value).toHaveLength(record.entries.length + 1);
    expect(steps.value.slice(1, 3).map((s) => s.text)).toEqual(['Ann took a seat', 'AI Player 1 (AI) took a seat']);
    expect(steps.value[3]?.text).toMatch(/^(Ann|AI Player 1) goes first$/);
    expect(steps.value.every((s) => s.text !== '')).toBe(true);
    expect(steps.value.at(-1)?.text).toMatch(/(Ann|AI Player 1) wins!$/);
  });
});

describe('replay - the record file', () => {
  it('record file - a bad file gets a clear message; one without the server fields is accepted', () => {
    expect(parseRecordFile('{ not json')).toEqual({
      ok: false,
      error: 'This file is not valid JSON, so it cannot be a Palace game record.',
    });
    expect(parseRecordFile('{"hello":"world"}')).toEqual({
      ok: false,
      error: 'This file is not a Palace game record.',
    });
    const record = playedRecord();
    expect(parseRecordFile(JSON.stringify({ ...record, version: 99 }))).toEqual({
      ok: false,
      error: 'This record has format version 99, which this viewer cannot read.',
    });
    const bare = parseRecordFile(JSON.stringify(record));
    expect(bare.ok && bare.value).toMatchObject({ variant: null, gameId: null, commitment: null });
    const full = parseRecordFile(JSON.stringify({ ...record, variant: 'rest', gameId: 'ABC123', commitment: 'ff' }));
    expect(full.ok && full.value).toMatchObject({ variant: 'rest', gameId: 'ABC123', commitment: 'ff' });
  });
});

function view(record: GameRecord, commitment: string | null) {
  return render(
    <MemoryRouter>
      <ReplayView loaded={{ record, variant: 'rest', gameId: 'ABC123', commitment }} />
    </MemoryRouter>,
  );
}

const step = () => screen.getByText(/^Move \d+ of \d+$/).textContent;

describe('replay - the viewer', () => {
  it('replay view - First, Back, Forward, Last and the arrow keys step through the game to the result', async () => {
    const record = playedRecord();
    const n = record.entries.length;
    view(record, sha256(record.seed));
    expect(step()).toBe(`Move 0 of ${n}`);
    expect(screen.getByRole('button', { name: 'First' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Back' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Forward' }));
    expect(step()).toBe(`Move 1 of ${n}`);
    expect(screen.getByText('Ann took a seat')).toBeTruthy();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(step()).toBe(`Move 3 of ${n}`);
    // Every seat's cards are shown face up: 3 in hand, 3 face up and 3 face down each, no card hidden.
    expect(screen.queryAllByRole('img', { name: 'Face-down card' }).length).toBeLessThanOrEqual(1);
    expect(screen.getByRole('listitem', { name: /^Ann\b/ }).querySelectorAll('.tc-face')).toHaveLength(9);
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(step()).toBe(`Move 2 of ${n}`);
    expect(screen.queryByRole('region', { name: 'Result' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Last' }));
    expect(step()).toBe(`Move ${n} of ${n}`);
    expect(screen.getByRole('button', { name: 'Forward' }).hasAttribute('disabled')).toBe(true);
    const winnerName = record.seats.find((s) => s.id === record.result?.winner)?.name;
    expect(screen.getByRole('region', { name: 'Result' }).textContent).toContain(`${winnerName} wins!`);
    expect(screen.getByRole('list', { name: 'Final standings' }).children).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'First' }));
    expect(step()).toBe(`Move 0 of ${n}`);
    expect(screen.getByRole('link', { name: 'Download record' }).getAttribute('href')).toBe(
      '/api/records/rest/ABC123?download=1',
    );
    await screen.findByText('Deal verified');
  });

  it('replay view - ?move=N opens at step N (the review links there), kept within the game; Review links out', () => {
    const record = playedRecord();
    const n = record.entries.length;
    render(
      <MemoryRouter>
        <ReplayView loaded={{ record, variant: 'rest', gameId: 'ABC123', commitment: null }} start={5} />
      </MemoryRouter>,
    );
    expect(step()).toBe(`Move 5 of ${n}`);
    expect(screen.getByRole('link', { name: 'Review' }).getAttribute('href')).toBe('/review/rest/ABC123');
    cleanup();
    render(
      <MemoryRouter>
        <ReplayView loaded={{ record, variant: 'rest', gameId: 'ABC123', commitment: null }} start={n + 40} />
      </MemoryRouter>,
    );
    expect(step()).toBe(`Move ${n} of ${n}`);
  });

  it('replay view - the deal badge: verified, not matching, or no commitment', async () => {
    const record = playedRecord();
    view(record, 'ab'.repeat(32));
    await screen.findByText('Commitment does not match');
    cleanup();
    view(record, null);
    await screen.findByText('No commitment in this file');
    cleanup();
    view(record, sha256(record.seed).toUpperCase());
    await screen.findByText('Deal verified');
  });

  it('replay view - a forged record (another winner) is refused, not replayed', () => {
    const record = playedRecord();
    const other = record.seats.find((s) => s.id !== record.result?.winner)?.id ?? '';
    view({ ...record, result: record.result === null ? null : { ...record.result, winner: other } }, null);
    expect(screen.getByRole('alert').textContent).toContain('This record does not replay');
  });

  it('replay page - /replay opens an uploaded record file and says clearly when a file is not one', async () => {
    expect(isStandalonePath('/replay')).toBe(true);
    expect(isStandalonePath('/replay/rest/ABC123')).toBe(true);
    render(
      <MemoryRouter initialEntries={['/replay']}>
        <Routes>
          <Route path="/replay" element={<ReplayPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const input = screen.getByLabelText('Record file');
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['nonsense'], 'x.json', { type: 'application/json' })] } });
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('not valid JSON'));
    const record = playedRecord();
    const file = new File([JSON.stringify(record)], 'palace-rest-ABC123.json', { type: 'application/json' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [file] } });
    });
    await waitFor(() => expect(step()).toBe(`Move 0 of ${record.entries.length}`));
    expect(screen.queryByRole('alert')).toBeNull();
    await screen.findByText('No commitment in this file');
  });
});
