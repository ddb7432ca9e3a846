import { RANK_LABELS, RANKS } from '@palace/core';
import type { ReactElement, ReactNode } from 'react';

/**
 * The rules as players read them, the same words everywhere they are shown (/help, the offline
 * prototypes' tutorial): the engine's classic rules (docs/product.md §D3; docs/rules.md is the longer text).
 */

/** The card order, low to high, from the engine's ranks; the 2 is not in it (it is a reset). */
export const RANK_ORDER: readonly string[] = RANKS.filter((rank) => rank !== 2).map((rank) => RANK_LABELS[rank]);

/** The card order as a line of text, low to high ("3 < 4 < … < A", the `rank-order` look). */
export function RankOrder(): ReactElement {
  return <span className="rank-order">{RANK_ORDER.join(' < ')}</span>;
}

/** The special cards, as the engine plays them (docs/product.md §D3, docs/rules.md). */
export const SPECIAL_CARDS: ReadonlyArray<readonly [string, string]> = [
  ['2', 'Reset. Playable on anything, and anything may be played on it. For the 7 rule it counts as the lowest card.'],
  ['7', 'The next play must be a 7 or lower, or a 2, or a 10.'],
  [
    '8',
    'Skips the next player; each 8 in the play skips one more. With two players, one 8 gives you another turn and two 8s pass it.',
  ],
  ['10', 'Playable on anything, even on a 7. Burns the pile (it leaves the game) and you play again.'],
  [
    'Four of a kind',
    'When the top four cards of the pile share a rank, played together or one after another, the pile burns and you play again.',
  ],
];

/** The special cards as a definition list (the `rules-specials` look). */
export function SpecialCards(): ReactElement {
  return (
    <dl className="rules-specials">
      {SPECIAL_CARDS.map(([card, text]) => (
        <div key={card}>
          <dt>{card}</dt>
          <dd>{text}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A turn's other choice: picking up the pile (a list item of "Your turn"). */
export function PickUpRule(): ReactElement {
  return (
    <li>
      <strong>Or pick up the pile</strong> into your hand; the turn passes. You may pick up whenever the pile is not
      empty, and you must when you cannot play.
    </li>
  );
}

/** One part of the rules, named by its heading. */
export function RulesSection(props: {
  readonly id: string;
  readonly title: string;
  readonly children: ReactNode;
}): ReactElement {
  return (
    <section aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      {props.children}
    </section>
  );
}
