/**
 * @palace/adapter-ws — the websockets: the main game's `/ws` and the simple websocket game's
 * `/simple-ws`. Messages in (validated with the protocol schemas), per-viewer views out.
 */
export { Connection } from './connection.js';
export { Connections, REPLACED_CLOSE, RESTART_CLOSE, SIGNED_OUT_CLOSE } from './connections.js';
export { SOCKET_TEXTS } from './main-frames.js';
export { type MainSocketOptions, mainSocket, SOCKET_PATH } from './main-socket.js';
export { CROSS_SITE_TEXT, type OriginHeaders, originAllowed, parseOrigins } from './origin.js';
export {
  AWAY_AFTER_MS,
  type ConnectionsCluster,
  PRESENCE_WRITE_MS,
  type PresenceBoard,
  type SocketAnnouncement,
} from './presence.js';
export type { RoomAnnouncement } from './room-announcements.js';
export { type HeldSeat, SEAT_MOVED, SimpleConnection } from './simple-connection.js';
export { SimpleRooms } from './simple-rooms.js';
export { SIMPLE_SOCKET_PATH, SIMPLE_SWEEP_MS, type SimpleSocketOptions, simpleSocket } from './simple-socket.js';
export { HEARTBEAT_MS, INTERNAL_TEXT, type SocketDoorOptions } from './socket-door.js';
export {
  Budget,
  CHAT_BURST,
  CHAT_WINDOW_MS,
  ChatWindow,
  FLOOD_CLOSE,
  type GameBudget,
  LIMIT_TEXTS,
  MessageQueue,
  type Queued,
  SOCKET_LIMITS,
  type SocketLimits,
} from './socket-limits.js';
export { WS_MAX_PAYLOAD } from './socket-plugin.js';
