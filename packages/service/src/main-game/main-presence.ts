import type { GameState } from '@palace/core';
import type { SeatNotice } from '../presence-clock.js';
import { type MainMeta, withChatLine } from './main-meta.js';

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
  const text = presenceText(name, notice, seat?.left === true);
  // Sent as the game's state (the seat's presence changed too), the line within its chat.
  return { ...withChatLine(meta, TABLE_LINE_USER, text, at).meta, lastChange: 'state' };
}
