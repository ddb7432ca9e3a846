import { type AiLevel, type Command, err, ok, PRESETS, type Result, type Seat, tableOptions } from '@palace/core';
import {
  type HintAnswer,
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
import type { Change, ServicePorts } from '../game-change.js';
import type { StoredGame } from '../ports.js';
import { offerRematch } from '../rematch.js';
import { credentialSeat, sitWithCredential } from '../seat-proofs.js';
import { aiSeat, aiSeatsOf, checkName, type NameRule, normalizeId } from '../seating.js';
import { type ServiceError, serviceError } from '../service-error.js';
import { chatText } from '../status-lines.js';
import { VariantGames } from '../variant-games.js';
import { restHintPlan } from './rest-hints.js';
import { type RestMeta, reactRest } from './rest-meta.js';
import { RestPollMemory } from './rest-poll.js';
import { restLobbyEntry, restView } from './rest-view.js';

/** The `kind` of REST games in the store. */
export const REST_KIND = 'rest';
/** How many games the lobby lists at most. */
export const REST_LOBBY_LIMIT = 50;

export interface RestSeated {
  readonly gameId: string;
  readonly playerId: string;
  readonly gameState: RestGameState;
}

/** What a poll found: null when nothing changed since the client's `lastUpdate`. */
export type RestPolled = { readonly gameState: RestGameState; readonly lastUpdate: number } | null;

type Answer<T> = Promise<Result<T, ServiceError>>;

/**
 * The server-backed REST game (docs/product.md §P2.7): create, join or resume, ready, start, add AI, play,
 * pick up, chat, view, poll and lobby, over the game service. Player ids handed out are secret
 * credentials (docs/product.md §D8); only their digests are stored, and every id anyone else sees is a
 * public seat id.
 */
export class RestGames extends VariantGames<RestMeta> {
  /** What this node knows of games' versions and credentials: idle polls answered from memory. */
  private readonly memory: RestPollMemory;
  private readonly aiDelayMs: number;

  /** `aiDelayMs`: how long AI seats wait before acting (default the spec's 1.5 s). */
  constructor(ports: ServicePorts, options: { readonly aiDelayMs?: number; readonly turnMs?: number } = {}) {
    super(ports, REST_KIND, {
      listed: (state, meta) => meta.isPublic && state.phase === 'waiting',
      react: reactRest,
      turnMs: options.turnMs,
    });
    this.aiDelayMs = options.aiDelayMs ?? REST_AI_DELAY_MS;
    this.memory = new RestPollMemory(ports.ids);
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
    return this.open(name.value, { variant, isPublic: input.isPublic ?? true, maxPlayers });
  }

  /**
   * After game over, any of its players offers a rematch — a new game with the same variant,
   * visibility, table size and AI players, the asker seated under their name — or joins the one
   * another player offered with a new seat (docs/product.md §D11 rematch). Answers the seat in
   * the new game: its id and the credential for it.
   */
  rematch(gameId: string, playerId: string): Answer<RestSeated> {
    return offerRematch(this.games, this.ports.clock, normalizeId(gameId), {
      prove: (game) => {
        const seat = credentialSeat(game, playerId, this.ports.ids);
        return seat.ok ? ok({ who: seat.value.name, mayOffer: true, name: seat.value.name }) : seat;
      },
      open: (next, name, old) => {
        const { variant, isPublic, maxPlayers } = old.meta;
        return this.open(name, { variant, isPublic, maxPlayers }, next, aiSeatsOf(old.state));
      },
      enter: (next, name) => this.join(next, { playerName: name }),
    });
  }

  /** Creates a game seating `name` first (then `ais`), under `id` when given. */
  private async open(
    name: string,
    settings: Pick<RestMeta, 'variant' | 'isPublic' | 'maxPlayers'>,
    id?: string,
    ais: readonly Command[] = [],
  ): Answer<RestSeated> {
    const { variant, maxPlayers } = settings;
    const credential = this.ports.ids.secret();
    const seat = 'p1';
    const created = await this.games.create({
      // No face-up choice in this variant (docs/product.md §D3); the starter must have said ready.
      options: tableOptions({
        rules: { ...PRESETS[variant].rules, chooseFaceUp: false },
        flow: 'manual',
        maxSeats: maxPlayers,
        startNeedsReady: true,
      }),
      meta: {
        ...settings,
        keys: { [seat]: this.ports.ids.digest(credential) },
        chat: [],
        chatSeq: 0,
        lastAction: null,
      },
      aiDelayMs: this.aiDelayMs,
      initial: () => ({ commands: [{ type: 'sit', seat, name, ai: null }, ...ais] }),
      ...(id === undefined ? {} : { id }),
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
      const seat = credentialSeat(game.value, input.playerId, this.ports.ids);
      if (!seat.ok) return seat;
      return ok({
        gameId: id,
        playerId: input.playerId,
        gameState: restView(game.value, seat.value.id, input.playerId),
      });
    }
    const name = checkName(input.playerName, REST_NAME_RULE);
    if (!name.ok) return name;
    const seated = await sitWithCredential(this.games, this.ports.ids, id, name.value);
    if (!seated.ok) return seated;
    const { game, seat, credential } = seated.value;
    return ok({ gameId: id, playerId: credential, gameState: restView(game, seat, credential) });
  }

  /** Toggles the player's ready flag. */
  ready(gameId: string, playerId: string): Answer<RestGameState> {
    return this.seated(gameId, playerId, (seat) =>
      ok({ commands: [{ type: 'ready', seat: seat.id, ready: !seat.ready }] }),
    );
  }

  /** Starts the game; a lone player first gets an AI opponent. */
  start(gameId: string, playerId: string): Answer<RestGameState> {
    return this.seated(gameId, playerId, (seat, game) => {
      const commands: Command[] = [];
      if (game.state.seats.length === 1 && game.state.phase === 'waiting')
        commands.push(aiSeat(game.state, DEFAULT_AI_LEVEL));
      commands.push({ type: 'start', seat: seat.id });
      return ok({ commands });
    });
  }

  /** Seats an AI player ("AI Player {n}") at `level`, the normal `greedy` AI unless asked. */
  addAi(gameId: string, playerId: string, level: AiLevel = DEFAULT_AI_LEVEL): Answer<RestGameState> {
    return this.seated(gameId, playerId, (_, game) => ok({ commands: [aiSeat(game.state, level)] }));
  }

  /** Plays cards of one value, or one face-down card by its `blind-{n}` id. */
  play(gameId: string, playerId: string, cardIds: readonly string[]): Answer<RestGameState> {
    return this.seated(gameId, playerId, (seat) => ok({ commands: [{ type: 'play', seat: seat.id, cardIds }] }));
  }

  pickUp(gameId: string, playerId: string): Answer<RestGameState> {
    return this.seated(gameId, playerId, (seat) => ok({ commands: [{ type: 'pickUp', seat: seat.id }] }));
  }

  /**
   * A hint for the player's seat on their turn (docs/product.md §D14 hint): the strong AI's move for
   * their view, counted in the game's data in the same write (see `restHintPlan`).
   */
  async hint(gameId: string, playerId: string): Answer<HintAnswer> {
    const out: { hint?: HintAnswer } = {};
    const prove = (game: StoredGame<RestMeta>) => credentialSeat(game, playerId, this.ports.ids);
    const acted = await this.act(normalizeId(gameId), prove, (seat, game) => restHintPlan(game, seat.id, out));
    if (!acted.ok) return acted;
    if (out.hint === undefined) throw new Error(`the hint in game ${gameId} was not planned`);
    return ok(out.hint);
  }

  /** Adds a chat message; whether it is an emoji message is decided here (docs/product.md §P2.5). */
  chat(gameId: string, playerId: string, message: string): Answer<RestGameState> {
    const checked = chatText(message, REST_CHAT_MAX);
    if (!checked.ok) return Promise.resolve(checked);
    const text = checked.value;
    const at = this.ports.clock.now();
    return this.seated(gameId, playerId, (seat, game) => {
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
    this.memory.remember(game.value);
    if (playerId === undefined) return ok(restView(game.value, null, null));
    const seat = credentialSeat(game.value, playerId, this.ports.ids);
    if (!seat.ok) return seat;
    return ok(restView(await this.games.seen(game.value, seat.value.id), seat.value.id, playerId));
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
    const id = normalizeId(gameId);
    const answer = this.memory.poll(id, playerId, lastUpdate);
    if (answer?.ok === true && playerId !== undefined) this.games.touch(id);
    return answer;
  }

  /** Public games still waiting for players, newest first (full ones included: shown as full). */
  async lobby(): Promise<RestLobbyEntry[]> {
    return (await this.games.listed(REST_LOBBY_LIMIT)).map(restLobbyEntry);
  }

  /** Forgets the poll fast path's versions: changes made elsewhere may have been missed. */
  override forgetCaches(): void {
    super.forgetCaches();
    this.memory.forget();
  }

  protected override noted(game: StoredGame<RestMeta>): void {
    this.memory.remember(game);
  }

  /** Runs a request of the seat `playerId` proves (see `VariantGames.act`); answers its view. */
  private async seated(
    gameId: string,
    playerId: string,
    plan: (seat: Seat, game: StoredGame<RestMeta>) => Result<Change<RestMeta>, ServiceError>,
  ): Answer<RestGameState> {
    const acted = await this.act(normalizeId(gameId), (game) => credentialSeat(game, playerId, this.ports.ids), plan);
    return acted.ok ? ok(restView(acted.value.game, acted.value.who.id, playerId)) : acted;
  }
}

/** A player name of 1–20 characters after trimming. */
const REST_NAME_RULE: NameRule = { max: REST_NAME_MAX, required: 'name/required', outOfRange: 'name/too_long' };
