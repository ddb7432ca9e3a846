import { SIMPLE_ROOM_IDLE_MS, type SimpleGameState } from '@palace/protocol';
import {
  type Clock,
  nameKey,
  type SimpleGames,
  type SimpleMeta,
  type SimpleSeated,
  type StoredGame,
} from '@palace/service';
import type { WebSocket } from 'ws';
import { RESTART_CLOSE, RESTART_REASON } from './connections.js';
import { deliveryOf } from './delivery.js';
import { heardFromNode, type RoomAnnouncement, seatMoved } from './room-announcements.js';
import { closeRoom, roomClosed, roomNews } from './room-frames.js';
import { type Room, SimpleConnection } from './simple-connection.js';
import { SOCKET_LIMITS } from './socket-limits.js';

/** The wall clock, in ms since the epoch (the rooms' default). */
const systemClock: Clock = { now: () => Date.now() };

/**
 * The rooms of the simple websocket game on this server: which socket holds which seat, what each
 * room has been told (chat lines by `meta.chatSeq`, AI seats, the end), and when each was last
 * active. Changes come from the service's listener (`publish`), so AI moves made by the scheduler
 * are broadcast like players' moves. A room with no message and no change for `SIMPLE_ROOM_IDLE_MS`
 * by `clock` is closed by `closeIdle` (a test injects the clock instead of waiting 30 minutes).
 */
export class SimpleRooms {
  private readonly rooms = new Map<string, Room>();
  private readonly all = new Set<SimpleConnection>();

  constructor(
    readonly games: SimpleGames,
    private readonly clock: Clock = systemClock,
    /** Bytes queued for one client above which it is dropped as a slow consumer. */
    private readonly maxBufferedBytes = SOCKET_LIMITS.maxBufferedBytes,
    /** Tells the other nodes of a cluster (their sockets sit in the same rooms); none on a single node. */
    private readonly announce: (message: RoomAnnouncement) => void = () => undefined,
  ) {}

  /** The rooms' clock's time, in ms. */
  now(): number {
    return this.clock.now();
  }

  open(id: string, socket: WebSocket): SimpleConnection {
    const connection = new SimpleConnection(id, socket, this.maxBufferedBytes);
    this.all.add(connection);
    return connection;
  }

  /** The socket closed: its seat stays (a reconnect takes it back); the others get `player_left`. */
  drop(connection: SimpleConnection): void {
    this.all.delete(connection);
    if (connection.joining !== null) this.stopJoining(connection);
    this.release(connection);
  }

  /** The socket sent a message: its room is not idle. */
  touch(connection: SimpleConnection): void {
    const room = connection.seat === null ? undefined : this.rooms.get(connection.seat.roomId);
    if (room !== undefined) room.lastActive = this.clock.now();
  }

  /**
   * Called before the service is asked to seat `connection` in `roomId`: from now on the room's
   * broadcasts are kept for it (its own join line included) and sent after `join_success`.
   */
  async expect(connection: SimpleConnection, roomId: string): Promise<void> {
    let room = this.rooms.get(roomId);
    if (room === undefined) {
      // Not followed on this server yet (a new room, or the first join after a restart): start
      // counting chat lines from the stored game, so the join's own lines count as new.
      const stored = await this.games.get(roomId);
      room = this.rooms.get(roomId) ?? this.follow(roomId, stored.ok ? stored.value : null);
    }
    room.lastActive = this.clock.now();
    room.joining.add(connection);
    connection.joining = { room, latest: null, frames: [] };
  }

  /** The join was refused: nothing was kept for the socket, and an empty room is forgotten. */
  refused(connection: SimpleConnection): void {
    this.stopJoining(connection);
  }

  /**
   * The join was accepted: the socket leaves any earlier room, takes the seat from any other socket
   * holding it (that one is told), and gets `join_success` with the newest state, then what was
   * broadcast in the room meanwhile.
   */
  enter(connection: SimpleConnection, seated: SimpleSeated): void {
    const joining = connection.joining;
    if (joining === null) return;
    const { room, latest } = joining;
    connection.joining = null;
    room.joining.delete(connection);
    if (!this.all.has(connection)) return;
    const held = connection.seat;
    if (held !== null && (held.roomId !== room.id || nameKey(held.username) !== nameKey(seated.username))) {
      this.release(connection);
    }
    for (const other of room.members) {
      if (other !== connection && other.seat !== null && nameKey(other.seat.username) === nameKey(seated.username)) {
        seatMoved(room, other);
      }
    }
    const state: SimpleGameState =
      latest !== null && latest.version > seated.gameState.lastUpdate
        ? this.games.viewOf(latest, this.games.seatOf(latest, seated.username))
        : seated.gameState;
    connection.send({
      type: 'join_success',
      roomId: room.id,
      username: seated.username,
      seatToken: seated.token,
      state,
    });
    // A client built from the spec renders on `game_state`: the joiner's state goes out as one too.
    connection.send({ type: 'game_state', state });
    for (const frame of joining.frames) connection.send(frame);
    if (this.rooms.get(room.id) !== room) {
      // The room was closed for inactivity while this join was answered.
      connection.send(roomClosed(room.id));
      return;
    }
    connection.seat = { roomId: room.id, username: seated.username, seatToken: seated.token };
    connection.seatAt = this.clock.now();
    room.members.add(connection);
    room.lastActive = this.clock.now();
    this.announce({ t: 'seat', r: room.id, s: seated.username, c: connection.id, at: connection.seatAt });
  }

  /** The socket's player left the game (`leave_game` accepted): everyone is told, and the socket leaves the room. */
  left(connection: SimpleConnection): void {
    const seat = connection.seat;
    if (seat === null) return;
    const room = this.rooms.get(seat.roomId);
    for (const member of room?.members ?? []) {
      member.send({ type: 'player_left', username: seat.username, reason: 'left' });
    }
    room?.members.delete(connection);
    connection.seat = null;
    this.announce({ t: 'left', r: seat.roomId, s: seat.username, why: 'left' });
  }

  /**
   * Another node's socket took a seat here (an older holder of it on this node lets go, told as on
   * one node) or let a seat go (this node's members are told `player_left`).
   */
  remote(message: RoomAnnouncement): void {
    const room = this.rooms.get(message.r);
    if (room !== undefined) heardFromNode(room, message);
  }

  /** The rooms this node's sockets sit in. */
  followed(): string[] {
    return [...this.rooms.values()].filter((room) => room.members.size > 0).map((room) => room.id);
  }

  /**
   * Sends an accepted change to the room: every member gets its own `game_state`, then the new
   * chat lines (by `meta.chatSeq`), `ai_joined` for AI seats new since the last broadcast and
   * `game_over` once. A closed room's last change is left to `closeIdle`.
   */
  publish(game: StoredGame<SimpleMeta>): void {
    if (game.meta.closed) {
      this.closedElsewhere(game.id);
      return;
    }
    const room = this.rooms.get(game.id);
    if (room === undefined) {
      // Nobody here follows this room yet (an AI move after a restart): only start the clock.
      this.follow(game.id, game);
      return;
    }
    const delivery = deliveryOf(room, { version: game.version, chatSeq: game.meta.chatSeq, chatOnly: false });
    if (delivery === null) return;
    room.version = game.version;
    room.lastActive = this.clock.now();
    const frames = roomNews(room, game, delivery.lines, this.games);
    for (const member of room.members) {
      const seat = member.seat === null ? null : this.games.seatOf(game, member.seat.username);
      member.send({ type: 'game_state', state: this.games.viewOf(game, seat) });
      for (const frame of frames) member.send(frame);
    }
    for (const connection of room.joining) {
      if (connection.joining === null) continue;
      connection.joining.latest = game;
      connection.joining.frames.push(...frames);
    }
  }

  /**
   * Closes every room idle for `SIMPLE_ROOM_IDLE_MS` or longer: the service marks it closed (later
   * joins and actions get `room/closed`), its sockets get `room_closed` and stop holding their
   * seats (they stay open and may join another room). Answers how many rooms were closed.
   */
  async closeIdle(): Promise<number> {
    const now = this.clock.now();
    let closed = 0;
    for (const room of [...this.rooms.values()]) {
      if (now - room.lastActive < SIMPLE_ROOM_IDLE_MS || room.joining.size > 0) continue;
      const result = await this.games.close(room.id);
      // A failed write is tried again at the next sweep; a room without a game is forgotten.
      if (!result.ok && result.error.code !== 'game/not_found') continue;
      if (this.rooms.get(room.id) === room) this.rooms.delete(room.id);
      if (!result.ok) continue;
      closeRoom(room);
      closed += 1;
    }
    return closed;
  }

  /** Drops sockets that did not answer the last heartbeat, and pings the rest. */
  heartbeat(): void {
    for (const connection of [...this.all]) {
      if (!connection.heartbeat()) connection.socket.terminate();
    }
  }

  closeAll(): void {
    for (const connection of [...this.all]) {
      this.all.delete(connection);
      connection.socket.close(RESTART_CLOSE, RESTART_REASON);
    }
  }

  /**
   * The room was closed (by this node's `closeIdle`, or by another node's): its members get
   * `room_closed` and stop holding their seats, as `closeIdle` does.
   */
  private closedElsewhere(id: string): void {
    const room = this.rooms.get(id);
    if (room === undefined) return;
    this.rooms.delete(id);
    closeRoom(room);
  }

  private follow(id: string, game: StoredGame<SimpleMeta> | null): Room {
    const room: Room = {
      id,
      members: new Set(),
      joining: new Set(),
      lastActive: this.clock.now(),
      version: game?.version ?? 0,
      chatSeq: game?.meta.chatSeq ?? 0,
      aiSeats: new Set(game?.state.seats.filter((s) => s.ai !== null).map((s) => s.id) ?? []),
      over: game?.state.phase === 'finished',
      closed: game !== null && this.games.isClosed(game),
    };
    this.rooms.set(id, room);
    return room;
  }

  private stopJoining(connection: SimpleConnection): void {
    const joining = connection.joining;
    if (joining === null) return;
    connection.joining = null;
    const { room } = joining;
    room.joining.delete(connection);
    const empty = room.members.size === 0 && room.joining.size === 0;
    // A room this server only looked up for a join that failed (a bad code, a closed room).
    if (empty && (room.version === 0 || room.closed) && this.rooms.get(room.id) === room) this.rooms.delete(room.id);
  }

  /** The socket stops holding its seat (the seat stays); the others in the room get `player_left`. */
  private release(connection: SimpleConnection): void {
    const seat = connection.seat;
    if (seat === null) return;
    connection.seat = null;
    const room = this.rooms.get(seat.roomId);
    if (room === undefined) return;
    room.members.delete(connection);
    for (const member of room.members)
      member.send({ type: 'player_left', username: seat.username, reason: 'disconnected' });
    this.announce({ t: 'left', r: seat.roomId, s: seat.username, why: 'disconnected' });
  }
}
