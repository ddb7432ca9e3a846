import type { ReactElement } from 'react';
import { PickUpRule, RankOrder, RulesSection, SpecialCards } from '../../lib/rules-text.js';

/**
 * How to Play for the offline prototypes: the engine's classic rules (docs/product.md §D3), short.
 * `chooseFaceUp` says how the deal works at this table.
 */
export function Tutorial({ chooseFaceUp }: { readonly chooseFaceUp: boolean }): ReactElement {
  return (
    <div className="rules proto-tutorial">
      <RulesSection id="proto-goal" title="Goal">
        <p>Be the first player with no cards left: nothing in your hand, nothing face-up and nothing face-down.</p>
      </RulesSection>
      <RulesSection id="proto-deal" title="The deal">
        <p>
          {chooseFaceUp
            ? 'Each player gets 3 face-down cards, which nobody may look at, and 6 hand cards. You choose 3 of your hand cards to lie face-up on your face-down cards; the choice is final.'
            : 'Each player gets 3 face-down cards, which nobody may look at, 3 face-up cards on top of them and 3 hand cards.'}{' '}
          The rest of the cards form the deck. The player holding the lowest hand card starts (2s and 10s do not count;
          on a tie, the earliest seat).
        </p>
        <p>
          Cards rank <RankOrder />; suits never matter.
        </p>
      </RulesSection>
      <RulesSection id="proto-turn" title="Your turn">
        <ul>
          <li>
            <strong>Play</strong> one or more cards of one rank, equal to or higher than the top of the pile: tap the
            outlined cards, then Play. Any card goes on an empty pile.
          </li>
          <PickUpRule />
          <li>
            <strong>Draw back to 3.</strong> After playing from your hand, draw until you hold 3 cards, while the deck
            lasts.
          </li>
          <li>
            <strong>Hand, then face-up, then face-down.</strong> Face-down cards are played one at a time, blind: if the
            turned card may not go on the pile, it goes into your hand with the whole pile.
          </li>
        </ul>
      </RulesSection>
      <RulesSection id="proto-special" title="Special cards">
        <SpecialCards />
      </RulesSection>
    </div>
  );
}
