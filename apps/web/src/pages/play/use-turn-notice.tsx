import { type ReactElement, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { mainGamePath } from '../../lib/main-game-path.js';
import { useAuth } from '../../stores/auth-store.js';
import { useGame } from '../../stores/game-store.js';
import { usePrefs } from '../../stores/prefs-store.js';
import {
  ENABLED_CONFIRMATION_MS,
  noticeText,
  PLAYED_A_GAME_KEY,
  PROMPT_DISMISSED_KEY,
  shouldNotify,
} from './turn-notice.js';

function permission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/**
 * Sends the turn notification when due (see `shouldNotify`) and the player has not turned "Turn
 * notifications" off in the settings; clicking it opens the game.
 */
export function useTurnNotice(): void {
  const game = useGame((s) => s.game);
  const user = useAuth((s) => s.user);
  const wanted = usePrefs((s) => s.turnNotifications);
  const navigate = useNavigate();
  const notified = useRef<number | null>(null);
  useEffect(() => {
    if (game === null || user === null || !wanted) return;
    // Once the turn has passed away, the next one may notify again.
    if (game.currentTurn !== user.id && notified.current === game.id) notified.current = null;
    const due = shouldNotify({
      signedIn: true,
      permission: permission(),
      focused: document.visibilityState === 'visible' && document.hasFocus(),
      game,
      userId: user.id,
      notifiedGameId: notified.current,
    });
    if (!due) return;
    notified.current = game.id;
    const { title, body } = noticeText(game);
    const notice = new Notification(title, { body, tag: `palace-turn-${game.id}` });
    notice.onclick = () => {
      window.focus();
      navigate(mainGamePath(game.id));
      notice.close();
    };
  }, [game, user, wanted, navigate]);
}

/**
 * The permission prompt, from the room after the player's first finished game on (never while turn
 * notifications are off); its dismissal is remembered in local storage.
 */
export function NotificationPrompt(): ReactElement | null {
  const wanted = usePrefs((s) => s.turnNotifications);
  const [state, setState] = useState<'ask' | 'enabled' | 'hidden'>(() =>
    permission() === 'default' &&
    localStorage.getItem(PROMPT_DISMISSED_KEY) !== 'true' &&
    localStorage.getItem(PLAYED_A_GAME_KEY) === 'true'
      ? 'ask'
      : 'hidden',
  );
  useEffect(() => {
    if (state !== 'enabled') return;
    const timer = setTimeout(() => setState('hidden'), ENABLED_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [state]);
  if (state === 'hidden' || !wanted) return null;
  if (state === 'enabled') {
    return (
      <p className="notice-prompt" role="status">
        Notifications enabled. We'll tell you when it's your turn.
      </p>
    );
  }
  return (
    <section className="notice-prompt" aria-label="Turn notifications">
      <span>Get a notification when it's your turn?</span>
      <button
        type="button"
        className="button button-small"
        onClick={() => {
          void Notification.requestPermission().then((answer) => setState(answer === 'granted' ? 'enabled' : 'hidden'));
        }}
      >
        Enable
      </button>
      <button
        type="button"
        className="button button-secondary button-small-outline"
        onClick={() => {
          localStorage.setItem(PROMPT_DISMISSED_KEY, 'true');
          setState('hidden');
        }}
      >
        Not now
      </button>
    </section>
  );
}

/** Remembers that this browser's player finished a game in a seat (the prompt waits for it). */
export function usePlayedAGame(seated: boolean): void {
  useEffect(() => {
    if (seated) localStorage.setItem(PLAYED_A_GAME_KEY, 'true');
  }, [seated]);
}
