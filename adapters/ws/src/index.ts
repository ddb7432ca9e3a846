/** @palace/adapter-ws — the main game's websocket (`/ws`): messages in, per-viewer views out. */
export { AWAY_AFTER_MS, Connection, Connections, REPLACED_CLOSE, SIGNED_OUT_CLOSE } from './connections.js';
export {
  CHAT_BURST,
  CHAT_WINDOW_MS,
  HEARTBEAT_MS,
  type MainSocketOptions,
  mainSocket,
  SOCKET_PATH,
  SOCKET_TEXTS,
} from './main-socket.js';
