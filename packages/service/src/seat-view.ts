import type { GameView } from '@palace/core';

/** What the views show of a game's seat clock (docs/product.md §D6). */
interface ShownClock {
  readonly turnDueAt: number | null;
  readonly away: readonly string[];
}

function clockOf(game: object): ShownClock | undefined {
  return (game as { readonly seatClock?: ShownClock }).seatClock;
}

/** When the human turn that is due runs out (ms since the epoch), or null when no clock runs. */
export function turnDeadline(game: object): number | null {
  return clockOf(game)?.turnDueAt ?? null;
}

/** Whether the seat timed out three turns in a row and is played by the AI until its player acts. */
export function isAway(game: object, seatId: string): boolean {
  return clockOf(game)?.away.includes(seatId) ?? false;
}

/** The status word of the REST and easy games for the engine's phases (no setup step in them: docs/product.md §D4). */
export const WAITING_PLAYING_STATUS = {
  waiting: 'waiting',
  setup: 'waiting',
  playing: 'playing',
  finished: 'finished',
} as const;

/**
 * The ids a credential game shows one viewer: the viewer's own seat under the secret credential
 * they proved it with (so their client knows itself), every other seat under its public id.
 */
export function viewerIds(own: string | null, credential: string | null): (id: string) => string {
  return (id) => (id === own && credential !== null ? credential : id);
}

/**
 * What the REST, easy, simple and public views share for the viewer: the cards they may play and
 * whether they may pick up, when the turn runs out, and the deal's commitment.
 */
export function playHints(
  game: { readonly commitment: string },
  view: GameView,
): { playableCards: string[]; canPickUp: boolean; turnDeadline: number | null; commitment: string } {
  return {
    playableCards: [...view.hints.playable],
    canPickUp: view.hints.canPickUp,
    turnDeadline: turnDeadline(game),
    commitment: game.commitment,
  };
}
