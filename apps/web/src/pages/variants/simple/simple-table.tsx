import '../../pages.css';
import '../variants.css';
import './simple.css';
import { FACE_UP_COUNT } from '@palace/core';
import type { SimpleGameState } from '@palace/protocol';
import { type ReactElement, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { type FinishedRecord, useFinishedTable } from '../../../table/finished-record.js';
import { GameOverPanel } from '../../../table/game-over.js';
import { gameOverModel } from '../../../table/game-over-model.js';
import { GameTable } from '../../../table/game-table.js';
import type { LoggedMove } from '../../../table/move-log.js';
import { ownCards, stillAllowed, toggleCard } from '../../../table/selection.js';
import { playTick } from '../../play/sounds.js';
import { ReplayLink } from '../../replay/replay-link.js';
import { AiLevelSelect } from '../ai-level.js';
import { Badge, Panel, RulesCard, StatusBadge, VariantHeader } from '../table-kit.js';
import { VariantChat, type VariantChatLine } from '../variant-chat.js';
import { simpleCanAddAi, simpleChoosing, simpleTableModel } from './simple-table-model.js';

/**
 * The game screen both simple variants share (docs/product.md §P2.2: the REST screen "has the same layout as
 * the websocket one") on the table kit: the header (game id, role badge, status badge, Leave) over
 * the table; the other seats, the pile and the deck, the viewer's rows and the action bar (Confirm
 * Selection and Add AI opponent in setup, Pick Up Pile and Play Selected in play); the status card
 * over the middle while choosing face-up cards and at the end; the chat and the rules beside the
 * table (a sheet on a phone). It only shows the server's view (see `simpleTableModel`). The
 * transport lives in the page.
 */
export function SimpleTable(props: {
  readonly game: SimpleGameState;
  readonly chat: readonly VariantChatLine[];
  /** The start page ("Play again" goes there). */
  readonly home: string;
  /** A request is running or the connection is down: actions wait. */
  readonly busy: boolean;
  /** A connection message above the table (websocket). */
  readonly banner?: ReactNode;
  /** The hand cards picked for face-up so far. */
  readonly picks: readonly string[];
  /** A hand card pressed during the face-up choice. */
  readonly onPick: (id: string) => void;
  /** Confirms the picks (simple REST); the websocket confirms on the third pick. */
  readonly onConfirm?: () => void;
  readonly onPlay: (cardIds: readonly string[]) => void;
  readonly onPickUp: () => void;
  readonly onAddAi: () => void;
  readonly onChat: (text: string) => Promise<boolean>;
  readonly onLeave: () => void;
}): ReactElement {
  const { game } = props;
  const [selected, setSelected] = useState<readonly string[]>([]);
  const choosing = simpleChoosing(game);
  const myTurn = game.status === 'playing' && game.you !== null && game.currentTurn === game.you;

  // A new view: keep only the cards the server still allows.
  useEffect(() => {
    setSelected((now) => stillAllowed(now, game.playableCards));
  }, [game.playableCards]);
  useTurnSounds(myTurn, game.status === 'finished');

  const live = simpleTableModel(game, {
    selected,
    picks: props.picks,
    busy: props.busy,
    onCard: (id) => {
      if (choosing) props.onPick(id);
      else setSelected((now) => toggleCard(now, id, model.own === null ? [] : ownCards(model.own)));
    },
    play: () => {
      props.onPlay(selected);
      setSelected([]);
    },
    pickUp: props.onPickUp,
    addAi: props.onAddAi,
    ...(props.onConfirm === undefined ? {} : { confirm: props.onConfirm }),
  });
  // At the end every hidden card is turned over, from the game's record (docs/web.md "The table kit").
  const finished = game.status === 'finished';
  const keys = game.players.map((p) => (p.username === game.you ? null : p.username));
  const variant = props.home === '/simple-rest' ? 'simple-rest' : 'simple-ws';
  const { model, record, seen } = useFinishedTable(variant, game.id, finished, live, keys);
  const header = (
    <>
      <VariantHeader
        title="Simple Palace"
        gameId={game.id}
        badges={
          <>
            <Badge tone="active" label="Role: Player">
              Player
            </Badge>
            <StatusBadge status={game.status} />
          </>
        }
        onLeave={props.onLeave}
      />
      {props.banner}
    </>
  );
  return (
    <main className="variant-table simple-page">
      <GameTable
        model={model}
        header={header}
        sideLabel="Chat & rules"
        barStart={simpleCanAddAi(game) ? <AiLevelSelect disabled={props.busy} /> : undefined}
        notice={
          <SimpleNotice
            game={game}
            choosing={choosing}
            picks={props.picks.length}
            home={props.home}
            confirms={props.onConfirm !== undefined}
            record={record}
            seen={seen}
          />
        }
        side={
          <>
            <VariantChat lines={props.chat} me={game.you} onSend={props.onChat} />
            <RulesCard more />
          </>
        }
      />
    </main>
  );
}

/** The status card over the middle of the table: the face-up choice in setup, the end; nothing in play. */
function SimpleNotice(props: {
  readonly game: SimpleGameState;
  readonly choosing: boolean;
  readonly picks: number;
  readonly home: string;
  /** Confirm Selection confirms the picks (REST); else the third pick does. */
  readonly confirms: boolean;
  readonly record: FinishedRecord | null;
  readonly seen: readonly LoggedMove[];
}): ReactElement | null {
  const { game } = props;
  if (game.status === 'finished') {
    // The end (docs/web.md "The table kit": game over): Play again is the one primary action.
    const rows = [...(game.standings ?? [])].sort((x, y) => x.place - y.place);
    const over = gameOverModel({
      seats: rows.map((r) => ({ name: r.username, cardsLeft: r.cardsLeft, you: r.username === game.you })),
      winner: rows.length > 0 ? 0 : null,
      moves: props.record?.moves ?? props.seen.map((m) => m.text),
      moveCount: props.record?.moveCount ?? null,
      minutes: props.record?.minutes ?? null,
    });
    const variant = props.home === '/simple-rest' ? 'simple-rest' : 'simple-ws';
    return (
      <GameOverPanel
        heading="Game over"
        role="region"
        className="simple-controls"
        model={over}
        note={
          <p className="simple-winner" role="status">
            {game.winner === game.you ? 'You won!' : `${game.winner ?? 'Nobody'} wins!`}
          </p>
        }
        actions={
          <>
            <Link className="button button-primary" to={props.home}>
              Play again
            </Link>
            <ReplayLink variant={variant} gameId={game.id} />
          </>
        }
      />
    );
  }
  if (game.status !== 'setup') return null;
  return (
    <Panel title="Setup" className="simple-controls variant-notice">
      {props.choosing ? (
        <>
          <p>Choose 3 cards to place face-up</p>
          <p className="small muted" role="status" aria-live="polite">
            {props.picks} of {FACE_UP_COUNT} selected
            {props.confirms ? '' : ' · the third pick confirms your choice'}
          </p>
        </>
      ) : (
        <p role="status">
          {game.players.length < 2
            ? 'Waiting for another player. Share the game ID or add an AI opponent.'
            : 'Waiting for the other players to choose their face-up cards.'}
        </p>
      )}
    </Panel>
  );
}

/** A short tone when the turn comes to the viewer, and a higher one when the game ends. */
function useTurnSounds(myTurn: boolean, finished: boolean): void {
  const was = useRef({ myTurn, finished });
  useEffect(() => {
    if (myTurn && !was.current.myTurn) playTick(0.3);
    if (finished && !was.current.finished) playTick(0.5, 880);
    was.current = { myTurn, finished };
  }, [myTurn, finished]);
}
