import { type ComponentType, type ReactElement, Suspense, useEffect, useState } from 'react';
import {
  createBrowserRouter,
  createRoutesFromElements,
  Outlet,
  Route,
  RouterProvider,
  useLocation,
} from 'react-router-dom';
import logo from './logo.svg';
import { NotFound } from './pages/not-found.js';
import { isStandalonePath } from './pages/prototypes/prototype-paths.js';
import { HomeRoute, LobbyPage } from './pages/rest-game/lobby-page.js';
import { Splash } from './pages/splash.js';
import { PAGES, preloadRoute } from './route-chunks.js';
import { fromShell, Shell } from './shell/shell.js';
import { useAuth } from './stores/auth-store.js';
import { useConfig } from './stores/config-store.js';
import { startPrefs } from './stores/prefs-store.js';

/**
 * Starts what the first screen needs, side by side rather than one after another: the auth check
 * and the configuration (the shell shows both) and the screen's chunk; the preferences follow the
 * signed-in account from then on (stores/prefs-store.ts). Resolves when the first render may
 * happen. For a screen outside the shell (the variants, the prototypes, the replay viewer) that is
 * when its chunk is there, so index.html's splash stays until the screen can draw: rendering
 * earlier would show React's loading fallback instead, which React then keeps for at least 300 ms
 * once shown. For a screen inside the shell it is at once: the shell's header and menu are usable
 * while the screen's chunk arrives (its area shows the shell's loading state meanwhile).
 */
export function startApp(pathname: string): Promise<void> {
  startPrefs();
  void useAuth.getState().check();
  void useConfig.getState().load();
  const screen = preloadRoute(pathname);
  // A screen inside the shell does not hold the first render: the shell (its header and menu)
  // draws as soon as the auth check allows, and the screen's area shows its loading state until
  // the chunk is there (docs/web.md "Loading"). A screen outside it has nothing around it to draw
  // first: index.html's splash stays until its chunk has arrived.
  return isStandalonePath(pathname) ? screen : Promise.resolve();
}

/**
 * The toasts (Radix Toast: 39 KB of script, 13 KB compressed) load once the first render is done
 * (`LazyToaster`'s effect), not beside the first screen: on a phone's link their 13 KB took
 * bandwidth from the screen's own files. No toast can be due before the first screen is up, and
 * one raised earlier waits in the toast store until the toaster mounts.
 */
const loadToaster = () => import('./shell/toaster.js');

/**
 * Mounts the toaster once its chunk is there. Not `React.lazy`: a suspended boundary is revealed
 * through a timer, and a page whose clock is paused (the browser tests') would never see a toast.
 */
function LazyToaster(): ReactElement | null {
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    let mounted = true;
    loadToaster().then(
      (m) => mounted && setToaster(() => m.Toaster),
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, []);
  return Toaster === null ? null : <Toaster />;
}

const AuthPage = PAGES.auth.Page;
const PlayPage = PAGES.play.Page;
const HelpPage = PAGES.help.Page;
const WaitlistPage = PAGES.waitlist.Page;
const TokensPage = PAGES.tokens.Page;
const ProfilePage = PAGES.profile.Page;
const FriendsPage = PAGES.friends.Page;
const SettingsPage = PAGES.settings.Page;
const TournamentsPage = PAGES.tournaments.Page;
const DailyPage = PAGES.daily.Page;
const PokerPage = PAGES.poker.Page;
const SimplifiedPage = PAGES.simplified.Page;
const ReplayPage = PAGES.replay.Page;
const ReviewPage = PAGES.review.Page;
const RestGamePage = PAGES['rest-poker'].Page;
const SimpleWsPage = PAGES['simple-game'].Page;
const SimpleRestHome = PAGES['simple-rest'].Page;
const SimpleRestGamePage = PAGES['simple-game-rest'].Page;
const PublicHomePage = PAGES['palace-home'].Page;
const PublicGamePage = PAGES['palace-game'].Page;
const EasyHomePage = PAGES['easy-palace-home'].Page;
const EasyGamePage = PAGES['easy-palace-game'].Page;

/**
 * Routes of docs/product.md §P1.2 (inside the shell) and docs/product.md §P2.2 (the variants and prototypes, outside
 * it; `/`, the lobby, is outside it, but inside it when the shell's own Home opened it: `HomeEntry`).
 * Every screen but the lobby loads on demand (route-chunks.tsx); the shell stays in the main
 * chunk: it is small and most of its routes need it at once. A data router (`createBrowserRouter`),
 * not `<BrowserRouter>`: the main game's room asks before a player leaves a game in play, with
 * react-router's `useBlocker`, which only a data router has (pages/play/leave-guard.tsx).
 */
const ROUTES = createRoutesFromElements(
  <Route element={<Root />}>
    {/* `/` opened from the shell's own navigation keeps the shell (see `HomeEntry`). */}
    <Route path="/" element={<HomeEntry />} />
    <Route path="/lobby" element={<LobbyPage />} />
    <Route path="/rest-poker/:gameId?" element={<RestGamePage />} />
    <Route path="/simple-game" element={<SimpleWsPage />} />
    <Route path="/ws" element={<SimpleWsPage />} />
    <Route path="/simple-rest" element={<SimpleRestHome />} />
    <Route path="/simple-game-rest" element={<SimpleRestGamePage />} />
    <Route path="/palace-home" element={<PublicHomePage />} />
    <Route path="/palace-game" element={<PublicGamePage />} />
    <Route path="/easy-palace-home" element={<EasyHomePage />} />
    <Route path="/easy-palace-game" element={<EasyGamePage />} />
    <Route path="/simplified" element={<SimplifiedPage />} />
    <Route path="/poker" element={<PokerPage />} />
    <Route path="/replay" element={<ReplayPage />} />
    <Route path="/replay/:variant/:gameId" element={<ReplayPage />} />
    <Route path="/review/:variant/:gameId" element={<ReviewPage />} />
    <Route element={<Shell />}>
      <Route path="/auth" element={inShell(<AuthPage />)} />
      <Route path="/play" element={inShell(<PlayPage />)} />
      <Route path="/play/:id" element={inShell(<PlayPage />)} />
      <Route path="/help" element={inShell(<HelpPage />)} />
      <Route path="/waitlist" element={inShell(<WaitlistPage />)} />
      <Route path="/tokens" element={inShell(<TokensPage />)} />
      <Route path="/profile" element={inShell(<ProfilePage />)} />
      <Route path="/friends" element={inShell(<FriendsPage />)} />
      <Route path="/settings" element={inShell(<SettingsPage />)} />
      <Route path="/tournaments/:id?" element={inShell(<TournamentsPage />)} />
      <Route path="/daily" element={inShell(<DailyPage />)} />
      <Route path="*" element={<NotFound />} />
    </Route>
  </Route>,
);

/** The app's one router, made on the first render (it starts listening to the address when made). */
let router: ReturnType<typeof createBrowserRouter> | null = null;

export function App(): ReactElement {
  router ??= createBrowserRouter(ROUTES);
  return <RouterProvider router={router} />;
}

/** Around every route: the start-up splash while the auth check runs, the screens, the toasts. */
function Root(): ReactElement {
  // The auth check and the configuration were started by startApp.
  const loading = useAuth((s) => s.loading);
  return (
    <>
      {/* The variants and the offline prototypes never wait for the auth check (it may hang with no network). */}
      {loading && !isStandalonePath(window.location.pathname) ? (
        <Splash />
      ) : (
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      )}
      <LazyToaster />
    </>
  );
}

/**
 * While a screen's chunk loads: the start-up splash as index.html drew it (logo, name, tagline,
 * spinner), so the page does not flash from the splash to a bare spinner and back. Only "Loading"
 * is announced; the rest is hidden from assistive technology, so no heading is taken for the page's.
 */
function PageLoading(): ReactElement {
  return (
    <div className="splash" role="status" aria-live="polite">
      {/* `contents`: the pieces stay items of the splash's column, as in Splash. */}
      <div aria-hidden="true" style={{ display: 'contents' }}>
        <img src={logo} alt="" width={96} height={96} />
        <h1 className="display">Palace</h1>
        <p className="tagline">THE ULTIMATE CARD GAME</p>
        <span className="spinner" />
      </div>
      <span className="sr-only">Loading</span>
    </div>
  );
}

/**
 * `/`, the lobby (docs/web.md "The Home tab"): with no shell, as the spec has it, when it is the
 * address a player opens; inside the shell when the shell's own navigation opened it (its Home tab,
 * menu entry or title, which mark the move with `FROM_SHELL`), so the navigation does not vanish
 * under a player moving between the app's tabs.
 */
function HomeEntry(): ReactElement {
  const { state } = useLocation();
  if (!fromShell(state)) return <HomeRoute />;
  return (
    <Shell>
      <HomeRoute inShell />
    </Shell>
  );
}

/**
 * A page inside the shell waits for its chunk here, under the shell's bars, so moving between
 * the shell's pages never blanks the shell.
 */
function inShell(page: ReactElement): ReactElement {
  return (
    <Suspense
      fallback={
        <div className="auth-splash" role="status" aria-live="polite">
          <span className="spinner spinner-small" aria-hidden="true" />
          <span className="sr-only">Loading</span>
        </div>
      }
    >
      {page}
    </Suspense>
  );
}
