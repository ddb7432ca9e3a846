import {
  EMOJI_CATALOGUE,
  type EmojiCategory,
  isEmojiMessage,
  type RestChatMessage,
  replaceShortcodes,
} from '@palace/protocol';
import { type ReactElement, useRef, useState } from 'react';
import { timestampLabel } from '../../lib/format.js';
import { useChatComposer } from '../variants/use-chat-composer.js';

const CATEGORIES: ReadonlyArray<readonly [EmojiCategory, string]> = [
  ['cards', 'Cards'],
  ['game-actions', 'Game actions'],
  ['reactions', 'Reactions'],
];

/** Whether a message is shown large: the server's flag, or the spec's rule on its text (docs/product.md §P2.5). */
export function isLarge(message: Pick<RestChatMessage, 'text' | 'isEmoji'>): boolean {
  return message.isEmoji || isEmojiMessage(message.text);
}

/**
 * The emoji picker of the server-backed game (docs/product.md §P2.3, form B): the catalogue by category; each
 * button (named by its description) inserts its shortcode.
 */
export function EmojiPicker(props: { readonly onPick: (shortcode: string) => void }): ReactElement {
  const [category, setCategory] = useState<EmojiCategory>('reactions');
  return (
    <div className="rest-emoji-picker">
      <fieldset className="rest-emoji-categories plain">
        <legend className="sr-only">Emoji category</legend>
        {CATEGORIES.map(([id, label]) => (
          <button
            key={id}
            type="button"
            className={`chip${id === category ? ' selected' : ''}`}
            aria-pressed={id === category}
            onClick={() => setCategory(id)}
          >
            {label}
          </button>
        ))}
      </fieldset>
      <fieldset className="emoji-grid plain">
        <legend className="sr-only">{CATEGORIES.find(([id]) => id === category)?.[1]}</legend>
        {EMOJI_CATALOGUE.filter((e) => e.category === category).map((e) => (
          <button
            key={e.id}
            type="button"
            className="emoji-option"
            aria-label={e.description}
            title={e.shortcode}
            onClick={() => props.onPick(e.shortcode)}
          >
            {e.emoji}
          </button>
        ))}
      </fieldset>
    </div>
  );
}

/**
 * The Chat tab (docs/product.md §P2.2, §P2.5, §P2.9): messages with their senders' names, shortcodes shown as
 * emojis, emoji messages large, a 400 px log; a textarea where Enter sends and Shift+Enter starts a
 * new line; blank messages are never sent. `onSend` resolves true when the message went out.
 */
export function RestChat(props: {
  readonly messages: readonly RestChatMessage[];
  readonly playerId: string;
  readonly onSend: (text: string, isEmoji: boolean) => Promise<boolean>;
}): ReactElement {
  const [picker, setPicker] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const count = props.messages.length;
  const chat = useChatComposer(count, async (message) => {
    const sent = await props.onSend(message, isEmojiMessage(message));
    if (sent) setPicker(false);
    return sent;
  });
  const { text, sending, send, setText } = chat;
  const insert = (code: string) => {
    setText((now) => (now === '' || now.endsWith(' ') ? `${now}${code}` : `${now} ${code}`));
    input.current?.focus();
  };

  return (
    <section className="card variant-chat rest-chat" aria-label="Chat">
      <h2>Chat</h2>
      <ol className="variant-chat-log" ref={chat.log} aria-live="polite" aria-label="Chat messages">
        {count === 0 && <li className="muted small">No messages yet. Say hello!</li>}
        {props.messages.map((m) => (
          <li key={m.id} className={`chat-line${m.sender === props.playerId ? ' mine' : ''}`}>
            <span className="chat-sender">{m.sender === props.playerId ? `${m.senderName} (you)` : m.senderName}</span>
            <span className={`chat-text${isLarge(m) ? ' emoji-large' : ''}`}>{replaceShortcodes(m.text)}</span>
            <time className="chat-time small muted" dateTime={new Date(m.timestamp).toISOString()}>
              {timestampLabel(m.timestamp)}
            </time>
          </li>
        ))}
      </ol>
      {picker && <EmojiPicker onPick={insert} />}
      <form
        className="variant-chat-form"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <button
          type="button"
          className="button button-secondary button-small-outline rest-emoji-toggle"
          aria-label="Emojis"
          aria-expanded={picker}
          onClick={() => setPicker((open) => !open)}
        >
          <span aria-hidden="true">😊</span>
        </button>
        <label className="sr-only" htmlFor="rest-chat-input">
          Message
        </label>
        <textarea
          id="rest-chat-input"
          ref={input}
          rows={1}
          value={text}
          maxLength={500}
          placeholder="Type a message"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={chat.onKeyDown}
        />
        <button type="submit" className="button button-primary button-small" disabled={text.trim() === '' || sending}>
          Send
        </button>
      </form>
    </section>
  );
}
