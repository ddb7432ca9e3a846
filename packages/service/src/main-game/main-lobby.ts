import type { LobbyGame } from '@palace/protocol';
import type { StoredGame } from '../ports.js';
import { seatPresence } from '../presence-clock.js';
import { seatClockOf } from '../seat-clock.js';
import { isComputerSeat, potOf } from './main-computers.js';
import type { MainMeta } from './main-meta.js';
import { iso, mainStatus, tableOfTournament } from './main-view.js';

/** How many open games the lobby looks at. */
export const MAIN_LOBBY_LIMIT = 200;
/**
 * How long the lobby cache may live even without a local change, in ms: a safety net for changes
 * made elsewhere (another server node) and for a change that commits while the lobby is being read.
 */
const LOBBY_CACHE_MS = 5_000;

export interface LobbyListing {
  readonly entry: LobbyGame;
  readonly private: boolean;
  /** A waiting game whose creator is not connected: nobody else sees it (docs/product.md §D13 waiting-games). */
  readonly hostAbsent: boolean;
}

export function lobbyEntry(game: StoredGame<MainMeta>): LobbyListing {
  const { meta } = game;
  // Every seat, computer players too (`isComputer`; they have no seat meta).
  const seated = game.state.seats.map((s) => {
    const who = meta.seats[s.id];
    return who === undefined
      ? { id: Number(s.id), username: s.name, avatar: null, isBot: false, isComputer: isComputerSeat(game, s.id) }
      : { id: who.userId, username: who.username, avatar: who.avatar, isBot: who.isBot ?? false, isComputer: false };
  });
  const hostSeat = String(meta.hostId);
  return {
    private: meta.isPrivate,
    hostAbsent:
      game.state.phase === 'waiting' &&
      game.state.seats.some((s) => s.id === hostSeat) &&
      seatPresence(seatClockOf(game), hostSeat) !== 'connected',
    entry: {
      id: Number(game.id),
      name: meta.name,
      status: mainStatus(game) === 'active' ? 'active' : 'waiting',
      isPrivate: meta.isPrivate,
      allowBots: meta.allowBots ?? false,
      playerCount: seated.length,
      playerLimit: meta.playerLimit,
      players: seated,
      startedAt: iso(meta.startedAt ?? game.createdAt),
      entryFee: meta.entryFee,
      prizeAmount: potOf(game),
      hostId: meta.hostId,
      hostName: meta.hostName,
      tournament: tableOfTournament(meta),
    },
  };
}

/**
 * The lobby's entries, kept until a change alters one (the lobby is polled every 5 s by everyone)
 * or `LOBBY_CACHE_MS` passes.
 */
export class MainLobby {
  private cache: { readonly at: number; readonly entries: ReadonlyMap<string, LobbyListing> } | null = null;

  constructor(
    /** Reads the listed games (at most `MAIN_LOBBY_LIMIT`). */
    private readonly listed: (limit: number) => Promise<ReadonlyArray<StoredGame<MainMeta>>>,
  ) {}

  /** Open games (waiting or in play), newest first; a private one only for its own players. */
  async entries(viewerId: number | null, now: number): Promise<LobbyGame[]> {
    let cache = this.cache;
    if (cache === null || now - cache.at > LOBBY_CACHE_MS) {
      const games = await this.listed(MAIN_LOBBY_LIMIT);
      cache = { at: now, entries: new Map(games.map((g) => [g.id, lobbyEntry(g)])) };
      this.cache = cache;
    }
    const entries: LobbyGame[] = [];
    for (const { entry, private: isPrivate, hostAbsent } of cache.entries.values()) {
      const mine = entry.players.some((p) => p.id === viewerId);
      if ((isPrivate || hostAbsent) && !mine) continue;
      entries.push(entry);
    }
    return entries;
  }

  /** Drops the cache when a published change alters what the lobby shows of that game. */
  touch(game: StoredGame<MainMeta>): void {
    const cache = this.cache;
    if (cache === null) return;
    const cached = cache.entries.get(game.id);
    if (!game.listed && cached === undefined) return;
    if (game.listed && cached !== undefined && JSON.stringify(lobbyEntry(game)) === JSON.stringify(cached)) return;
    this.cache = null;
  }

  forget(): void {
    this.cache = null;
  }
}
