import type { GameRecord } from '@palace/core';
import type { Exchange } from './http-tap.js';
import type { Stream } from './leak-scan.js';

/**
 * Sorts recorded HTTP answers of the polling variants into per-game, per-viewer streams. The
 * viewer of an answer is who the request claimed to be (a REST or easy credential, a typed
 * username), never read from the answer itself.
 */

/** The polling variants: their record kind and their path prefix. */
const VARIANTS: ReadonlyArray<{ readonly kind: string; readonly prefix: string }> = [
  { kind: 'rest', prefix: '/api/rest-games' },
  { kind: 'simple-rest', prefix: '/api/simple-game' },
  { kind: 'public', prefix: '/api/palace/games' },
  { kind: 'easy', prefix: '/api/simple-palace/games' },
];
const GAME_ID = /^[A-Z0-9]{6}$/;

type Loose = Record<string, unknown>;
const asObject = (x: unknown): Loose | undefined =>
  typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Loose) : undefined;
const asString = (x: unknown): string | undefined => (typeof x === 'string' ? x : undefined);

function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The answers about one game, grouped by the viewer name the requests gave (null: none). */
export interface GameExchanges {
  readonly kind: string;
  readonly gameId: string;
  readonly byViewer: Map<string | null, string[]>;
}

/** Answers about no game (lobbies, lists, sign-in). */
export interface Sorted {
  readonly games: Map<string, GameExchanges>;
  readonly other: Exchange[];
}

/** Sorts the exchanges; `/api/records/…` answers (the full deals, fetched after the end) are left out. */
export function sortExchanges(exchanges: readonly Exchange[]): Sorted {
  // A credential's name, from the create and join answers that handed it out.
  const names = new Map<string, string>();
  for (const { text } of exchanges) {
    const body = asObject(json(text));
    const credential = asString(body?.playerId);
    const players = asObject(body?.gameState)?.players;
    if (credential === undefined || !Array.isArray(players)) continue;
    const seat = players.map(asObject).find((p) => p?.id === credential);
    const name = asString(seat?.name);
    if (name !== undefined) names.set(credential, name);
  }
  const games = new Map<string, GameExchanges>();
  const other: Exchange[] = [];
  for (const exchange of exchanges) {
    const path = exchange.url.pathname;
    if (path.startsWith('/api/records/')) continue;
    const variant = VARIANTS.find((v) => path === v.prefix || path.startsWith(`${v.prefix}/`));
    const segment = variant === undefined ? undefined : path.slice(variant.prefix.length + 1).split('/')[0];
    const answered = asObject(json(exchange.text));
    const gameId = (
      segment !== undefined && GAME_ID.test(segment.toUpperCase()) ? segment : asString(answered?.gameId)
    )?.toUpperCase();
    if (variant === undefined || gameId === undefined) {
      other.push(exchange);
      continue;
    }
    const body = asObject(exchange.body);
    const query = exchange.url.searchParams;
    const credential = asString(body?.playerId) ?? query.get('playerId') ?? undefined;
    const viewer =
      (credential === undefined ? undefined : (names.get(credential) ?? `unknown credential ${credential}`)) ??
      asString(body?.username) ??
      query.get('username') ??
      asString(body?.playerName) ??
      null;
    const key = `${variant.kind} ${gameId}`;
    const game = games.get(key) ?? { kind: variant.kind, gameId, byViewer: new Map() };
    games.set(key, game);
    const list = game.byViewer.get(viewer) ?? [];
    list.push(exchange.text);
    game.byViewer.set(viewer, list);
  }
  return { games, other };
}

/** The streams of one game: each viewer name mapped to its seat in the record (null: a spectator or stranger). */
export function streamsOf(game: GameExchanges, record: GameRecord): Stream[] {
  return [...game.byViewer].map(([name, payloads]) => ({
    name: `${game.kind} ${game.gameId} answers to ${name ?? 'a stranger'}`,
    viewer: name === null ? null : (record.seats.find((s) => s.name === name)?.id ?? null),
    payloads,
  }));
}
