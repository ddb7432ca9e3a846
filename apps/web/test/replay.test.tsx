import { createHash } from 'node:crypto';
import {
  applyCommand,
  type Card,
  createGame,
  type GameEvent,
  type GameRecord,
  type GameState,
  reviewRecord,
  tableOptions,
} from '@palace/core';
import type { GameReview } from '@palace/protocol';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reviewInWorker } from '../src/ai/review-client.js';
import { isStandalonePath } from '../src/pages/prototypes/prototype-paths.js';
import { ReplayPage } from '../src/pages/replay/replay-page.js';
import { parseRecordFile, replaySteps } from '../src/pages/replay/replay-record.js';
import { ReplayView } from '../src/pages/replay/replay-view.js';
import { describeMove } from '../src/table/sentences.js';
import { playedRecord } from './record-fixtures.js';

// The worker client, faked at its module boundary (its own tests are in ai-client.test.ts).
vi.mock('../src/ai/review-client.js', () => ({ reviewInWorker: vi.fn() }));

afterEach(cleanup);

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

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

describe('replay - reviewing a record file in the browser', () => {
  it('file review - Review computes it in the worker with its progress; a row jumps the replay; computed once; cancelled on leaving', async () => {
    const record = playedRecord();
    const reviewed = reviewRecord(record, { worlds: 2, perSeatDepth: 25 });
    if (!reviewed.ok) throw new Error(reviewed.error.message);
    let finish: (review: GameReview) => void = () => undefined;
    let signal: AbortSignal | undefined;
    const asked = vi.mocked(reviewInWorker).mockImplementation((_record, onProgress, abort) => {
      signal = abort;
      onProgress(34, 85);
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    const n = record.entries.length;
    const { unmount } = render(
      <MemoryRouter initialEntries={['/replay']}>
        <Routes>
          <Route path="/replay" element={<ReplayPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const file = new File([JSON.stringify(record)], 'palace-rest-ABC123.json', { type: 'application/json' });
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Record file'), { target: { files: [file] } });
    });
    await waitFor(() => expect(step()).toBe(`Move 0 of ${n}`));
    // No server review for a file: a button, where a fetched record has its link.
    expect(screen.queryByRole('link', { name: 'Review' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(asked).toHaveBeenCalledTimes(1);
    expect(asked.mock.calls[0]?.[0]).toEqual(record);
    expect(screen.getByRole('heading', { level: 1, name: 'Review' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Review' }));
    expect(screen.getByRole('status').textContent).toContain('Reviewing the game… 40 %');
    // The replay and the picker make way for the review.
    expect(screen.queryByText(/^Move \d+ of \d+$/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Replay a game' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Watch the replay' }).getAttribute('href')).toBe('/replay');

    await act(async () => finish(reviewed.value as GameReview));
    expect(screen.getByRole('heading', { name: 'How to read this' })).toBeTruthy();
    const players = within(screen.getByRole('region', { name: 'Players' }));
    expect(players.getAllByRole('listitem')[0]?.textContent).toContain('Ann');
    const moves = within(screen.getByRole('region', { name: 'Moves' }));
    fireEvent.click(moves.getByRole('checkbox', { name: 'Marked moves only' }));
    const rows = moves.getAllByRole('link', { name: /^Move \d+ · / });
    expect(rows).toHaveLength(reviewed.value.moves.length);
    const row = rows[5] as HTMLElement;
    const at = Number(/\?move=(\d+)$/.exec(row.getAttribute('href') ?? '')?.[1]);
    expect(at).toBe((reviewed.value.moves[5]?.entry ?? 0) + 1);

    // A row jumps the replay of the same file to that move.
    fireEvent.click(row);
    expect(step()).toBe(`Move ${at} of ${n}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Replay' })).toBe(document.activeElement);
    // Review again: the same review at once, not computed twice.
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByRole('heading', { name: 'How to read this' })).toBeTruthy();
    expect(asked).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('link', { name: 'Watch the replay' }));
    expect(step()).toBe(`Move 0 of ${n}`);

    // Another file: its own review. A review still running ends when the next file opens, or the page closes.
    asked.mockClear();
    const open = (seed: string) =>
      act(async () => {
        fireEvent.change(screen.getByLabelText('Record file'), {
          target: { files: [new File([JSON.stringify(playedRecord(seed))], `${seed}.json`)] },
        });
      });
    await open('another');
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    const first = signal;
    expect(first?.aborted).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'Watch the replay' }));
    await open('a third');
    expect(first?.aborted).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(asked).toHaveBeenCalledTimes(2);
    expect(signal?.aborted).toBe(false);
    unmount();
    expect(signal?.aborted).toBe(true);
  });

  it('file review - a review that fails says why, and Review tries again', async () => {
    const record = playedRecord();
    const asked = vi
      .mocked(reviewInWorker)
      .mockReset()
      .mockRejectedValueOnce(new Error('This browser cannot review a game here: it does not run Web Workers.'))
      .mockImplementation(() => new Promise(() => undefined));
    render(
      <MemoryRouter initialEntries={['/replay']}>
        <Routes>
          <Route path="/replay" element={<ReplayPage />} />
        </Routes>
      </MemoryRouter>,
    );
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Record file'), {
        target: { files: [new File([JSON.stringify(record)], 'a.json')] },
      });
    });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Review' })));
    expect(screen.getByRole('alert').textContent).toContain('it does not run Web Workers');
    fireEvent.click(screen.getByRole('link', { name: 'Watch the replay' }));
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(asked).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('status').textContent).toContain('Reviewing the game… 0 %');
  });
});
