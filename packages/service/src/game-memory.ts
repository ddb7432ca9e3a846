import { type Json, type StoredGame, withoutEntries } from './ports.js';

/** How many games' last published versions each service keeps (the oldest are forgotten first). */
const PUBLISHED_KEPT = 10_000;
/** How many games each service keeps as last seen, to write from without a read (least recent go first). */
export const RECENT_KEPT = 1_000;

/**
 * What one node remembers of a variant's games between requests. The newest copy of each game it
 * wrote, read or heard of, without its record's entries: a write plans from it instead of reading
 * the store first (`GameService.write`, issue 23). And the newest version of each game it
 * published: an announcement from another node that comes late is dropped. Both are bounded and
 * forget first the games they heard of longest ago; neither is needed for correctness (a write
 * planned from a stale copy loses its race, and the game is read again).
 */
export class GameMemory<M extends Json> {
  /** Game id → the newest copy seen here, without entries (in order of keeping, oldest first). */
  private readonly recent = new Map<string, StoredGame<M>>();
  /** Game id → the newest version this node published (see `GameService.changedElsewhere`). */
  private readonly published = new Map<string, number>();

  /** The newest copy of game `id` this node has, if any. */
  recall(id: string): StoredGame<M> | undefined {
    return this.recent.get(id);
  }

  /** Keeps `game` as the newest this node has seen of it, without its record's entries; an older copy is ignored. */
  keep(game: StoredGame<M>): void {
    const known = this.recent.get(game.id);
    if (known !== undefined && known.version > game.version) return;
    keepNewest(this.recent, game.id, withoutEntries(game), RECENT_KEPT);
  }

  /** Forgets the copy of game `id` (it is gone, or no longer of this variant). */
  forget(id: string): void {
    this.recent.delete(id);
  }

  /** Forgets every copy (changes made elsewhere may have been missed). */
  forgetCopies(): void {
    this.recent.clear();
  }

  /** Whether this version of `game` (or a newer one) was published here. */
  wasPublished(game: StoredGame): boolean {
    return (this.published.get(game.id) ?? -1) >= game.version;
  }

  /** Remembers the newest version published of each game (so a late announcement is dropped). */
  notePublished(game: StoredGame): void {
    if (this.wasPublished(game)) return;
    keepNewest(this.published, game.id, game.version, PUBLISHED_KEPT);
  }
}

/** Sets `key` in `map` as its newest entry, forgetting the oldest entries past `max`. */
function keepNewest<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  // The oldest entries go first: a game not changed for a long while is heard of rarely.
  if (map.size > max) map.delete(map.keys().next().value ?? '');
}
