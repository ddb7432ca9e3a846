import type { ReactElement } from 'react';

/** The card order, low to high; the 2 is not in it (it is a reset). Same words as /help. */
const ORDER = ['3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];

const SPECIALS: ReadonlyArray<readonly [string, string]> = [
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

/**
 * How to Play for the offline prototypes: the engine's classic rules (DECISIONS §3), short.
 * `chooseFaceUp` says how the deal works at this table.
 */
export function Tutorial({ chooseFaceUp }: { readonly chooseFaceUp: boolean }): ReactElement {
  return (
    <div className="rules proto-tutorial">
      <section aria-labelledby="proto-goal">
        <h2 id="proto-goal">Goal</h2>
        <p>Be the first player with no cards left: nothing in your hand, nothing face-up and nothing face-down.</p>
      </section>
      <section aria-labelledby="proto-deal">
        <h2 id="proto-deal">The deal</h2>
        <p>
          {chooseFaceUp
            ? 'Each player gets 3 face-down cards, which nobody may look at, and 6 hand cards. You choose 3 of your hand cards to lie face-up on your face-down cards; the choice is final.'
            : 'Each player gets 3 face-down cards, which nobody may look at, 3 face-up cards on top of them and 3 hand cards.'}{' '}
          The rest of the cards form the deck. The player holding the lowest hand card starts (2s and 10s do not count;
          on a tie, the earliest seat).
        </p>
        <p>
          Cards rank <span className="rank-order">{ORDER.join(' < ')}</span>; suits never matter.
        </p>
      </section>
      <section aria-labelledby="proto-turn">
        <h2 id="proto-turn">Your turn</h2>
        <ul>
          <li>
            <strong>Play</strong> one or more cards of one rank, equal to or higher than the top of the pile: tap the
            outlined cards, then Play. Any card goes on an empty pile.
          </li>
          <li>
            <strong>Or pick up the pile</strong> into your hand; the turn passes. You may pick up whenever the pile is
            not empty, and you must when you cannot play.
          </li>
          <li>
            <strong>Draw back to 3.</strong> After playing from your hand, draw until you hold 3 cards, while the deck
            lasts.
          </li>
          <li>
            <strong>Hand, then face-up, then face-down.</strong> Face-down cards are played one at a time, blind: if the
            turned card may not go on the pile, it goes into your hand with the whole pile.
          </li>
        </ul>
      </section>
      <section aria-labelledby="proto-special">
        <h2 id="proto-special">Special cards</h2>
        <dl className="rules-specials">
          {SPECIALS.map(([card, text]) => (
            <div key={card}>
              <dt>{card}</dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
