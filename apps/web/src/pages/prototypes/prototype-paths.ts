/** The offline prototypes' routes (docs/product.md §P2.2): `/simplified` is the hot-seat table, `/poker` you against the AI. */
export const PROTOTYPE_PATHS: readonly string[] = ['/simplified', '/poker'];

/**
 * The routes outside the shell that need no account (docs/product.md §P2.2): the variants' screens, the
 * offline prototypes, the replay viewer (`/replay/…` included) and the post-game review (`/review/…`).
 * They render without waiting for the auth check (it may hang with no network, and these screens
 * never need it; the review puts the viewer's own seat first once it has answered).
 */
export const STANDALONE_PATHS: readonly string[] = [
  ...PROTOTYPE_PATHS,
  '/',
  '/lobby',
  '/simple-game',
  '/ws',
  '/simple-rest',
  '/simple-game-rest',
  '/palace-home',
  '/palace-game',
  '/easy-palace-home',
  '/easy-palace-game',
  '/replay',
];

/** Whether `pathname` is an offline prototype. */
export function isPrototypePath(pathname: string): boolean {
  return PROTOTYPE_PATHS.includes(pathname.replace(/\/+$/, '') || '/');
}

/** Whether `pathname` renders without waiting for the auth check (`/rest-poker/…`, `/replay/…` and `/review/…` included). */
export function isStandalonePath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return (
    STANDALONE_PATHS.includes(path) ||
    path === '/rest-poker' ||
    path.startsWith('/rest-poker/') ||
    path.startsWith('/replay/') ||
    path.startsWith('/review/')
  );
}
