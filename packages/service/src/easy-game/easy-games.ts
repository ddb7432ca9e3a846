import {
  type AiLevel,
  aiTurnMove,
  err,
  type GameEvent,
  ok,
  PRESETS,
  parseBlindId,
  type Result,
  type Seat,
  type Source,
  tableOptions,
} from '@palace/core';
import {
  EASY_AI_FALLBACK_MS,
  EASY_MAX_PLAYERS,
  EASY_NAME_MAX,
  type EasyAiAnswer,
  type EasyAiMoveAnswer,
  type EasyCreated,
  type EasyGameState,
  type EasyPickUpAnswer,
  type EasyPlayAnswer,
  type EasyStartAnswer,
} from '@palace/protocol';
import { DEFAULT_AI_LEVEL } from '../ai-levels.js';
import type { Change, ServicePorts } from '../game-change.js';
import type { StoredGame } from '../ports.js';
import { credentialSeat, sitWithCredential } from '../seat-proofs.js';
import { aiRng, aiSeat, checkName, type NameRule, normalizeId } from '../seating.js';
import { type ServiceError, serviceError } from '../service-error.js';
import { VariantGames } from '../variant-games.js';
import { mainCard } from '../wire-cards.js';
import type { EasyMeta } from './easy-meta.js';
import { easyView, moveOutcome } from './easy-view.js';

/** The `kind` of easy games in the store. */
export const EASY_KIND = 'easy';

type Answer<T> = Promise<Result<T, ServiceError>>;

/**
 * The easy variant (docs/product.md §P2.4, §P2.7): create or join by name, add AI players, start, play one card
 * at a time naming where it comes from, pick up, and let the client trigger each AI move. Player
 * ids handed out are secret credentials (docs/product.md §D8); only their digests are stored, and every id
 * anyone else sees is a public seat id. Rules: the easy preset (2 resets, 10 burns), no face-up
 * choice, up to `EASY_MAX_PLAYERS` seats, started by any seated player.
 */
export class EasyGames extends VariantGames<EasyMeta> {
  private readonly aiFallbackMs: number;

  /**
   * `aiFallbackMs`: how long a due AI seat waits for the client's `ai-move` before the server
   * plays it itself, in ms (default `EASY_AI_FALLBACK_MS`). Stored with each game at creation.
   */
  constructor(ports: ServicePorts, options: { readonly aiFallbackMs?: number; readonly turnMs?: number } = {}) {
    super(ports, EASY_KIND, { turnMs: options.turnMs });
    this.aiFallbackMs = options.aiFallbackMs ?? EASY_AI_FALLBACK_MS;
  }

  /** Creates a game and seats its creator. */
  async create(playerName: string): Answer<EasyCreated> {
    const name = checkName(playerName, EASY_NAME_RULE);
    if (!name.ok) return name;
    const credential = this.ports.ids.secret();
    const seat = 'p1';
    const created = await this.games.create({
      options: tableOptions({
        rules: { ...PRESETS.easy.rules, chooseFaceUp: false },
        flow: 'manual',
        maxSeats: EASY_MAX_PLAYERS,
        startNeedsReady: false,
      }),
      meta: { keys: { [seat]: this.ports.ids.digest(credential) } },
      aiDelayMs: this.aiFallbackMs,
      initial: () => ({ commands: [{ type: 'sit', seat, name: name.value, ai: null }] }),
    });
    if (!created.ok) return created;
    const { game } = created.value;
    return ok({ gameId: game.id, playerId: credential, gameState: easyView(game, seat, credential) });
  }

  /** Takes a new seat in a waiting game (the engine refuses a full or started one). */
  async join(gameId: string, playerName: string): Answer<EasyCreated> {
    const name = checkName(playerName, EASY_NAME_RULE);
    if (!name.ok) return name;
    const id = normalizeId(gameId);
    const seated = await sitWithCredential(this.games, this.ports.ids, id, name.value);
    if (!seated.ok) return seated;
    const { game, seat, credential } = seated.value;
    return ok({ gameId: id, playerId: credential, gameState: easyView(game, seat, credential) });
  }

  /** The state as the player sees it; without `playerId`, as a stranger sees it. */
  async view(gameId: string, playerId: string | undefined): Answer<EasyGameState> {
    const game = await this.games.get(normalizeId(gameId));
    if (!game.ok) return game;
    if (playerId === undefined) return ok(easyView(game.value, null, null));
    const seat = credentialSeat(game.value, playerId, this.ports.ids);
    if (!seat.ok) return seat;
    return ok(easyView(await this.games.seen(game.value, seat.value.id), seat.value.id, playerId));
  }

  /** Seats an AI player at `level` while the game is waiting (any seated player may ask). */
  async addAi(gameId: string, playerId: string, level: AiLevel = DEFAULT_AI_LEVEL): Answer<EasyAiAnswer> {
    let aiName = '';
    const acted = await this.seated(gameId, playerId, (_, game) => {
      const command = aiSeat(game.state, level);
      aiName = command.name;
      return ok({ commands: [command] });
    });
    if (!acted.ok) return acted;
    return ok({ aiName, gameState: acted.value.gameState });
  }

  /** Starts the game (at least 2 players; any seated player); names who plays first. */
  async start(gameId: string, playerId: string): Answer<EasyStartAnswer> {
    const acted = await this.seated(gameId, playerId, (seat) => ok({ commands: [{ type: 'start', seat: seat.id }] }));
    if (!acted.ok) return acted;
    const started = acted.value.events.find((e) => e.type === 'started');
    const first = started === undefined ? undefined : acted.value.game.state.seats.find((s) => s.id === started.first);
    if (first === undefined) throw new Error('an accepted start names no first player');
    return ok({ firstPlayer: first.name, gameState: acted.value.gameState });
  }

  /**
   * Plays one card from `source`: a hand or face-up card by its id, a face-down card by its
   * `blind-{n}` id. A card that is somewhere else than `source` says is refused
   * (`play/source_mismatch`); the order of sources is the engine's rule.
   */
  async play(gameId: string, playerId: string, cardId: string, source: Source): Answer<EasyPlayAnswer> {
    const acted = await this.seated(gameId, playerId, (seat) => {
      const where = whereIs(seat, cardId);
      if (where !== null && where !== source) return err(serviceError('play/source_mismatch'));
      return ok({ commands: [{ type: 'play', seat: seat.id, cardIds: [cardId] }] });
    });
    if (!acted.ok) return acted;
    const { played, turned, ...outcome } = moveOutcome(acted.value.game.state, acted.value.events);
    const card = played[0] ?? turned;
    if (card === null || card === undefined) throw new Error('an accepted play moved no card');
    return ok({ ...outcome, card: mainCard(card), gameState: acted.value.gameState });
  }

  /** Picks up the pile. */
  async pickUp(gameId: string, playerId: string): Answer<EasyPickUpAnswer> {
    const acted = await this.seated(gameId, playerId, (seat) => ok({ commands: [{ type: 'pickUp', seat: seat.id }] }));
    if (!acted.ok) return acted;
    return ok({ success: true, gameState: acted.value.gameState });
  }

  /**
   * Plays the move of the AI seat whose turn it is, with its policy (the move the server's own
   * fallback would make: same seed, same version). Anyone may trigger it, since it only does what
   * is due anyway; refused with `ai/not_due` when a human is to move.
   */
  async aiMove(gameId: string): Answer<EasyAiMoveAnswer> {
    let seat: Seat | undefined;
    const changed = await this.games.change(
      normalizeId(gameId),
      (game) => {
        // As the server's own AI turns: deterministic given the (secret) seed and the version.
        const due = aiTurnMove(game.state, aiRng(game));
        if (!due.ok) return due;
        if (due.value === null) return err(serviceError('ai/not_due'));
        seat = due.value.seat;
        return ok({ commands: [due.value.command] });
      },
      // The next AI seat (or this one again after a burn) gets a fresh fallback deadline.
      false,
    );
    if (!changed.ok) return changed;
    if (seat === undefined) throw new Error('an accepted AI move has no seat');
    const { game, events } = changed.value;
    const { played, turned, ...outcome } = moveOutcome(game.state, events);
    const cards = played.map(mainCard);
    return ok({
      ...outcome,
      action: outcome.pickedUp ? 'pickup' : 'play',
      aiName: seat.name,
      card: cards[0] ?? null,
      cards,
      turnedCard: outcome.pickedUp && turned !== null ? mainCard(turned) : null,
      gameState: easyView(game, null, null),
    });
  }

  /** Runs a request of the seat `playerId` proves (see `VariantGames.act`), with its view. */
  private async seated(
    gameId: string,
    playerId: string,
    plan: (seat: Seat, game: StoredGame<EasyMeta>) => Result<Change<EasyMeta>, ServiceError>,
  ): Answer<{ game: StoredGame<EasyMeta>; events: readonly GameEvent[]; gameState: EasyGameState }> {
    const acted = await this.act(normalizeId(gameId), (game) => credentialSeat(game, playerId, this.ports.ids), plan);
    if (!acted.ok) return acted;
    const { game, events, who } = acted.value;
    return ok({ game, events, gameState: easyView(game, who.id, playerId) });
  }
}

/** Where the seat holds `cardId`, or null when it holds no such card (the engine then refuses it). */
function whereIs(seat: Seat, cardId: string): Source | null {
  if (seat.hand.some((c) => c.id === cardId)) return 'hand';
  if (seat.faceUp.some((c) => c.id === cardId)) return 'faceUp';
  const blind = parseBlindId(cardId);
  return blind >= 0 && blind < seat.faceDown.length ? 'faceDown' : null;
}

/** A player name of 1–20 characters after trimming. */
const EASY_NAME_RULE: NameRule = { max: EASY_NAME_MAX, required: 'name/required', outOfRange: 'name/too_long' };
