import type { SimpleServerMessage } from '@palace/protocol';
import { SERVICE_ERRORS, type SimpleGames, type SimpleMeta, type StoredGame } from '@palace/service';
import type { Room } from './simple-connection.js';

/** The frames a room's sockets get besides their own `game_state`: its news, and its closing. */

/**
 * The frames a change adds beside each member's `game_state`: `ai_joined` for AI seats new since
 * the last broadcast, the `newLines` newest chat lines, and `game_over` once. Notes in `room` what
 * was told.
 */
export function roomNews(
  room: Room,
  game: StoredGame<SimpleMeta>,
  newLines: number,
  games: Pick<SimpleGames, 'viewOf'>,
): SimpleServerMessage[] {
  const frames: SimpleServerMessage[] = [];
  for (const seat of game.state.seats) {
    if (seat.ai === null || room.aiSeats.has(seat.id)) continue;
    room.aiSeats.add(seat.id);
    frames.push({ type: 'ai_joined', aiName: seat.name });
  }
  const { chat, chatSeq } = game.meta;
  const fresh = Math.min(newLines, chat.length);
  room.chatSeq = Math.max(room.chatSeq, chatSeq);
  for (const line of chat.slice(chat.length - fresh)) {
    frames.push({
      type: 'chat_message',
      username: line.sender,
      text: line.text,
      timestamp: line.at,
      isSystem: line.system,
    });
  }
  if (!room.over && game.state.phase === 'finished') {
    room.over = true;
    const winner = games.viewOf(game, null).winner;
    if (winner !== null) frames.push({ type: 'game_over', winner });
  }
  return frames;
}

export function roomClosed(roomId: string): SimpleServerMessage {
  return { type: 'room_closed', roomId, message: SERVICE_ERRORS['room/closed'] };
}

/** The room was closed: its members get `room_closed` and stop holding their seats (the sockets stay open). */
export function closeRoom(room: Room): void {
  for (const member of room.members) {
    member.send(roomClosed(room.id));
    member.seat = null;
  }
  room.members.clear();
}
