import { FACE_UP_COUNT } from '@palace/core';
import { type ReactElement, type ReactNode, useState } from 'react';
import { CardView } from './card-view.js';
import type { TableCard } from './cards.js';
import { toggleChoice } from './selection.js';

/**
 * The face-up choice of setup (the main game's waiting room, the pass-and-play prototype): the
 * `prompt` (told how many cards are chosen), the hand as card buttons — a press chooses a card,
 * another puts it back, at most 3 — and the confirm button, on once 3 are chosen.
 */
export function FaceUpChoice(props: {
  readonly hand: readonly TableCard[];
  readonly prompt: (chosen: number) => ReactNode;
  readonly confirm: string;
  readonly onConfirm: (cardIds: string[]) => void;
  /** More classes for the row of cards. */
  readonly rowClass?: string;
}): ReactElement {
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <>
      {props.prompt(chosen.length)}
      <fieldset className={props.rowClass === undefined ? 'card-choice' : `card-choice ${props.rowClass}`}>
        <legend className="sr-only">Your hand</legend>
        {props.hand.map((card) => (
          <CardView
            key={card.id}
            card={card}
            enabled
            selected={chosen.includes(card.id)}
            onPress={(id) => setChosen((c) => toggleChoice(c, id, FACE_UP_COUNT))}
          />
        ))}
      </fieldset>
      <button
        type="button"
        className="button button-primary"
        disabled={chosen.length !== FACE_UP_COUNT}
        onClick={() => props.onConfirm(chosen)}
      >
        {props.confirm}
      </button>
    </>
  );
}
