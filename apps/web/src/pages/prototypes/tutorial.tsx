import type { ReactElement } from 'react';
import { RANK_ORDER as ORDER, SpecialCards } from '../../lib/rules-text.js';

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
        <SpecialCards />
      </section>
    </div>
  );
}
