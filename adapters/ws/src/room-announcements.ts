import { nameKey } from '@palace/service';
import { type Room, SEAT_MOVED, type SimpleConnection } from './simple-connection.js';

/**
 * What this node tells the other nodes of a cluster about its rooms' sockets: a seat taken by a
 * socket (at `at`, ms: an older holder elsewhere lets go), a seat's socket gone (`left` the game,
 * or `disconnected`).
 */
export type RoomAnnouncement =
  | { readonly t: 'seat'; readonly r: string; readonly s: string; readonly c: string; readonly at: number }
  | { readonly t: 'left'; readonly r: string; readonly s: string; readonly why: 'left' | 'disconnected' };

/** `member` lets its seat go to a newer socket (one socket per seat): it leaves the room and is told. */
export function seatMoved(room: Room, member: SimpleConnection): void {
  member.seat = null;
  room.members.delete(member);
  member.send({ type: 'error', message: SEAT_MOVED });
}

/**
 * What another node announced of `room`: its socket took a seat here (an older holder of it on
 * this node lets go, told as on one node), or let a seat go (this node's members are told
 * `player_left`).
 */
export function heardFromNode(room: Room, message: RoomAnnouncement): void {
  if (message.t === 'left') {
    for (const member of room.members) member.send({ type: 'player_left', username: message.s, reason: message.why });
    return;
  }
  for (const member of [...room.members]) {
    if (member.seat === null || nameKey(member.seat.username) !== nameKey(message.s)) continue;
    const newer = member.seatAt !== message.at ? member.seatAt > message.at : member.id > message.c;
    if (newer) continue;
    seatMoved(room, member);
  }
}
