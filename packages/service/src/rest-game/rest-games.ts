import { type AiLevel, type Command, err, ok, PRESETS, type Result, type Seat, tableOptions } from '@palace/core';
import {
  isEmojiMessage,
  REST_AI_DELAY_MS,
  REST_CHAT_KEEP,
  REST_CHAT_MAX,
  REST_DEFAULT_MAX_PLAYERS,
  REST_MAX_PLAYERS,
  REST_MIN_PLAYERS,
  REST_NAME_MAX,
  type RestGameState,
  type RestLobbyEntry,
  type RestVariant,
} from '@palace/protocol';
import { DEFAULT_AI_LEVEL } from '../ai-levels.js';
import { type Change, GameService, type ServicePorts } from '../game-service.js';
import type { StoredGame } from '../ports.js';
import { aiSeat, checkName, freeSeatId, type NameRule, normalizeId } from '../seating.js';
import { type ServiceError, serviceError } from '../service-error.js';
import { type RestMeta, reactRest } from './rest-meta.js';
import { restView } from './rest-view.js';

/** The `kind` of REST games in the store. */
export const REST_KIND = 'rest';
/** How many games the lobby lists at most. */
export const REST_LOBBY_LIMIT = 50;
/** How many games' versions and keys are kept in memory for the poll fast path. */
const KNOWN_LIMIT = 10_000;
const UNCHANGED: Result<null, ServiceError> = ok(null);
/** Proven credentials remembered per game (a guard: only seats' credentials can be proven). */
const PROVEN_LIMIT = 16;

export interface RestSeated {
  readonly gameId: string;
  readonly playerId: string;
  readonly gameState: RestGameState;
}

/** What a poll found: null when nothing changed since the client's `lastUpdate`. */
export type RestPolled = { readonly gameState: RestGameState; readonly lastUpdate: number } | null;

type Answer<T> = Promise<Result<T, ServiceError>>;

interface Known {
  readonly version: number;
  /** Digest of a credential → public seat id. */
  readonly seats: ReadonlyMap<string, string>;
  /** Credentials already checked against `seats` (so a poll hashes each one once). */
  readonly proven: Set<string>;
}

/** The seat a request acts for, proved by its credential. */
interface Acting {
  readonly seat: Seat;
  readonly credential: string;
}

/**
 * The server-backed REST game (spec 02 §7): create, join or resume, ready, start, add AI, play,
 * pick up, chat, view, poll and lobby, over the game service. Player ids handed out are secret
 * credentials (DECISIONS §8); only their digests are stored, and every id anyone else sees is a
 * public seat id.
 */
export class RestGames {
  private readonly games: GameService<RestMeta>;
  private readonly known = new Map<string, Known>();

  private readonly aiDelayMs: number;

  /** `aiDelayMs`: how long AI seats wait before acting (default the spec's 1.5 s). */
  constructor(
    private readonly ports: ServicePorts,
    options: { readonly aiDelayMs?: number; readonly turnMs?: number } = {},
  ) {
    this.aiDelayMs = options.aiDelayMs ?? REST_AI_DELAY_MS;
    const publisher = ports.publisher;
    this.games = new GameService<RestMeta>(
      {
        ...ports,
        publisher: {
          publish: (game) => {
            this.remember(game as StoredGame<RestMeta>);
            publisher.publish(game);
          },
        },
      },
      REST_KIND,
      { listed: (state, meta) => meta.isPublic && state.phase === 'waiting', react: reactRest, turnMs: options.turnMs },
    );
  }

  async create(input: {
    readonly playerName: string;
    readonly variant?: RestVariant | undefined;
    readonly isPublic?: boolean | undefined;
    readonly maxPlayers?: number | undefined;
  }): Answer<RestSeated> {
    const name = checkName(input.playerName, REST_NAME_RULE);
    if (!name.ok) return name;
    const variant = input.variant ?? 'classic';
    const maxPlayers = input.maxPlayers ?? REST_DEFAULT_MAX_PLAYERS;
    if (!Number.isInteger(maxPlayers) || maxPlayers < REST_MIN_PLAYERS || maxPlayers > REST_MAX_PLAYERS) {
      return err(serviceError('players/range'));
    }
    const credential = this.ports.ids.secret();
    const seat = 'p1';
    const created = await this.games.create({
      // No face-up choice in this variant (DECISIONS §3); the starter must have said ready.
      options: tableOptions({
        rules: { ...PRESETS[variant].rules, chooseFaceUp: false },
        flow: 'manual',
        maxSeats: maxPlayers,
        startNeedsReady: true,
      }),
      meta: {
        variant,
        isPublic: input.isPublic ?? true,
        maxPlayers,
        keys: { [seat]: this.ports.ids.digest(credential) },
        chat: [],
        chatSeq: 0,
        lastAction: null,
      },
      aiDelayMs: this.aiDelayMs,
      initial: () => ({ commands: [{ type: 'sit', seat, name: name.value, ai: null }] }),
    });
    if (!created.ok) return created;
    const { game } = created.value;
    return ok({ gameId: game.id, playerId: credential, gameState: restView(game, seat, credential) });
  }

  /** Takes a new seat, or with `playerId` resumes the seat that credential belongs to. */
  async join(
    gameId: string,
    input: { readonly playerName?: string | undefined; readonly playerId?: string | undefined },
  ): Answer<RestSeated> {
    const id = normalizeId(gameId);
    if (input.playerId !== undefined) {
      const game = await this.games.get(id);
      if (!game.ok) return game;
      const acting = this.acting(game.value, input.playerId);
      if (!acting.ok) return acting;
      return ok({
        gameId: id,
        playerId: input.playerId,
        gameState: restView(game.value, acting.value.seat.id, input.playerId),
      });
    }
    const name = checkName(input.playerName, REST_NAME_RULE);
    if (!name.ok) return name;
    const credential = this.ports.ids.secret();
    const key = this.ports.ids.digest(credential);
    let seat = '';
    const changed = await this.games.change(id, (game) => {
      seat = freeSeatId(game.state);
      return ok({
        commands: [{ type: 'sit', seat, name: name.value, ai: null }],
        meta: { ...game.meta, keys: { ...game.meta.keys, [seat]: key } },
      });
    });
    if (!changed.ok) return changed;
    return ok({ gameId: id, playerId: credential, gameState: restView(changed.value.game, seat, credential) });
  }

  /** Toggles the player's ready flag. */
  ready(gameId: string, playerId: string): Answer<RestGameState> {
    return this.act(gameId, playerId, ({ seat }) =>
      ok({ commands: [{ type: 'ready', seat: seat.id, ready: !seat.ready }] }),
    );
  }

  /** Starts the game; a lone player first gets an AI opponent. */
  start(gameId: string, playerId: string): Answer<RestGameState> {
    return this.act(gameId, playerId, ({ seat }, game) => {
      const commands: Command[] = [];
      if (game.state.seats.length === 1 && game.state.phase === 'waiting')
        commands.push(aiSeat(game.state, DEFAULT_AI_LEVEL));
      commands.push({ type: 'start', seat: seat.id });
      return ok({ commands });
    });
  }

  /** Seats an AI player (any seated player may ask). */
  /** Seats an AI player ("AI Player {n}") at `level`, the normal `greedy` AI unless asked. */
  addAi(gameId: string, playerId: string, level: AiLevel = DEFAULT_AI_LEVEL): Answer<RestGameState> {
    return this.act(gameId, playerId, (_, game) => ok({ commands: [aiSeat(game.state, level)] }));
  }

  /** Plays cards of one value, or one face-down card by its `blind-{n}` id. */
  play(gameId: string, playerId: string, cardIds: readonly string[]): Answer<RestGameState> {
    return this.act(gameId, playerId, ({ seat }) => ok({ commands: [{ type: 'play', seat: seat.id, cardIds }] }));
  }

  pickUp(gameId: string, playerId: string): Answer<RestGameState> {
    return this.act(gameId, playerId, ({ seat }) => ok({ commands: [{ type: 'pickUp', seat: seat.id }] }));
  }

  /** Adds a chat message; whether it is an emoji message is decided here (spec 02 §5). */
  chat(gameId: string, playerId: string, message: string): Answer<RestGameState> {
    const text = message.trim();
    if (text.length === 0) return Promise.resolve(err(serviceError('chat/empty')));
    if (text.length > REST_CHAT_MAX) return Promise.resolve(err(serviceError('chat/too_long')));
    const at = this.ports.clock.now();
    return this.act(gameId, playerId, ({ seat }, game) => {
      const { meta } = game;
      const entry = {
        id: `m${meta.chatSeq + 1}`,
        seat: seat.id,
        name: seat.name,
        text,
        isEmoji: isEmojiMessage(text),
        at,
      };
      const chat = [...meta.chat, entry].slice(-REST_CHAT_KEEP);
      return ok({ commands: [], meta: { ...meta, chat, chatSeq: meta.chatSeq + 1 } });
    });
  }

  /** The whole state for a player (or, without `playerId`, as a stranger sees it). */
  async view(gameId: string, playerId: string | undefined): Answer<RestGameState> {
    const game = await this.games.get(normalizeId(gameId));
    if (!game.ok) return game;
    this.remember(game.value);
    if (playerId === undefined) return ok(restView(game.value, null, null));
    const acting = this.acting(game.value, playerId);
    if (!acting.ok) return acting;
    return ok(restView(await this.games.seen(game.value, acting.value.seat.id), acting.value.seat.id, playerId));
  }

  /**
   * The state if it changed since `lastUpdate`, else null. Answered from memory when this
   * process knows the game is unchanged, so idle polling costs no database read.
   */
  async poll(gameId: string, playerId: string | undefined, lastUpdate: number): Answer<RestPolled> {
    const id = normalizeId(gameId);
    const quick = this.pollFromMemory(id, playerId, lastUpdate);
    if (quick !== undefined) return quick;
    const state = await this.view(id, playerId);
    if (!state.ok) return state;
    if (state.value.lastUpdate <= lastUpdate) return ok(null);
    return ok({ gameState: state.value, lastUpdate: state.value.lastUpdate });
  }

  /**
   * The poll's answer when memory suffices (the game is known and unchanged since `lastUpdate`):
   * null for "unchanged" or `player/forbidden`; undefined when the store must be read. Synchronous,
   * so an adapter can answer an idle poll without a promise.
   */
  pollFromMemory(
    gameId: string,
    playerId: string | undefined,
    lastUpdate: number,
  ): Result<null, ServiceError> | undefined {
    const known = this.known.get(normalizeId(gameId));
    if (known === undefined || known.version > lastUpdate) return undefined;
    if (playerId !== undefined && !known.proven.has(playerId)) {
      if (!known.seats.has(this.ports.ids.digest(playerId))) return err(serviceError('player/forbidden'));
      if (known.proven.size < PROVEN_LIMIT) known.proven.add(playerId);
    }
    if (playerId !== undefined) this.games.touch(normalizeId(gameId));
    return UNCHANGED;
  }

  /** Public games still waiting for players, newest first (full ones included: shown as full). */
  async lobby(): Promise<RestLobbyEntry[]> {
    const games = await this.games.listed(REST_LOBBY_LIMIT);
    return games.map((game) => {
      const view = restView(game, null, null);
      return {
        id: game.id,
        variant: game.meta.variant,
        playerCount: view.players.length,
        maxPlayers: game.meta.maxPlayers,
        hostName: view.players[0]?.name ?? '',
        createdAt: game.createdAt,
        players: view.players.map((p) => ({ id: p.id, name: p.name, isAI: p.isAI, isReady: p.isReady })),
      };
    });
  }

  /** Re-arms pending AI turns and turn clocks after a restart; answers how many games. */
  rearm(): Promise<number> {
    return this.games.rearm();
  }

  /**
   * Plays out this variant's abandoned games and expires its waiting games nobody joined (run
   * every minute; see `GameService.sweepIdle`). Answers how many games changed.
   */
  sweepIdle(): Promise<number> {
    return this.games.sweepIdle();
  }

  /** Another server node changed game `id`: it is read again and published here (see `GameService.changedElsewhere`). */
  changedElsewhere(id: string): Promise<unknown> {
    return this.games.changedElsewhere(id);
  }

  /** Forgets the poll fast path's versions: changes made elsewhere may have been missed. */
  forgetCaches(): void {
    this.known.clear();
  }

  private async act(
    gameId: string,
    playerId: string,
    plan: (acting: Acting, game: StoredGame<RestMeta>) => Result<Change<RestMeta>, ServiceError>,
  ): Answer<RestGameState> {
    let seat = '';
    const changed = await this.games.change(normalizeId(gameId), (game) => {
      const acting = this.acting(game, playerId);
      if (!acting.ok) return acting;
      seat = acting.value.seat.id;
      return plan(acting.value, game);
    });
    if (!changed.ok) return changed;
    return ok(restView(changed.value.game, seat, playerId));
  }

  private acting(game: StoredGame<RestMeta>, credential: string): Result<Acting, ServiceError> {
    const key = this.ports.ids.digest(credential);
    const id = Object.keys(game.meta.keys).find((seat) => game.meta.keys[seat] === key);
    const seat = id === undefined ? undefined : game.state.seats.find((s) => s.id === id);
    return seat === undefined ? err(serviceError('player/forbidden')) : ok({ seat, credential });
  }

  private remember(game: StoredGame<RestMeta>): void {
    const before = this.known.get(game.id);
    if (before !== undefined && before.version > game.version) return;
    this.known.delete(game.id);
    if (this.known.size >= KNOWN_LIMIT) {
      const oldest = this.known.keys().next();
      if (oldest.done !== true) this.known.delete(oldest.value);
    }
    const seats = new Map(Object.entries(game.meta.keys).map(([seat, key]) => [key, seat]));
    // Seats are never given up in this variant, so a proven credential stays proven.
    this.known.set(game.id, { version: game.version, seats, proven: before?.proven ?? new Set() });
  }
}

/** A player name of 1–20 characters after trimming. */
const REST_NAME_RULE: NameRule = { max: REST_NAME_MAX, required: 'name/required', outOfRange: 'name/too_long' };
