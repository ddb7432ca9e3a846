import type { EasyGameState } from '@palace/protocol';
import type { ReactElement, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useFinishedRecord } from '../../../table/finished-record.js';
import { GameOverDetails, OpenHands } from '../../../table/game-over.js';
import { lengthText, placeLine } from '../../../table/game-over-model.js';
import { ReplayLink } from '../../replay/replay-link.js';
import { AiLevelSelect, AiTag } from '../ai-level.js';
import { CopyButton, Panel, RulesCard, Standings } from '../table-kit.js';

/** Fewest players to start (docs/product.md §P2.4, §P2.9). */
export const EASY_MIN_PLAYERS = 2;

/**
 * The easy rules as the engine plays them (docs/product.md §D3 preset `easy`): the kit's rules card lists
 * the 7 and 8 rules, which this variant does not have, so it gets its own list.
 */
export const EASY_RULES: readonly string[] = [
  'Play a card of equal or higher rank than the top of the pile, or pick the pile up.',
  '2 resets: it can be played on anything, and anything on it.',
  '10 burns the pile, and you play again.',
  'Play from your hand first, then your face-up cards, then your face-down cards blind.',
  'A face-down card that cannot be played goes to your hand with the pile.',
  'The first to be rid of all their cards wins.',
];

/** The rules panel of the easy screens. */
export function EasyRules(): ReactElement {
  return <RulesCard rules={EASY_RULES} />;
}

/** An easy screen before or after play: its panel, and the rules beside it. */
function EasyLayout({ children }: { readonly children: ReactNode }): ReactElement {
  return (
    <div className="variant-layout">
      <div className="variant-main">{children}</div>
      <aside className="variant-side" aria-label="Rules">
        <EasyRules />
      </aside>
    </div>
  );
}

/**
 * The waiting screen: the game id with a copy button and a share line, the players (AI marked),
 * Add AI (while seats are free) and Start Game (from 2 players; any seated player may start).
 */
export function EasyWaiting(props: {
  readonly state: EasyGameState;
  readonly playerId: string;
  readonly busy: boolean;
  readonly onAddAi: () => void;
  readonly onStart: () => void;
}): ReactElement {
  const { state } = props;
  const count = state.players.length;
  const full = count >= state.maxPlayers;
  return (
    <EasyLayout>
      <Panel title="Waiting for players" className="easy-waiting">
        <div className="easy-share">
          <span className="small muted">Game ID</span>
          <span className="easy-share-id">
            <code className="game-code">{state.id}</code>
            <CopyButton text={state.id} label="Copy game ID" />
          </span>
          <p className="small muted">
            Share this ID with your friends: they open Easy Palace, choose Join Game and type it in.
          </p>
        </div>
        <h3 className="easy-subhead">
          Players ({count}/{state.maxPlayers})
        </h3>
        <ul className="easy-players" aria-label="Players">
          {state.players.map((p, i) => (
            <li key={p.id}>
              <span className="easy-seat" aria-hidden="true">
                {i + 1}
              </span>
              <span className="easy-player-name">
                {p.name}
                <AiTag isAI={p.isAI} level={p.aiLevel} />
                {p.id === props.playerId && <span className="muted small"> (you)</span>}
              </span>
            </li>
          ))}
        </ul>
        <div className="button-row easy-actions">
          <AiLevelSelect disabled={props.busy || full} />
          <button
            type="button"
            className="button button-secondary"
            disabled={props.busy || full}
            onClick={props.onAddAi}
          >
            Add AI
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={props.busy || count < EASY_MIN_PLAYERS}
            onClick={props.onStart}
          >
            Start Game
          </button>
        </div>
        <p className="small muted" role="status">
          {count < EASY_MIN_PLAYERS
            ? 'At least 2 players are needed to start. Add an AI or wait for a friend.'
            : full
              ? 'The table is full.'
              : 'Anyone at the table may start the game.'}
        </p>
      </Panel>
    </EasyLayout>
  );
}

/**
 * The finished screen: who won, the viewer's place, the final standings with the winner badge, the
 * length and the moves from the game's record (docs/web.md "The table kit": game over), and Play
 * Again (the one primary action) with the replay.
 */
export function EasyFinished(props: {
  readonly state: EasyGameState;
  readonly you: string;
  readonly youWon: boolean;
}): ReactElement {
  const { state } = props;
  const winner = state.winnerName ?? state.standings.find((s) => s.place === 1)?.name ?? null;
  const record = useFinishedRecord('easy', state.id, true);
  const place = placeLine(state.standings.map((s) => ({ ...s, you: s.name === props.you })));
  return (
    <EasyLayout>
      <Panel title="Game Over" className="easy-finished">
        <p className="easy-winner" role="status">
          {props.youWon ? 'You win!' : winner === null ? 'The game is over.' : `${winner} wins!`}
        </p>
        {place !== null && <p className="go-place">{place}</p>}
        {state.endReason === 'moveCap' && (
          <p className="small muted">The game reached its move limit: the fewest cards left won.</p>
        )}
        <Standings rows={state.standings} you={props.you} />
        {/* The record turns every card over: each player's hand, face-up and face-down cards at the end. */}
        <OpenHands seats={record?.seats ?? []} />
        <GameOverDetails
          standings={false}
          model={{
            placeLine: place,
            standings: [],
            length: lengthText({ moves: record?.moveCount ?? null, minutes: record?.minutes ?? null }),
            moves: record?.moves ?? [],
          }}
        />
        <Link className="button button-primary easy-again" to="/easy-palace-home">
          Play Again
        </Link>
        <ReplayLink variant="easy" gameId={state.id} />
      </Panel>
    </EasyLayout>
  );
}
