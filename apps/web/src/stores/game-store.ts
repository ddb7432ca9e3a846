import type { HintAnswer, MainChatMessage, MainGameState } from '@palace/protocol';
import { create } from 'zustand';
import { toast } from './toast-store.js';

export type ConnectionStatus = 'idle' | 'connecting' | 'open' | 'closed' | 'error';

/** Socket constants of docs/product.md §P1.9. */
export const SOCKET_ATTEMPTS = 3;
export const SOCKET_CONNECT_TIMEOUT_MS = 10_000;
export const KEEP_ALIVE_IDLE_MS = 20_000;
export const KEEP_ALIVE_CHECK_MS = 40_000;
export const ERROR_CLEAR_MS = 5_000;
export const JOIN_ATTEMPTS = 3;
export const JOIN_FIRST_DELAY_MS = 500;
export const JOIN_WAIT_MS = 3_000;
export const LOBBY_RETURN_MS = 2_000;
/** The refusals of a seat in a game already started or full (core's `game/started`, `seat/full`): watch it instead. */
const NO_SEAT_TEXTS: readonly string[] = ['The game has already started', 'This game is full'];
/** Game toasts stay 3 s. */
export const GAME_TOAST_MS = 3_000;

export const CONNECTION_TEXTS = {
  failed: 'Failed to establish connection. Please refresh the page.',
  error: 'Connection error. Please refresh and try again.',
  lostForGood: 'Connection lost and could not be reestablished. Please refresh the page.',
  notReady: 'Connection not ready. Please refresh the page and try again.',
  lost: 'Connection lost. Please refresh the page.',
  replaced: "You've connected from another device. This session will be closed.",
} as const;

interface GameStore {
  readonly status: ConnectionStatus;
  /** A connection or game error shown to the player; clears by itself after 5 s. */
  readonly error: string | null;
  readonly game: MainGameState | null;
  readonly chat: readonly MainChatMessage[];
  /** The game being joined (a loading state until its state arrives). */
  readonly joining: number | null;
  /** Set when the server says the game is gone: the page goes back to the lobby. */
  readonly backToLobby: boolean;
  /** The finished game whose rematch was asked for, until the server answers. */
  readonly rematchOf: number | null;
  /** The rematch joined (docs/web.md "Rematch"): the page moves to that game's address. */
  readonly movedTo: number | null;
  connect(): void;
  disconnect(): void;
  /** Joins `gameId`, or with `watch` watches it without a seat (docs/product.md §D11 watching). */
  join(gameId: number, watch?: boolean): Promise<boolean>;
  send(message: Record<string, unknown>): boolean;
  leave(): void;
  clearGame(): void;
  /** After game over: offers the rematch of `gameId`, or joins the one offered. */
  rematch(gameId: number): void;
  /** The page has moved to `movedTo`. */
  moved(): void;
  /**
   * One tap (docs/product.md §D13): `play_computer` or `quick_match`. Waits for the socket if it
   * is still opening; answers the id of the game it seats the player in, or null when refused
   * (the refusal is toasted as any game error) or unanswered.
   */
  playNow(message: PlayNowMessage): Promise<number | null>;
  /**
   * Asks for a hint in game `gameId` (docs/product.md §D14 hint): the server's `hint` frame, or null
   * when refused (the refusal is toasted as any game error) or unanswered.
   */
  askHint(gameId: number): Promise<HintAnswer | null>;
}

/** The one-tap messages of the main socket. */
export type PlayNowMessage =
  | { readonly type: 'play_computer'; readonly playerLimit: number; readonly level: string }
  | { readonly type: 'quick_match'; readonly playerLimit: number; readonly entryFee: number };

/** How long a one-tap game waits for the socket and then for the server's answer. */
export const PLAY_NOW_WAIT_MS = 10_000;

let socket: WebSocket | null = null;
let attempts = 0;
let lastSent = 0;
let keepAlive: ReturnType<typeof setInterval> | null = null;
let stopped = false;
/** Whether the game on screen is watched without a seat (a reconnection watches it again). */
let watching = false;
/** Whether the next connection goes to the fallback address (after the other one failed to connect). */
let useFallback = false;
const stateWaiters = new Set<(game: MainGameState) => void>();
/** The one-tap request waiting for its `join_success` (or `game_error`). */
let playNowWaiter: ((gameId: number | null) => void) | null = null;
/** The hint request waiting for its `hint` frame (or `game_error`). */
let hintWaiter: ((hint: HintAnswer | null) => void) | null = null;

/** The server's default port: the local address, and the port of the fallback address. */
const DEFAULT_PORT = 5000;

/** Where the main socket connects (docs/product.md §P1.7). */
export interface SocketAddresses {
  /** `ws(s)://{page host}/ws`; `ws://localhost:5000/ws` if the page's address cannot be used. */
  readonly primary: string;
  /**
   * Tried after a connection error on the primary: the same host name on the server's default
   * port 5000 (for a page served apart from the server, say by a dev server or a static host);
   * null when that is the primary address itself.
   */
  readonly fallback: string | null;
}

/** The page's address as far as the socket needs it. */
export type PageLocation = Pick<Location, 'protocol' | 'host' | 'hostname'>;

/** The primary and fallback addresses of the main socket for a page at `location`. */
export function socketAddresses(location: PageLocation = window.location): SocketAddresses {
  try {
    if (location.host === '' || location.hostname === '') throw new Error('no host');
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const primary = new URL(`${scheme}://${location.host}/ws`).href;
    const fallback = new URL(`${scheme}://${location.hostname}:${DEFAULT_PORT}/ws`).href;
    return { primary, fallback: fallback === primary ? null : fallback };
  } catch (error) {
    console.warn('building the socket address failed', error);
    return { primary: `ws://localhost:${DEFAULT_PORT}/ws`, fallback: null };
  }
}

/**
 * The address of the next connection: the primary one, or the fallback after a connection error
 * (the two take turns while connecting fails; a dropped connection retries the address that worked).
 */
export function socketUrl(location: PageLocation = window.location): string {
  const { primary, fallback } = socketAddresses(location);
  return useFallback && fallback !== null ? fallback : primary;
}

export const useGame = create<GameStore>()((set, get) => {
  const fail = (message: string) => {
    set({ error: message });
    setTimeout(() => {
      if (get().error === message) set({ error: null });
    }, ERROR_CLEAR_MS);
  };

  const open = () => {
    if (socket !== null && socket.readyState <= WebSocket.OPEN) return;
    stopped = false;
    set({ status: 'connecting' });
    let ws: WebSocket;
    try {
      ws = new WebSocket(socketUrl());
    } catch {
      set({ status: 'error' });
      fail(CONNECTION_TEXTS.failed);
      return;
    }
    socket = ws;
    let opened = false;
    const timeout = setTimeout(() => {
      if (ws.readyState !== WebSocket.OPEN) {
        fail(CONNECTION_TEXTS.failed);
        ws.close();
      }
    }, SOCKET_CONNECT_TIMEOUT_MS);
    ws.onopen = () => {
      clearTimeout(timeout);
      opened = true;
      attempts = 0;
      set({ status: 'open' });
      const joining = get().joining ?? get().game?.id;
      if (joining !== undefined && joining !== null)
        send({ type: watching ? 'watch_game' : 'join_game', gameId: joining });
    };
    ws.onmessage = (event) => onMessage(String(event.data));
    ws.onerror = () => fail(CONNECTION_TEXTS.error);
    ws.onclose = () => {
      clearTimeout(timeout);
      if (socket === ws) socket = null;
      if (stopped) {
        set({ status: 'closed' });
        return;
      }
      if (attempts >= SOCKET_ATTEMPTS) {
        set({ status: 'error' });
        fail(CONNECTION_TEXTS.lostForGood);
        return;
      }
      // A connection that was up has dropped: say so while it is retried at the same address.
      // One that never opened is a connection error: the next attempt tries the other address.
      if (opened) fail(CONNECTION_TEXTS.lost);
      else useFallback = !useFallback;
      attempts++;
      set({ status: 'connecting' });
      // 1 s × 2^attempt, at most 10 s (docs/product.md §P1.9).
      setTimeout(open, Math.min(10_000, 1000 * 2 ** attempts));
    };
  };

  const send = (message: Record<string, unknown>): boolean => {
    if (socket === null || socket.readyState !== WebSocket.OPEN) {
      fail(CONNECTION_TEXTS.notReady);
      return false;
    }
    socket.send(JSON.stringify(message));
    lastSent = Date.now();
    return true;
  };

  const onMessage = (text: string) => {
    let message: { type?: string; [key: string]: unknown };
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    switch (message.type) {
      case 'game_state': {
        const game = message.game as MainGameState;
        const current = get().game;
        // Only the game on screen or being joined: the answer to a `leave_game` (the state as the
        // leaver now sees it) must not bring the room back once the player is in the lobby.
        if (current?.id !== game.id && get().joining !== game.id) break;
        set({
          game,
          joining: get().joining === game.id ? null : get().joining,
          chat:
            current?.id === game.id && get().chat.length > game.chatMessages.length ? get().chat : game.chatMessages,
        });
        for (const waiter of stateWaiters) waiter(game);
        break;
      }
      case 'chat_message': {
        const line = message as unknown as MainChatMessage;
        if (get().game?.id === line.gameId) set({ chat: [...get().chat, line] });
        break;
      }
      case 'join_success': {
        const gameId = Number(message.gameId);
        if (playNowWaiter !== null) {
          // A one-tap game: its state follows at once and is the one on screen.
          set({ game: null, chat: [], joining: gameId, backToLobby: false });
          watching = false;
          playNowWaiter(gameId);
          break;
        }
        // The answer to `offer_rematch`: the new game's state follows and takes the screen.
        if (get().rematchOf !== null && gameId !== get().game?.id) {
          set({ rematchOf: null, joining: gameId, movedTo: gameId });
        }
        break;
      }
      case 'hint': {
        const { action, cardIds, reason } = message as unknown as HintAnswer;
        hintWaiter?.({ action, cardIds, reason });
        break;
      }
      case 'game_error': {
        const text = String(message.message ?? '');
        if (get().rematchOf !== null) set({ rematchOf: null });
        playNowWaiter?.(null);
        hintWaiter?.(null);
        const joining = get().joining;
        if (joining !== null && !watching && NO_SEAT_TEXTS.includes(text) && Number(message.gameId) === joining) {
          // A game in play, or a full one, opened by its link (a private game's invitation) by
          // someone without a seat: watch it instead (docs/product.md §D11 watching, §D13).
          watching = true;
          send({ type: 'watch_game', gameId: joining });
          break;
        }
        toast({ title: 'Game Error', description: text, variant: 'destructive', duration: GAME_TOAST_MS });
        if (text.includes('already ended') || text.includes('not found')) {
          setTimeout(() => set({ backToLobby: true, game: null, joining: null }), LOBBY_RETURN_MS);
        }
        break;
      }
      case 'connection_replaced':
        stopped = true;
        toast({ title: 'Connection Replaced', description: CONNECTION_TEXTS.replaced, variant: 'destructive' });
        set({ status: 'closed' });
        break;
      case 'ping':
        send({ type: 'pong' });
        break;
      default:
        break;
    }
  };

  return {
    status: 'idle',
    error: null,
    game: null,
    chat: [],
    joining: null,
    backToLobby: false,
    rematchOf: null,
    movedTo: null,
    connect() {
      open();
      if (keepAlive === null) {
        keepAlive = setInterval(() => {
          if (Date.now() - lastSent > KEEP_ALIVE_IDLE_MS && socket?.readyState === WebSocket.OPEN)
            send({ type: 'ping' });
        }, KEEP_ALIVE_CHECK_MS);
      }
    },
    disconnect() {
      stopped = true;
      if (keepAlive !== null) clearInterval(keepAlive);
      keepAlive = null;
      socket?.close();
      socket = null;
      set({ status: 'closed' });
    },
    /**
     * Joins `gameId` (docs/product.md §P1.4): skipped when already in it; otherwise up to 3 attempts, the
     * first after 500 ms, then 1 s × (attempt − 1) apart, each waiting 3 s for the game's state.
     */
    async join(gameId, watch = false) {
      watching = watch;
      if (get().game?.id === gameId) return true;
      set({ game: null, chat: [], joining: gameId, backToLobby: false });
      for (let attempt = 1; attempt <= JOIN_ATTEMPTS; attempt++) {
        await new Promise((r) => setTimeout(r, attempt === 1 ? JOIN_FIRST_DELAY_MS : 1000 * (attempt - 1)));
        if (get().joining !== gameId) return get().game?.id === gameId;
        const arrived = new Promise<boolean>((resolve) => {
          const waiter = (game: MainGameState) => {
            if (game.id !== gameId) return;
            stateWaiters.delete(waiter);
            resolve(true);
          };
          stateWaiters.add(waiter);
          setTimeout(() => {
            stateWaiters.delete(waiter);
            resolve(false);
          }, JOIN_WAIT_MS);
        });
        const type = watching ? 'watch_game' : 'join_game';
        if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type, gameId }));
        if (await arrived) return true;
      }
      set({ joining: null, backToLobby: true });
      toast({
        title: 'Connection Error',
        description: 'Failed to join game. Check your connection and try again.',
        variant: 'destructive',
      });
      return false;
    },
    send,
    leave() {
      const game = get().game;
      if (game !== null) send({ type: 'leave_game', gameId: game.id });
      set({ game: null, chat: [], joining: null });
    },
    clearGame() {
      set({ game: null, chat: [], joining: null, backToLobby: false });
    },
    rematch(gameId) {
      if (get().rematchOf !== null) return;
      if (send({ type: 'offer_rematch', gameId })) set({ rematchOf: gameId });
    },
    moved() {
      set({ movedTo: null });
    },
    async playNow(message) {
      if (playNowWaiter !== null) return null;
      const opened = await new Promise<boolean>((resolve) => {
        if (socket?.readyState === WebSocket.OPEN) return resolve(true);
        const timer = setTimeout(() => {
          stop();
          resolve(false);
        }, PLAY_NOW_WAIT_MS);
        const stop = useGame.subscribe((s) => {
          if (s.status !== 'open') return;
          clearTimeout(timer);
          stop();
          resolve(true);
        });
      });
      if (!opened) {
        fail(CONNECTION_TEXTS.notReady);
        return null;
      }
      return new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => done(null), PLAY_NOW_WAIT_MS);
        const done = (gameId: number | null) => {
          clearTimeout(timer);
          playNowWaiter = null;
          resolve(gameId);
        };
        playNowWaiter = done;
        if (!send({ ...message })) done(null);
      });
    },
    askHint(gameId) {
      if (hintWaiter !== null) return Promise.resolve(null);
      return new Promise<HintAnswer | null>((resolve) => {
        const timer = setTimeout(() => done(null), PLAY_NOW_WAIT_MS);
        const done = (hint: HintAnswer | null) => {
          clearTimeout(timer);
          hintWaiter = null;
          resolve(hint);
        };
        hintWaiter = done;
        if (!send({ type: 'request_hint', gameId })) done(null);
      });
    },
  };
});
