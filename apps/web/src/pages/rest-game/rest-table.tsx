import { PRESETS } from '@palace/core';
import type { RestGameState } from '@palace/protocol';
import { type ReactElement, useEffect, useState } from 'react';
import { toast } from '../../stores/toast-store.js';
import { useFinishedTable } from '../../table/finished-record.js';
import { GameTable } from '../../table/game-table.js';
import { withHint } from '../../table/hint-line.js';
import { ownCards, stillAllowed, toggleCard } from '../../table/selection.js';
import { AiLevelSelect, AiTag, useAiLevel } from '../variants/ai-level.js';
import { useServerHint } from '../variants/server-hint.js';
import { Panel } from '../variants/table-kit.js';
import { WinnerAlert } from './rest-game-over.js';
import { errorToast, infoToast } from './rest-logic.js';
import { restTableModel } from './rest-table-model.js';
import type { RestGame } from './use-rest-game.js';

/** The variant's name and the description players read (docs/product.md §D3 "Presets"). */
export function VariantNote({ variant }: { readonly variant: RestGameState['variant'] }): ReactElement {
  return (
    <Panel title={`Rules: ${variant.charAt(0).toUpperCase()}${variant.slice(1)}`} className="rest-variant-note">
      <p className="small">{PRESETS[variant].description}</p>
    </Panel>
  );
}

/** The game's shareable link (docs/product.md §P2.2 "Share Game Link"). */
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
 * The waiting room (docs/product.md §P2.2): the players with their ready badges, Add AI, Share Game Link, and
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

/**
 * The playing view (docs/product.md §P2.2) on the table kit: the other players, the table (pile top and count,
 * deck count, the last action), your cards, Pick Up Pile and Play Selected; beside it (a sheet on a
 * phone) the players and the variant's rules; the winner alert over the table at the end. Cards are
 * enabled only when the server's `playableCards` lists them on your turn; Pick Up Pile only when it
 * says `canPickUp`.
 */
export function PlayingView(props: {
  readonly game: RestGameState;
  readonly playerId: string;
  readonly actions: RestGame;
  readonly onLeave: () => void;
  readonly onNewGame: () => void;
  readonly onRematch: () => Promise<void>;
}): ReactElement {
  const { game, playerId, actions } = props;
  const [selected, setSelected] = useState<readonly string[]>([]);
  const playing = game.status === 'playing';
  const myTurn = playing && game.currentTurn === playerId;
  const playableKey = (myTurn ? game.playableCards : []).join(',');
  // A card the server no longer lists (the turn moved on, the card was played) leaves the selection.
  useEffect(() => {
    setSelected((now) => stillAllowed(now, playableKey === '' ? [] : playableKey.split(',')));
  }, [playableKey]);

  const play = async () => {
    const ids = [...selected];
    if (ids.length === 0) return;
    if (await actions.run('play', 'Failed to play card', { cardId: ids.length === 1 ? ids[0] : ids })) setSelected([]);
  };
  const pickUp = async () => {
    if (await actions.run('pickup', 'Failed to pick up pile')) setSelected([]);
  };
  const base = restTableModel(game, playerId, {
    selected,
    busy: actions.busy,
    onCard: (id) => setSelected((now) => toggleCard(now, id, model.own === null ? [] : ownCards(model.own))),
    play: () => void play(),
    pickUp: () => void pickUp(),
  });
  // The Hint button where the server offers hints (docs/product.md §D14 hint); the next move ends one.
  const hint = useServerHint({
    hints: game.hints,
    position: `${game.lastAction?.timestamp ?? ''}:${game.currentTurn ?? ''}:${game.pileCount}`,
    cards: base.own === null ? [] : ownCards(base.own),
    ask: () => actions.hint(),
    select: setSelected,
  });
  const live = withHint(base, hint);
  // At the end every hidden card is turned over, from the game's record (docs/web.md "The table kit").
  const finished = game.status === 'finished';
  const keys = game.players.map((p) => (p.id === playerId ? null : p.id));
  const { model, record, seen } = useFinishedTable('rest', game.id, finished, live, keys);
  return (
    <GameTable
      model={model}
      fill
      sideLabel="Players"
      notice={
        finished ? (
          <WinnerAlert
            game={game}
            playerId={playerId}
            record={record}
            seen={seen}
            onLeave={props.onLeave}
            onNewGame={props.onNewGame}
            onRematch={props.onRematch}
          />
        ) : undefined
      }
      side={
        <>
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
        </>
      }
    />
  );
}
