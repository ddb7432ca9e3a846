import type { ReactElement } from 'react';
import { type AnyCard, isFaceUp } from './selection.js';

/** One card: face up (value and suit symbol) or face down; optionally selectable. */
export function CardView(props: {
  card: AnyCard;
  selectable?: boolean;
  selected?: boolean;
  small?: boolean;
  onSelect?: () => void;
}): ReactElement {
  const { card } = props;
  const up = isFaceUp(card);
  const label = up ? `${card.value} of ${card.suit}` : 'Face-down card';
  const className = `playing-card${up ? ` face-up ${card.color}` : ' face-down'}${props.selected ? ' selected' : ''}${props.small ? ' small' : ''}${props.selectable ? ' selectable' : ''}`;
  const face = up ? (
    <>
      <span className="corner">
        {card.value}
        <br />
        {card.symbol}
      </span>
      <span className="pip">{card.symbol}</span>
    </>
  ) : null;
  if (props.onSelect === undefined) {
    return (
      <span className={className} role="img" aria-label={label}>
        {face}
      </span>
    );
  }
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      aria-pressed={props.selected ?? false}
      disabled={props.selectable === false}
      onClick={props.onSelect}
    >
      {face}
    </button>
  );
}
