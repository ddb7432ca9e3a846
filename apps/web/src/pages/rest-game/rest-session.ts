/**
 * What the server-backed REST game keeps in the browser (docs/product.md §P2.3 "Browser storage"): the saved
 * session (game id and player id, persistent, so `/` can send a returning player back to the game),
 * the player's name, and per tab the player id of each game joined from the lobby (session storage,
 * so rejoining your own game from the list resumes your seat). Storage may be unavailable (private
 * modes): every read then finds nothing and every write is skipped.
 */

export const GAME_ID_KEY = 'palace_game_id';
export const PLAYER_ID_KEY = 'palace_player_id';
export const PLAYER_NAME_KEY = 'palace_player_name';

/** A seat the browser can resume: the game's id and the player's secret id. */
export interface RestSession {
  readonly gameId: string;
  readonly playerId: string;
}

function local(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The saved session, when both ids are there. */
export function loadSession(): RestSession | null {
  const store = local();
  const gameId = store?.getItem(GAME_ID_KEY) ?? null;
  const playerId = store?.getItem(PLAYER_ID_KEY) ?? null;
  return gameId && playerId ? { gameId: gameId.toUpperCase(), playerId } : null;
}

/** Saves the seat as the session to resume, and as this tab's seat of that game. */
export function saveSession(seat: RestSession): void {
  local()?.setItem(GAME_ID_KEY, seat.gameId);
  local()?.setItem(PLAYER_ID_KEY, seat.playerId);
  session()?.setItem(perGameKey(seat.gameId), seat.playerId);
}

/** Forgets the saved session (the game is gone or over). */
export function clearSession(): void {
  local()?.removeItem(GAME_ID_KEY);
  local()?.removeItem(PLAYER_ID_KEY);
}

/** `palace_player_id_{GAMEID}`: this tab's player id in a game joined from the lobby. */
export function perGameKey(gameId: string): string {
  return `palace_player_id_${gameId.toUpperCase()}`;
}

export function perGamePlayerId(gameId: string): string | null {
  return session()?.getItem(perGameKey(gameId)) ?? null;
}

/** "Player" plus a random 4-digit number (docs/product.md §P2.9). */
export function randomPlayerName(random: () => number = Math.random): string {
  return `Player${1000 + Math.floor(random() * 9000)}`;
}

/** The stored name, else a new random one (not stored until the player creates or joins). */
export function initialName(): string {
  return local()?.getItem(PLAYER_NAME_KEY) || randomPlayerName();
}

export function saveName(name: string): void {
  local()?.setItem(PLAYER_NAME_KEY, name);
}
