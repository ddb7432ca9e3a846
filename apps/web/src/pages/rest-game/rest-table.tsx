import { PRESETS } from '@palace/core';
import type { RestGameState, RestPlayer } from '@palace/protocol';
import { type ReactElement, useEffect, useState } from 'react';
import { toast } from '../../stores/toast-store.js';
import { TurnClock } from '../../ui/turn-clock.js';
import { type AnyCard, toggleSelection } from '../play/selection.js';
import { ReplayLink } from '../replay/replay-link.js';
import { AiLevelSelect, AiTag, useAiLevel } from '../variants/ai-level.js';
import { Opponents, OwnCards, Panel, type SeatSummary, TableView } from '../variants/table-kit.js';
import { actionLine, errorToast, infoToast, toMainCard } from './rest-logic.js';
import type { RestGame } from './use-rest-game.js';

/** The variant's name and the description players read (DECISIONS §3 "Presets"). */
export function VariantNote({ variant }: { readonly variant: RestGameState['variant'] }): ReactElement {
  return (
    <Panel title={`Rules: ${variant.charAt(0).toUpperCase()}${variant.slice(1)}`} className="rest-variant-note">
      <p className="small">{PRESETS[variant].description}</p>
    </Panel>
  );
}

/** The game's shareable link (spec 02 §2 "Share Game Link"). */
export function gameLink(gameId: string, origin: string = window.location.origin): string {
  return `${origin}/rest-poker/${gameId}`;
}

async function shareLink(gameId: string): Promise<void> {
  const link = gameLink(gameId);
  try {
    await navigator.clipboard.writeText(link);
    toast(infoToast('Link copied', `Send it to your friends: ${link}`));
  } catch {
    // No clipboard (an insecure origin, a refused permission): show the link to copy by hand.
    toast(infoToast('Game link', link));
  }
}

/**
 * The waiting room (spec 02 §2): the players with their ready badges, Add AI, Share Game Link, and
 * the two steps: "I'M READY TO PLAY" (a toggle) and "START GAME NOW" (for a ready player; any
 * ready player may start).
 */
export function WaitingRoom(props: {
  readonly game: RestGameState;
  readonly gameId: string;
  readonly playerId: string;
  readonly actions: RestGame;
}): ReactElement {
  const { game, gameId, playerId, actions } = props;
  const me = game.players.find((p) => p.id === playerId);
  const ready = me?.isReady === true;
  const start = () => {
    if (gameId === '' || playerId === '') {
      toast(errorToast('Cannot start game', 'Missing game ID or player ID'));
      return;
    }
    void actions.run('start', 'Failed to start game');
  };
  return (
    <div className="variant-layout">
      <div className="variant-main">
        <Panel title={`Players (${game.players.length}/${game.maxPlayers})`} className="rest-players">
          <ul className="ready-list" aria-label="Players">
            {game.players.map((p, i) => (
              <li key={p.id}>
                <span className="rest-player-name">
                  {p.name}
                  <AiTag isAI={p.isAI} level={p.aiLevel} />
                  {p.id === playerId && <span className="muted small"> (you)</span>}
                </span>
                {i === 0 && <span className="status-badge">Host</span>}
                <span className={`ready-badge${p.isReady ? ' ready' : ''}`}>{p.isReady ? 'Ready' : 'Not ready'}</span>
              </li>
            ))}
          </ul>
          <div className="button-row">
            <AiLevelSelect disabled={actions.busy} />
            <button
              type="button"
              className="button button-secondary"
              disabled={actions.busy}
              onClick={() => void actions.run('ai', 'Failed to add AI', { level: useAiLevel.getState().level })}
            >
              Add AI
            </button>
          </div>
        </Panel>
        <Panel title="Get ready" className="rest-steps">
          <ol className="rest-step-list">
            <li>
              <span className="small muted">Step 1</span>
              <button
                type="button"
                className={`button ${ready ? 'button-secondary' : 'button-primary'} rest-step-button`}
                aria-pressed={ready}
                disabled={actions.busy}
                onClick={() => void actions.run('ready', 'Failed to update ready status')}
              >
                I'M READY TO PLAY
              </button>
              <span className="small" role="status">
                {ready ? '✓ You are ready. Tap again if you are not.' : 'Tell the others you are ready.'}
              </span>
            </li>
            <li>
              <span className="small muted">Step 2</span>
              <button
                type="button"
                className="button button-primary rest-step-button"
                disabled={!ready || actions.busy}
                onClick={start}
              >
                START GAME NOW
              </button>
              <span className="small muted">
                Any ready player may start. Alone at the table? An AI opponent joins when you start.
              </span>
            </li>
          </ol>
        </Panel>
      </div>
      <div className="variant-side">
        <Panel title="Invite friends" className="rest-invite">
          <p className="small">
            Share the game ID <code className="game-code">{gameId}</code> or the link.
          </p>
          <button type="button" className="button button-secondary" onClick={() => void shareLink(gameId)}>
            Share Game Link
          </button>
        </Panel>
        <VariantNote variant={game.variant} />
      </div>
    </div>
  );
}

function cardsOf<T>(value: readonly T[] | number): readonly T[] {
  return typeof value === 'number' ? [] : value;
}

function seatOf(p: RestPlayer, game: RestGameState): SeatSummary {
  return {
    key: p.id,
    name: p.name,
    isAI: p.isAI,
    ...(p.aiLevel === undefined ? {} : { aiLevel: p.aiLevel }),
    ...(p.away ? { flags: ['Away'] } : {}),
    isTurn: game.status === 'playing' && game.currentTurn === p.id,
    handCount: p.handCount,
    faceUp: p.faceUp.map(toMainCard),
    faceDownCount: p.faceDownCount,
  };
}

/**
 * The playing view (spec 02 §2): the other players, the table (pile top and count, deck count, the
 * last action), your cards, Play Selected and Pick Up Pile. Cards are enabled only when the server's
 * `playableCards` lists them on your turn; Pick Up Pile only when it says `canPickUp`.
 */
export function PlayingView(props: {
  readonly game: RestGameState;
  readonly playerId: string;
  readonly actions: RestGame;
  readonly onLeave: () => void;
  readonly onNewGame: () => void;
}): ReactElement {
  const { game, playerId, actions } = props;
  const [selected, setSelected] = useState<AnyCard[]>([]);
  const me = game.players.find((p) => p.id === playerId);
  const playing = game.status === 'playing';
  const myTurn = playing && game.currentTurn === playerId;
  const playable = myTurn ? game.playableCards : [];
  const playableKey = playable.join(',');
  // A card the server no longer lists (the turn moved on, the card was played) leaves the selection.
  useEffect(() => {
    const allowed = new Set(playableKey.split(','));
    setSelected((now) => (now.every((c) => allowed.has(c.id)) ? now : now.filter((c) => allowed.has(c.id))));
  }, [playableKey]);

  const play = async () => {
    const ids = selected.map((c) => c.id);
    if (ids.length === 0) return;
    if (await actions.run('play', 'Failed to play card', { cardId: ids.length === 1 ? ids[0] : ids })) setSelected([]);
  };
  const pickUp = async () => {
    if (await actions.run('pickup', 'Failed to pick up pile')) setSelected([]);
  };
  const others = game.players.filter((p) => p.id !== playerId);
  const turnName = game.players.find((p) => p.id === game.currentTurn)?.name;
  return (
    <div className="variant-layout">
      <div className="variant-main">
        {game.status === 'finished' && (
          <WinnerAlert game={game} playerId={playerId} onLeave={props.onLeave} onNewGame={props.onNewGame} />
        )}
        <section className="board variant-board rest-board" aria-label="Game board">
          <Opponents seats={others.map((p) => seatOf(p, game))} />
          <TableView
            pileTop={game.pile.slice(-3).map(toMainCard)}
            pileCount={game.pileCount}
            deckCount={game.deckCount}
            {...(game.lastAction === null ? {} : { note: actionLine(game.lastAction, playerId) })}
          />
          {playing && (
            <>
              <p className={`turn-line${myTurn ? ' mine' : ''}`} role="status">
                {myTurn ? 'Your turn' : 'Wait for your turn to play'}
              </p>
              <TurnClock deadline={game.turnDeadline} />
            </>
          )}
          {playing && !myTurn && turnName !== undefined && (
            <p className="small muted rest-turn-of">Playing now: {turnName}</p>
          )}
          {me !== undefined && (
            <OwnCards
              hand={cardsOf(me.hand).map(toMainCard)}
              faceUp={me.faceUp.map(toMainCard)}
              faceDown={cardsOf(me.faceDown)}
              playable={playable}
              selected={selected}
              onPick={(card) => setSelected((now) => toggleSelection(now, card))}
            />
          )}
          {playing && (
            <div className="button-row actions rest-actions">
              <button
                type="button"
                className="button button-secondary"
                disabled={!myTurn || !game.canPickUp || actions.busy}
                onClick={() => void pickUp()}
              >
                Pick Up Pile
              </button>
              <button
                type="button"
                className="button button-primary"
                disabled={!myTurn || selected.length === 0 || actions.busy}
                onClick={() => void play()}
              >
                Play Selected
              </button>
            </div>
          )}
        </section>
      </div>
      <div className="variant-side">
        <Panel title="Players" className="rest-seat-list">
          <ul className="ready-list">
            {game.players.map((p) => (
              <li key={p.id} aria-current={game.currentTurn === p.id && playing ? 'true' : undefined}>
                <span className="rest-player-name">
                  {p.name}
                  {p.id === playerId && <span className="muted small"> (you)</span>}
                </span>
                <span className="small muted">
                  {p.handCount + p.faceUp.length + p.faceDownCount} cards
                  {game.currentTurn === p.id && playing ? ' · playing' : ''}
                  {game.winner === p.id ? ' · winner' : ''}
                </span>
              </li>
            ))}
          </ul>
        </Panel>
        <VariantNote variant={game.variant} />
      </div>
    </div>
  );
}

/** The end of the game (spec 02 §2): who won, Back to Lobby and New Game. */
export function WinnerAlert(props: {
  readonly game: RestGameState;
  readonly playerId: string;
  readonly onLeave: () => void;
  readonly onNewGame: () => void;
}): ReactElement {
  const won = props.game.winner === props.playerId;
  return (
    <section className="card rest-winner" role="alert" aria-labelledby="rest-winner-title">
      <h2 id="rest-winner-title">{won ? 'You won!' : `${props.game.winnerName ?? 'Someone'} wins!`}</h2>
      <p className="muted">{won ? 'You got rid of all your cards first.' : 'Better luck next game.'}</p>
      <div className="button-row">
        <button type="button" className="button button-secondary" onClick={props.onLeave}>
          Back to Lobby
        </button>
        <button type="button" className="button button-primary" onClick={props.onNewGame}>
          New Game
        </button>
        <ReplayLink variant="rest" gameId={props.game.id} />
      </div>
    </section>
  );
}
