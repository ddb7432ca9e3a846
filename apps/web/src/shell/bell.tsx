import './bell.css';
import type { NotificationItem } from '@palace/protocol';
import { type ReactElement, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ago, badgeText, bellLabel, closedNote, inviteText } from '../lib/invitations.js';
import { mainGamePath } from '../lib/main-game-path.js';
import { BELL_POLL_MS, useNotifications } from '../stores/notifications-store.js';
import { Avatar } from './avatar.js';
import { Icon } from './icons.js';

/**
 * The top bar's bell for registered players (docs/web.md "Friends and the bell"): the unread count
 * (polled every 30 s while the page shows, and when the window gets focus) and, on a tap, a panel
 * of the newest notifications, which marks them read. The panel closes on Escape (focus back on
 * the bell), on a tap outside, when focus leaves it, on any navigation and when a game table comes
 * up: nothing stays over a game in play.
 */
export function Bell({ userId }: { readonly userId: number }): ReactElement {
  const unread = useNotifications((s) => s.unread);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const { pathname, search } = useLocation();
  const where = `${pathname}${search}`;
  const [openedAt, setOpenedAt] = useState(where);
  // Any navigation (a Join link, a menu entry, the back button) closes the panel.
  if (open && openedAt !== where) setOpen(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: another signed-in user starts afresh
  useEffect(() => {
    const notifications = useNotifications.getState();
    notifications.reset();
    void notifications.refreshCount();
    const refresh = () => {
      if (!document.hidden) void useNotifications.getState().refreshCount();
    };
    const timer = setInterval(refresh, BELL_POLL_MS);
    window.addEventListener('focus', refresh);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', refresh);
    };
  }, [userId]);

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    // A game table coming up (the waiting room's game starts) closes the panel.
    const root = document.documentElement;
    const table = new MutationObserver(() => {
      if (root.classList.contains('table-in-play')) close(false);
    });
    table.observe(root, { attributes: true, attributeFilter: ['class'] });
    window.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      table.disconnect();
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close]);

  const toggle = () => {
    if (open) {
      close(false);
      return;
    }
    setOpenedAt(where);
    setOpen(true);
    void useNotifications.getState().open();
  };
  const badge = badgeText(unread);
  return (
    <div className="bell-anchor">
      <button
        ref={button}
        type="button"
        className="icon-button bell"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
      >
        <Icon name="bell" />
        {badge !== null && (
          <span className="badge" aria-hidden="true">
            {badge}
          </span>
        )}
      </button>
      {open && (
        <div
          ref={panel}
          id={panelId}
          className="bell-panel"
          role="dialog"
          aria-label="Notifications"
          tabIndex={-1}
          onBlur={(event) => {
            const next = event.relatedTarget as Node | null;
            if (next !== null && !panel.current?.contains(next) && !button.current?.contains(next)) close(false);
          }}
        >
          <div className="bell-head">
            <h2 className="bell-title">Notifications</h2>
            <button type="button" className="icon-button" aria-label="Close notifications" onClick={() => close(true)}>
              <Icon name="close" />
            </button>
          </div>
          <BellList />
          <Link className="bell-foot" to="/friends">
            Invite friends to a game
          </Link>
        </div>
      )}
    </div>
  );
}

function BellList(): ReactElement {
  const items = useNotifications((s) => s.items);
  const error = useNotifications((s) => s.error);
  if (error !== null && items === null) {
    return (
      <p className="bell-empty" role="alert">
        {error}{' '}
        <button type="button" className="link-button" onClick={() => void useNotifications.getState().open()}>
          Try again
        </button>
      </p>
    );
  }
  if (items === null) return <p className="bell-empty">Loading…</p>;
  if (items.length === 0) {
    return <p className="bell-empty">No notifications yet. When a friend invites you to a game, it shows up here.</p>;
  }
  const now = Date.now();
  return (
    <ul className="bell-list">
      {items.map((item) => (
        <BellItem key={item.id} item={item} now={now} />
      ))}
    </ul>
  );
}

function BellItem({ item, now }: { readonly item: NotificationItem; readonly now: number }): ReactElement {
  const note = closedNote(item.gameStatus);
  const action = item.gameStatus === 'open' ? 'Join' : item.gameStatus === 'seated' ? 'Open' : null;
  return (
    <li className={`bell-item${item.read ? '' : ' unread'}`}>
      <span aria-hidden="true">
        <Avatar name={item.fromUser.username} src={item.fromUser.avatar} size={36} />
      </span>
      <span className="bell-text">
        <span className="bell-line">
          {inviteText(item)}
          {!item.read && <span className="bell-new"> · New</span>}
        </span>
        <span className="bell-meta">
          {ago(item.createdAt, now)}
          {note !== null && ` · ${note}`}
        </span>
      </span>
      {action !== null && (
        <Link
          className="button button-primary bell-action"
          to={mainGamePath(item.gameId)}
          aria-label={`${action} ${item.gameName}`}
        >
          {action}
        </Link>
      )}
    </li>
  );
}
