import { err, ok, type Result } from '@palace/core';
import type { IdSource, StoredGame } from '../ports.js';
import { type ServiceError, serviceError } from '../service-error.js';
import type { RestMeta } from './rest-meta.js';

/** How many games' versions and keys are kept in memory for the poll fast path (the oldest go first). */
export const KNOWN_LIMIT = 10_000;
/** Proven credentials remembered per game (a guard: only seats' credentials can be proven). */
export const PROVEN_LIMIT = 16;
const UNCHANGED: Result<null, ServiceError> = ok(null);

interface Known {
  readonly version: number;
  /** Digest of a credential → public seat id. */
  readonly seats: ReadonlyMap<string, string>;
  /** Credentials already checked against `seats` (so a poll hashes each one once). */
  readonly proven: Set<string>;
}

/**
 * What this node knows of REST games for the poll fast path (docs/architecture.md "Polling"): each
 * game's newest version and its credentials' digests, so an idle poll is answered without a
 * database read or, for a credential already proven, a hash.
 */
export class RestPollMemory {
  private readonly known = new Map<string, Known>();

  constructor(private readonly ids: Pick<IdSource, 'digest'>) {}

  /**
   * The poll's answer when memory suffices (the game is known and unchanged since `lastUpdate`):
   * "unchanged" (ok null) or `player/forbidden`; undefined when the store must be read.
   */
  poll(id: string, playerId: string | undefined, lastUpdate: number): Result<null, ServiceError> | undefined {
    const known = this.known.get(id);
    if (known === undefined || known.version > lastUpdate) return undefined;
    if (playerId !== undefined && !known.proven.has(playerId)) {
      if (!known.seats.has(this.ids.digest(playerId))) return err(serviceError('player/forbidden'));
      if (known.proven.size < PROVEN_LIMIT) known.proven.add(playerId);
    }
    return UNCHANGED;
  }

  /** Notes a game as read or changed (an older version read late changes nothing). */
  remember(game: StoredGame<RestMeta>): void {
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

  /** Games known, and credentials proven in them all (tests check the bounds). */
  get size(): { readonly games: number; readonly proven: number } {
    let proven = 0;
    for (const known of this.known.values()) proven += known.proven.size;
    return { games: this.known.size, proven };
  }

  /** Forgets everything: changes made elsewhere may have been missed. */
  forget(): void {
    this.known.clear();
  }
}
