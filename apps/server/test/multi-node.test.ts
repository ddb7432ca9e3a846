import type { MainGameState, MyRatingsResponse } from '@palace/protocol';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { dropFreshPostgres, freshPostgresUrl, POSTGRES_URL } from '../../../adapters/storage/test/dialects.js';
import {
  dueMessage,
  ledgerOf,
  newest,
  playUntilOver,
  progress,
  spawnNode,
  stateWhere,
} from './faults/cluster-process.js';
import { type Dirs, type ServerProcess, serverBundle, tempDirs } from './faults/process.js';
import { createGame, Jar, joinGame, me, type Player, registered, type Seat, SocketClient } from './main-harness.js';

/**
 * Palace as several processes sharing one PostgreSQL database (issue 10): two nodes built and
 * spawned as `npm start` ships them, each player on their own node, as a load balancer would
 * spread them. Skipped without PALACE_TEST_DATABASE_URL (CI sets it).
 */

const CODE = 'CLUSTER';
const FEE = 100;
/** The AI's delay and a short turn clock, so a seat nobody plays moves on quickly. */
const AI_DELAY_MS = 50;
const SHORT_TURN_SECONDS = 2;
/** Each test spawns its own nodes on its own fresh database. */
const TEST_TIMEOUT_MS = 300_000;

const cluster = POSTGRES_URL === '' ? describe.skip : describe;

let dirs: Dirs;
const running: ServerProcess[] = [];
const databases: string[] = [];

beforeAll(() => {
  if (POSTGRES_URL === '') return;
  dirs = tempDirs('palace-cluster');
}, 120_000);

afterAll(async () => {
  for (const node of running) await node.stop('SIGKILL');
  for (const url of databases) await dropFreshPostgres(url);
  dirs?.remove();
});

/** Two nodes on one fresh database; `env` adds to both (TURN_SECONDS …). */
async function twoNodes(env: Record<string, string> = {}): Promise<{ url: string; nodes: ServerProcess[] }> {
  const url = await freshPostgresUrl('palace_cluster');
  databases.push(url);
  const common = {
    AI_DELAY_MS: String(AI_DELAY_MS),
    PALACE_INVITE_CODES: CODE,
    PALACE_INVITE_USES: '100',
    ...env,
  };
  // Started together, as a deploy restarts them: both run the migrations on the empty database.
  const nodes = await Promise.all([
    spawnNode(serverBundle(), dirs, url, 'node-1', common),
    spawnNode(serverBundle(), dirs, url, 'node-2', common),
  ]);
  running.push(...nodes);
  // A failure shows what the nodes logged last (warnings and errors are what explain it).
  onTestFailed(() => {
    for (const node of nodes) {
      const lines = node
        .output()
        .split('\n')
        .filter((line) => !line.includes('"level":30'));
      console.log(`--- ${node.base} (warnings and errors, last 20) ---\n${lines.slice(-20).join('\n')}`);
    }
  });
  return { url, nodes };
}

/** The same session, speaking to another node. */
function jarOn(base: string, player: Player): Jar {
  const jar = new Jar(base);
  jar.session = player.jar.session;
  return jar;
}

/** Sends what `seat` owes in `state` and waits until every seat has a state that moved on from it. */
async function step(seats: readonly Seat[], mover: Seat, state: MainGameState): Promise<MainGameState[]> {
  const message = dueMessage(mover, state);
  if (message === null) throw new Error(`nothing is due from ${mover.user.id}`);
  const before = progress(state);
  mover.socket.send(message);
  const what = `the state after ${JSON.stringify(message.type)} of user ${mover.user.id}`;
  return Promise.all(seats.map((s) => stateWhere(s, state.id, (next) => progress(next) !== before, what)));
}

/** The ledger rows a two-seat game with fee FEE leaves: both fees and one prize of 2 × FEE to `winner`. */
function settled(seats: readonly Seat[], winner: number): string[] {
  return [
    ...seats.flatMap((s) => [`fee:0:${FEE}`, `fee:${s.user.id}:${-FEE}`]),
    `prize:0:${-2 * FEE}`,
    `prize:${winner}:${2 * FEE}`,
  ].sort();
}

async function expectSettledOnce(url: string, seats: readonly Seat[], final: MainGameState, bases: string[]) {
  const winner = final.winnerId as number;
  expect(seats.map((s) => s.user.id)).toContain(winner);
  for (const base of bases) {
    for (const seat of seats) {
      const expected = seat.user.id === winner ? 100 + FEE : 100 - FEE;
      expect(await jarOn(base, seat).balance(), `balance of ${seat.user.id} on ${base}`).toBe(expected);
    }
  }
  const ledger = await ledgerOf(url, final.id);
  expect(ledger).toEqual({ total: 0, balances: 0, unbalanced: 0, drift: 0, rows: settled(seats, winner) });
  // Rated once too, with the tokens (docs/product.md §D11), whichever node finished the game.
  for (const base of bases) {
    for (const seat of seats) {
      const mine = await jarOn(base, seat).get<MyRatingsResponse>('/api/ratings/me');
      const classic = mine.body?.ratings.find((r) => r.preset === 'classic');
      expect(
        classic?.history.map((h) => h.gameId),
        `ratings of ${seat.user.id} on ${base}`,
      ).toEqual([final.id]);
      expect(Math.sign(classic?.history[0]?.delta ?? 0)).toBe(seat.user.id === winner ? 1 : -1);
    }
  }
}

cluster('cluster - two nodes sharing PostgreSQL', () => {
  it(
    'cluster - players on different nodes play a fee game to its end, each seeing the other, and tokens settle once',
    async () => {
      const { url, nodes } = await twoNodes();
      const [one, two] = nodes as [ServerProcess, ServerProcess];
      const p1 = await registered(one.base, CODE, 'east');
      const p2 = await registered(two.base, CODE, 'west');
      const seats: Seat[] = [
        { ...p1, socket: await SocketClient.connect(one.base, p1.jar) },
        { ...p2, socket: await SocketClient.connect(two.base, p2.jar) },
      ];
      const [s1, s2] = seats as [Seat, Seat];
      const gameId = await createGame(p1.jar, { name: 'Two Nodes', playerLimit: 2, entryFee: FEE });
      await joinGame(s1, gameId);
      await joinGame(s2, gameId);
      // The join made on node 2 reaches the host on node 1.
      await stateWhere(s1, gameId, (s) => s.players.length === 2, 'the join made on node 2');

      let states = [newest(s1, gameId)?.state, newest(s2, gameId)?.state] as MainGameState[];
      for (const [n, seat] of seats.entries()) {
        states = await step(seats, seat, states[n] as MainGameState);
      }
      let moves = 0;
      while ((states[0] as MainGameState).status !== 'completed') {
        expect((states[0] as MainGameState).status).toBe('active');
        const turn = (states[0] as MainGameState).currentTurn;
        const n = seats.findIndex((s) => s.user.id === turn);
        expect(n, `the turn (${turn}) is a seat's`).toBeGreaterThanOrEqual(0);
        states = await step(seats, seats[n] as Seat, states[n] as MainGameState);
        moves++;
        // Both nodes show the same table after each move: the pile and whose turn it is.
        const [a, b] = states as [MainGameState, MainGameState];
        expect(a.playedCards.map((c) => c.id)).toEqual(b.playedCards.map((c) => c.id));
        expect(a.currentTurn).toBe(b.currentTurn);
        expect(a.lastAction?.playerId).toBe(b.lastAction?.playerId);
        expect(moves).toBeLessThan(1200);
      }
      const [final1, final2] = states as [MainGameState, MainGameState];
      expect(final2.winnerId).toBe(final1.winnerId);
      expect(final1.lastAction).toMatchObject({ type: 'game_over', prizeAmount: 2 * FEE });
      await expectSettledOnce(url, seats, final1, [one.base, two.base]);
      for (const seat of seats) seat.socket.socket.terminate();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'cluster - after a SIGKILL of node 1 its player rejoins on node 2 and the game ends there, the clock and the AI playing an idle seat',
    async () => {
      const { url, nodes } = await twoNodes({ TURN_SECONDS: String(SHORT_TURN_SECONDS) });
      const [one, two] = nodes as [ServerProcess, ServerProcess];
      const p1 = await registered(one.base, CODE, 'doomed');
      const p2 = await registered(two.base, CODE, 'keeper');
      const s1: Seat = { ...p1, socket: await SocketClient.connect(one.base, p1.jar) };
      const s2: Seat = { ...p2, socket: await SocketClient.connect(two.base, p2.jar) };
      const seats = [s1, s2];
      const gameId = await createGame(p1.jar, { name: 'Doomed Node', playerLimit: 2, entryFee: FEE });
      await joinGame(s1, gameId);
      await joinGame(s2, gameId);
      await stateWhere(s1, gameId, (s) => s.players.length === 2, 'the join made on node 2');

      // Both play (the short clock may play a slow seat first: `step` waits for whatever came)
      // until player 1, on node 1, has just moved and it is player 2's turn: node 1 wrote last,
      // so the turn clock now running for player 2 was armed there.
      let moves = 0;
      for (;;) {
        const latest = newest(s1, gameId)?.state as MainGameState;
        if (latest.status === 'completed') throw new Error('the game ended before the kill');
        const p1Moved = latest.lastAction?.playerId === p1.user.id && latest.lastAction.type !== 'game_over';
        if (moves >= 2 && latest.status === 'active' && p1Moved && latest.currentTurn === p2.user.id) break;
        const due = seats.find((s) => {
          const state = newest(s, gameId)?.state;
          return state !== undefined && dueMessage(s, state) !== null;
        });
        if (due === undefined) {
          await stateWhere(s1, gameId, (s) => progress(s) !== progress(latest), 'a move of the turn clock');
          continue;
        }
        await step(seats, due, newest(due, gameId)?.state as MainGameState);
        moves++;
      }
      const before = newest(s2, gameId)?.state as MainGameState;
      const killed = await one.stop('SIGKILL');
      expect(killed.signal).toBe('SIGKILL');
      const watchedFrom = s2.socket.frames.length;

      // Player 1 comes back through the load balancer, which now sends everyone to node 2.
      await s1.socket.closed;
      const back: Seat = { ...p1, socket: await SocketClient.connect(two.base, p1.jar) };
      const rejoined = await joinGame(back, gameId);
      expect(rejoined.players.map((p) => p.id)).toEqual(before.players.map((p) => p.id));
      expect(me(rejoined, p1.user.id).handCards.every((c) => 'value' in c)).toBe(true);

      // Player 1 plays on; player 2 has walked away: the turn clock plays for them, then the AI.
      const [final1, final2] = await Promise.all([playUntilOver(back, gameId, true), playUntilOver(s2, gameId, false)]);
      expect(final1.winnerId).toBe(final2.winnerId);
      let timeouts = 0;
      let aiTurns = 0;
      let away = me(before, p2.user.id).away;
      for (const frame of s2.socket.frames.slice(watchedFrom)) {
        if (frame.type !== 'game_state' || frame.game.id !== gameId) continue;
        const last = frame.game.lastAction;
        const mine = last !== null && last.playerId === p2.user.id && last.type !== 'game_over';
        if (mine && !away) timeouts++;
        if (mine && away) aiTurns++;
        away = me(frame.game, p2.user.id).away;
      }
      expect(timeouts, 'turns of the idle player the clock played after the kill').toBeGreaterThan(0);
      expect(aiTurns, 'turns the AI played for the away player after the kill').toBeGreaterThan(0);
      await expectSettledOnce(url, seats, final2, [two.base]);
      back.socket.socket.terminate();
      s2.socket.socket.terminate();
    },
    TEST_TIMEOUT_MS,
  );
});
