import { replaceShortcodes } from '@palace/protocol';
import { type FormEvent, type ReactElement, useEffect, useRef, useState } from 'react';
import { timestampLabel, unreadLabel } from '../../lib/format.js';
import { useGame } from '../../stores/game-store.js';

/** In-game chat; minimised to a bubble with the unread count ("9+" above 9). */
export function ChatPanel(): ReactElement | null {
  const game = useGame((s) => s.game);
  const chat = useGame((s) => s.chat);
  const send = useGame((s) => s.send);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [seen, setSeen] = useState(0);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (open) setSeen(chat.length);
    list.current?.lastElementChild?.scrollIntoView({ block: 'nearest' });
  }, [open, chat.length]);

  if (game === null) return null;
  const unread = Math.max(0, chat.length - seen);
  if (!open) {
    return (
      <button
        type="button"
        className="chat-bubble"
        aria-label={`Open chat (${unread} unread)`}
        onClick={() => setOpen(true)}
      >
        Chat
        {unread > 0 && <span className="badge">{unreadLabel(unread)}</span>}
      </button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    if (send({ type: 'chat_message', gameId: game.id, message: text.trim() })) setText('');
  };
  return (
    <section className="chat-panel card" aria-label="Chat">
      <header>
        <h2>Chat</h2>
        <button type="button" className="icon-button" aria-label="Minimise chat" onClick={() => setOpen(false)}>
          –
        </button>
      </header>
      <ol className="chat-list" ref={list} aria-live="polite">
        {chat.map((m) => (
          <li key={m.id}>
            <strong>{m.username}</strong> <span className="muted small">{timestampLabel(m.timestamp)}</span>
            <div>{replaceShortcodes(m.message)}</div>
          </li>
        ))}
      </ol>
      <form className="chat-form" onSubmit={submit}>
        <label className="sr-only" htmlFor="chat-input">
          Message
        </label>
        <input
          id="chat-input"
          value={text}
          maxLength={500}
          onChange={(e) => setText(e.target.value)}
          placeholder="Say something…"
        />
        <button type="submit" className="button button-primary" disabled={text.trim() === ''}>
          Send
        </button>
      </form>
    </section>
  );
}
