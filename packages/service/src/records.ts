import { err, type GameRecord, ok, type Result } from '@palace/core';
import { isRecordVariant, type RecordHints, type RecordVariant } from '@palace/protocol';
import { recordHints } from './hints.js';
import { mainGameId } from './main-game/main-meta.js';
import type { GamesStore, StoredGame } from './ports.js';
import { normalizeId } from './seating.js';
import { type ServiceError, serviceError } from './service-error.js';

/**
 * The downloadable record file (docs/product.md §D7): the engine's record plus the game's kind, id and
 * fair-deal commitment. Shared by the server, the CLI and the web replay viewer.
 */
export interface RecordFile extends GameRecord {
  readonly variant: RecordVariant;
  readonly gameId: string;
  /** Hex sha256 of the seed, as published in the game's state while it ran. */
  readonly commitment: string;
  /** The seats that used a hint (docs/product.md §D14 hint) and how many; absent when none did. */
  readonly hints?: RecordHints;
}

/** A refusal; `record/not_over` carries the game's commitment (never its seed). */
export type RecordRefusal = ServiceError & { readonly commitment?: string };

/** How one kind spells its game ids, and when its game is over (so its record may be published). */
interface KindRule {
  /** The stored id for an id from a request, or null when it can be no game of this kind. */
  readonly id: (raw: string) => string | null;
  readonly over: (game: StoredGame) => boolean;
}

const finished = (game: StoredGame): boolean => game.state.phase === 'finished' || game.record.result !== null;
const upper = (raw: string): string | null => normalizeId(raw) || null;

/**
 * Per kind: ids are upper-case codes except the simple websocket's client-chosen room ids (case
 * kept) and the main game's numbers. Every kind is over when the engine says so; the main game also
 * when every player left before the start (`cancelled`: it can never be played, so its deal is no
 * secret any more). A simple websocket room closed for inactivity mid-game never ends: its record
 * stays unpublished.
 */
const KINDS: Readonly<Record<RecordVariant, KindRule>> = {
  main: { id: mainGameId, over: (game) => finished(game) || isCancelled(game.meta) },
  rest: { id: upper, over: finished },
  'simple-ws': { id: (raw) => raw.trim() || null, over: finished },
  'simple-rest': { id: upper, over: finished },
  public: { id: upper, over: finished },
  easy: { id: upper, over: finished },
};

function isCancelled(meta: StoredGame['meta']): boolean {
  return (
    typeof meta === 'object' && meta !== null && !Array.isArray(meta) && 'cancelled' in meta && meta.cancelled === true
  );
}

/**
 * Publishes finished games' records. Reads the store only: a record is the engine's commands with
 * public seat ids and names, so credentials, seat tokens, their digests and the variant data (meta)
 * never reach it, but for the hint counts by public seat id (`recordHints`: the variants that offer
 * hints keep them in `meta.hints`); the file is built field by field so nothing else stored with
 * the record can.
 */
export class Records {
  /**
   * `sealed`: whether a finished game's record must still wait (a tournament table's, until every
   * table of its round has finished: they were dealt the same cards, docs/tournaments.md).
   */
  constructor(
    private readonly store: Pick<GamesStore, 'load'>,
    private readonly sealed: (game: StoredGame) => Promise<boolean> = async () => false,
  ) {}

  /**
   * The record file of game `gameId` of kind `variant`: `game/not_found` for an unknown kind, an
   * unknown game or a game of another kind; `record/not_over` (with the commitment) while it runs;
   * `record/removed` once the store no longer keeps its moves (`entriesRemovedAt`).
   */
  async get(variant: string, gameId: string): Promise<Result<RecordFile, RecordRefusal>> {
    if (!isRecordVariant(variant)) return err(serviceError('game/not_found'));
    const kind = KINDS[variant];
    const id = kind.id(gameId);
    if (id === null) return err(serviceError('game/not_found'));
    const game = await this.store.load(id, { entries: true });
    if (game === null || game.kind !== variant) return err(serviceError('game/not_found'));
    if (!kind.over(game) || (await this.sealed(game))) {
      return err({ ...serviceError('record/not_over'), commitment: game.commitment });
    }
    if (game.entriesRemovedAt !== undefined) return err(serviceError('record/removed'));
    if ((game.entriesFrom ?? 0) !== 0) throw new Error(`the record of ${game.id} was loaded without its entries`);
    const { record } = game;
    const hints = recordHints(game.meta, record.seats);
    return ok({
      format: record.format,
      version: record.version,
      options: record.options,
      seed: record.seed,
      createdAt: record.createdAt,
      seats: record.seats.map((s) => ({ id: s.id, name: s.name, ai: s.ai })),
      entries: record.entries.map((e) => ({ at: e.at, command: e.command })),
      result: record.result,
      variant,
      gameId: game.id,
      commitment: game.commitment,
      ...(hints === undefined ? {} : { hints }),
    });
  }
}
