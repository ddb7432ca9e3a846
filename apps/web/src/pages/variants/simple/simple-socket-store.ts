import type { AiLevelName, SimpleClientMessage, SimpleGameState, SimpleServerMessage } from '@palace/protocol';
import { create } from 'zustand';
import { isLocalHost } from '../../../lib/local-host.js';
import type { VariantChatLine } from '../variant-chat.js';
import { errorToast } from './simple-toasts.js';

/**
 * The simple websocket game's connection (docs/product.md §P2.4, §P2.7, §P2.8, §P2.9; docs/api.md "Simple websocket
 * game"), kept out of React so its retry policy can be tested with fake timers and a fake socket.
 * It joins on `connection_established` (with the seat token of an earlier `join_success`, so a
 * reload or a reconnect takes the seat back), keeps the latest view and the chat, and retries a
 * failed or dropped connection 3 times, 2 s apart.
 */

/** docs/product.md §P2.8, word for word. */
export const SOCKET_TEXTS = {
  connectFailed: 'Error connecting to game. Please try again.',
  lost: 'Connection lost. Please refresh and try again.',
  roomClosed: 'Room closed due to inactivity',
  addAiFailed: 'Failed to add AI opponent',
} as const;

/** docs/product.md §P2.9: automatic retries after a connect error or a drop. */
export const SOCKET_RETRIES = 3;
/** docs/product.md §P2.9: the wait before each retry, in ms. */
export const SOCKET_RETRY_MS = 2000;
/** How many chat lines the screen keeps (the server keeps as many). */
const CHAT_KEEP = 200;

/**
 * Where the connection stands:
 * - `connecting`: the first connection (and its retries) until the join succeeds;
 * - `joined`: seated, the view is live;
 * - `reconnecting`: the connection dropped after it worked; retrying with the seat token;
 * - `failed`: the first connection never worked after every retry;
 * - `lost`: a dropped connection could not be restored;
 * - `refused`: the server refused the join (its `error` text is in `notice`);
 * - `closed`: the room closed (`room_closed`); no more retries.
 */
export type SocketPhase = 'idle' | 'connecting' | 'joined' | 'reconnecting' | 'failed' | 'lost' | 'refused' | 'closed';

/** The little of a WebSocket the store uses (the browser's, or a fake in tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

/** WebSocket.OPEN */
const OPEN = 1;

/** Opens a socket to `url`; replaced in tests. */
export type SocketFactory = (url: string) => SocketLike;

let factory: SocketFactory = (url) => new WebSocket(url);

/** Tests hand in a fake socket; `null` puts the browser's WebSocket back. */
export function setSocketFactory(next: SocketFactory | null): void {
  factory = next ?? ((url) => new WebSocket(url));
}

/**
 * `/simple-ws` on this page's host (docs/product.md §P2.7: "secure scheme unless the host is local"): `wss:`
 * always from an https page and for any public host; `ws:` only from an http page on a local host
 * (this machine or a private LAN address, so play on a home network over http works).
 */
export function socketUrl(location: Pick<Location, 'protocol' | 'host' | 'hostname'> = window.location): string {
  const secure = location.protocol === 'https:' || !isLocalHost(location.hostname);
  return `${secure ? 'wss:' : 'ws:'}//${location.host}/simple-ws`;
}

/** Session-storage key of a seat token: one per room and (case-blind) username. */
export function seatTokenKey(roomId: string, username: string): string {
  return `palace_simple_seat:${roomId}:${username.trim().toLowerCase()}`;
}

function readToken(roomId: string, username: string): string | null {
  try {
    return sessionStorage.getItem(seatTokenKey(roomId, username));
  } catch {
    return null;
  }
}

function writeToken(roomId: string, username: string, token: string): void {
  try {
    sessionStorage.setItem(seatTokenKey(roomId, username), token);
  } catch {
    // No storage: a reload will ask for the seat without the token (and may be refused).
  }
}

export interface SimpleSocketState {
  readonly phase: SocketPhase;
  readonly roomId: string;
  /** The name typed, then as the server stored it. */
  readonly username: string;
  readonly game: SimpleGameState | null;
  readonly chat: readonly VariantChatLine[];
  /** The message shown for the connection (docs/product.md §P2.8) or the server's refusal of the join. */
  readonly notice: string | null;
  /** Retries used since the connection last worked. */
  readonly retries: number;
  /** Opens the connection and joins `roomId` as `username`. */
  connect(roomId: string, username: string): void;
  /** Starts over after `failed` or `lost` (the "try again" of the message). */
  retry(): void;
  /** Sends an action for the seat; false when not connected (nothing sent). */
  send(message: SimpleClientMessage): boolean;
  /** Asks for an AI opponent at `level`; a refusal with no text reads "Failed to add AI opponent". */
  addAi(level: AiLevelName): void;
  /** Leaves the game (`leave_game`) and closes the connection. */
  leave(): void;
  /** Closes the connection without leaving (the screen unmounts); no retry follows. */
  close(): void;
}

/** Two chat lines are one when sender, text and time (ms) agree. */
function sameLine(a: VariantChatLine, b: VariantChatLine): boolean {
  return a.timestamp === b.timestamp && a.sender === b.sender && a.text === b.text;
}

/** The idle state's data (no connection). */
const IDLE = {
  phase: 'idle',
  roomId: '',
  username: '',
  game: null,
  chat: [],
  notice: null,
  retries: 0,
} as const satisfies Partial<SimpleSocketState>;

export const useSimpleSocket = create<SimpleSocketState>()((set, get) => {
  /** The live socket; events of older ones are ignored. */
  let socket: SocketLike | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The join worked at least once on this screen: a later close is a drop, not a connect error. */
  let everJoined = false;
  let addAiPending = false;

  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  /** Forgets the socket (its later events are ignored) and closes it. */
  const dropSocket = () => {
    const old = socket;
    socket = null;
    if (old !== null) {
      old.onopen = null;
      old.onmessage = null;
      old.onclose = null;
      old.onerror = null;
      try {
        old.close();
      } catch {
        // Already closed.
      }
    }
  };

  const raw = (s: SocketLike, message: SimpleClientMessage) => {
    if (s.readyState === OPEN) s.send(JSON.stringify(message));
  };

  /** A connection failed or dropped: retry after 2 s while retries are left, else give up. */
  const failed = () => {
    dropSocket();
    const { retries, phase } = get();
    if (phase === 'idle' || phase === 'refused' || phase === 'closed') return;
    if (retries < SOCKET_RETRIES) {
      set({
        retries: retries + 1,
        phase: everJoined ? 'reconnecting' : 'connecting',
        notice: everJoined ? SOCKET_TEXTS.lost : null,
      });
      stopTimer();
      timer = setTimeout(open, SOCKET_RETRY_MS);
      return;
    }
    set(
      everJoined
        ? { phase: 'lost', notice: SOCKET_TEXTS.lost }
        : { phase: 'failed', notice: SOCKET_TEXTS.connectFailed },
    );
  };

  const onMessage = (s: SocketLike, message: SimpleServerMessage) => {
    const { roomId, username } = get();
    switch (message.type) {
      case 'connection_established': {
        const seatToken = readToken(roomId, username);
        raw(s, { type: 'join_game', roomId, username, ...(seatToken === null ? {} : { seatToken }) });
        return;
      }
      case 'join_success':
        writeToken(roomId, message.username, message.seatToken);
        if (message.username.toLowerCase() !== username.toLowerCase()) writeToken(roomId, username, message.seatToken);
        everJoined = true;
        set({
          phase: 'joined',
          username: message.username,
          game: message.state,
          chat: message.state.chat.slice(-CHAT_KEEP),
          notice: null,
          retries: 0,
        });
        return;
      case 'game_state':
        set({ game: message.state });
        return;
      case 'chat_message': {
        const line: VariantChatLine = {
          sender: message.username,
          text: message.text,
          timestamp: message.timestamp,
          isSystem: message.isSystem,
        };
        // The lines a join wrote come both in join_success's history and as messages: keep one.
        set((state) =>
          state.chat.some((l) => sameLine(l, line)) ? {} : { chat: [...state.chat, line].slice(-CHAT_KEEP) },
        );
        return;
      }
      case 'ai_joined':
        addAiPending = false;
        return;
      case 'room_closed':
        stopTimer();
        dropSocket();
        set({ phase: 'closed', notice: message.message || SOCKET_TEXTS.roomClosed });
        return;
      case 'error': {
        if (get().phase !== 'joined') {
          // Only the join was sent: the server refused the seat (game started, name taken, …).
          stopTimer();
          dropSocket();
          set({ phase: 'refused', notice: message.message || 'Failed to join game' });
          return;
        }
        const fallback = addAiPending ? SOCKET_TEXTS.addAiFailed : 'Something went wrong';
        addAiPending = false;
        errorToast(message.message || fallback);
        return;
      }
      default:
        // game_over and player_left: the state and the chat lines that come with them say it all.
        return;
    }
  };

  function open(): void {
    stopTimer();
    dropSocket();
    let s: SocketLike;
    try {
      s = factory(socketUrl());
    } catch {
      failed();
      return;
    }
    socket = s;
    s.onmessage = (event) => {
      if (socket !== s) return;
      let message: SimpleServerMessage;
      try {
        message = JSON.parse(String(event.data)) as SimpleServerMessage;
      } catch {
        return;
      }
      onMessage(s, message);
    };
    s.onclose = () => {
      if (socket === s) failed();
    };
    // An error is followed by a close, which does the retrying.
    s.onerror = () => undefined;
  }

  return {
    ...IDLE,
    connect(roomId, username) {
      stopTimer();
      dropSocket();
      everJoined = false;
      addAiPending = false;
      set({ ...IDLE, phase: 'connecting', roomId, username });
      open();
    },
    retry() {
      const { roomId } = get();
      if (roomId === '') return;
      set({
        phase: everJoined ? 'reconnecting' : 'connecting',
        retries: 0,
        notice: everJoined ? SOCKET_TEXTS.lost : null,
      });
      open();
    },
    send(message) {
      if (socket === null || socket.readyState !== OPEN || get().phase !== 'joined') return false;
      socket.send(JSON.stringify(message));
      return true;
    },
    addAi(level) {
      const { roomId, username } = get();
      addAiPending = get().send({ type: 'add_ai', roomId, username, level });
    },
    leave() {
      const { roomId, username } = get();
      get().send({ type: 'leave_game', roomId, username });
      get().close();
    },
    close() {
      stopTimer();
      dropSocket();
      everJoined = false;
      addAiPending = false;
      set({ ...IDLE });
    },
  };
});
