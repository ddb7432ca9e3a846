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
  type RefObject,
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
import { EmojiPicker, PhraseMenu } from './chat-pickers.js';

/** The chat input's limit. */
const MAX_MESSAGE = 500;

/**
 * In-game chat; minimised to a bubble with the unread count ("9+" above 9). Only lines that arrive
 * while the chat is minimised count: the history a game already has when it is joined does not.
 */
export function ChatPanel(): ReactElement | null {
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
        className="chat-bubble"
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

/** The chat's width beside a wide table, in px (22rem). */
const SHEET_WIDTH = 352;
/** What the chat keeps off: the viewer's own cards and the action bar's buttons. */
const KEEP_OFF = '[data-zone="own"] button[data-card-id], .gt-actions > button';

/**
 * Over a game table, the chat lies in the play area's largest part free of the viewer's own cards
 * and the action bar's buttons: above them (a phone upright), left of them (a phone on its side,
 * where they are a column on the right) or right of them (a desktop, as a 22rem column) — never
 * over the own rows or the actions (docs/web.md "The table kit"). Its edges are set as
 * `--chat-top`, `--chat-bottom`, `--chat-left` and `--chat-right`, measured when it opens, on a
 * resize and whenever the own rows or the bar change size. Elsewhere (a waiting room) it keeps its
 * place at the bottom.
 */
function useSheetBounds(panel: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = panel.current;
    const table = element?.closest('.game-table');
    if (element === null || element === undefined || table === null || table === undefined) return;
    const place = () => {
      const width = window.innerWidth;
      const height = window.innerHeight;
      const top = Math.max(0, Math.round(table.querySelector('.gt-play')?.getBoundingClientRect().top ?? 0)) + 4;
      let offTop = height;
      let offLeft = width;
      let offRight = 0;
      for (const el of table.querySelectorAll(KEEP_OFF)) {
        if (el.closest('.chat-panel') !== null) continue;
        const box = el.getBoundingClientRect();
        if (box.width < 1 || box.height < 1) continue;
        offTop = Math.min(offTop, box.top);
        offLeft = Math.min(offLeft, box.left);
        offRight = Math.max(offRight, box.right);
      }
      const tall = Math.max(0, height - top);
      const wide = width >= 768;
      const options = [
        {
          area: width * Math.max(0, offTop - top),
          edges: {
            top,
            bottom: Math.round(height - offTop) + 4,
            right: 8,
            left: wide ? Math.max(8, width - 8 - SHEET_WIDTH) : 8,
          },
        },
        {
          area: Math.min(offLeft, wide ? SHEET_WIDTH : width) * tall,
          edges: {
            top,
            bottom: 4,
            left: wide ? Math.max(4, Math.round(offLeft) - 4 - SHEET_WIDTH) : 4,
            right: Math.round(width - offLeft) + 4,
          },
        },
        {
          area: Math.min(width - offRight, SHEET_WIDTH) * tall,
          edges: { top, bottom: 4, right: 8, left: Math.max(Math.round(offRight) + 4, width - 8 - SHEET_WIDTH) },
        },
      ];
      const best = options.reduce((a, b) => (b.area > a.area ? b : a));
      for (const [side, px] of Object.entries(best.edges)) element.style.setProperty(`--chat-${side}`, `${px}px`);
      element.classList.add('on-table');
    };
    place();
    const watch = new ResizeObserver(place);
    for (const el of table.querySelectorAll('.gt-own, .gt-actions')) watch.observe(el);
    window.addEventListener('resize', place);
    return () => {
      watch.disconnect();
      window.removeEventListener('resize', place);
    };
  }, [panel]);
}

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
  useSheetBounds(panel);
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
