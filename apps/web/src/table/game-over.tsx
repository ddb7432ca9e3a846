import './game-over.css';
import { type ReactElement, type ReactNode, useId } from 'react';
import { CardView } from './card-view.js';
import type { TableCard } from './cards.js';
import { cardsLeftText, type GameOverModel, ordinal } from './game-over-model.js';

/**
 * The game-over panel of every screen (docs/web.md "The table kit": game over), shown as the
 * table's `notice` over its middle: the screen's own heading (its spec's words), the viewer's place,
 * the lines the screen adds (a prize, a rating, a rematch offer), every player's place and cards
 * left, the game's length and its whole move list behind a "Moves (n)" disclosure. The body
 * scrolls inside the panel when the middle is short; the button row stays in view. `actions` is the
 * row: one primary action first, the others secondary.
 */
export function GameOverPanel(props: {
  readonly heading: string;
  readonly model: GameOverModel;
  /** `alert` where the screen's spec calls the end an alert; `status`, or a plain `region`, otherwise. */
  readonly role: 'alert' | 'status' | 'region';
  /** The screen's own class (its tests and styles find the panel by it). */
  readonly className?: string;
  /** A line under the heading (a screen's spec'd words, "You got rid of all your cards first."). */
  readonly note?: ReactNode;
  /** Lines after the place line: a prize, a rating, a rematch offer. */
  readonly children?: ReactNode;
  /** Hints the viewer used in this game (docs/product.md §D14 hint: the panel says so). */
  readonly hintsUsed?: number;
  readonly actions: ReactNode;
}): ReactElement {
  const { model } = props;
  const titleId = useId();
  return (
    <section
      className={`card go-panel${props.className === undefined ? '' : ` ${props.className}`}`}
      role={props.role === 'region' ? undefined : props.role}
      aria-labelledby={titleId}
    >
      <div className="go-body">
        <h2 id={titleId}>{props.heading}</h2>
        {props.note}
        {model.placeLine !== null && <p className="go-place">{model.placeLine}</p>}
        {props.children}
        {props.hintsUsed !== undefined && props.hintsUsed > 0 && (
          <p className="go-hints small">
            {props.hintsUsed === 1
              ? 'You used a hint in this game.'
              : `You used ${props.hintsUsed} hints in this game.`}
          </p>
        )}
        <GameOverDetails model={model} />
      </div>
      <div className="button-row go-actions">{props.actions}</div>
    </section>
  );
}

/**
 * The panel's body after its own lines: the standings (unless the screen lists them itself), the
 * length, and the moves behind "Moves (n)". Screens with their own end card add it to that card.
 */
export function GameOverDetails(props: { readonly model: GameOverModel; readonly standings?: boolean }): ReactElement {
  const { model } = props;
  return (
    <>
      {props.standings !== false && model.standings.length > 0 && (
        <ol className="go-standings" aria-label="Final standings">
          {model.standings.map((row) => (
            <li key={`${row.place}-${row.name}`} className={row.you ? 'you' : undefined}>
              <span className="go-rank">{ordinal(row.place)}</span>
              <span className="go-name">
                {row.name}
                {row.you && row.name !== 'You' && <span className="muted"> (you)</span>}
              </span>
              <span className="go-left">{cardsLeftText(row.cardsLeft)}</span>
            </li>
          ))}
        </ol>
      )}
      {model.length !== null && <p className="go-length small">Length: {model.length}</p>}
      {model.moves.length > 0 && (
        <details className="go-moves">
          <summary>Moves ({model.moves.length})</summary>
          <ol aria-label="All moves, oldest first">
            {model.moves.map((text, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows at its end; a move is its place
              <li key={i}>{text}</li>
            ))}
          </ol>
        </details>
      )}
    </>
  );
}

/** One seat's cards at the end, every one face up. */
export interface OpenHand {
  readonly name: string;
  readonly hand: readonly TableCard[];
  readonly faceUp: readonly TableCard[];
  readonly faceDown: readonly TableCard[];
}

/**
 * Every seat's cards at the end, the hidden ones turned over, for a screen whose end has no table
 * to show them on (the easy game's finished screen): a row of small cards a seat, hand, face-up,
 * then the face-down ones; a seat with none says so.
 */
export function OpenHands({ seats }: { readonly seats: readonly OpenHand[] }): ReactElement | null {
  if (seats.length === 0) return null;
  return (
    <ul className="go-open-hands" aria-label="Every player's cards at the end">
      {seats.map((seat) => {
        const cards = [...seat.hand, ...seat.faceUp, ...seat.faceDown];
        return (
          <li key={seat.name}>
            <span className="go-name">{seat.name}</span>
            {cards.length === 0 ? (
              <span className="muted small">no cards left</span>
            ) : (
              <span className="go-open-cards">
                {cards.map((card) => (
                  <CardView key={card.id} card={card} size="mini" />
                ))}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
