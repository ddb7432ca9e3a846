import { type AiLevel, err, ok } from '@palace/core';
import { MAIN_DEFAULT_RULES, type MainRules } from '@palace/protocol';
import type { User } from '../accounts/account-ports.js';
import { DEFAULT_AI_LEVEL } from '../ai-levels.js';
import type { StoredGame } from '../ports.js';
import { seatPresence } from '../presence-clock.js';
import { seatClockOf } from '../seat-clock.js';
import { hasComputer } from './main-computers.js';
import type { Answer } from './main-game-base.js';
import type { MainGames } from './main-games.js';
import { checkCreate, type MainMeta } from './main-meta.js';

/**
 * One-tap games (docs/product.md §D13): Play the computer and Quick match, over `MainGames`' own
 * create and join, so fees, seats and their checks are the same as through the create form.
 */

/** The table size both use when the player names none. */
export const PLAY_NOW_SIZE = 2;
/** The name of a game against the computer (3 to 30 characters, as any game's). */
export const COMPUTER_GAME_NAME = 'Against the computer';
/** The name of a game quick match opens. */
export const QUICK_MATCH_NAME = 'Quick match';

/**
 * A free, unrated, private game of `playerLimit` seats (default 2): the player and
 * `playerLimit − 1` computer players at `level` (default Normal). It starts as soon as the player
 * has chosen face-up cards.
 */
export function playComputer(
  games: MainGames,
  user: User,
  input: { readonly playerLimit?: number | undefined; readonly level?: AiLevel | undefined },
): Answer<StoredGame<MainMeta>> {
  const playerLimit = input.playerLimit ?? PLAY_NOW_SIZE;
  const level = input.level ?? DEFAULT_AI_LEVEL;
  const computers = Number.isInteger(playerLimit) && playerLimit > 1 ? Array<AiLevel>(playerLimit - 1).fill(level) : [];
  return games.create(user, { name: COMPUTER_GAME_NAME, playerLimit, isPrivate: true, entryFee: 0, computers });
}

/** What quick match did: the game the player now sits in, and whether it was opened for them. */
export interface QuickMatched {
  readonly game: StoredGame<MainMeta>;
  readonly created: boolean;
}

/**
 * Seats the player in the public, default-rules waiting game of `playerLimit` seats (default 2)
 * and `entryFee` (default 0, free) that is closest to full, oldest first; a game the player
 * already waits in is answered as it is. With none (or none that still takes the player), opens
 * one and waits in it.
 */
export async function quickMatch(
  games: MainGames,
  user: User,
  input: { readonly playerLimit?: number | undefined; readonly entryFee?: number | undefined },
): Answer<QuickMatched> {
  const playerLimit = input.playerLimit ?? PLAY_NOW_SIZE;
  const entryFee = input.entryFee ?? 0;
  const wanted = { name: QUICK_MATCH_NAME, playerLimit, entryFee };
  const checked = checkCreate(user, wanted);
  if (!checked.ok) return checked;
  const open = (await games.openGames()).filter((game) => matches(game, playerLimit, entryFee, user));
  const mine = open.find((game) => game.state.seats.some((s) => s.id === String(user.id)));
  if (mine !== undefined) return ok({ game: mine, created: false });
  const ranked = open.sort((a, b) => b.state.seats.length - a.state.seats.length || a.createdAt - b.createdAt);
  for (const game of ranked) {
    const joined = await games.join(user, game.id);
    if (joined.ok) return ok({ game: joined.value, created: false });
    // Short of tokens for this fee: every other candidate costs the same.
    if (joined.error.code === 'tokens/short') return joined;
    // Taken or started meanwhile: the next one.
  }
  const created = await games.create(user, wanted);
  return created.ok ? ok({ game: created.value, created: true }) : err(created.error);
}

/** Whether quick match may seat `user` in `game`: public, default rules, the size and fee asked for, a free seat. */
function matches(game: StoredGame<MainMeta>, playerLimit: number, entryFee: number, user: User): boolean {
  const { meta, state } = game;
  return (
    state.phase === 'waiting' &&
    !meta.cancelled &&
    !meta.isPrivate &&
    meta.gameCode === null &&
    meta.tournament === undefined &&
    meta.playerLimit === playerLimit &&
    meta.entryFee === entryFee &&
    state.seats.length < playerLimit &&
    !hasComputer(game) &&
    // A game whose creator dropped is out of the lobby, and out of quick match (docs/product.md §D13).
    seatPresence(seatClockOf(game), String(meta.hostId)) === 'connected' &&
    (!user.isBot || meta.allowBots === true) &&
    defaultRules(meta.rules)
  );
}

function defaultRules(rules: MainRules): boolean {
  return (Object.keys(MAIN_DEFAULT_RULES) as (keyof MainRules)[]).every((k) => rules[k] === MAIN_DEFAULT_RULES[k]);
}
