import type { MainChatEntry, MainMeta, StoredGame } from '@palace/service';
import type { Connections } from './connections.js';
import { afterDelivery, type Delivered, deliveryOf } from './delivery.js';
import { chatFrame, send, stateFor } from './main-frames.js';

/**
 * What this node has broadcast of each game its sockets watch (see delivery.ts: every chat line
 * newer than the last one sent goes out, and a skipped version sends the state too).
 */
export class SentToWatchers {
  private readonly games = new Map<string, Delivered>();

  /** A socket was sent `game` directly (created or joined): later lines and versions count from it. */
  saw(game: StoredGame<MainMeta>): void {
    const before = this.games.get(game.id);
    if (before !== undefined && before.version >= game.version) return;
    this.games.set(game.id, { version: game.version, chatSeq: game.meta.chatSeq });
  }

  /** What to send of `game`: the chat lines not sent yet, and whether the state goes too; null when stale. */
  news(game: StoredGame<MainMeta>): { readonly lines: readonly MainChatEntry[]; readonly state: boolean } | null {
    const { meta } = game;
    const before = this.games.get(game.id);
    const change = { version: game.version, chatSeq: meta.chatSeq, chatOnly: meta.lastChange === 'chat' };
    const delivery = deliveryOf(before, change);
    if (game.state.phase === 'finished' || meta.cancelled) this.games.delete(game.id);
    else this.games.set(game.id, afterDelivery(before, change));
    if (delivery === null) return null;
    return { lines: delivery.lines === 0 ? [] : meta.chat.slice(-delivery.lines), state: delivery.state };
  }

  /** Nobody here watches the game any more. */
  forget(id: string): void {
    this.games.delete(id);
  }
}

/** Sends a change to everyone watching the game: new chat lines as `chat_message`, else (or also) per-viewer state. */
export function broadcast(connections: Connections, sent: SentToWatchers, game: StoredGame<MainMeta>): void {
  const watchers = connections.watching(game.id);
  if (watchers.length === 0) {
    sent.forget(game.id);
    return;
  }
  const news = sent.news(game);
  if (news === null) return;
  for (const line of news.lines) {
    const frame = JSON.stringify(chatFrame(game.id, line));
    for (const connection of watchers) connection.send(frame);
  }
  if (news.state) for (const connection of watchers) send(connection, stateFor(connection, game));
}
