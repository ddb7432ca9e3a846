import {
  EMOJI_PICKER,
  PICKER_CATEGORIES,
  type PickerCategory,
  type PickerEmoji,
  QUICK_PHRASES,
  type QuickPhrase,
  searchEmoji,
} from '@palace/protocol';
import { type KeyboardEvent, type ReactElement, type RefObject, useEffect, useRef } from 'react';

/** The main game chat's two pop-ups: the emoji picker and the quick-phrase menu (see chat-panel.tsx). */

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
export function EmojiPicker(props: {
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
export function PhraseMenu(props: {
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
