import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { PickUpRule, RankOrder, RulesSection, SpecialCards } from '../lib/rules-text.js';
import type { AccordionItem } from '../ui/accordion.js';

/** The FAQ of the help page (docs/product.md §P2.2): exactly five questions. */
export const FAQ: readonly AccordionItem[] = [
  {
    id: 'what',
    title: 'What is Palace?',
    body: (
      <p>
        Palace (also known as Shithead) is a shedding card game for 2 to 8 players: be the first to get rid of every
        card. Play in real time with friends or other players, as a guest or with an account, win SRT tokens and climb
        the leaderboard.
      </p>
    ),
  },
  {
    id: 'tokens',
    title: 'How do I get SRT tokens?',
    body: (
      <>
        <p>
          New players get <strong>100 free SRT tokens</strong> when they sign up. After that you win them: a registered
          player pays a table's entry fee on taking a seat (it comes back if the game ends before it starts), and the
          winner takes the pot: the fees the players actually paid. Guests and computer players pay nothing, so a game
          nobody paid for has no prize.
        </p>
        <p>
          Guests play for free. A guest who wins can create an account (or sign in) from the same browser within 7 days
          to claim the prize; an account claims one guest's prizes. Your balance, history and the leaderboard are on the{' '}
          <Link to="/tokens">Tokens page</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'friends',
    title: 'How do I play with friends?',
    body: (
      <p>
        Add your friends by username on the <Link to="/friends">Friends page</Link> to see who is online. Then create a
        game on the <Link to="/play">Play page</Link>, public or private, and send them its link: they join straight
        from it, or from the lobby when the game is public.
      </p>
    ),
  },
  {
    id: 'waitlist',
    title: 'How does the waitlist work?',
    body: (
      <p>
        Registration is by invitation for now. If you have no invite code, apply on the{' '}
        <Link to="/waitlist">waitlist</Link> with your name, e-mail and a short note; we send invite codes by e-mail as
        places open. Meanwhile you can play as a guest.
      </p>
    ),
  },
  {
    id: 'tournaments',
    title: 'Are there tournaments?',
    body: (
      <>
        <p>
          Yes. Any registered player can create one on the <Link to="/tournaments">Tournaments page</Link>: 4 to 32
          players, tables of 2 to 4, 1 to 5 rounds, free or with an entry fee, starting when full or at a set time.
          Guests may enter the free ones.
        </p>
        <p>
          Every table of a round plays the <strong>same deal</strong> (duplicate), so a round measures play, not cards:
          the seed is published as a commitment when the round starts and revealed when it ends. You are scored against
          the players who held your cards at the other tables: 2 for each one you finish ahead of, 1 for the same place,
          as a percentage of the most you could get (a table with no twin counts your place from 0% to 100%); the
          standings go by total percentage, then by fewest cards left. The prize pool (all entry fees) pays{' '}
          <strong>50% / 30% / 20%</strong> to the top three, or all of it to the winner with fewer than 6 players.
        </p>
      </>
    ),
  },
];

/** The rules exactly as the engine plays them (docs/product.md §D3; docs/rules.md is the longer text). */
export function GameRules(): ReactElement {
  return (
    <div className="rules">
      <RulesSection id="rules-goal" title="Goal">
        <p>
          Be the first player with no cards left: nothing in your hand, nothing face-up and nothing face-down. The game
          ends as soon as one player is out; the others are ranked by fewest cards left.
        </p>
      </RulesSection>
      <RulesSection id="rules-deal" title="The deal">
        <p>
          Each player gets 3 face-down cards, which nobody may look at, and 6 hand cards. You choose 3 of your hand
          cards to lie face-up on your face-down cards; the choice is final. The rest of the cards form the deck.
        </p>
        <p>
          Cards rank <RankOrder />; suits never matter. The player holding the lowest hand card starts (2s and 10s do
          not count; on a tie, the earliest seat).
        </p>
      </RulesSection>
      <RulesSection id="rules-turn" title="Your turn">
        <ul>
          <li>
            <strong>Play</strong> one or more cards of one rank, equal to or higher than the top of the pile. Any card
            goes on an empty pile.
          </li>
          <PickUpRule />
          <li>
            <strong>Draw back to 3.</strong> After playing from your hand, draw until you hold 3 cards, while the deck
            lasts. Nobody draws after picking up.
          </li>
        </ul>
      </RulesSection>
      <RulesSection id="rules-order" title="Hand, then face-up, then face-down">
        <p>
          Play from your hand first. Once your hand is empty (the deck is gone by then), play your face-up cards. Last
          come your face-down cards, one at a time and blind: the card is turned over and, if it may go on the pile, it
          is played; if not, it goes into your hand with the whole pile and the turn passes.
        </p>
      </RulesSection>
      <RulesSection id="rules-special" title="Special cards">
        <SpecialCards />
        <p>
          Burns come first: when a play burns the pile, the same player goes again, whatever else the cards would do
          (four 8s burn and skip nobody).
        </p>
      </RulesSection>
      <RulesSection id="rules-tables" title="Table options">
        <p className="muted">
          These are the classic rules. A table may switch some off (the Easy preset keeps only the 2 and the 10), or ask
          you to play every card of a value together.
        </p>
      </RulesSection>
    </div>
  );
}
