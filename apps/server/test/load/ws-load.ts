import { performance } from 'node:perf_hooks';
import { type GameRecord, type GameState, replay, stateHash } from '@palace/core';
import type { MainCard, MainGameState, ServerMessage } from '@palace/protocol';
import WebSocket from 'ws';

/**
 * The main game under load (issue 9 "Load"): many 4-player games over `/ws`, each seat a guest
 * playing random legal moves (chosen among what its view says is legal) after a short think time,
 * for a fixed time. Counts legal moves the server refused and sockets it dropped, measures the
 * broadcast latency (a move sent → each other seat of the game receiving the resulting state),
 * then checks every game's stored state against the replay of its record. Shared by the CI test
 * (apps/server/test/load/ws-load.test.ts) and the benchmark (bench/load.ts).
 */

export interface LoadOptions {
  /** `http://host:port` of a running server. */
  readonly base: string;
  readonly games: number;
  /** How long the games are played, in s (after every game has started). */
  readonly seconds: number;
  /** Mean pause before a move, in ms (each pause is 0.5–1.5 × this). */
  readonly thinkMs: number;
  /** A game's stored state and whole record (from the server's SQLite file), or null. */
  readonly stored: (gameId: string) => Promise<{ readonly state: GameState; readonly record: GameRecord } | null>;
  /**
   * When a table's game is over, its players offer and join the rematch and play on, as players
   * of the web client do (a soak's steady load, bench/soak.ts); without it a finished table stays idle.
   */
  readonly rematch?: boolean;
  /** Told of every move the server accepted during the timed play (a running count). */
  readonly onMove?: () => void;
  /** Ends the timed play early (a soak whose server died need not wait for its end). */
  readonly abort?: AbortSignal;
}

export interface LoadReport {
  readonly clients: number;
  readonly games: number;
  readonly seconds: number;
  /** Moves the server accepted during the timed play. */
  readonly moves: number;
  readonly movesPerSec: number;
  readonly broadcastP50Ms: number;
  readonly broadcastP95Ms: number;
  readonly broadcastP99Ms: number;
  /** `game_error` frames answering a move the view said was legal, and what they said. */
  readonly rejectedLegal: number;
  readonly rejections: readonly string[];
  /** Sockets the server closed before the end of the run. */
  readonly unexpectedDisconnects: number;
  /** Games that finished during the run (rematches included). */
  readonly finished: number;
  /** Games whose stored state, or whose players' last view, differs from the replay of the record. */
  readonly replayMismatches: readonly string[];
}

const SEATS = 4;
/** Sends per connection per 10 s; the server closes a connection above 60 (adapters/ws socket-limits.ts). */
const BUDGET = 36;
const WINDOW_MS = 10_000;

/** Waits until `ready()` holds, looking every 50 ms; throws `failure` after `timeoutMs`. */
export async function waitUntil(ready: () => boolean, timeoutMs: number, failure: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(failure);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Turns measuring on for `seconds` (through `set`), or until `abort` fires, then off; answers the
 * seconds that passed.
 */
export async function measureFor(seconds: number, set: (on: boolean) => void, abort?: AbortSignal): Promise<number> {
  set(true);
  const began = performance.now();
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      abort?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, seconds * 1000);
    if (abort?.aborted === true) done();
    else abort?.addEventListener('abort', done);
  });
  set(false);
  return (performance.now() - began) / 1000;
}

/** The `p`-th percentile (0–100) of ascending `sorted`, nearest rank. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

async function guestCookie(base: string): Promise<{ cookie: string; id: number }> {
  const res = await fetch(`${base}/api/auth/guest-login`, { method: 'POST' });
  if (res.status !== 200) throw new Error(`guest login answered ${res.status}: ${await res.text()}`);
  const user = (await res.json()) as { id: number };
  return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '', id: user.id };
}

/** A random legal move from the viewer's state: every playable card of one value from one place, or a pick-up. */
function randomMove(game: MainGameState, me: number): Record<string, unknown> {
  const seat = game.players.find((p) => p.id === me);
  const playable = new Set(game.playableCards);
  const known = [...(seat?.handCards ?? []), ...(seat?.faceUpCards ?? [])].filter(
    (c): c is MainCard => 'value' in c && playable.has(c.id),
  );
  const inHand = known.filter((c) => seat?.handCards.some((h) => h.id === c.id));
  const source = inHand.length > 0 ? inHand : known;
  const groups = new Map<string, string[]>();
  for (const card of source) groups.set(card.value, [...(groups.get(card.value) ?? []), card.id]);
  const blind = game.playableCards.filter((id) => !known.some((c) => c.id === id));
  const options: Array<Record<string, unknown>> = [...groups.values()].map((cardIds) => ({
    type: 'play_card',
    cardIds,
  }));
  if (options.length === 0) for (const id of blind) options.push({ type: 'play_card', cardIds: [id] });
  // Picking up is legal whenever the view says so; rarer than playing, so games move on.
  if (game.canPickUp && (options.length === 0 || Math.random() < 0.15))
    return { type: 'pickup_cards', gameId: game.id };
  const chosen = options[Math.floor(Math.random() * options.length)];
  if (chosen === undefined) throw new Error(`user ${me} has the turn but no legal move`);
  return { ...chosen, gameId: game.id };
}

interface Client {
  readonly socket: WebSocket;
  readonly id: number;
  latest: MainGameState | null;
  /** A move is scheduled after the think time. */
  thinking: boolean;
  /** Times of the sends in the current budget window. */
  readonly sent: number[];
  /** The game this player chose its face-up cards in, and the finished game it asked a rematch of. */
  choseIn: number | null;
  rematchOf: number | null;
}

interface Table {
  readonly id: number;
  readonly clients: Client[];
  /** The table's finished games before the current one (rematches). */
  readonly played: number[];
  /** The move in flight: when it was sent and the seats still to receive its state. */
  pending: { readonly t0: number; readonly mover: number; readonly waiting: Set<number> } | null;
}

/** Runs the load and answers its report. Throws only when set-up fails. */
export async function runWsLoad(options: LoadOptions): Promise<LoadReport> {
  const { base, games } = options;
  const wsUrl = `${base.replace(/^http/, 'ws')}/ws`;
  const latencies: number[] = [];
  const rejections: string[] = [];
  let unexpectedDisconnects = 0;
  let measuring = false;
  let stopping = false;
  let moves = 0;
  const tables: Table[] = [];

  const send = async (client: Client, message: Record<string, unknown>): Promise<void> => {
    for (;;) {
      const now = Date.now();
      while (client.sent.length > 0 && now - (client.sent[0] as number) >= WINDOW_MS) client.sent.shift();
      if (client.sent.length < BUDGET) break;
      await new Promise((r) => setTimeout(r, (client.sent[0] as number) + WINDOW_MS - now + 5));
    }
    client.sent.push(Date.now());
    client.socket.send(JSON.stringify(message));
  };

  const act = (table: Table, index: number): void => {
    const client = table.clients[index] as Client;
    const game = client.latest;
    if (stopping || game === null || game.status !== 'active' || game.currentTurn !== client.id) return;
    if (table.pending !== null) return;
    const move = randomMove(game, client.id);
    // Every seat, the mover too, is to receive the resulting state.
    table.pending = { t0: performance.now(), mover: index, waiting: new Set(table.clients.map((_, i) => i)) };
    void send(client, move);
  };

  /** Whoever's turn it is thinks, then moves, once the move before is everywhere. */
  const schedule = (table: Table): void => {
    if (table.pending !== null || stopping) return;
    for (const [i, c] of table.clients.entries()) {
      const game = c.latest;
      if (game === null || game.status !== 'active' || game.currentTurn !== c.id || c.thinking) continue;
      c.thinking = true;
      setTimeout(
        () => {
          c.thinking = false;
          act(table, i);
        },
        options.thinkMs * (0.5 + Math.random()),
      );
    }
  };

  const open = async (table: Table, cookie: string, id: number): Promise<Client> => {
    const socket = new WebSocket(wsUrl, { headers: { cookie } });
    const client: Client = { socket, id, latest: null, thinking: false, sent: [], choseIn: null, rematchOf: null };
    const index = table.clients.length;
    table.clients.push(client);
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as ServerMessage;
      const pending = table.pending;
      if (frame.type === 'game_error') {
        if (pending !== null && pending.mover === index) {
          rejections.push(`game ${table.id}, user ${id}: ${frame.message}`);
          table.pending = null;
          schedule(table);
        } else if (!stopping) rejections.push(`game ${table.id}, user ${id} (no move in flight): ${frame.message}`);
        return;
      }
      if (frame.type !== 'game_state') return;
      const game = frame.game;
      if (game.id !== table.id) {
        // The rematch this player asked for: the first of the table to enter it moves the table on.
        if (client.rematchOf !== table.id || game.status !== 'waiting') return;
        table.played.push(table.id);
        (table as { id: number }).id = game.id;
      }
      client.latest = game;
      if (pending?.waiting.delete(index)) {
        if (measuring && index !== pending.mover) latencies.push(performance.now() - pending.t0);
        if (measuring && index === pending.mover) {
          moves++;
          options.onMove?.();
        }
        if (pending.waiting.size === 0) table.pending = null;
      }
      if (options.rematch === true && game.status === 'completed' && client.rematchOf !== game.id && !stopping) {
        client.rematchOf = game.id;
        void send(client, { type: 'offer_rematch', gameId: game.id });
      }
      const mine = game.players.find((p) => p.id === id);
      // Choose once the table is full (the game starts when everyone seated has chosen).
      if (
        client.choseIn !== game.id &&
        game.status === 'waiting' &&
        game.players.length === SEATS &&
        mine !== undefined
      ) {
        const hand = mine.handCards.filter((c): c is MainCard => 'value' in c);
        if (hand.length >= 6) {
          client.choseIn = game.id;
          void send(client, {
            type: 'select_faceup_cards',
            gameId: table.id,
            cardIds: hand.slice(0, 3).map((c) => c.id),
          });
        }
      }
      schedule(table);
    });
    socket.on('close', () => {
      if (!stopping) unexpectedDisconnects++;
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  };

  // Set-up: guests, then each game's host creates it over the socket and the others join.
  for (let start = 0; start < games; start += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, games - start) }, async () => {
        const people = await Promise.all(Array.from({ length: SEATS }, () => guestCookie(base)));
        const table: Table = { id: 0, clients: [], played: [], pending: null };
        const host = people[0] as { cookie: string; id: number };
        const hostClient = await open(table, host.cookie, host.id);
        const created = new Promise<number>((resolve, reject) => {
          hostClient.socket.on('message', (data) => {
            const frame = JSON.parse(String(data)) as ServerMessage;
            if (frame.type === 'game_create_success') resolve(Number(frame.gameId));
            if (frame.type === 'game_error') reject(new Error(`create refused: ${frame.message}`));
          });
        });
        await send(hostClient, { type: 'create_game', game: { name: 'Load game', playerLimit: SEATS } });
        (table as { id: number }).id = await created;
        tables.push(table);
        for (const person of people.slice(1)) {
          const client = await open(table, person.cookie, person.id);
          await send(client, { type: 'join_game', gameId: table.id });
        }
      }),
    );
  }
  await waitUntil(
    () => !tables.some((t) => t.clients.some((c) => c.latest?.status === 'waiting' || c.latest === null)),
    30_000,
    'the games did not all start within 30 s',
  );
  const elapsed = await measureFor(
    options.seconds,
    (on) => {
      measuring = on;
    },
    options.abort,
  );
  stopping = true;
  // Let moves in flight land before reading storage.
  const settle = Date.now() + 5_000;
  while (tables.some((t) => t.pending !== null) && Date.now() < settle) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 200));

  const replayMismatches: string[] = [];
  let finished = 0;
  for (const table of tables) {
    for (const id of table.played) {
      const stored = await options.stored(String(id));
      const replayed = stored === null ? null : replay(stored.record);
      if (stored === null || replayed === null) replayMismatches.push(`game ${id}: not stored`);
      else if (!replayed.ok) replayMismatches.push(`game ${id}: ${replayed.error.message}`);
      else if (stateHash(replayed.value) !== stateHash(stored.state))
        replayMismatches.push(`game ${id}: stored state differs from the replay`);
      else finished++;
    }
    const stored = await options.stored(String(table.id));
    if (stored === null) {
      replayMismatches.push(`game ${table.id}: not stored`);
      continue;
    }
    const replayed = replay(stored.record);
    if (!replayed.ok) {
      replayMismatches.push(`game ${table.id}: ${replayed.error.message}`);
      continue;
    }
    const state = replayed.value;
    if (state.phase === 'finished') finished++;
    if (stateHash(state) !== stateHash(stored.state))
      replayMismatches.push(`game ${table.id}: stored state differs from the replay`);
    for (const client of table.clients) {
      const seen = client.latest;
      const seat = state.seats.find((s) => s.id === String(client.id));
      const hand = seen?.players.find((p) => p.id === client.id)?.handCards.map((c) => c.id);
      if (
        seen === null ||
        seat === undefined ||
        JSON.stringify(hand) !== JSON.stringify(seat.hand.map((c) => c.id)) ||
        JSON.stringify(seen.playedCards.map((c) => c.id)) !== JSON.stringify(state.pile.map((c) => c.id)) ||
        seen.deck.length !== state.deck.length
      ) {
        replayMismatches.push(`game ${table.id}: user ${client.id}'s last view differs from the replay`);
      }
    }
  }
  for (const table of tables) for (const client of table.clients) client.socket.terminate();

  const sorted = [...latencies].sort((a, b) => a - b);
  const ms = (x: number) => Math.round(x * 10) / 10;
  return {
    clients: tables.length * SEATS,
    games: tables.length,
    seconds: options.seconds,
    moves,
    movesPerSec: Math.round(moves / elapsed),
    broadcastP50Ms: ms(percentile(sorted, 50)),
    broadcastP95Ms: ms(percentile(sorted, 95)),
    broadcastP99Ms: ms(percentile(sorted, 99)),
    rejectedLegal: rejections.length,
    rejections,
    unexpectedDisconnects,
    finished,
    replayMismatches,
  };
}
