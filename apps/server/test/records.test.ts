import { createHash } from 'node:crypto';
import { type GameRecord, replay } from '@palace/core';
import type { ReviewAnswer } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { expectError, finishedRestGame, useServer } from './harness.js';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

describe('records over HTTP', () => {
  const served = useServer();

  it('records - a running game answers 409 with its commitment and no seed', async () => {
    const { c } = served();
    const ann = await c.seated(c.create({ playerName: 'Ann' }));
    const state = await c.state(ann.gameId);
    const got = await c.get<Record<string, unknown>>(`/api/records/rest/${ann.gameId}`);
    expect(got.status).toBe(409);
    expect(got.body).toEqual({ error: 'The record is published when the game is over', commitment: state.commitment });
    expect(got.text).not.toContain('seed');
    const review = await c.get(`/api/records/rest/${ann.gameId}/review`);
    expect(review.status).toBe(409);
    expect(review.body).toEqual({
      error: 'The record is published when the game is over',
      commitment: state.commitment,
    });
  });

  it('records - a finished REST game: the record replays to its result, its seed matches the commitment', async () => {
    const { c } = served();
    const {
      seated: { gameId, playerId },
      final,
    } = await finishedRestGame(c);
    const got = await c.get<GameRecord & { variant: string; gameId: string; commitment: string }>(
      `/api/records/rest/${gameId}`,
    );
    expect(got.status, got.text).toBe(200);
    expect(got.headers.get('content-disposition')).toBeNull();
    const file = got.body;
    expect(file).toMatchObject({ format: 'palace-record', variant: 'rest', gameId, commitment: final.commitment });
    expect(sha256(file.seed)).toBe(final.commitment);
    const replayed = replay(file);
    if (!replayed.ok) throw new Error(replayed.error.message);
    expect(replayed.value.result).toEqual(file.result);
    expect(replayed.value.seats.find((s) => s.id === file.result?.winner)?.name).toBe(final.winnerName);
    expect(file.entries.length).toBeGreaterThan(10);
    // The record names public seat ids only: Ann's credential appears nowhere in it.
    expect(got.text).not.toContain(playerId);
    expect(got.text).not.toContain(sha256(playerId));
    expect(Object.keys(file).sort()).toEqual(
      [
        'format',
        'version',
        'options',
        'seed',
        'createdAt',
        'seats',
        'entries',
        'result',
        'variant',
        'gameId',
        'commitment',
      ].sort(),
    );

    const saved = await c.get(`/api/records/rest/${gameId.toLowerCase()}?download=1`);
    expect(saved.status).toBe(200);
    expect(saved.headers.get('content-disposition')).toBe(`attachment; filename="palace-rest-${gameId}.json"`);
    expect(saved.text).toBe(got.text);

    // Its review (docs/records.md "Reviews"): 202 with the progress while the job works, then 200, kept.
    const url = `/api/records/rest/${gameId}/review`;
    const first = await c.get<ReviewAnswer>(url);
    expect(first.status, first.text).toBe(202);
    expect(first.body).toMatchObject({ status: 'pending' });
    let answer = first;
    for (let i = 0; i < 600 && answer.status === 202; i++) {
      await new Promise((r) => setTimeout(r, 50));
      answer = await c.get<ReviewAnswer>(url);
    }
    expect(answer.status, answer.text).toBe(200);
    if (answer.body.status !== 'ready') throw new Error(answer.text);
    const review = answer.body.review;
    expect(review.seats.map((s) => s.name).sort()).toEqual(file.seats.map((s) => s.name).sort());
    expect(review.moves.length).toBeGreaterThan(5);
    for (const move of review.moves) {
      expect(file.entries[move.entry]?.command).toMatchObject({ seat: move.seat });
      expect(move.before).toBeGreaterThanOrEqual(move.after - 1e-9);
    }
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const again = await c.get<ReviewAnswer>(`/api/records/rest/${gameId.toLowerCase()}/review`);
    expect(again.status).toBe(200);
    expect(again.text).toBe(answer.text);
  }, 60_000);

  it('records - an unknown id, a game of another kind or an unknown kind is 404', async () => {
    const { c } = served();
    const ann = await c.seated(c.create({ playerName: 'Ann' }));
    expectError(await c.get('/api/records/rest/NOSUCH'), 404, 'Game not found');
    expectError(await c.get(`/api/records/easy/${ann.gameId}`), 404, 'Game not found');
    expectError(await c.get(`/api/records/poker/${ann.gameId}`), 404, 'Game not found');
    expectError(await c.get('/api/records/main/12'), 404, 'Game not found');
    expectError(await c.get('/api/records/rest/NOSUCH/review'), 404, 'Game not found');
    expectError(await c.get(`/api/records/poker/${ann.gameId}/review`), 404, 'Game not found');
  });
});
