import { lazy, type ReactElement, Suspense, useEffect } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AuthPage } from './pages/auth-page.js';
import { FriendsPage } from './pages/friends-page.js';
import { HelpPage } from './pages/help-page.js';
import { NotFound } from './pages/not-found.js';
import { PlayPage } from './pages/play/play-page.js';
import { ProfilePage } from './pages/profile-page.js';
import { PokerPage } from './pages/prototypes/poker-page.js';
import { isStandalonePath } from './pages/prototypes/prototype-paths.js';
import { SimplifiedPage } from './pages/prototypes/simplified-page.js';
import { HomeRoute, LobbyPage } from './pages/rest-game/lobby-page.js';
import { Splash } from './pages/splash.js';
import { TokensPage } from './pages/tokens-page.js';
import { WaitlistPage } from './pages/waitlist-page.js';
import { Shell } from './shell/shell.js';
import { Toaster } from './shell/toaster.js';
import { useAuth } from './stores/auth-store.js';
import { useConfig } from './stores/config-store.js';

/**
 * The variants' screens load on demand (each its own chunk, all precached by the service worker),
 * so the first page of the site does not download every game. The offline prototypes stay in the
 * main bundle: they must open even when the network went away after the page loaded.
 */
const RestGamePage = lazy(() =>
  import('./pages/rest-game/rest-game-page.js').then((m) => ({ default: m.RestGamePage })),
);
const EasyGamePage = lazy(() =>
  import('./pages/variants/easy/easy-game-page.js').then((m) => ({ default: m.EasyGamePage })),
);
const EasyHomePage = lazy(() =>
  import('./pages/variants/easy/easy-home-page.js').then((m) => ({ default: m.EasyHomePage })),
);
const PublicGamePage = lazy(() =>
  import('./pages/variants/public/public-game-page.js').then((m) => ({ default: m.PublicGamePage })),
);
const PublicHomePage = lazy(() =>
  import('./pages/variants/public/public-home-page.js').then((m) => ({ default: m.PublicHomePage })),
);
const SimpleRestGamePage = lazy(() =>
  import('./pages/variants/simple/simple-rest-game.js').then((m) => ({ default: m.SimpleRestGamePage })),
);
const SimpleRestHome = lazy(() =>
  import('./pages/variants/simple/simple-rest-home.js').then((m) => ({ default: m.SimpleRestHome })),
);
const ReplayPage = lazy(() => import('./pages/replay/replay-page.js').then((m) => ({ default: m.ReplayPage })));
const SimpleWsPage = lazy(() =>
  import('./pages/variants/simple/simple-ws-page.js').then((m) => ({ default: m.SimpleWsPage })),
);

/** Routes of spec 01 §2 (inside the shell) and spec 02 §2 (the variants and prototypes, outside it). */
export function App(): ReactElement {
  const loading = useAuth((s) => s.loading);
  const check = useAuth((s) => s.check);
  const loadConfig = useConfig((s) => s.load);
  useEffect(() => {
    void check();
    void loadConfig();
  }, [check, loadConfig]);

  return (
    <BrowserRouter>
      {/* The variants and the offline prototypes never wait for the auth check (it may hang with no network). */}
      {loading && !isStandalonePath(window.location.pathname) ? (
        <Splash />
      ) : (
        <Suspense fallback={<PageLoading />}>
          <Routes>
            <Route path="/" element={<HomeRoute />} />
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
            <Route element={<Shell />}>
              <Route path="/auth" element={<AuthPage />} />
              <Route path="/play" element={<PlayPage />} />
              <Route path="/play/:id" element={<PlayPage />} />
              <Route path="/help" element={<HelpPage />} />
              <Route path="/waitlist" element={<WaitlistPage />} />
              <Route path="/tokens" element={<TokensPage />} />
              <Route path="/profile" element={<ProfilePage />} />
              <Route path="/friends" element={<FriendsPage />} />
              <Route path="*" element={<NotFound />} />
            </Route>
          </Routes>
        </Suspense>
      )}
      <Toaster />
    </BrowserRouter>
  );
}

/** While a screen's chunk loads: a spinner (announced), nothing a test or a reader takes for the page. */
function PageLoading(): ReactElement {
  return (
    <div className="splash" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">Loading</span>
    </div>
  );
}
