import type { RuleError, Source } from '@palace/core';

/** A validation toast of the local prototypes (docs/product.md §P2.5 "Local prototype"). */
export interface PrototypeToast {
  readonly title: string;
  readonly description?: string;
}

/** docs/product.md §P2.5: the "Invalid Selection" text for the source the player must play from. */
export const SOURCE_TEXT: Readonly<Record<Source, string>> = {
  hand: 'You must play from your hand first',
  faceUp: 'You must play from your face-up cards',
  faceDown: 'You must play from your face-down cards',
};

/**
 * The toast for a command the engine refused. The engine decides; this only words its answer
 * with the prototype's titles and texts of docs/product.md §P2.5. `active` is the source the player must
 * play from now (the engine's `activeSource`), used for the "Invalid Selection" text.
 */
export function ruleErrorToast(error: RuleError, active: Source | null = null): PrototypeToast {
  switch (error.code) {
    case 'turn/not_your_turn':
      return { title: 'Not Your Turn' };
    case 'pick_up/empty':
      return { title: 'Empty Pile', description: 'There are no cards to pick up' };
    case 'play/too_low':
      return { title: 'Invalid Move', description: "You can't play this card on the current pile" };
    case 'play/hand_first':
      return { title: 'Invalid Move', description: 'You must play all cards from your hand first' };
    case 'play/face_up_first':
      return { title: 'Invalid Move', description: 'You must play all cards from your hand and face-up first' };
    case 'play/must_play_all':
      return { title: 'Invalid Move', description: error.message };
    case 'play/unknown_card':
      return { title: 'Card Not Found' };
    case 'play/mixed_sources':
      return { title: 'Invalid Selection', description: SOURCE_TEXT[active ?? 'hand'] };
    case 'play/empty':
    case 'play/mixed_ranks':
    case 'play/duplicate_card':
    case 'play/one_blind':
    case 'face_up/count':
    case 'face_up/not_in_hand':
      return { title: 'Invalid Selection', description: error.message };
    case 'game/over':
      return { title: 'Game Over', description: error.message };
    default:
      return { title: 'Invalid Move', description: error.message };
  }
}
