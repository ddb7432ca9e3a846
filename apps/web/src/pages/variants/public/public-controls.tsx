import type { PublicGameState, PublicPlayer } from '@palace/protocol';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { TurnClock } from '../../../ui/turn-clock.js';
import { ReplayLink } from '../../replay/replay-link.js';
import { AiLevelSelect } from '../ai-level.js';
import { Panel, Standings } from '../table-kit.js';
import { InviteLine } from './public-invite.js';
import { FACE_UP_COUNT } from './public-logic.js';

/** What the controls card can ask the page to do. */
export interface ControlActions {
  readonly addAi: () => void;
  readonly start: () => void;
  readonly ready: () => void;
  readonly play: () => void;
  readonly pickUp: () => void;
}

/**
 * The controls card by status (spec 02 §2, §4): waiting → Add AI and Start Game (any player; Start
 * needs 2 players); setup → the face-up choice and Ready, then who is still choosing; playing →
 * whose turn, Play Selected and Pick Up (only when the server says `canPickUp`); finished → the
 * winner and the standings. A spectator sees the same card without the buttons.
 */
export function PublicControls(props: {
  readonly state: PublicGameState;
  readonly me: PublicPlayer | null;
  readonly chosen: number;
  readonly busy: boolean;
  readonly actions: ControlActions;
}): ReactElement {
  const { state, me, busy, actions } = props;
  switch (state.status) {
    case 'waiting':
      return (
        <Panel title="Waiting for players" className="public-controls">
          <p className="small" role="status">
            {state.players.length} / {state.maxPlayers} players
            {state.players.length < 2 ? ': at least 2 are needed to start.' : ': ready to start.'}
          </p>
          {me !== null ? (
            <div className="button-row">
              <AiLevelSelect disabled={busy} />
              <button type="button" className="button button-secondary" onClick={actions.addAi} disabled={busy}>
                Add AI
              </button>
              <button
                type="button"
                className="button button-primary"
                onClick={actions.start}
                disabled={busy || state.players.length < 2}
              >
                Start Game
              </button>
            </div>
          ) : (
            <p className="small muted">You are watching. The players will start soon.</p>
          )}
          <InviteLine gameId={state.id} />
        </Panel>
      );
    case 'setup': {
      const choosing = state.players.filter((p) => !p.isReady).map((p) => p.username);
      return (
        <Panel title="Choose face-up cards" className="public-controls">
          {me !== null && state.mustSelectFaceUp ? (
            <>
              <p className="small" role="status">
                Pick {FACE_UP_COUNT} cards from your hand to lie face up: {props.chosen} of {FACE_UP_COUNT} chosen.
              </p>
              <button type="button" className="button button-primary" onClick={actions.ready} disabled={busy}>
                Ready
              </button>
            </>
          ) : (
            <p className="small" role="status">
              {me !== null ? 'You are ready. ' : ''}Waiting for {choosing.length > 0 ? choosing.join(', ') : 'everyone'}{' '}
              to choose face-up cards…
            </p>
          )}
        </Panel>
      );
    }
    case 'playing': {
      const myTurn = me !== null && state.currentTurn === me.username;
      return (
        <Panel title="Play" className="public-controls">
          <p className={`turn-line public-turn${myTurn ? ' mine' : ''}`} role="status">
            {myTurn ? 'Your turn' : `${state.currentTurn ?? '…'}'s turn`}
          </p>
          <TurnClock deadline={state.turnDeadline} />
          {me !== null && (
            <div className="button-row">
              <button type="button" className="button button-primary" onClick={actions.play} disabled={busy || !myTurn}>
                Play Selected
              </button>
              <button
                type="button"
                className="button button-secondary"
                onClick={actions.pickUp}
                disabled={busy || !myTurn || !state.canPickUp}
              >
                Pick Up
              </button>
            </div>
          )}
        </Panel>
      );
    }
    case 'finished':
      return (
        <Panel title="Game over" className="public-controls public-finished">
          <p className="public-winner" role="status">
            {state.winner === null
              ? 'The game is over.'
              : state.winner === me?.username
                ? 'You win!'
                : `${state.winner} wins!`}
          </p>
          {state.standings !== null && (
            <Standings
              rows={state.standings.map((s) => ({ name: s.username, place: s.place, cardsLeft: s.cardsLeft }))}
              you={state.you}
            />
          )}
          <Link className="button button-primary" to="/palace-home">
            New Game
          </Link>
          <ReplayLink variant="public" gameId={state.id} />
        </Panel>
      );
  }
}
