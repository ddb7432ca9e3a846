import {
  type AiLevel,
  cardLabel,
  err,
  type GameEvent,
  type GameState,
  ok,
  PRESETS,
  type Result,
  type Seat,
  tableOptions,
} from '@palace/core';
import {
  PUBLIC_AI_DELAY_MS,
  PUBLIC_CHAT_MAX,
  PUBLIC_LIST_LIMIT,
  PUBLIC_MAX_PLAYERS,
  PUBLIC_SPECTATORS_MAX,
  type PublicGameState,
  type PublicListEntry,
  type PublicVisibility,
} from '@palace/protocol';
import { DEFAULT_AI_LEVEL } from '../ai-levels.js';
import { type Change, GameService, type ServicePorts } from '../game-service.js';
import { proveSeat, seatNamed } from '../named-seats.js';
import type { StoredGame } from '../ports.js';
import { checkName, freeAiName, freeSeatId, normalizeId } from '../seating.js';
import { type ServiceError, serviceError } from '../service-error.js';
import { STATUS_LINES, systemLine, withChat } from '../status-lines.js';
import { type PublicMeta, reactPublic } from './public-meta.js';
import { holds, identify, PUBLIC_NAME_RULE, spectatorNamed, type Who } from './public-seats.js';
import { publicListEntry, publicView } from './public-view.js';

/** The `kind` of public games in the store. */
export const PUBLIC_KIND = 'public';
/** The policy AI seats play with. */

/** Who a request says it is: a typed username and the seat token its cookie carries for that name. */
export interface PublicActor {
  readonly username: string | undefined;
  readonly token: string | undefined;
}

/** A seat or a spectator's place taken (or taken back). */
export interface PublicEntered {
  readonly gameId: string;
  /** The name as the game keeps it (the spelling first typed, trimmed). */
  readonly username: string;
  /** The place's secret token: set it as the seat cookie. */
  readonly token: string;
  readonly asSpectator: boolean;
  /** False when the request took back a place it already held. */
  readonly isNew: boolean;
}

export interface PublicViewed {
  readonly gameState: PublicGameState;
  readonly asSpectator: boolean;
}

/** An action's answer: the state as the actor now sees it and a short sentence for a toast. */
export interface PublicAnswer {
  readonly gameState: PublicGameState;
  readonly message: string;
}

type Answer<T> = Promise<Result<T, ServiceError>>;

type Plan = (who: Who, game: StoredGame<PublicMeta>) => Result<Change<PublicMeta>, ServiceError>;
type Say = (events: readonly GameEvent[], state: GameState) => string;

/**
 * The public-games variant (spec 02 §4, §7): games listed for everyone (or private, by id), a
 * waiting room where anyone seated adds AI players and starts, a setup step choosing 3 face-up
 * cards, then play. Whoever joins a started (or full) game watches as a spectator. Names prove
 * nothing: every seat and spectator holds a secret token (a cookie) whose digest the game keeps
 * (DECISIONS §8). The chat carries the spec's status lines, AI moves included.
 */
export class PublicGames {
  private readonly games: GameService<PublicMeta>;
  private readonly aiDelayMs: number;

  /** `aiDelayMs`: how long an AI seat waits before acting (default 1.5 s). */
  constructor(
    private readonly ports: ServicePorts,
    options: { readonly aiDelayMs?: number; readonly turnMs?: number } = {},
  ) {
    this.aiDelayMs = options.aiDelayMs ?? PUBLIC_AI_DELAY_MS;
    this.games = new GameService<PublicMeta>(ports, PUBLIC_KIND, {
      listed: isListed,
      react: reactPublic,
      turnMs: options.turnMs,
    });
  }

  /** A game id as stored: trimmed and upper-cased (lower-case ids in requests are accepted). */
  normalize(id: string): string {
    return normalizeId(id);
  }

  /** Public games not finished (and with somebody in them), newest first. */
  async list(): Promise<PublicListEntry[]> {
    return (await this.games.listed(PUBLIC_LIST_LIMIT)).map(publicListEntry);
  }

  /**
   * `POST /api/palace/games`: with a `gameId` (even a blank one) a join, otherwise a create
   * (`visibility` defaults to public). The username is checked first.
   */
  enter(input: {
    readonly username: string | undefined;
    readonly token: string | undefined;
    readonly gameId?: string | undefined;
    readonly visibility?: PublicVisibility | undefined;
  }): Answer<PublicEntered> {
    if (input.gameId !== undefined) return this.join(input.gameId, input);
    return this.create(input.username, input.visibility ?? 'public');
  }

  /** Creates a game with the creator in the first seat. */
  async create(username: string | undefined, visibility: PublicVisibility): Answer<PublicEntered> {
    const name = checkName(username, PUBLIC_NAME_RULE);
    if (!name.ok) return name;
    const token = this.ports.ids.secret();
    const seat = 'p1';
    const created = await this.games.create({
      options: tableOptions({
        rules: { ...PRESETS.classic.rules, chooseFaceUp: true },
        flow: 'manual',
        maxSeats: PUBLIC_MAX_PLAYERS,
        startNeedsReady: false,
      }),
      meta: { visibility, keys: { [seat]: this.ports.ids.digest(token) }, spectators: [], chat: [], chatSeq: 0 },
      aiDelayMs: this.aiDelayMs,
      initial: () => ({ commands: [{ type: 'sit', seat, name: name.value, ai: null }] }),
    });
    if (!created.ok) return created;
    return ok({ gameId: created.value.game.id, username: name.value, token, asSpectator: false, isNew: true });
  }

  /**
   * Joins game `gameId`: a seat while it waits and has room, otherwise a spectator's place. A name
   * already in the game is taken back with its token (a player who left a game in play returns to
   * the seat) and refused without it (`username/taken`).
   */
  async join(gameId: string, actor: PublicActor): Answer<PublicEntered> {
    const name = checkName(actor.username, PUBLIC_NAME_RULE);
    if (!name.ok) return name;
    const id = normalizeId(gameId);
    if (id === '') return err(serviceError('game/id_required'));
    const { ids } = this.ports;
    const at = this.ports.clock.now();
    const out: { entered?: PublicEntered } = {};
    const changed = await this.games.change(id, (game): Result<Change<PublicMeta>, ServiceError> => {
      const { state, meta } = game;
      const back = (username: string, token: string, asSpectator: boolean): void => {
        out.entered = { gameId: id, username, token, asSpectator, isNew: false };
      };
      const seat = seatNamed(state, name.value);
      if (seat !== undefined) {
        const proved = proveSeat(state, meta.keys, name.value, actor.token, ids);
        if (!proved.ok || actor.token === undefined) return err(serviceError('username/taken'));
        back(seat.name, actor.token, false);
        const returns = seat.left && state.phase !== 'finished';
        return ok({ commands: returns ? [{ type: 'sit', seat: seat.id, name: seat.name, ai: null }] : [] });
      }
      const watcher = spectatorNamed(meta, name.value);
      if (watcher !== undefined) {
        if (!holds(watcher, actor.token, ids)) return err(serviceError('username/taken'));
        back(watcher.name, actor.token as string, true);
        return ok({ commands: [] });
      }
      const token = ids.secret();
      const key = ids.digest(token);
      if (state.phase === 'waiting' && state.seats.length < state.options.maxSeats) {
        const seatId = freeSeatId(state);
        out.entered = { gameId: id, username: name.value, token, asSpectator: false, isNew: true };
        return ok({
          commands: [{ type: 'sit', seat: seatId, name: name.value, ai: null }],
          meta: { ...meta, keys: { ...meta.keys, [seatId]: key } },
        });
      }
      if (meta.spectators.length >= PUBLIC_SPECTATORS_MAX) return err(serviceError('spectators/full'));
      out.entered = { gameId: id, username: name.value, token, asSpectator: true, isNew: true };
      const spectators = [...meta.spectators, { name: name.value, key }];
      return ok({
        commands: [],
        meta: withChat({ ...meta, spectators }, [systemLine(STATUS_LINES.watching(name.value), at)]),
      });
    });
    if (!changed.ok) return changed;
    if (out.entered === undefined) return err(serviceError('game/stale'));
    return ok(out.entered);
  }

  /**
   * The game as `actor` sees it: a seat's own view when its token proves the name (403
   * `seat/not_yours` for a seated name without it); without a name, or for a spectator's or an
   * unknown name, the spectator view with every private card hidden.
   */
  async view(gameId: string, actor: PublicActor): Answer<PublicViewed> {
    const game = await this.games.get(normalizeId(gameId));
    if (!game.ok) return game;
    const name = actor.username?.trim() ?? '';
    const seat = name === '' ? undefined : seatNamed(game.value.state, name);
    if (seat === undefined) return ok({ gameState: publicView(game.value, null), asSpectator: true });
    const proved = proveSeat(game.value.state, game.value.meta.keys, name, actor.token, this.ports.ids);
    if (!proved.ok) return proved;
    return ok({ gameState: publicView(await this.games.seen(game.value, seat.id), seat.id), asSpectator: false });
  }

  /** Seats an AI player ("AI Player {n}") at `level` while the game waits; any seated player may ask. */
  addAi(gameId: string, actor: PublicActor, level: AiLevel = DEFAULT_AI_LEVEL): Answer<PublicAnswer> {
    let aiName = '';
    return this.act(
      gameId,
      actor,
      seated((_, game) => {
        aiName = freeAiName(
          game.state,
          game.meta.spectators.map((s) => s.name),
        );
        return ok({ commands: [{ type: 'sit', seat: freeSeatId(game.state), name: aiName, ai: level }] });
      }),
      () => `${aiName} joined the game`,
    );
  }

  /** Starts a waiting game with at least 2 players: everyone is dealt and chooses face-up cards. */
  start(gameId: string, actor: PublicActor): Answer<PublicAnswer> {
    return this.act(
      gameId,
      actor,
      seated((seat) => ok({ commands: [{ type: 'start', seat: seat.id }] })),
      () => STATUS_LINES.setup,
    );
  }

  /** Chooses the 3 face-up cards (final); play starts once every seat has chosen (AI seats choose themselves). */
  ready(gameId: string, actor: PublicActor, cardIds: readonly string[]): Answer<PublicAnswer> {
    return this.act(
      gameId,
      actor,
      seated((seat) => ok({ commands: [{ type: 'chooseFaceUp', seat: seat.id, cardIds }] })),
      (events) =>
        events.some((e) => e.type === 'started')
          ? STATUS_LINES.playing
          : 'Face-up cards chosen. Waiting for the other players.',
    );
  }

  /** Plays cards of one value from one place, or one face-down card by its `blind-{n}` id. */
  play(gameId: string, actor: PublicActor, cardIds: readonly string[]): Answer<PublicAnswer> {
    return this.act(
      gameId,
      actor,
      seated((seat) => ok({ commands: [{ type: 'play', seat: seat.id, cardIds }] })),
      playMessage,
    );
  }

  pickUp(gameId: string, actor: PublicActor): Answer<PublicAnswer> {
    return this.act(
      gameId,
      actor,
      seated((seat) => ok({ commands: [{ type: 'pickUp', seat: seat.id }] })),
      (events) => {
        const picked = events.find((e) => e.type === 'pickedUp');
        const count = picked?.type === 'pickedUp' ? picked.count : 0;
        return `You picked up the pile (${count} ${count === 1 ? 'card' : 'cards'})`;
      },
    );
  }

  /** Adds a chat line from a player or a spectator (trimmed; empty refused; at most 500 characters). */
  chat(gameId: string, actor: PublicActor, message: string): Answer<PublicAnswer> {
    const text = message.trim();
    if (text.length === 0) return Promise.resolve(err(serviceError('chat/empty')));
    if (text.length > PUBLIC_CHAT_MAX) return Promise.resolve(err(serviceError('chat/too_long')));
    const at = this.ports.clock.now();
    return this.act(
      gameId,
      actor,
      (who, game) => {
        const sender = who.seat?.name ?? who.spectator?.name ?? '';
        return ok({ commands: [], meta: withChat(game.meta, [{ sender, text, at, system: false }]) });
      },
      () => 'Message sent',
    );
  }

  /**
   * Leaves: a waiting seat is freed (its token proves nothing any more); a seat in a started game
   * stays, and its owner may come back by joining again; a spectator leaves the spectator list. In
   * a finished game a player's leave changes nothing.
   */
  leave(gameId: string, actor: PublicActor): Answer<PublicAnswer> {
    const at = this.ports.clock.now();
    return this.act(
      gameId,
      actor,
      (who, game) => {
        const { state, meta } = game;
        if (who.spectator !== null) {
          const spectators = meta.spectators.filter((s) => s !== who.spectator);
          return ok({
            commands: [],
            meta: withChat({ ...meta, spectators }, [systemLine(STATUS_LINES.left(who.spectator.name), at)]),
          });
        }
        const { seat } = who;
        if (state.phase === 'finished' || seat.left) return ok({ commands: [] });
        const { [seat.id]: _freed, ...keys } = meta.keys;
        const kept = state.phase === 'waiting' ? { ...meta, keys } : meta;
        return ok({
          commands: [{ type: 'leave', seat: seat.id }],
          meta: withChat(kept, [systemLine(STATUS_LINES.left(seat.name), at)]),
        });
      },
      () => 'You left the game',
    );
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

  /**
   * Proves who `actor` is, applies what `plan` decides, and answers the state as the actor now
   * sees it (a seat that was freed sees the spectator view) with `say`'s sentence.
   */
  private async act(gameId: string, actor: PublicActor, plan: Plan, say: Say): Answer<PublicAnswer> {
    const name = actor.username?.trim() ?? '';
    if (name === '') return err(serviceError('username/required'));
    let seat: string | null = null;
    const changed = await this.games.change(normalizeId(gameId), (game) => {
      const who = identify(game, name, actor.token, this.ports.ids);
      if (!who.ok) return who;
      seat = who.value.seat?.id ?? null;
      return plan(who.value, game);
    });
    if (!changed.ok) return changed;
    const { game, events } = changed.value;
    return ok({ gameState: publicView(game, seat), message: say(events, game.state) });
  }
}

/** Listed: public, not finished, and somebody (not an AI, not gone) is in it. */
function isListed(state: GameState, meta: PublicMeta): boolean {
  return (
    meta.visibility === 'public' && state.phase !== 'finished' && state.seats.some((s) => s.ai === null && !s.left)
  );
}

/** Only a seated player may do this: a spectator is told so (`game/spectator`). */
function seated(plan: (seat: Seat, game: StoredGame<PublicMeta>) => Result<Change<PublicMeta>, ServiceError>): Plan {
  return (who, game) => (who.seat === null ? err(serviceError('game/spectator')) : plan(who.seat, game));
}

/** What a play did, for the player who made it. */
function playMessage(events: readonly GameEvent[], state: GameState): string {
  const parts: string[] = [];
  for (const event of events) {
    if (event.type === 'blindFlipped' && !event.playable) {
      parts.push(`You turned over ${cardLabel(event.card)}: it could not be played, so you picked up the pile`);
    } else if (event.type === 'played') {
      parts.push(`You played ${event.cards.map(cardLabel).join(' ')}`);
    } else if (event.type === 'burned') {
      parts.push(events.some((e) => e.type === 'gameOver') ? 'The pile burned' : 'The pile burned: play again');
    } else if (event.type === 'gameOver') {
      const winner = state.seats.find((s) => s.id === event.winner)?.name ?? event.winner;
      parts.push(STATUS_LINES.over(winner));
    }
  }
  return parts.join('. ');
}
