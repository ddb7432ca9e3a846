import type { HintAnswer, RestGameState } from '@palace/protocol';
import { useCallback, useRef, useState } from 'react';
import { toast } from '../../stores/toast-store.js';
import { playTick } from '../play/sounds.js';
import { usePoll } from '../variants/use-poll.js';
import { act, fetchGame, hintFor, pollGame, type RestAction, refusalText } from './rest-api.js';
import { changeOf, chatPreview, newChatFromOthers } from './rest-changes.js';
import { CONNECTION_ERROR, errorToast, infoToast, POLL_WAITING_MS, pollFailed, pollInterval } from './rest-logic.js';

/** The "Game Started!" notification: two short generated tones (no sound file to load). */
export function playStartSound(): void {
  playTick(0.5, 660);
  setTimeout(() => playTick(0.5, 880), 160);
}

/** What the in-game screens get: the state (null until the first one arrives) and the actions. */
export interface RestGame {
  readonly game: RestGameState | null;
  /** An action is on its way (game actions are blocked meanwhile; chat is not). */
  readonly busy: boolean;
  readonly unread: number;
  clearUnread(): void;
  /** Runs an action; resolves true when the server accepted it. `title` is the refusal toast's. */
  run(action: Exclude<RestAction, 'chat'>, title: string, extra?: Record<string, unknown>): Promise<boolean>;
  sendChat(message: string, isEmoji: boolean): Promise<boolean>;
  refresh(): Promise<void>;
  /** Asks for a hint (docs/product.md §D14 hint); null when refused (toasted). The count comes with the next poll. */
  hint(): Promise<HintAnswer | null>;
}

/**
 * The seat's game (docs/product.md §P2.4, §P2.8, §P2.9): sequential polling with `lastUpdate` (1 s on your turn,
 * 1.5 s otherwise while playing, 2.5 s while waiting, none once finished), the failure counter and
 * its warning, the toasts a new state calls for (start with its sound, winner, another player's
 * move, a chat message while the Chat tab is closed) and the actions with their refusal toasts.
 * A state older than the one shown (a slow poll overtaken by an action's answer) is ignored.
 */
export function useRestGame(
  gameId: string,
  playerId: string,
  initial: RestGameState | null,
  chatOpen: boolean,
): RestGame {
  const [game, setGame] = useState<RestGameState | null>(initial);
  const current = useRef<RestGameState | null>(initial);
  const failures = useRef(0);
  const [unread, setUnread] = useState(0);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const chatOpenRef = useRef(chatOpen);
  chatOpenRef.current = chatOpen;

  const apply = useCallback(
    (next: RestGameState, force = false) => {
      const prev = current.current;
      if (!force && prev !== null && next.lastUpdate < prev.lastUpdate) return;
      current.current = next;
      setGame(next);
      const change = changeOf(prev, next, playerId);
      const fresh = newChatFromOthers(prev, next, playerId);
      const newest = fresh[fresh.length - 1];
      if (newest !== undefined && !chatOpenRef.current) {
        setUnread((n) => n + fresh.length);
        if (change === null) toast(infoToast(chatPreview(newest.senderName, newest.text)));
      }
      if (change !== null) {
        toast(change.toast);
        if (change.sound) playStartSound();
      }
    },
    [playerId],
  );

  const tick = async () => {
    const result = await pollGame(gameId, playerId, current.current?.lastUpdate ?? 0);
    if (result.ok) {
      failures.current = 0;
      if (result.value !== null) apply(result.value.gameState);
      return;
    }
    const step = pollFailed(failures.current, result.kind);
    failures.current = step.failures;
    if (step.toast !== null) toast(step.toast);
  };
  const interval = pollInterval(game, playerId);
  usePoll(tick, interval ?? POLL_WAITING_MS, interval !== null);

  const run: RestGame['run'] = async (action, title, extra = {}) => {
    if (busyRef.current) return false;
    busyRef.current = true;
    setBusy(true);
    try {
      const result = await act(gameId, action, { ...extra, playerId });
      if (result.ok) {
        if (result.value !== null) apply(result.value);
        return true;
      }
      toast(result.kind === 'network' ? CONNECTION_ERROR : errorToast(title, refusalText(result, 'Unknown error')));
      return false;
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const sendChat: RestGame['sendChat'] = async (message, isEmoji) => {
    const result = await act(gameId, 'chat', { playerId, message, isEmoji });
    if (result.ok) {
      if (result.value !== null) apply(result.value);
      return true;
    }
    toast(
      result.kind === 'network'
        ? CONNECTION_ERROR
        : errorToast('Failed to send message', refusalText(result, 'Unknown error')),
    );
    return false;
  };

  const refresh = async () => {
    const result = await fetchGame(gameId, playerId);
    if (result.ok) {
      failures.current = 0;
      if (result.value !== null) apply(result.value, true);
      return;
    }
    toast(
      result.kind === 'network'
        ? CONNECTION_ERROR
        : errorToast('Failed to refresh', refusalText(result, 'Unknown error')),
    );
  };

  const hint = async (): Promise<HintAnswer | null> => {
    const result = await hintFor(gameId, playerId);
    if (result.ok) return result.value;
    toast(result.kind === 'network' ? CONNECTION_ERROR : errorToast('No hint', refusalText(result, 'Unknown error')));
    return null;
  };

  return { game, busy, unread, clearUnread: () => setUnread(0), run, sendChat, refresh, hint };
}
