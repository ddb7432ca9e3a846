import {
  colonQuery,
  currentWord,
  EMOJI_PICKER,
  isLargeEmoji,
  PICKER_CATEGORIES,
  type PickerCategory,
  type PickerEmoji,
  QUICK_PHRASES,
  type QuickPhrase,
  quickPhraseMessage,
  renderShortcodes,
  searchEmoji,
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

  if (game === null) return null;
  const unread = seen.gameId === gameId ? Math.max(0, chat.length - seen.count) : 0;
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
  return <ChatWindow gameId={game.id} onMinimise={() => setOpen(false)} />;
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
    <section className="chat-panel card" aria-label="Chat" ref={panel}>
      <header>
        <h2>Chat</h2>
        <button type="button" className="icon-button" aria-label="Minimise chat" onClick={onMinimise}>
          –
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

/** The tab a key moves to from `index` of `count`, or null for other keys. */
function tabTarget(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * The emoji picker: a non-modal dialog with a search box and, while the search is empty,
 * category tabs (WAI-ARIA tabs, automatic activation); Escape closes it.
 */
function EmojiPicker(props: {
  id: string;
  search: string;
  onSearch: (value: string) => void;
  tab: PickerCategory;
  onTab: (tab: PickerCategory) => void;
  /** Focus the search box on opening (not when opened by typing, so typing goes on). */
  autoFocus: boolean;
  onChoose: (emoji: string) => void;
  onClose: () => void;
}): ReactElement {
  const { id, search, tab } = props;
  const searchBox = useRef<HTMLInputElement>(null);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const autoFocus = useRef(props.autoFocus);

  useEffect(() => {
    if (autoFocus.current) searchBox.current?.focus();
  }, []);

  const searching = search.trim() !== '';
  const shown: readonly PickerEmoji[] = searching
    ? searchEmoji(search, EMOJI_PICKER.length)
    : EMOJI_PICKER.filter((e) => e.category === tab);

  const onTabKey = (event: KeyboardEvent, index: number) => {
    const target = tabTarget(event.key, index, PICKER_CATEGORIES.length);
    const category = target === null ? undefined : PICKER_CATEGORIES[target];
    if (target === null || category === undefined) return;
    event.preventDefault();
    props.onTab(category.id);
    tabs.current[target]?.focus();
  };

  const options = shown.map((e) => (
    <button
      key={e.name}
      type="button"
      className="emoji-option"
      aria-label={e.name}
      title={`:${e.name}:`}
      onClick={() => props.onChoose(e.emoji)}
    >
      {e.emoji}
    </button>
  ));

  return (
    <dialog
      open
      id={id}
      className="emoji-picker"
      aria-label="Emoji picker"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        props.onClose();
      }}
    >
      <input
        ref={searchBox}
        type="search"
        className="emoji-search"
        aria-label="Search emoji"
        placeholder="Search emoji"
        autoComplete="off"
        value={search}
        onChange={(e) => props.onSearch(e.target.value)}
      />
      {searching ? (
        <fieldset className="plain emoji-grid">
          <legend className="sr-only">Search results</legend>
          {options.length > 0 ? options : <p className="muted small">No emoji found</p>}
        </fieldset>
      ) : (
        <>
          <div className="emoji-tabs" role="tablist" aria-label="Emoji categories">
            {PICKER_CATEGORIES.map((category, index) => (
              <button
                key={category.id}
                ref={(element) => {
                  tabs.current[index] = element;
                }}
                type="button"
                role="tab"
                id={`${id}-tab-${category.id}`}
                aria-selected={category.id === tab}
                aria-controls={`${id}-panel`}
                tabIndex={category.id === tab ? 0 : -1}
                onClick={() => props.onTab(category.id)}
                onKeyDown={(event) => onTabKey(event, index)}
              >
                {category.label}
              </button>
            ))}
          </div>
          <div className="emoji-grid" role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`}>
            {options}
          </div>
        </>
      )}
    </dialog>
  );
}

/** The quick-phrase menu (WAI-ARIA menu): arrows move, Escape or Tab closes. */
function PhraseMenu(props: {
  id: string;
  onChoose: (phrase: QuickPhrase) => void;
  onClose: () => void;
  toggle: RefObject<HTMLButtonElement | null>;
}): ReactElement {
  const items = useRef<Array<HTMLButtonElement | null>>([]);

  useEffect(() => {
    items.current[0]?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    const count = QUICK_PHRASES.length;
    const index = items.current.indexOf(document.activeElement as HTMLButtonElement | null);
    let target: number | null = null;
    if (event.key === 'ArrowDown') target = (index + 1) % count;
    else if (event.key === 'ArrowUp') target = (index - 1 + count) % count;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = count - 1;
    else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      props.onClose();
      props.toggle.current?.focus();
      return;
    } else if (event.key === 'Tab') {
      props.onClose();
      return;
    }
    if (target === null) return;
    event.preventDefault();
    items.current[target]?.focus();
  };

  return (
    <div
      className="phrase-menu"
      role="menu"
      id={props.id}
      aria-label="Quick phrases"
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      {QUICK_PHRASES.map((phrase, index) => (
        <button
          key={phrase.text}
          ref={(element) => {
            items.current[index] = element;
          }}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className="phrase-item"
          onClick={() => props.onChoose(phrase)}
        >
          <span aria-hidden="true">{phrase.emoji}</span> {phrase.text}
        </button>
      ))}
    </div>
  );
}
