import '../../pages.css';
import '../variants.css';
import './simple.css';
import { FACE_UP_COUNT } from '@palace/core';
import type { SimpleGameState } from '@palace/protocol';
import { type ReactElement, type ReactNode, useEffect, useRef, useState } from 'react';
import { GameTable } from '../../../table/game-table.js';
import { ownCards, stillAllowed, toggleCard } from '../../../table/selection.js';
import { playTick } from '../../play/sounds.js';
import { GameOverLinks } from '../../replay/replay-link.js';
import { AiLevelSelect } from '../ai-level.js';
import { Badge, Panel, RulesCard, Standings, StatusBadge, VariantHeader } from '../table-kit.js';
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

  const model = simpleTableModel(game, {
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
}): ReactElement | null {
  const { game } = props;
  if (game.status === 'finished') {
    const rows = (game.standings ?? []).map((s) => ({ name: s.username, place: s.place, cardsLeft: s.cardsLeft }));
    return (
      <Panel title="Game over" className="simple-controls variant-notice">
        <p className="simple-winner" role="status">
          {game.winner === game.you ? 'You won!' : `${game.winner ?? 'Nobody'} wins!`}
        </p>
        {rows.length > 0 && <Standings rows={rows} you={game.you} />}
        <GameOverLinks
          home={props.home}
          label="Play again"
          variant={props.home === '/simple-rest' ? 'simple-rest' : 'simple-ws'}
          gameId={game.id}
        />
      </Panel>
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
