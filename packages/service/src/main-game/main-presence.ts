import type { GameState } from '@palace/core';
import { MAIN_CHAT_KEEP } from '@palace/protocol';
import type { SeatNotice } from '../presence-clock.js';
import type { MainChatEntry, MainMeta } from './main-meta.js';

/** The sender of the table's own lines in the chat: no account has id 0 (the house's ledger id). */
export const TABLE_LINE_USER = { userId: 0, username: 'Palace', avatar: null } as const;

/** The line the table is told when a seat's presence changes (docs/product.md §D13 presence). */
export function presenceText(name: string, notice: SeatNotice, left: boolean): string {
  switch (notice.what) {
    case 'reconnecting':
      return `${name} lost connection — reconnecting…`;
    case 'away':
      return left ? `${name} left — the computer plays for them` : `${name} is away — the computer plays for them`;
    case 'back':
      return `${name} is back`;
  }
}

/**
 * The main game's `seatNotice`: the line goes into the chat (from "Palace", id 0), so everyone at
 * the table and every watcher reads it once, and it stays in the game's chat history.
 */
export function mainSeatNotice(meta: MainMeta, notice: SeatNotice, state: GameState, at: number): MainMeta {
  const seat = state.seats.find((s) => s.id === notice.seat);
  const name = meta.seats[notice.seat]?.username ?? seat?.name ?? 'A player';
  const line: MainChatEntry = {
    id: meta.chatSeq + 1,
    ...TABLE_LINE_USER,
    message: presenceText(name, notice, seat?.left === true),
    at,
  };
  // Sent as the game's state (the seat's presence changed too), the line within its chat.
  return { ...meta, chat: [...meta.chat, line].slice(-MAIN_CHAT_KEEP), chatSeq: line.id, lastChange: 'state' };
}
