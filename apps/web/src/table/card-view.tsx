import { memo, type ReactElement, type Ref } from 'react';
import { CardFaceArt } from './card-face.js';
import { cardName, type TableCard } from './cards.js';

/**
 * One card on the table. An own card is a button named like "7 of hearts" (a face-down one
 * "Face-down card"), pressed while selected and disabled while the rules (the server's legal
 * cards) do not allow it now. Cards nobody acts on are images with the same name. `data-card-id`
 * lets the motion follow the card from place to place.
 */
export const CardView = memo(function CardView(props: {
  readonly card: TableCard;
  /** `mini`: the small cards of opponents and of the pile's lower cards. */
  readonly size?: 'normal' | 'mini';
  /**
   * Absent: an image. Present: a button, enabled or not. `clicks` is the click's count (2 for the
   * second of a double-tap or a double-click; 0 from the keyboard).
   */
  readonly onPress?: (id: string, clicks: number) => void;
  readonly enabled?: boolean;
  /** Outlined as a legal play (the server's or the engine's hint). */
  readonly hinted?: boolean;
  readonly selected?: boolean;
  /** The roving focus: 0 for the one card of its group in the tab order, -1 for the others. */
  readonly tabIndex?: number;
  readonly buttonRef?: Ref<HTMLButtonElement>;
  /**
   * In a fan: the width of the card's edge that shows (px). The button is that wide, so where it
   * is pressed (its middle included) is never under the next card; the card is drawn full size
   * from its left edge, under the cards that follow.
   */
  readonly slice?: number;
}): ReactElement {
  const { card } = props;
  const name = cardName(card);
  const art = (
    <span className="tc-visual">
      {card.face === null ? null : <CardFaceArt face={card.face} detail={props.size === 'mini' ? 'index' : 'full'} />}
    </span>
  );
  const classes = [
    'tc',
    card.face === null ? 'tc-back' : 'tc-face',
    props.size === 'mini' ? 'tc-mini' : '',
    props.onPress !== undefined ? (props.enabled === true ? 'tc-enabled' : 'tc-idle') : '',
    props.hinted === true ? 'tc-hint' : '',
    props.selected === true ? 'tc-selected' : '',
  ]
    .filter((c) => c !== '')
    .join(' ');
  if (props.onPress === undefined) {
    return (
      <span className={classes} role="img" aria-label={name} data-card-id={card.id}>
        {art}
      </span>
    );
  }
  const { onPress } = props;
  const enabled = props.enabled === true;
  return (
    <button
      ref={props.buttonRef}
      type="button"
      className={classes}
      aria-label={name}
      aria-pressed={props.selected === true}
      disabled={!enabled}
      tabIndex={props.tabIndex ?? 0}
      data-card-id={card.id}
      {...(props.slice === undefined ? {} : { style: { width: `${props.slice}px` } })}
      onClick={(event) => onPress(card.id, event.detail)}
    >
      {art}
    </button>
  );
});
