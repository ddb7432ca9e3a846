/**
 * The address of main game `id` (docs/product.md §P1.2: `/play?gameId={id}`), or of watching it
 * without a seat (`&watch=1`, docs/product.md §D11 watching).
 */
export function mainGamePath(id: number, watch = false): string {
  return `/play?gameId=${id}${watch ? '&watch=1' : ''}`;
}
