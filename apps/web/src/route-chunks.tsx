import { type ComponentType, lazy, type ReactElement, useState } from 'react';
import { ROUTE_LOADERS, type RouteSegment, routeSegment } from './route-loaders.js';

/** A screen in its own chunk: `Page` renders it, `preload` starts (or joins) its download. */
export interface LazyPage {
  readonly Page: ComponentType;
  /** Resolves when the chunk is loaded, or failed (the page's own import then tries again and shows the error). */
  preload(): Promise<void>;
}

/**
 * A screen loaded on demand. Unlike a bare `React.lazy`, a page whose chunk is already loaded
 * renders at once: `lazy` suspends on its first render whatever the module's state, and React
 * keeps a fallback it has shown for at least 300 ms, which would delay every screen whose chunk
 * `preload` fetched before the first render.
 */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const fetchPage = (): Promise<ComponentType> => {
    loading ??= load().then(
      (module) => {
        loaded = pick(module);
        return loaded;
      },
      (error: unknown) => {
        // A failed download may be tried again (a later render, a reload of the route).
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => fetchPage().then((component) => ({ default: component })));
  function Page(): ReactElement {
    // Chosen once per mount: switching from the lazy wrapper to the component would remount the page.
    const [Loaded] = useState(() => loaded);
    return Loaded === null ? <Lazy /> : <Loaded />;
  }
  return {
    Page,
    preload: () =>
      fetchPage().then(
        () => undefined,
        () => undefined,
      ),
  };
}

/**
 * Every screen but the lobby (`/` and `/lobby`, the first page of the site, in the main chunk) is
 * its own chunk (issue 25; route-loaders.ts): the first route does not download the main game
 * room, the emoji picker, the replay viewer or the prototypes. The service worker precaches every
 * chunk, so after one visit each opens with no network, the offline prototypes included.
 */
const simpleWs = lazyPage(ROUTE_LOADERS['simple-game'], (m) => m.SimpleWsPage);
export const PAGES = {
  auth: lazyPage(ROUTE_LOADERS.auth, (m) => m.AuthPage),
  play: lazyPage(ROUTE_LOADERS.play, (m) => m.PlayPage),
  help: lazyPage(ROUTE_LOADERS.help, (m) => m.HelpPage),
  waitlist: lazyPage(ROUTE_LOADERS.waitlist, (m) => m.WaitlistPage),
  tokens: lazyPage(ROUTE_LOADERS.tokens, (m) => m.TokensPage),
  profile: lazyPage(ROUTE_LOADERS.profile, (m) => m.ProfilePage),
  friends: lazyPage(ROUTE_LOADERS.friends, (m) => m.FriendsPage),
  settings: lazyPage(ROUTE_LOADERS.settings, (m) => m.SettingsPage),
  tournaments: lazyPage(ROUTE_LOADERS.tournaments, (m) => m.TournamentsPage),
  daily: lazyPage(ROUTE_LOADERS.daily, (m) => m.DailyPage),
  poker: lazyPage(ROUTE_LOADERS.poker, (m) => m.PokerPage),
  simplified: lazyPage(ROUTE_LOADERS.simplified, (m) => m.SimplifiedPage),
  replay: lazyPage(ROUTE_LOADERS.replay, (m) => m.ReplayPage),
  review: lazyPage(ROUTE_LOADERS.review, (m) => m.ReviewPage),
  'rest-poker': lazyPage(ROUTE_LOADERS['rest-poker'], (m) => m.RestGamePage),
  'simple-game': simpleWs,
  ws: simpleWs,
  'simple-rest': lazyPage(ROUTE_LOADERS['simple-rest'], (m) => m.SimpleRestHome),
  'simple-game-rest': lazyPage(ROUTE_LOADERS['simple-game-rest'], (m) => m.SimpleRestGamePage),
  'palace-home': lazyPage(ROUTE_LOADERS['palace-home'], (m) => m.PublicHomePage),
  'palace-game': lazyPage(ROUTE_LOADERS['palace-game'], (m) => m.PublicGamePage),
  'easy-palace-home': lazyPage(ROUTE_LOADERS['easy-palace-home'], (m) => m.EasyHomePage),
  'easy-palace-game': lazyPage(ROUTE_LOADERS['easy-palace-game'], (m) => m.EasyGamePage),
} satisfies Record<RouteSegment, LazyPage>;

/**
 * Loads the chunk of the screen at `pathname` (joining the boot script's download); resolves when
 * it is there, at once for the lobby.
 */
export function preloadRoute(pathname: string): Promise<void> {
  const segment = routeSegment(pathname);
  return segment === null ? Promise.resolve() : PAGES[segment].preload();
}
