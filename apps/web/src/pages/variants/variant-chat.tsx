import { isLargeEmoji, renderShortcodes } from '@palace/protocol';
import type { FormEvent, ReactElement } from 'react';
import { timestampLabel } from '../../lib/format.js';
import { useChatComposer } from './use-chat-composer.js';

/** A chat line of the simple and public variants: a player's, or a status line ("System"). */
export interface VariantChatLine {
  readonly sender: string;
  readonly text: string;
  /** ms since the epoch */
  readonly timestamp: number;
  readonly isSystem: boolean;
}

/**
 * The chat of the username variants (docs/product.md §P2.2, §P2.5): the lines (status lines set apart), shortcodes
 * shown as emojis, emoji-only lines large; a field where Enter sends and Shift+Enter starts a new
 * line; an empty or blank message is never sent. `onSend` resolves true when the message went out
 * (the field is cleared then); a spectator may chat too.
 */
export function VariantChat(props: {
  readonly lines: readonly VariantChatLine[];
  readonly me: string | null;
  readonly onSend: (text: string) => Promise<boolean>;
  readonly disabled?: boolean;
}): ReactElement {
  const chat = useChatComposer(props.lines.length, props.onSend, props.disabled === true);
  const { text, sending } = chat;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void chat.send();
  };
  return (
    <section className="card variant-chat" aria-label="Chat">
      <h2>Chat</h2>
      <ol className="variant-chat-log" ref={chat.log} aria-live="polite" aria-label="Chat messages">
        {props.lines.length === 0 && <li className="muted small">No messages yet.</li>}
        {lineKeys(props.lines).map(([key, line]) => (
          <li
            key={key}
            className={`chat-line${line.isSystem ? ' system' : ''}${line.sender === props.me ? ' mine' : ''}`}
          >
            {!line.isSystem && <span className="chat-sender">{line.sender}</span>}
            <span className={`chat-text${isLargeEmoji(line.text) ? ' emoji-large' : ''}`}>
              {renderShortcodes(line.text)}
            </span>
            <time className="chat-time small muted" dateTime={new Date(line.timestamp).toISOString()}>
              {timestampLabel(line.timestamp)}
            </time>
          </li>
        ))}
      </ol>
      <form className="variant-chat-form" onSubmit={onSubmit}>
        <label className="sr-only" htmlFor="variant-chat-input">
          Message
        </label>
        <textarea
          id="variant-chat-input"
          rows={1}
          value={text}
          maxLength={500}
          placeholder="Type a message"
          onChange={(e) => chat.setText(e.target.value)}
          onKeyDown={chat.onKeyDown}
          disabled={props.disabled === true}
        />
        <button
          type="submit"
          className="button button-primary button-small"
          disabled={text.trim() === '' || sending || props.disabled === true}
        >
          Send
        </button>
      </form>
    </section>
  );
}

/**
 * Stable keys for chat lines: the server keeps only the latest lines, so an index would shift as
 * old lines drop off; time, sender and text (with a repeat count) do not.
 */
function lineKeys(lines: readonly VariantChatLine[]): Array<[string, VariantChatLine]> {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const base = `${line.timestamp}|${line.sender}|${line.text}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return [`${base}|${n}`, line];
  });
}
