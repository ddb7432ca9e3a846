import type { EasyGameState, EasyPlayer, EasySource } from '@palace/protocol';
import type { ReactElement } from 'react';
import { TurnClock } from '../../../ui/turn-clock.js';
import { CardRow } from '../../play/card-row.js';
import type { AnyCard } from '../../play/selection.js';
import { sortByRank } from '../../play/selection.js';
import { asAnyCards, Opponents, TableView } from '../table-kit.js';
import { easyClicks } from './easy-moves.js';
import { EasyRules } from './easy-screens.js';

const NONE: readonly AnyCard[] = [];

/**
 * The playing screen: the other seats, the table (pile and deck), whose turn it is, the viewer's
 * hand, face-up and face-down rows, and Pick Up. A click on a card plays it at once from the row it
 * sits in (one card per play in this variant). Cards are enabled as `easyClicks` says, Pick Up
 * only when the server's `canPickUp` does, and nothing while a request runs.
 */
export function EasyTable(props: {
  readonly state: EasyGameState;
  readonly me: EasyPlayer;
  readonly myTurn: boolean;
  readonly busy: boolean;
  /** What the last AI move did, when this client triggered it. */
  readonly note: string | null;
  readonly onPlay: (cardId: string, source: EasySource) => void;
  readonly onPickUp: () => void;
}): ReactElement {
  const { state, me } = props;
  const active = props.myTurn && !props.busy;
  const clicks = easyClicks(state, me, active);
  const playable = (card: AnyCard) => clicks.playable(card.id);
  const others = state.players
    .filter((p) => p.id !== me.id)
    .map((p) => ({
      key: p.id,
      name: p.name,
      isAI: p.isAI,
      ...(p.aiLevel === undefined ? {} : { aiLevel: p.aiLevel }),
      ...(p.away ? { flags: ['Away'] } : {}),
      isTurn: p.id === state.currentTurn,
      handCount: p.handCount,
      faceUp: p.faceUp,
      faceDownCount: p.faceDownCount,
    }));
  const turnAI = state.players.find((p) => p.id === state.currentTurn)?.isAI === true;
  const whose = props.myTurn
    ? 'Your turn'
    : `${state.currentTurnPlayerName ?? 'Someone'}'s turn${turnAI ? ' (AI is thinking…)' : ''}`;
  return (
    <div className="variant-layout">
      <div className="variant-main">
        <section className="board variant-board easy-board" aria-label="Game table" aria-busy={props.busy}>
          <Opponents seats={others} />
          <TableView
            pileTop={state.pile.slice(-3)}
            pileCount={state.pileCount}
            deckCount={state.deckCount}
            {...(props.note === null ? {} : { note: props.note })}
          />
          <p className={`turn-line${props.myTurn ? ' mine' : ''}`} role="status" aria-live="polite">
            {whose}
          </p>
          <TurnClock deadline={state.turnDeadline} />
          <section className="my-area" aria-label="Your cards">
            <CardRow
              title="Hand"
              cards={sortByRank(asAnyCards(me.hand))}
              selected={NONE}
              playable={playable}
              pick={(card) => props.onPlay(card.id, 'hand')}
            />
            <CardRow
              title="Face up"
              cards={asAnyCards(me.faceUp)}
              selected={NONE}
              playable={playable}
              allClickable={clicks.faceUpEarly}
              pick={(card) => props.onPlay(card.id, 'faceUp')}
            />
            <CardRow
              title="Face down"
              cards={asAnyCards(me.faceDown)}
              selected={NONE}
              playable={playable}
              allClickable={clicks.faceDownEarly}
              pick={(card) => props.onPlay(card.id, 'faceDown')}
            />
          </section>
          <div className="button-row easy-controls">
            <button
              type="button"
              className="button button-secondary"
              disabled={!active || !state.canPickUp}
              onClick={props.onPickUp}
            >
              Pick Up
            </button>
          </div>
        </section>
      </div>
      <aside className="variant-side" aria-label="Rules">
        <EasyRules />
      </aside>
    </div>
  );
}
