import { type Json, type StoredGame, withoutEntries } from './ports.js';

/** How many games' last published versions each service keeps (the oldest are forgotten first). */
export const PUBLISHED_KEPT = 10_000;
/** How many games each service keeps as last seen, to write from without a read (least recent go first). */
export const RECENT_KEPT = 1_000;
/**
 * How big the games kept as last seen may be together, per service, as an estimate of their
 * serialized size (JSON characters): a game is a few kB (a REST game of two about 4), so the
 * count binds first unless games carry unusually big data (docs/architecture.md "Memory bounds").
 */
export const RECENT_BYTES = 8 * 1024 * 1024;

/** The estimated size of a copy kept: its JSON length (the store writes about as much). */
function sizeOf(game: StoredGame): number {
  return JSON.stringify(game).length;
}

/**
 * What one node remembers of a variant's games between requests. The newest copy of each game
 * in play it wrote, read or heard of, without its record's entries: a write plans from it instead
 * of reading the store first (`GameService.write`, issue 23). And the newest version of each game
 * it published: an announcement from another node that comes late is dropped. Both are bounded
 * (by count, the copies by size too) and forget first the games they heard of longest ago; a
 * finished game's copy is not kept (it is rarely written again). Neither is needed for correctness
 * (a write planned from a stale or missing copy loses its race or reads the game first).
 */
export class GameMemory<M extends Json> {
  /** Game id → the newest copy seen here, without entries, and its size (in order of keeping, oldest first). */
  private readonly recent = new Map<string, { readonly game: StoredGame<M>; readonly bytes: number }>();
  /** The sizes of the copies in `recent` added up. */
  private recentBytes = 0;
  /** Game id → the newest version this node published (see `GameService.changedElsewhere`). */
  private readonly published = new Map<string, number>();

  constructor(
    private readonly limits: {
      readonly recentKept: number;
      readonly recentBytes: number;
      readonly publishedKept: number;
    } = {
      recentKept: RECENT_KEPT,
      recentBytes: RECENT_BYTES,
      publishedKept: PUBLISHED_KEPT,
    },
  ) {}

  /** The newest copy of game `id` this node has, if any. */
  recall(id: string): StoredGame<M> | undefined {
    return this.recent.get(id)?.game;
  }

  /**
   * Keeps `game` as the newest this node has seen of it, without its record's entries; an older
   * copy is ignored, and a finished game is forgotten instead.
   */
  keep(game: StoredGame<M>): void {
    const known = this.recent.get(game.id);
    if (known !== undefined && known.game.version > game.version) return;
    this.forget(game.id);
    if (game.state.phase === 'finished') return;
    const copy = withoutEntries(game);
    const bytes = sizeOf(copy);
    // One copy bigger than the whole budget is not kept (it would push out every other).
    if (bytes > this.limits.recentBytes) return;
    this.recent.set(game.id, { game: copy, bytes });
    this.recentBytes += bytes;
    // The oldest go first: a game not changed for a long while is heard of rarely.
    for (const [id, oldest] of this.recent) {
      if (this.recent.size <= this.limits.recentKept && this.recentBytes <= this.limits.recentBytes) break;
      this.recent.delete(id);
      this.recentBytes -= oldest.bytes;
    }
  }

  /** Forgets the copy of game `id` (it is gone, finished, or no longer of this variant). */
  forget(id: string): void {
    const known = this.recent.get(id);
    if (known === undefined) return;
    this.recent.delete(id);
    this.recentBytes -= known.bytes;
  }

  /** Forgets every copy (changes made elsewhere may have been missed). */
  forgetCopies(): void {
    this.recent.clear();
    this.recentBytes = 0;
  }

  /** Whether this version of `game` (or a newer one) was published here. */
  wasPublished(game: StoredGame): boolean {
    return (this.published.get(game.id) ?? -1) >= game.version;
  }

  /** Remembers the newest version published of each game (so a late announcement is dropped). */
  notePublished(game: StoredGame): void {
    if (this.wasPublished(game)) return;
    this.published.delete(game.id);
    this.published.set(game.id, game.version);
    if (this.published.size > this.limits.publishedKept)
      this.published.delete(this.published.keys().next().value ?? '');
  }

  /** How much is held: copies, their estimated bytes, published versions (tests check the bounds). */
  get size(): { readonly recent: number; readonly recentBytes: number; readonly published: number } {
    return { recent: this.recent.size, recentBytes: this.recentBytes, published: this.published.size };
  }
}
