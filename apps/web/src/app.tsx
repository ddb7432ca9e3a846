import { type ReactElement, useEffect } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AuthPage } from './pages/auth-page.js';
import { FriendsPage } from './pages/friends-page.js';
import { HelpPage } from './pages/help-page.js';
import { HomePage } from './pages/home-page.js';
import { NotFound } from './pages/not-found.js';
import { PlayPage } from './pages/play/play-page.js';
import { ProfilePage } from './pages/profile-page.js';
import { PokerPage } from './pages/prototypes/poker-page.js';
import { isStandalonePath } from './pages/prototypes/prototype-paths.js';
import { SimplifiedPage } from './pages/prototypes/simplified-page.js';
import { Splash } from './pages/splash.js';
import { TokensPage } from './pages/tokens-page.js';
import { WaitlistPage } from './pages/waitlist-page.js';
import { Shell } from './shell/shell.js';
import { Toaster } from './shell/toaster.js';
import { useAuth } from './stores/auth-store.js';
import { useConfig } from './stores/config-store.js';

/** Routes of spec 01 §2. Screens of later issues fall to the not-found screen until they exist. */
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
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/lobby" element={<HomePage />} />
          {/* — routes: rest game and lobby — */}
          {/* — routes: simple websocket and simple REST — */}
          {/* — routes: public games — */}
          {/* — routes: easy — */}
          <Route path="/simplified" element={<SimplifiedPage />} />
          <Route path="/poker" element={<PokerPage />} />
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
      )}
      <Toaster />
    </BrowserRouter>
  );
}
