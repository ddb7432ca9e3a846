import { FACE_UP_COUNT } from '@palace/core';
import type { PublicGameState, PublicPlayer } from '@palace/protocol';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import type { FinishedRecord } from '../../../table/finished-record.js';
import { GameOverPanel } from '../../../table/game-over.js';
import { gameOverModel } from '../../../table/game-over-model.js';
import { RematchButton, RematchLine, showsRematch } from '../../../ui/rematch.js';
import { ReplayLink } from '../../replay/replay-link.js';
import { Panel } from '../table-kit.js';
import { InviteButton, InviteLine } from './public-invite.js';

/**
 * The controls card's words by status, over the middle of the table (docs/product.md §P2.2, §P2.4); its game
 * buttons are the table's action bar (see `publicTableModel`): waiting → how many players, the
 * invite and Copy invite; setup → the face-up choice, then who is still choosing; playing →
 * nothing (the turn line says whose turn it is); finished → the winner, the rematch (its offer,
 * Rematch or Join Rematch), New Game and the replay, then the standings. A spectator reads the
 * same card.
 */
export function PublicNotice(props: {
  readonly state: PublicGameState;
  readonly me: PublicPlayer | null;
  readonly chosen: number;
  readonly busy: boolean;
  /** After game over: the game's record (its moves and length), once fetched. */
  readonly record: FinishedRecord | null;
  /** After game over: offers or joins the rematch. */
  readonly onRematch: () => void;
}): ReactElement | null {
  const { state, me } = props;
  const { record } = props;
  switch (state.status) {
    case 'waiting':
      return (
        <Panel title="Waiting for players" className="public-controls variant-notice">
          <p className="small" role="status">
            {state.players.length} / {state.maxPlayers} players
            {state.players.length < 2 ? ': at least 2 are needed to start.' : ': ready to start.'}
          </p>
          {state.players.length <= 1 && (
            <p className="muted small public-alone">Nobody else yet: add an AI or invite a friend.</p>
          )}
          {me === null && <p className="small muted">You are watching. The players will start soon.</p>}
          <InviteLine gameId={state.id} />
          <div className="button-row">
            <InviteButton gameId={state.id} />
          </div>
        </Panel>
      );
    case 'setup': {
      const choosing = state.players.filter((p) => !p.isReady).map((p) => p.username);
      return (
        <Panel title="Choose face-up cards" className="public-controls variant-notice">
          {me !== null && state.mustSelectFaceUp ? (
            <p className="small" role="status">
              Pick {FACE_UP_COUNT} cards from your hand to lie face up: {props.chosen} of {FACE_UP_COUNT} chosen.
            </p>
          ) : (
            <p className="small" role="status">
              {me !== null ? 'You are ready. ' : ''}Waiting for {choosing.length > 0 ? choosing.join(', ') : 'everyone'}{' '}
              to choose face-up cards…
            </p>
          )}
        </Panel>
      );
    }
    case 'playing':
      return null;
    case 'finished': {
      // The end (docs/web.md "The table kit": game over): the rematch is the one primary action where
      // there is one, else New Game; the standings, the length and the moves in the panel's body.
      const rows = (state.standings ?? []).map((s) => ({ name: s.username, cardsLeft: s.cardsLeft, place: s.place }));
      const over = gameOverModel({
        seats: [...rows].sort((x, y) => x.place - y.place).map((r) => ({ ...r, you: r.name === state.you })),
        winner: rows.length > 0 ? 0 : null,
        moves: record?.moves ?? [],
        moveCount: record?.moveCount ?? null,
        minutes: record?.minutes ?? null,
      });
      return (
        <GameOverPanel
          heading="Game over"
          role="region"
          className="public-finished"
          model={over}
          note={
            <p className="public-winner" role="status">
              {state.winner === null
                ? 'The game is over.'
                : state.winner === me?.username
                  ? 'You win!'
                  : `${state.winner} wins!`}
            </p>
          }
          actions={
            <>
              <RematchButton
                offer={state.rematch}
                canOffer={me !== null}
                busy={props.busy}
                onRematch={props.onRematch}
              />
              <Link
                className={`button ${showsRematch(state.rematch, me !== null) ? 'button-secondary' : 'button-primary'}`}
                to="/palace-home"
              >
                New Game
              </Link>
              <ReplayLink variant="public" gameId={state.id} />
            </>
          }
        >
          <RematchLine offer={state.rematch} me={me?.username ?? null} />
        </GameOverPanel>
      );
    }
  }
}
