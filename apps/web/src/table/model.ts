import type { TableCard } from './cards.js';

/**
 * What the table shows and what it may do (docs/web.md "The table kit"). Each game screen adapts
 * its own store to this model and renders `GameTable`; the table never derives a rule: the cards
 * it enables and the actions it offers are the ones the server (or, offline, the engine) allows.
 */

/** Another seat at the table. */
export interface TableSeat {
  /** Stable across states (a seat id or a username): the seat's place and its motion. */
  readonly key: string;
  readonly name: string;
  readonly avatar?: string | null;
  /** An AI seat, with its level's name for players ("Strong") when the server names one. */
  readonly ai?: { readonly level?: string | undefined } | null;
  readonly isTurn: boolean;
  readonly handCount: number;
  readonly faceUp: readonly TableCard[];
  readonly faceDownCount: number;
  /** Words after the counts: "Away", "Ready", "Left", … */
  readonly flags?: readonly string[];
  /** When this seat's turn clock runs out (ms since the epoch), shown while it is its turn. */
  readonly deadline?: number | null;
  /**
   * Every card of the seat, shown (a finished game's replay): the hand, and the face-down cards
   * face up. Never set while a game runs: a live seat shows counts only.
   */
  readonly open?: { readonly hand: readonly TableCard[]; readonly faceDown: readonly TableCard[] };
  /** A word beside the name ("Winner", "To play"). */
  readonly badge?: string;
  /** A bot account's seat: marked "BOT" (docs/product.md §D11 "Bot API"). */
  readonly bot?: boolean;
}

/** One button of the action bar, labelled exactly as the screen's spec says. */
export interface TableAction {
  readonly key: string;
  readonly label: string;
  readonly tone: 'primary' | 'secondary';
  readonly enabled: boolean;
  readonly onPress: () => void;
  /** A toggle's state (aria-pressed), when the action is one. */
  readonly pressed?: boolean;
  /** An accessible name other than the label (the label stays what the eye reads). */
  readonly ariaLabel?: string;
}

/** The viewer's own cards. */
export interface OwnCards {
  readonly hand: readonly TableCard[];
  readonly faceUp: readonly TableCard[];
  readonly faceDown: readonly TableCard[];
}

export interface TableModel {
  /** The other seats, in the order of play after the viewer. */
  readonly seats: readonly TableSeat[];
  /** Cards left in the deck; null when the screen does not show a deck. */
  readonly deckCount: number | null;
  /** The pile: up to its top 3 cards (bottom to top) and how many it holds. */
  readonly pile: { readonly top: readonly TableCard[]; readonly count: number };
  /** The last move in words (see `sentences.ts`), or null. */
  readonly lastAction: string | null;
  /**
   * Words for the move line that are not a move (a hint, docs/web.md "Hints and the computer in a worker"): shown instead of the
   * last move while set, never logged as a move.
   */
  readonly note?: string | null;
  /** Whose turn it is, in words, and the viewer's own turn clock. Null when nobody is to play. */
  readonly turn: { readonly text: string; readonly mine: boolean; readonly deadline?: number | null } | null;
  /** Null for a spectator. */
  readonly own: OwnCards | null;
  /** The own cards that may be pressed now (legal plays, or hand cards while choosing face-up). */
  readonly enabled: readonly string[];
  /** The own cards to outline as playable; default `enabled`. */
  readonly hinted?: readonly string[];
  readonly selected: readonly string[];
  readonly onCard: (id: string) => void;
  readonly actions: readonly TableAction[];
  /**
   * The last move's maker (a seat key, or `YOU`) and kind: where a card landing on the pile comes
   * from, and whether cards leaving the pile go to a hand (pick-up) or burn.
   */
  readonly lastMove?: LastMove | null;
  /**
   * The game's moves up to the state shown, oldest first, where the screen knows them (the replay:
   * its steps up to the current one). The move log then lists exactly these, so stepping back
   * takes moves off it; without it the log keeps every move the screen has seen.
   */
  readonly history?: readonly string[];
}

export interface LastMove {
  readonly by: string;
  readonly kind: 'play' | 'pickup' | 'burn';
}

/** The key of the viewer's own seat in `lastMover`. */
export const YOU = 'you';
