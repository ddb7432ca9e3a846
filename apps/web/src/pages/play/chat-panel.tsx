import {
  colonQuery,
  currentWord,
  isLargeEmoji,
  type PickerCategory,
  type QuickPhrase,
  quickPhraseMessage,
  renderShortcodes,
  suggestFor,
} from '@palace/protocol';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactElement,
  type SyntheticEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { timestampLabel, unreadLabel } from '../../lib/format.js';
import { useAuth } from '../../stores/auth-store.js';
import { useGame } from '../../stores/game-store.js';
import { useSheetBounds } from '../../table/sheet-bounds.js';
import { EmojiPicker, PhraseMenu } from './chat-pickers.js';

/** The chat input's limit. */
const MAX_MESSAGE = 500;

/**
 * In-game chat; minimised to a bubble with the unread count ("9+" above 9): in the table's action
 * bar during play, and `inline` in the waiting room's flow (a floating button lay over its text).
 * Only lines that arrive while the chat is minimised count: the history a game already has when it
 * is joined does not.
 */
export function ChatPanel({ inline = false }: { readonly inline?: boolean } = {}): ReactElement | null {
  const game = useGame((s) => s.game);
  const chat = useGame((s) => s.chat);
  const [open, setOpen] = useState(false);
  const gameId = game?.id ?? null;
  /** How many lines of game `gameId` have been seen: all of those there when the game came. */
  const [seen, setSeen] = useState({ gameId, count: chat.length });
  if (seen.gameId !== gameId) setSeen({ gameId, count: chat.length });

  useEffect(() => {
    if (open) setSeen((s) => ({ ...s, count: chat.length }));
  }, [open, chat.length]);

  // Closed again: focus goes back to the Chat button (not lost to the page).
  const bubble = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!open && wasOpen.current) bubble.current?.focus();
    wasOpen.current = open;
  }, [open]);

  if (game === null) return null;
  const unread = seen.gameId === gameId ? Math.max(0, chat.length - seen.count) : 0;
  if (!open) {
    return (
      <button
        ref={bubble}
        type="button"
        className={inline ? 'chat-bubble chat-bubble-inline' : 'chat-bubble'}
        aria-label={`Open chat (${unread} unread)`}
        onClick={() => setOpen(true)}
      >
        Chat
        {unread > 0 && <span className="badge">{unreadLabel(unread)}</span>}
      </button>
    );
  }
  return <ChatWindow gameId={game.id} onMinimise={() => setOpen(false)} />;
}

/** How far a swipe on the chat's header (down or right) must go to close it, in px. */
export const SWIPE_CLOSE_PX = 60;

/** Which emoji picker is showing: none, opened by its button, or opened by typing `:` + letters. */
type PickerMode = 'closed' | 'button' | 'colon';

/** The open chat: messages, emoji picker, suggestions, quick phrases and the input. */
function ChatWindow({ gameId, onMinimise }: { gameId: number; onMinimise: () => void }): ReactElement {
  const chat = useGame((s) => s.chat);
  // A watcher reads the chat but does not write in it (docs/product.md §D11 watching).
  const userId = useAuth((s) => s.user?.id);
  const seated = useGame((s) => s.game?.players.some((p) => p.id === userId) === true);
  const send = useGame((s) => s.send);
  const [text, setText] = useState('');
  /** Where the cursor is in `text` (suggestions and the `:query` look at the text before it). */
  const [caret, setCaret] = useState(0);
  const [picker, setPicker] = useState<PickerMode>('closed');
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<PickerCategory>('cards');
  /** A `:query` the player closed the picker on: it does not reopen until the query changes. */
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [phrasesOpen, setPhrasesOpen] = useState(false);
  const panel = useRef<HTMLElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const emojiButton = useRef<HTMLButtonElement>(null);
  const phrasesButton = useRef<HTMLButtonElement>(null);
  /** Where a pointer went down on the header (a swipe down or right closes the chat). */
  const swipe = useRef<{ x: number; y: number } | null>(null);
  useSheetBounds(panel, true);
  /** The cursor position to restore after the text was changed by an emoji choice. */
  const pendingCaret = useRef<number | null>(null);
  const ids = useId();
  const pickerId = `${ids}-emoji-picker`;
  const menuId = `${ids}-phrases`;

  const count = chat.length;
  useEffect(() => {
    if (count > 0) list.current?.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);

  // After an emoji choice changed the text: focus the input with the cursor after the emoji.
  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null) return;
    pendingCaret.current = null;
    input.current?.focus();
    input.current?.setSelectionRange(at, at);
  });

  // A picker or menu opened by its button closes on a press outside the chat.
  useEffect(() => {
    if (picker !== 'button' && !phrasesOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && panel.current?.contains(event.target)) return;
      setPicker('closed');
      setPhrasesOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [picker, phrasesOpen]);

  const before = text.slice(0, caret);
  const query = colonQuery(before);
  const word = currentWord(before);
  const suggestions = picker === 'closed' && query === null ? suggestFor(before) : [];

  const edit = (value: string, at: number) => {
    setText(value);
    setCaret(at);
    const q = colonQuery(value.slice(0, at));
    if (q === null) setDismissed(null);
    if (q !== null && q !== dismissed) {
      setPicker('colon');
      setSearch(q);
      setPhrasesOpen(false);
    } else if (picker === 'colon') {
      setPicker('closed');
    }
  };

  /** Puts `emoji` in place of `[from, caret)` of the text and the cursor right after it. */
  const place = (emoji: string, from: number) => {
    const next = text.slice(0, from) + emoji + text.slice(caret);
    if (next.length > MAX_MESSAGE) return;
    pendingCaret.current = from + emoji.length;
    setText(next);
    setCaret(from + emoji.length);
  };

  const choose = (emoji: string) => {
    // From the colon trigger, the emoji replaces the `:query`; otherwise it goes in at the cursor.
    const from = picker === 'colon' && query !== null ? caret - query.length - 1 : caret;
    setPicker('closed');
    place(emoji, from);
    input.current?.focus();
  };

  const closePicker = () => {
    if (picker === 'colon') {
      setDismissed(query);
      input.current?.focus();
    } else {
      emojiButton.current?.focus();
    }
    setPicker('closed');
  };

  const togglePicker = () => {
    setPhrasesOpen(false);
    if (picker === 'button') {
      setPicker('closed');
      return;
    }
    setSearch('');
    setPicker('button');
  };

  const togglePhrases = () => {
    setPicker('closed');
    setPhrasesOpen(!phrasesOpen);
  };

  const sendPhrase = (phrase: QuickPhrase) => {
    setPhrasesOpen(false);
    send({ type: 'chat_message', gameId, message: quickPhraseMessage(phrase) });
    phrasesButton.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (message === '') return;
    if (send({ type: 'chat_message', gameId, message })) {
      setText('');
      setCaret(0);
      setPicker('closed');
      setDismissed(null);
    }
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (picker !== 'colon') return;
    if (event.key === 'Escape') {
      event.preventDefault();
      closePicker();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      // Into the picker's results, to choose one by keyboard.
      event.preventDefault();
      document.getElementById(pickerId)?.querySelector<HTMLButtonElement>('.emoji-option')?.focus();
    }
  };

  const trackCaret = (event: SyntheticEvent<HTMLInputElement>) => {
    const at = event.currentTarget.selectionStart;
    if (at !== null && at !== caret) setCaret(at);
  };

  return (
    <section
      className="chat-panel card"
      aria-label="Chat"
      ref={panel}
      onKeyDown={(event) => {
        // Escape closes an open picker or menu first (their own handlers), then the chat.
        if (event.key !== 'Escape' || event.defaultPrevented || picker !== 'closed' || phrasesOpen) return;
        event.preventDefault();
        onMinimise();
      }}
    >
      <header
        className="chat-head"
        onPointerDown={(event) => {
          swipe.current = { x: event.clientX, y: event.clientY };
        }}
        onPointerUp={(event) => {
          const from = swipe.current;
          swipe.current = null;
          if (from === null) return;
          if (event.clientY - from.y >= SWIPE_CLOSE_PX || event.clientX - from.x >= SWIPE_CLOSE_PX) onMinimise();
        }}
        onPointerCancel={() => {
          swipe.current = null;
        }}
      >
        <h2>Chat</h2>
        <button
          type="button"
          className="button button-secondary button-small"
          aria-label="Close chat"
          onClick={onMinimise}
        >
          Close
        </button>
      </header>
      <ol className="chat-list" ref={list} aria-live="polite">
        {chat.map((m) => (
          <li key={m.id}>
            <strong>{m.username}</strong> <span className="muted small">{timestampLabel(m.timestamp)}</span>
            <div className={isLargeEmoji(m.message) ? 'chat-text chat-text-large' : 'chat-text'}>
              {renderShortcodes(m.message)}
            </div>
          </li>
        ))}
      </ol>
      {picker !== 'closed' && (
        <EmojiPicker
          key={picker}
          id={pickerId}
          search={search}
          onSearch={setSearch}
          tab={tab}
          onTab={setTab}
          autoFocus={picker === 'button'}
          onChoose={choose}
          onClose={closePicker}
        />
      )}
      {phrasesOpen && (
        <PhraseMenu id={menuId} onChoose={sendPhrase} onClose={() => setPhrasesOpen(false)} toggle={phrasesButton} />
      )}
      {suggestions.length > 0 && word !== null && (
        <fieldset className="plain emoji-suggestions">
          <legend className="sr-only">Emoji suggestions</legend>
          {suggestions.map((e) => (
            <button
              key={e.name}
              type="button"
              className="emoji-suggestion"
              aria-label={e.name}
              title={`:${e.name}:`}
              onClick={() => place(e.emoji, caret - word.length)}
            >
              {e.emoji}
            </button>
          ))}
        </fieldset>
      )}
      {!seated ? (
        <p className="muted small chat-readonly">Spectators read the chat; only the players write in it.</p>
      ) : (
        <form className="chat-form" onSubmit={submit}>
          <button
            ref={emojiButton}
            type="button"
            className="icon-button chat-tool"
            aria-label="Emoji"
            aria-haspopup="dialog"
            aria-expanded={picker !== 'closed'}
            aria-controls={picker !== 'closed' ? pickerId : undefined}
            onClick={togglePicker}
          >
            <span aria-hidden="true">😊</span>
          </button>
          <button
            ref={phrasesButton}
            type="button"
            className="icon-button chat-tool"
            aria-label="Quick phrases"
            aria-haspopup="menu"
            aria-expanded={phrasesOpen}
            aria-controls={phrasesOpen ? menuId : undefined}
            onClick={togglePhrases}
          >
            <span aria-hidden="true">💬</span>
          </button>
          <label className="sr-only" htmlFor={`${ids}-input`}>
            Message
          </label>
          <input
            ref={input}
            id={`${ids}-input`}
            value={text}
            maxLength={MAX_MESSAGE}
            autoComplete="off"
            onChange={(e) => edit(e.target.value, e.target.selectionStart ?? e.target.value.length)}
            onSelect={trackCaret}
            onKeyDown={onInputKeyDown}
            placeholder="Say something…"
          />
          <button type="submit" className="button button-primary" disabled={text.trim() === ''}>
            Send
          </button>
        </form>
      )}
    </section>
  );
}
