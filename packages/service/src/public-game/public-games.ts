import {
  type AiLevel,
  type Command,
  err,
  type GameEvent,
  type GameState,
  ok,
  PRESETS,
  type Result,
  tableOptions,
} from '@palace/core';
import {
  PUBLIC_AI_DELAY_MS,
  PUBLIC_CHAT_MAX,
  PUBLIC_LIST_LIMIT,
  PUBLIC_MAX_PLAYERS,
  type PublicListEntry,
  type PublicVisibility,
} from '@palace/protocol';
import { DEFAULT_AI_LEVEL } from '../ai-levels.js';
import type { ServicePorts } from '../game-change.js';
import { offerRematch } from '../rematch.js';
import { proveSeat, seatNamed } from '../seat-proofs.js';
import { aiSeatsOf, checkName, freeAiName, freeSeatId, normalizeId } from '../seating.js';
import { type ServiceError, serviceError } from '../service-error.js';
import { chatText, STATUS_LINES, systemLine, withChat } from '../status-lines.js';
import { VariantGames } from '../variant-games.js';
import {
  type PublicActor,
  type PublicAnswer,
  type PublicEntered,
  type PublicMeta,
  type PublicViewed,
  reactPublic,
} from './public-meta.js';

import { isListed, type Plan, pickUpMessage, playMessage, seated } from './public-rules.js';
import { identify, PUBLIC_NAME_RULE, planEntry, rematchAsker } from './public-seats.js';
import { publicListEntry, publicView } from './public-view.js';

/** The `kind` of public games in the store. */
export const PUBLIC_KIND = 'public';

type Answer<T> = Promise<Result<T, ServiceError>>;

type Say = (events: readonly GameEvent[], state: GameState) => string;

/**
 * The public-games variant (docs/product.md §P2.4, §P2.7): games listed for everyone (or private, by id), a
 * waiting room where anyone seated adds AI players and starts, a setup step choosing 3 face-up
 * cards, then play. Whoever joins a started (or full) game watches as a spectator. Names prove
 * nothing: every seat and spectator holds a secret token (a cookie) whose digest the game keeps
 * (docs/product.md §D8). The chat carries the spec's status lines, AI moves included.
 */
export class PublicGames extends VariantGames<PublicMeta> {
  private readonly aiDelayMs: number;

  /** `aiDelayMs`: how long an AI seat waits before acting (default 1.5 s). */
  constructor(ports: ServicePorts, options: { readonly aiDelayMs?: number; readonly turnMs?: number } = {}) {
    super(ports, PUBLIC_KIND, { listed: isListed, react: reactPublic, turnMs: options.turnMs });
    this.aiDelayMs = options.aiDelayMs ?? PUBLIC_AI_DELAY_MS;
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
    return this.open(name.value, visibility);
  }

  /**
   * After game over a player offers a rematch (same visibility and AI players, the asker seated), or
   * a player or spectator joins the one offered (docs/product.md §D11). `tokenIn` reads the asker's
   * seat token for a game id, so a second tap takes their place in the new game back.
   */
  rematch(gameId: string, actor: PublicActor, tokenIn: (id: string) => string | undefined): Answer<PublicEntered> {
    const name = actor.username?.trim() ?? '';
    if (name === '') return Promise.resolve(err(serviceError('username/required')));
    return offerRematch(this.games, this.ports.clock, normalizeId(gameId), {
      prove: (game) => rematchAsker(game, name, actor.token, this.ports.ids),
      open: (next, username, old) => this.open(username, old.meta.visibility, next, aiSeatsOf(old.state)),
      enter: (next, username) => this.join(next, { username, token: tokenIn(next) }),
    });
  }

  /** Creates a game seating `name` first (then `ais`), under `id` when given. */
  private async open(
    name: string,
    visibility: PublicVisibility,
    id?: string,
    ais: readonly Command[] = [],
  ): Answer<PublicEntered> {
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
      initial: () => ({ commands: [{ type: 'sit', seat, name, ai: null }, ...ais] }),
      ...(id === undefined ? {} : { id }),
    });
    if (!created.ok) return created;
    return ok({ gameId: created.value.game.id, username: name, token, asSpectator: false, isNew: true });
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
    const at = this.ports.clock.now();
    const out: { entered?: PublicEntered } = {};
    const changed = await this.games.change(id, (game) => {
      const planned = planEntry(game, name.value, actor.token, this.ports.ids, at);
      if (!planned.ok) return planned;
      out.entered = { gameId: id, ...planned.value.entered };
      return ok(planned.value.change);
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
    return this.answer(
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
    return this.answer(
      gameId,
      actor,
      seated((seat) => ok({ commands: [{ type: 'start', seat: seat.id }] })),
      () => STATUS_LINES.setup,
    );
  }

  /** Chooses the 3 face-up cards (final); play starts once every seat has chosen (AI seats choose themselves). */
  ready(gameId: string, actor: PublicActor, cardIds: readonly string[]): Answer<PublicAnswer> {
    return this.answer(
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
    return this.answer(
      gameId,
      actor,
      seated((seat) => ok({ commands: [{ type: 'play', seat: seat.id, cardIds }] })),
      playMessage,
    );
  }

  pickUp(gameId: string, actor: PublicActor): Answer<PublicAnswer> {
    return this.answer(
      gameId,
      actor,
      seated((seat) => ok({ commands: [{ type: 'pickUp', seat: seat.id }] })),
      pickUpMessage,
    );
  }

  /** Adds a chat line from a player or a spectator (trimmed; empty refused; at most 500 characters). */
  chat(gameId: string, actor: PublicActor, message: string): Answer<PublicAnswer> {
    const checked = chatText(message, PUBLIC_CHAT_MAX);
    if (!checked.ok) return Promise.resolve(checked);
    const text = checked.value;
    const at = this.ports.clock.now();
    return this.answer(
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
    return this.answer(
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

  /**
   * Proves who `actor` is, applies what `plan` decides, and answers the state as the actor now
   * sees it (a seat that was freed sees the spectator view) with `say`'s sentence.
   */
  private async answer(gameId: string, actor: PublicActor, plan: Plan, say: Say): Answer<PublicAnswer> {
    const name = actor.username?.trim() ?? '';
    if (name === '') return err(serviceError('username/required'));
    const acted = await this.act(
      normalizeId(gameId),
      (game) => identify(game, name, actor.token, this.ports.ids),
      plan,
    );
    if (!acted.ok) return acted;
    const { game, events, who } = acted.value;
    // A seat this request freed (a waiting seat left) is no longer in the game: the spectator view.
    return ok({ gameState: publicView(game, who.seat?.id ?? null), message: say(events, game.state) });
  }
}
