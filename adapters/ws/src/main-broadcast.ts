import type { MainChatEntry, MainMeta, StoredGame } from '@palace/service';
import type { Connections } from './connections.js';
import { afterDelivery, type Delivered, deliveryOf } from './delivery.js';
import { chatFrame, send, stateFor } from './main-frames.js';

/**
 * Games whose broadcast this node remembers (the least recently changed go first). A game
 * forgotten while still watched gets its next change as a first delivery: the state, and a chat
 * line of its own (docs/architecture.md "Memory bounds").
 */
export const SENT_KEPT = 10_000;

/**
 * What this node has broadcast of each game its sockets watch (see delivery.ts: every chat line
 * newer than the last one sent goes out, and a skipped version sends the state too). A game is
 * forgotten when it ends, when nobody here watches it at a change, or past `SENT_KEPT`.
 */
export class SentToWatchers {
  private readonly games = new Map<string, Delivered>();

  /** A socket was sent `game` directly (created or joined): later lines and versions count from it. */
  saw(game: StoredGame<MainMeta>): void {
    const before = this.games.get(game.id);
    if (before !== undefined && before.version >= game.version) return;
    this.remember(game.id, { version: game.version, chatSeq: game.meta.chatSeq });
  }

  /** What to send of `game`: the chat lines not sent yet, and whether the state goes too; null when stale. */
  news(game: StoredGame<MainMeta>): { readonly lines: readonly MainChatEntry[]; readonly state: boolean } | null {
    const { meta } = game;
    const before = this.games.get(game.id);
    const change = { version: game.version, chatSeq: meta.chatSeq, chatOnly: meta.lastChange === 'chat' };
    const delivery = deliveryOf(before, change);
    if (game.state.phase === 'finished' || meta.cancelled) this.games.delete(game.id);
    else this.remember(game.id, afterDelivery(before, change));
    if (delivery === null) return null;
    return { lines: delivery.lines === 0 ? [] : meta.chat.slice(-delivery.lines), state: delivery.state };
  }

  /** Nobody here watches the game any more. */
  forget(id: string): void {
    this.games.delete(id);
  }

  /** How many games are remembered (tests check the bound). */
  get size(): number {
    return this.games.size;
  }

  private remember(id: string, delivered: Delivered): void {
    this.games.delete(id);
    this.games.set(id, delivered);
    if (this.games.size > SENT_KEPT) this.games.delete(this.games.keys().next().value ?? '');
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
