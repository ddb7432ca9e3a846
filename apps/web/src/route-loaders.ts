/**
 * The chunk of every screen but the lobby (issue 25), by the first segment of its path. Shared by
 * the boot script, which starts the current screen's download as soon as the page arrives, and by
 * the routes (route-chunks.tsx), which render what it loaded: the same `import()` of the same
 * module is one download and one module. No React here: the boot script must stay a few hundred
 * bytes.
 */
export const ROUTE_LOADERS = {
  auth: () => import('./pages/auth-page.js'),
  play: () => import('./pages/play/play-page.js'),
  help: () => import('./pages/help-page.js'),
  waitlist: () => import('./pages/waitlist-page.js'),
  tokens: () => import('./pages/tokens-page.js'),
  profile: () => import('./pages/profile-page.js'),
  friends: () => import('./pages/friends-page.js'),
  settings: () => import('./pages/settings/settings-page.js'),
  tournaments: () => import('./pages/tournaments/tournaments-page.js'),
  daily: () => import('./pages/daily/daily-page.js'),
  poker: () => import('./pages/prototypes/poker-page.js'),
  simplified: () => import('./pages/prototypes/simplified-page.js'),
  replay: () => import('./pages/replay/replay-page.js'),
  review: () => import('./pages/review/review-page.js'),
  'rest-poker': () => import('./pages/rest-game/rest-game-page.js'),
  'simple-game': () => import('./pages/variants/simple/simple-ws-page.js'),
  ws: () => import('./pages/variants/simple/simple-ws-page.js'),
  'simple-rest': () => import('./pages/variants/simple/simple-rest-home.js'),
  'simple-game-rest': () => import('./pages/variants/simple/simple-rest-game.js'),
  'palace-home': () => import('./pages/variants/public/public-home-page.js'),
  'palace-game': () => import('./pages/variants/public/public-game-page.js'),
  'easy-palace-home': () => import('./pages/variants/easy/easy-home-page.js'),
  'easy-palace-game': () => import('./pages/variants/easy/easy-game-page.js'),
} satisfies Record<string, () => Promise<unknown>>;

/** A first path segment that has its own chunk. */
export type RouteSegment = keyof typeof ROUTE_LOADERS;

/** The segment of `pathname` whose chunk it needs, or null (the lobby, in the main chunk, or an unknown path). */
export function routeSegment(pathname: string): RouteSegment | null {
  const segment = pathname.split('/')[1] ?? '';
  return Object.hasOwn(ROUTE_LOADERS, segment) ? (segment as RouteSegment) : null;
}
