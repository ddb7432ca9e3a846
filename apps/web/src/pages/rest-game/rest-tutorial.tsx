import type { RestVariant } from '@palace/protocol';
import { type ReactElement, type ReactNode, useState } from 'react';
import { RANK_ORDER, SPECIAL_CARDS } from '../../lib/rules-text.js';

/** The wild preset's two extra cards (docs/product.md §D3 "Wild extras"), in the rules text's words. */
const WILD_CARDS: ReadonlyArray<readonly [string, string]> = [
  ['3', 'See-through. Playable on anything; the card beneath it still counts, so a 3 on a 7 keeps the 7 rule.'],
  ['9', 'Reverses the direction of play.'],
];

/** The special cards a preset plays with: easy keeps only the 2 and the 10; wild adds the 3 and the 9. */
export function specialCardsOf(variant: RestVariant): ReadonlyArray<readonly [string, string]> {
  if (variant === 'easy') return SPECIAL_CARDS.filter(([card]) => card === '2' || card === '10');
  if (variant === 'wild') return [...SPECIAL_CARDS, ...WILD_CARDS];
  return SPECIAL_CARDS;
}

interface Step {
  readonly title: string;
  readonly body: ReactNode;
}

function steps(variant: RestVariant): Step[] {
  return [
    {
      title: 'Goal',
      body: (
        <p>
          Be the first player with no cards left: nothing in your hand, nothing face-up and nothing face-down. You start
          with 3 face-down cards, 3 face-up cards on top of them and 3 cards in your hand.
        </p>
      ),
    },
    {
      title: 'Play Order',
      body: (
        <ul>
          <li>The player holding the lowest hand card starts (2s and 10s do not count).</li>
          <li>Play from your hand first; your face-up cards once your hand is empty and the deck is gone.</li>
          <li>
            Face-down cards come last, one at a time and blind: if the turned card cannot go on the pile, you pick up.
          </li>
          <li>After playing from your hand, you draw back up to 3 cards while the deck lasts.</li>
        </ul>
      ),
    },
    {
      title: 'Card Rules',
      body: (
        <>
          <p>
            Play one or more cards of one rank, equal to or higher than the top of the pile. Any card goes on an empty
            pile. Suits never matter.
          </p>
          <p>
            Order, low to high: <span className="rank-order">{RANK_ORDER.join(' < ')}</span>
          </p>
          <p>You may pick up the pile instead whenever it is not empty; when you cannot play, you must.</p>
        </>
      ),
    },
    {
      title: 'Special Cards',
      body: (
        <dl className="rules-specials">
          {specialCardsOf(variant).map(([card, text]) => (
            <div key={card}>
              <dt>{card}</dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
      ),
    },
    {
      title: 'Tips',
      body: (
        <ul>
          <li>Keep your 2s and 10s for when you are stuck: they go on anything.</li>
          <li>Get rid of low cards early; high cards are easier to play later.</li>
          <li>Play pairs and triples together to empty your hand faster.</li>
          <li>Watch the other players' face-up cards to guess what they can play.</li>
        </ul>
      ),
    },
  ];
}

/** The tutorial's steps (docs/product.md §P2.9: 5). */
export const TUTORIAL_STEPS = 5;

/**
 * How to Play (docs/product.md §P2.2): a 5-step tutorial (Goal, Play Order, Card Rules, Special Cards, Tips)
 * with Previous/Next and a dot per step; the engine's rules of the game's preset (docs/product.md §D3).
 */
export function RestTutorial(props: { readonly variant?: RestVariant; readonly onClose?: () => void }): ReactElement {
  const all = steps(props.variant ?? 'classic');
  const [index, setIndex] = useState(0);
  const step = all[index] ?? all[0];
  const last = all.length - 1;
  return (
    <section className="card rest-tutorial" aria-labelledby="rest-tutorial-title">
      <p className="small muted">
        Step {index + 1} of {all.length}
      </p>
      <h2 id="rest-tutorial-title">{step?.title}</h2>
      <div className="rules rest-tutorial-body" aria-live="polite">
        {step?.body}
      </div>
      <fieldset className="rest-tutorial-dots plain">
        <legend className="sr-only">Tutorial steps</legend>
        {all.map((s, i) => (
          <button
            key={s.title}
            type="button"
            className={`rest-dot${i === index ? ' current' : ''}`}
            aria-label={`Step ${i + 1}: ${s.title}`}
            aria-current={i === index ? 'step' : undefined}
            onClick={() => setIndex(i)}
          />
        ))}
      </fieldset>
      <div className="button-row rest-tutorial-nav">
        <button
          type="button"
          className="button button-secondary"
          disabled={index === 0}
          onClick={() => setIndex((i) => Math.max(0, i - 1))}
        >
          Previous
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={index === last}
          onClick={() => setIndex((i) => Math.min(last, i + 1))}
        >
          Next
        </button>
        {props.onClose !== undefined && (
          <button type="button" className="button button-secondary" onClick={props.onClose}>
            Close
          </button>
        )}
      </div>
    </section>
  );
}
