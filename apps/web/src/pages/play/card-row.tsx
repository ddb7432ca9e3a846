import type { ReactElement } from 'react';
import { CardView } from './card-view.js';
import type { AnyCard } from './selection.js';

/**
 * One row of the viewer's own cards (hand, face-up, face-down) as a labelled group. The cards the
 * engine says are playable get the outline; the others are disabled, unless `allClickable` (the
 * offline prototypes let every own card be clicked, so a refusal can be explained by a toast).
 */
export function CardRow(props: {
  readonly title: string;
  readonly cards: readonly AnyCard[];
  readonly selected: readonly AnyCard[];
  readonly playable: (card: AnyCard) => boolean;
  readonly pick: (card: AnyCard) => void;
  readonly allClickable?: boolean;
}): ReactElement | null {
  if (props.cards.length === 0) return null;
  return (
    <div className="my-row">
      <span className="row-title small muted">{props.title}</span>
      <fieldset className="card-row plain">
        <legend className="sr-only">{props.title}</legend>
        {props.cards.map((card) => {
          const playable = props.playable(card);
          return (
            <CardView
              key={card.id}
              card={card}
              {...(playable ? { selectable: true } : props.allClickable === true ? {} : { selectable: false })}
              selected={props.selected.some((c) => c.id === card.id)}
              onSelect={() => props.pick(card)}
            />
          );
        })}
      </fieldset>
    </div>
  );
}
