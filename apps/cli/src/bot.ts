import { randomBytes } from 'node:crypto';
import { AI_LEVELS, type AiLevel, createRng, type Rng } from '@palace/core';
import type { ClientMessage, LobbyGame, MainGameState, ServerMessage } from '@palace/protocol';
import WebSocket from 'ws';
import { botMessage, fallbackMessage } from './bot-moves.js';

/** What `palace bot` is told (docs/bots.md "The example bot"). */
export interface BotOptions {
  readonly token: string;
  /** The server's address, `http://` or `https://`. */
  readonly url: string;
  readonly level: AiLevel;
  /** Create a game (two seats, bots allowed) instead of joining one from the lobby. */
  readonly create: boolean;
  /** Games to play before exiting. */
  readonly games: number;
  /** How often the lobby is read while looking for a game, in ms. */
  readonly pollMs?: number;
}

/** The options of a `palace bot` command line, checked; or what is wrong with them. */
export function botOptions(values: {
  readonly token?: string | undefined;
  readonly url?: string | undefined;
  readonly level?: string | undefined;
  readonly create?: boolean | undefined;
  readonly games?: string | undefined;
}): BotOptions | string {
  const token = values.token?.trim() ?? '';
  if (token === '') return '--token (or PALACE_BOT_TOKEN) is required: create a bot in Settings to get one';
  const url = (values.url ?? 'http://127.0.0.1:5000').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(url)) return '--url must be an http:// or https:// address';
  const level = values.level ?? 'greedy';
  if (!(AI_LEVELS as readonly string[]).includes(level)) return `--level must be one of ${AI_LEVELS.join(', ')}`;
  const games = values.games === undefined ? 1 : Number(values.games);
  if (!Number.isInteger(games) || games < 1) return '--games must be a whole number of at least 1';
  return { token, url, level: level as AiLevel, create: values.create === true, games };
}

/** Why the bot stopped early. */
class BotStopped extends Error {}

/**
 * Plays `options.games` main games as the bot whose token it is, printing one line per game to
 * `out`; answers the exit code (0 all played, 1 refused or disconnected). Uses only the documented
 * protocol: the `/ws` socket with the Bearer header and the public lobby `GET /api/games`.
 */
export async function runBot(
  options: BotOptions,
  out: (line: string) => void,
  fail: (line: string) => void,
): Promise<number> {
  let socket: BotSocket;
  try {
    socket = await BotSocket.open(options);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
    return 1;
  }
  const rng = createRng(randomBytes(16).toString('hex'));
  try {
    const hello = await socket.next((f) => f.type === 'connection_established');
    const userId = hello.type === 'connection_established' ? hello.userId : null;
    if (userId === null) throw new BotStopped('The server did not sign the bot in.');
    const tried = new Set<number>();
    for (let played = 0; played < options.games; played++) {
      const gameId = options.create ? await create(socket) : await join(socket, options, userId, tried);
      out(await play(socket, gameId, userId, options.level, rng));
    }
    return 0;
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    socket.close();
  }
}

/** Creates a two-seat game that allows bots; answers its id once the bot sits in it. */
async function create(socket: BotSocket): Promise<number> {
  socket.send({ type: 'create_game', game: { name: 'Bot table', playerLimit: 2, allowBots: true } });
  // A refused creation's `game_error` names no game (one naming a game is a late answer from the last).
  const answer = await socket.next(
    (f) => f.type === 'game_create_success' || (f.type === 'game_error' && f.gameId === undefined),
  );
  if (answer.type === 'game_error') throw new BotStopped(`Creating a game was refused: ${answer.message}`);
  if (answer.type !== 'game_create_success') throw new BotStopped('Creating a game failed.');
  return answer.gameId;
}

/** Waits for a waiting game in the lobby that allows bots and has a free seat, and joins it. */
async function join(socket: BotSocket, options: BotOptions, userId: number, tried: Set<number>): Promise<number> {
  for (;;) {
    const lobby = await fetch(`${options.url}/api/games`);
    const games = lobby.ok ? ((await lobby.json()) as LobbyGame[]) : [];
    const open = games.find(
      (g) =>
        g.status === 'waiting' &&
        g.allowBots &&
        g.playerCount < g.playerLimit &&
        !tried.has(g.id) &&
        !g.players.some((p) => p.id === userId),
    );
    if (open !== undefined) {
      tried.add(open.id);
      socket.send({ type: 'join_game', gameId: open.id });
      const answer = await socket.next(
        (f) => (f.type === 'join_success' || f.type === 'game_error') && 'gameId' in f && f.gameId === open.id,
      );
      if (answer.type === 'join_success') return open.id;
    }
    await socket.idle(options.pollMs ?? 1000);
  }
}

/** Plays game `gameId` to its end; answers its result line. */
async function play(socket: BotSocket, gameId: number, userId: number, level: AiLevel, rng: Rng): Promise<string> {
  /** The position the last message was sent for, so a repeated state is not answered twice. */
  let answered = '';
  /** The face-up choice was sent (a state sent before it was handled still asks for it). */
  let chosen = false;
  for (;;) {
    const frame = await socket.next(
      (f) => (f.type === 'game_state' && f.game.id === gameId) || (f.type === 'game_error' && f.gameId === gameId),
    );
    const state = socket.latest(gameId);
    if (state === null) continue;
    if (state.status === 'completed') return resultLine(state, userId);
    if (frame.type === 'game_error') {
      // Refused (it should not be): choose again, or make a move the server's hints allow.
      chosen = false;
      const fallback = fallbackMessage(state);
      if (fallback !== null && state.currentTurn === userId) socket.send(fallback);
      continue;
    }
    const position = positionOf(state);
    if (position === answered) continue;
    const message = botMessage(state, userId, level, rng);
    if (message === null || (message.type === 'select_faceup_cards' && chosen)) continue;
    if (message.type === 'select_faceup_cards') chosen = true;
    answered = position;
    socket.send(message);
  }
}

/** What identifies a position for the bot: the last action, the pile and every seat's cards. */
function positionOf(state: MainGameState): string {
  return JSON.stringify([
    state.status,
    state.currentTurn,
    state.mustChooseFaceUp,
    state.lastAction,
    state.playedCards.length,
    state.deck.length,
    state.players.map((p) => [p.id, p.handCount, p.faceUpCards.length, p.faceDownCards.length]),
  ]);
}

/** One line per finished game: `game 12: won` or `game 12: lost (winner: Ann)`. */
export function resultLine(state: MainGameState, userId: number): string {
  if (state.winnerId === null) return `game ${state.id}: ended without a winner`;
  if (state.winnerId === userId) return `game ${state.id}: won`;
  const winner = state.players.find((p) => p.id === state.winnerId)?.username ?? String(state.winnerId);
  return `game ${state.id}: lost (winner: ${winner})`;
}

/** The bot's socket: frames in arrival order, read with `next`; the latest state per game kept. */
class BotSocket {
  private readonly frames: ServerMessage[] = [];
  private readonly states = new Map<number, MainGameState>();
  private wake: (() => void) | null = null;
  private closedWith: string | null = null;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as ServerMessage;
      if (frame.type === 'ping') this.send({ type: 'pong' });
      if (frame.type === 'game_state') this.states.set(frame.game.id, frame.game);
      this.frames.push(frame);
      this.wake?.();
    });
    socket.on('close', (code, reason) => {
      this.closedWith = `The server closed the connection (${code}${reason.length > 0 ? ` ${String(reason)}` : ''}).`;
      this.wake?.();
    });
  }

  /** Connects to `/ws` with the Bearer header; rejects with a readable reason when refused. */
  static open(options: BotOptions): Promise<BotSocket> {
    const url = `${options.url.replace(/^http/, 'ws')}/ws`;
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { headers: { authorization: `Bearer ${options.token}` } });
      const wrapped = new BotSocket(socket);
      socket.once('open', () => resolve(wrapped));
      socket.once('unexpected-response', (_request, response) => {
        reject(
          new Error(
            response.statusCode === 401
              ? 'The server refused the token (401): it is wrong or was revoked.'
              : `The server refused the connection (${response.statusCode}).`,
          ),
        );
        socket.terminate();
      });
      socket.once('error', (error) => reject(new Error(`Cannot connect to ${url}: ${error.message}`)));
    });
  }

  send(message: ClientMessage): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** The next frame (after those already read) that `wanted` accepts; the rest are skipped. */
  async next(wanted: (frame: ServerMessage) => boolean): Promise<ServerMessage> {
    for (;;) {
      const frame = this.frames.shift();
      if (frame !== undefined) {
        if (wanted(frame)) return frame;
        continue;
      }
      if (this.closedWith !== null) throw new BotStopped(this.closedWith);
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = null;
    }
  }

  /** The last state received of game `gameId`, or null. */
  latest(gameId: number): MainGameState | null {
    return this.states.get(gameId) ?? null;
  }

  /** Waits `ms`; throws when the socket has closed meanwhile. */
  async idle(ms: number): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, ms));
    if (this.closedWith !== null) throw new BotStopped(this.closedWith);
  }

  close(): void {
    this.socket.close(1000, 'done');
  }
}
