import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';

/** What a chat's message field needs: the draft, whether it is on its way, and the handlers. */
export interface ChatComposer {
  readonly text: string;
  setText(update: string | ((now: string) => string)): void;
  readonly sending: boolean;
  /** Sends the trimmed draft (never a blank one); clears it when `onSend` resolves true. */
  send(): Promise<void>;
  /** Enter sends; Shift+Enter (and Enter while composing with an IME) starts a new line. */
  onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void;
  /** The message log: kept scrolled to its newest line. */
  readonly log: RefObject<HTMLOListElement | null>;
}

/**
 * The chat rules every variant's chat shares (docs/product.md §P2.5): an empty or whitespace-only message is
 * never sent, Enter sends and Shift+Enter does not, one message at a time; and the log follows
 * the newest of its `count` lines.
 */
export function useChatComposer(
  count: number,
  onSend: (message: string) => Promise<boolean>,
  disabled = false,
): ChatComposer {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const log = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = log.current;
    if (el !== null && count > 0) el.scrollTop = el.scrollHeight;
  }, [count]);

  const send = async () => {
    const message = text.trim();
    if (message === '' || sending || disabled) return;
    setSending(true);
    try {
      if (await onSend(message)) setText('');
    } finally {
      setSending(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };
  return { text, setText, sending, send, onKeyDown, log };
}
