/** What the views show of a game's seat clock (DECISIONS §6). */
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
