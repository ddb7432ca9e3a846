import { type ReactElement, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { isGuest, useAuth } from '../stores/auth-store.js';
import { useConfig } from '../stores/config-store.js';
import { toast } from '../stores/toast-store.js';
import { Avatar } from './avatar.js';
import { Bell } from './bell.js';
import { Icon } from './icons.js';
import { isActive, menuEntries, SETTINGS_ENTRIES } from './nav.js';

/** How the shell shows someone who is not signed in (docs/product.md §P1.2). */
const NOBODY = { id: 0, username: 'Guest', avatar: null } as const;

/**
 * The history state the shell's own links leave: `/` opened with it keeps the shell (app.tsx
 * `HomeEntry`; docs/web.md "The Home tab").
 */
export const FROM_SHELL = { fromShell: true } as const;

/** Whether a location's state says the shell's own navigation led there. */
export function fromShell(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { fromShell?: unknown }).fromShell === true;
}

/**
 * The app shell (docs/product.md §P1.2): top bar, left drawer, bottom tab bar and the "Powered by"
 * link, around its route's page (or `children`: the lobby at `/` when the shell opened it).
 */
export function Shell({ children }: { readonly children?: ReactNode }): ReactElement {
  const user = useAuth((s) => s.user);
  const shown = user ?? NOBODY;
  const guest = user === null || isGuest(user);
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const poweredBy = useConfig((s) => s.poweredByUrl);

  return (
    <div className="shell">
      <header className="top-bar">
        <button
          type="button"
          className="icon-button"
          aria-label="Open menu"
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          <Icon name="menu" />
        </button>
        <Link to="/" state={FROM_SHELL} className="top-title">
          Palace
        </Link>
        <div className="top-actions">
          {guest ? (
            <Link to="/auth" className="button button-small">
              Sign In
            </Link>
          ) : (
            <>
              <Bell userId={shown.id} />
              <Link to="/profile" aria-label="Your profile">
                <Avatar name={shown.username} src={shown.avatar} size={32} />
              </Link>
            </>
          )}
        </div>
      </header>
      <Drawer open={open} onClose={() => setOpen(false)} />
      <main className="shell-main">{children ?? <Outlet />}</main>
      <nav className="tab-bar" aria-label="Main">
        {menuEntries(!guest).map((entry) => (
          <NavLink
            key={entry.to}
            to={entry.to}
            state={FROM_SHELL}
            end={entry.to === '/'}
            className={`tab${entry.to === '/play' ? ' tab-play' : ''}${isActive(entry, pathname) ? ' active' : ''}`}
            aria-current={isActive(entry, pathname) ? 'page' : undefined}
          >
            <span className="tab-icon">
              <Icon name={entry.icon} />
            </span>
            <span className="tab-label">{entry.label}</span>
          </NavLink>
        ))}
      </nav>
      <a className="powered-by" href={poweredBy} target="_blank" rel="noreferrer">
        Powered by Palace
      </a>
    </div>
  );
}

/** The left drawer (18rem): who is signed in, the menu, settings and Logout for non-guests. */
function Drawer({ open, onClose }: { open: boolean; onClose: () => void }): ReactElement | null {
  const user = useAuth((s) => s.user);
  const logout = useAuth((s) => s.logout);
  const navigate = useNavigate();
  const guest = user === null || isGuest(user);
  const shown = user ?? NOBODY;
  const panel = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  if (!open) return null;
  const go = (to: string) => {
    onClose();
    navigate(to, { state: FROM_SHELL });
  };
  const signOut = async () => {
    onClose();
    try {
      await logout();
      toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
    } catch (error) {
      toast({
        title: 'Logout failed',
        description:
          error instanceof Error && error.message !== '' ? error.message : 'Could not log out. Please try again.',
        variant: 'destructive',
      });
    }
  };
  return (
    <div className="drawer-layer">
      <button type="button" className="drawer-overlay" aria-label="Close menu" onClick={onClose} tabIndex={-1} />
      <div className="drawer" role="dialog" aria-modal="true" aria-label="Menu" ref={panel}>
        <div className="drawer-user">
          <Avatar name={shown.username} src={shown.avatar} size={48} />
          <div>
            <div className="drawer-name">{shown.username}</div>
            <div className="drawer-role">{guest ? 'Guest User' : 'Player'}</div>
          </div>
          <button type="button" className="icon-button" aria-label="Close menu" onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
        <nav aria-label="Menu">
          <ul className="drawer-list">
            {menuEntries(!guest).map((entry) => (
              <li key={entry.to}>
                <button
                  type="button"
                  className={`drawer-item${isActive(entry, pathname) ? ' active' : ''}`}
                  onClick={() => go(entry.to)}
                >
                  <Icon name={entry.icon} />
                  <span>{entry.label}</span>
                  {entry.pill !== undefined && <span className="pill">{entry.pill}</span>}
                </button>
              </li>
            ))}
          </ul>
          <div className="drawer-heading">Settings</div>
          <ul className="drawer-list">
            {SETTINGS_ENTRIES.map((entry) => (
              <li key={entry.to}>
                <button type="button" className="drawer-item" onClick={() => go(entry.to)}>
                  <Icon name={entry.icon} />
                  <span>{entry.label}</span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        {!guest && (
          <button type="button" className="drawer-item drawer-logout" onClick={() => void signOut()}>
            <Icon name="logout" />
            <span>Logout</span>
          </button>
        )}
      </div>
    </div>
  );
}
