import type { TableOfTournament } from '@palace/protocol';

/**
 * Where a main game sits in its tournament (docs/product.md §D11 swiss-tournaments), as the game room's
 * header and the lobby's cards say it: "Round 2 of 3, table 4".
 */
export function tournamentTableLabel(of: Pick<TableOfTournament, 'round' | 'rounds' | 'table'>): string {
  return `Round ${of.round} of ${of.rounds}, table ${of.table}`;
}

/** The address of tournament `id`'s page. */
export function tournamentPath(id: number): string {
  return `/tournaments/${id}`;
}
