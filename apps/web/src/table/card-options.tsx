import { type ReactElement, useEffect, useId, useRef, useState } from 'react';
import { type Preferences, usePrefs } from '../stores/prefs-store.js';
import { toast } from '../stores/toast-store.js';
import { LineIcon } from './line-icon.js';

/**
 * The table's card options (issue 19): a four-colour deck and large cards, the same preferences as
 * the settings screen's (stores/prefs-store.ts: kept with a registered player's account, in this
 * browser otherwise). A small button in a corner of the table's middle opens them; Escape or a
 * press outside closes them.
 */
export function CardOptions(): ReactElement {
  const [open, setOpen] = useState(false);
  const fourColour = usePrefs((s) => s.fourColour);
  const largeCards = usePrefs((s) => s.largeCards);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && root.current?.contains(event.target) !== true) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  return (
    <div className="gt-options" ref={root}>
      <button
        ref={button}
        type="button"
        className="gt-options-button"
        aria-label="Card options"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <LineIcon size={18}>
          <rect x="4" y="3" width="11" height="16" rx="2" />
          <path d="M9 7h6a2 2 0 0 1 2 2v10" />
          <path d="M20 8v12a2 2 0 0 1-2 2H9" />
        </LineIcon>
      </button>
      {open && (
        <fieldset className="gt-options-panel" id={panelId}>
          <legend>Cards</legend>
          <label>
            <input
              type="checkbox"
              checked={fourColour}
              onChange={(event) => save({ fourColour: event.target.checked })}
            />{' '}
            Four-colour deck
          </label>
          <label>
            <input
              type="checkbox"
              checked={largeCards}
              onChange={(event) => save({ largeCards: event.target.checked })}
            />{' '}
            Large cards
          </label>
        </fieldset>
      )}
    </div>
  );
}

/** Applies a card option at once; a refusal by the account is a toast (the option stays on this device). */
function save(change: Partial<Preferences>): void {
  usePrefs
    .getState()
    .change(change)
    .catch(() =>
      toast({
        title: 'Not saved',
        description: 'Could not save your card options to your account. They apply on this device.',
        variant: 'destructive',
      }),
    );
}
