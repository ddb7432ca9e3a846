import { cardName, type TableCard } from './cards.js';
import type { TableAction, TableModel } from './model.js';

/** A hinted move as the server sends it and the page's worker answers it (docs/product.md §D14 hint). */
export interface HintedMove {
  readonly action: 'play' | 'pickup';
  /** Hand, face-up or `blind-{n}` ids (none for a pick-up). */
  readonly cardIds: readonly string[];
  readonly reason: string;
}

/**
 * The move line of a hint (docs/web.md "Hints and the computer in a worker"): "Hint: play the 5 of
 * clubs. Sheds your lowest playable card, the 5." `cards` are the viewer's own cards the ids name;
 * a face-down card (`blind-{n}`) is turned over, not named.
 */
export function hintLine(hint: HintedMove, cards: readonly TableCard[]): string {
  const faceDown = hint.cardIds.length > 0 && hint.cardIds.every((id) => id.startsWith('blind-'));
  const what =
    hint.action === 'pickup'
      ? 'pick up the pile'
      : faceDown
        ? 'turn a face-down card'
        : `play ${hint.cardIds
            .map((id) => {
              const card = cards.find((c) => c.id === id);
              return card === undefined || card.face === null ? 'a card' : `the ${cardName(card)}`;
            })
            .join(' and ')}`;
  return `Hint: ${what}. ${hint.reason}.`;
}

/**
 * `model` with a Hint button before Play and the hint's words as its `note` (the move line), while
 * the game is on (the model has actions); `action` null: no button (hints not offered now).
 */
export function withHint(
  model: TableModel,
  hint: { readonly action: TableAction | null; readonly line: string | null },
): TableModel {
  if (model.actions.length === 0) return model;
  const { action } = hint;
  return {
    ...model,
    note: hint.line,
    actions:
      action === null
        ? model.actions
        : [...model.actions.filter((a) => a.key !== 'play'), action, ...model.actions.filter((a) => a.key === 'play')],
  };
}
