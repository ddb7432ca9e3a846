import { AI_LEVELS } from '@palace/core';
import { describe, expect, it } from 'vitest';
import { SIMPLE_REST } from '../src/index.js';
import * as easy from './easy-support.js';
import * as pub from './public-support.js';
import * as rest from './rest-support.js';
import * as simple from './simple-support.js';
import { value } from './support.js';

/** The engine seats of a stored game as [name, level]. */
const levels = (seats: readonly { readonly name: string; readonly ai: string | null }[]) =>
  seats.map((s) => [s.name, s.ai]);

describe('AI levels', () => {
  it('ai levels - the REST game seats the asked level, greedy by default, and shows aiLevel on AI seats only', async () => {
    const s = rest.setup();
    const { id, alice } = await rest.pair(s);
    value(await s.rest.addAi(id, alice, 'strong'));
    const state = value(await s.rest.addAi(id, alice));
    expect(levels((await rest.stored(s, id)).state.seats)).toEqual([
      ['Alice', null],
      ['Bob', null],
      ['AI Player 1', 'strong'],
      ['AI Player 2', 'greedy'],
    ]);
    expect(state.players.map((p) => [p.name, p.aiLevel])).toEqual([
      ['Alice', undefined],
      ['Bob', undefined],
      ['AI Player 1', 'strong'],
      ['AI Player 2', 'greedy'],
    ]);
    expect(state.players.filter((p) => !p.isAI).every((p) => !('aiLevel' in p))).toBe(true);
  });

  it('ai levels - the easy game seats the asked level', async () => {
    const s = easy.setup();
    const { gameId: id, playerId: alice } = value(await s.easy.create('Alice'));
    const added = value(await s.easy.addAi(id, alice, 'random'));
    expect(added.gameState.players.map((p) => p.aiLevel)).toEqual([undefined, 'random']);
    expect(levels((await easy.stored(s, id)).state.seats)).toEqual([
      ['Alice', null],
      ['AI Player 1', 'random'],
    ]);
  });

  it('ai levels - public games seat the asked level for any seated player', async () => {
    const s = pub.setup();
    const { id } = await pub.pair(s);
    value(await s.games.addAi(id, pub.as('Bob', pub.BOB), 'prototype'));
    const answer = value(await s.games.addAi(id, pub.as('Alice', pub.ALICE)));
    expect(answer.gameState.players.map((p) => [p.username, p.aiLevel])).toEqual([
      ['Alice', undefined],
      ['Bob', undefined],
      ['AI Player 1', 'prototype'],
      ['AI Player 2', 'greedy'],
    ]);
  });

  it('ai levels - the simple variants seat the asked level', async () => {
    const s = simple.setup(SIMPLE_REST);
    const { id, alice } = await simple.pair(s);
    value(await s.games.addAi(id, alice, 'strong'));
    expect(levels((await simple.stored(s, id)).state.seats).slice(2)).toEqual([['AI Player 1', 'strong']]);
    const seen = await simple.viewOf(s, id, alice);
    expect(seen.players.map((p) => p.aiLevel)).toEqual([undefined, undefined, 'strong']);
  });

  it('ai levels - a REST game against the strong AI is played to a finish by the server', async () => {
    const s = rest.setup();
    const { gameId: id, playerId: alice } = value(await s.rest.create({ playerName: 'Alice' }));
    value(await s.rest.addAi(id, alice, 'strong'));
    value(await s.rest.ready(id, alice));
    let state = value(await s.rest.start(id, alice));
    let aiMoves = 0;
    for (let step = 0; step < 2_000 && state.status !== 'finished'; step++) {
      if (state.currentTurn === alice) {
        const [first] = state.playableCards;
        state = value(first === undefined ? await s.rest.pickUp(id, alice) : await s.rest.play(id, alice, [first]));
      } else {
        await rest.driveAi(s);
        aiMoves++;
        state = value(await s.rest.view(id, alice));
      }
    }
    expect(state.status).toBe('finished');
    expect(aiMoves).toBeGreaterThan(0);
    const record = (await rest.stored(s, id)).record;
    expect(record.seats.map((seat) => seat.ai)).toEqual([null, 'strong']);
  });

  it('ai levels - every engine level is accepted', async () => {
    const s = rest.setup();
    const { gameId: id, playerId: alice } = value(await s.rest.create({ playerName: 'Alice', maxPlayers: 6 }));
    for (const level of AI_LEVELS) value(await s.rest.addAi(id, alice, level));
    expect(levels((await rest.stored(s, id)).state.seats).map(([, ai]) => ai)).toEqual([null, ...AI_LEVELS]);
  });
});
