import type { HintAnswer, RestGameState, RestLobby, RestPollResponse, RestSeated, RestVariant } from '@palace/protocol';
import { serverText } from '../variants/variant-api.js';

/**
 * The calls of the server-backed REST game (docs/product.md §P2.7, docs/api.md "Server-backed REST game").
 * A call never throws: it answers what happened, so each screen can pick the spec's toast or panel
 * for a refusal (`status`, with the server's `error` text and the raw body) and for a network
 * failure (`network`).
 */
export type RestResult<T> =
  | { readonly ok: true; readonly value: T }
  | {
      readonly ok: false;
      readonly kind: 'status';
      readonly status: number;
      readonly error: string | null;
      readonly raw: string;
    }
  | { readonly ok: false; readonly kind: 'network' };

export type RestFailure = Extract<RestResult<unknown>, { ok: false }>;

const BASE = '/api/rest-games';

async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<RestResult<T>> {
  const init: RequestInit = { method, cache: 'no-store' };
  if (body !== undefined) {
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  let response: Response;
  let raw: string;
  try {
    response = await fetch(url, init);
    raw = await response.text();
  } catch {
    return { ok: false, kind: 'network' };
  }
  let parsed: unknown = null;
  try {
    parsed = raw === '' ? null : JSON.parse(raw);
  } catch {
    parsed = null;
  }
  // Only the poll answers 304 (no change); its callers read `null` as that (`pollGame`'s type says so).
  if (response.status === 304) return { ok: true, value: null as T };
  if (!response.ok) return { ok: false, kind: 'status', status: response.status, error: serverText(parsed), raw };
  return { ok: true, value: parsed as T };
}

const enc = encodeURIComponent;

export function createGame(body: {
  playerName: string;
  variant?: RestVariant;
  isPublic: boolean;
  maxPlayers?: number;
}): Promise<RestResult<RestSeated>> {
  return call('POST', BASE, body);
}

export function joinGame(
  gameId: string,
  body: { playerName: string; playerId?: string },
): Promise<RestResult<RestSeated>> {
  return call('POST', `${BASE}/${enc(gameId)}/join`, body);
}

/** After game over: offers the rematch, or joins the one offered; answers the seat in the new game. */
export function rematchGame(gameId: string, playerId: string): Promise<RestResult<RestSeated>> {
  return call('POST', `${BASE}/${enc(gameId)}/rematch`, { playerId });
}

/** The actions that answer with the new state. */
export type RestAction = 'ready' | 'start' | 'ai' | 'play' | 'pickup' | 'chat';

export function act(gameId: string, action: RestAction, body: { playerId: string } & Record<string, unknown>) {
  return call<RestGameState>('POST', `${BASE}/${enc(gameId)}/${action}`, body);
}

/** A hint on the seat's turn (docs/product.md §D14 hint): the strong AI's move for its view. */
export function hintFor(gameId: string, playerId: string): Promise<RestResult<HintAnswer>> {
  return call('POST', `${BASE}/${enc(gameId)}/hint`, { playerId });
}

/** The whole state as the seat sees it (the refresh button). */
export function fetchGame(gameId: string, playerId: string): Promise<RestResult<RestGameState>> {
  return call('GET', `${BASE}/${enc(gameId)}?playerId=${enc(playerId)}`);
}

/** The state when it changed since `lastUpdate`; `null` for 304 (no change). */
export function pollGame(
  gameId: string,
  playerId: string,
  lastUpdate: number,
): Promise<RestResult<RestPollResponse | null>> {
  return call('GET', `${BASE}/${enc(gameId)}/poll?playerId=${enc(playerId)}&lastUpdate=${lastUpdate}`);
}

export function fetchLobby(): Promise<RestResult<RestLobby>> {
  return call('GET', `${BASE}/lobby`);
}

/** The text a refusal toast shows: the server's `error`, else `fallback`. */
export function refusalText(result: RestFailure, fallback: string): string {
  return result.kind === 'status' && result.error !== null ? result.error : fallback;
}
