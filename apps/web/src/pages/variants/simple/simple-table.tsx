import '../../pages.css';
import '../variants.css';
import './simple.css';
import { SIMPLE_MAX_PLAYERS, type SimpleGameState, type SimplePlayer } from '@palace/protocol';
import { type ReactElement, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { TurnClock } from '../../../ui/turn-clock.js';
import { type AnyCard, toggleSelection } from '../../play/selection.js';
import { playTick } from '../../play/sounds.js';
import { ReplayLink } from '../../replay/replay-link.js';
import { AiLevelSelect } from '../ai-level.js';
import {
  asAnyCard,
  Badge,
  Opponents,
  OwnCards,
  Panel,
  RulesCard,
  type SeatSummary,
  Standings,
  StatusBadge,
  TableView,
  VariantHeader,
} from '../table-kit.js';
import { VariantChat, type VariantChatLine } from '../variant-chat.js';

/** Face-up cards each player chooses (spec 02 §9). */
export const FACE_UP_COUNT = 3;

/**
 * The game screen both simple variants share (spec 02 §2: the REST screen "has the same layout as
 * the websocket one"): header (game id, role badge, status badge, Leave), a controls card for the
 * status, the table with opponents and the viewer's own cards, the rules card and the chat. It only
 * shows the server's view: a card is enabled when `playableCards` lists it (during the face-up
 * choice, any hand card), Pick Up Pile only when `canPickUp`. The transport lives in the page.
 */
export function SimpleTable(props: {
  readonly title: string;
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
  /** A hand card clicked during the face-up choice. */
  readonly onPick: (card: AnyCard) => void;
  /** Confirms the picks (simple REST); the websocket confirms on the third pick. */
  readonly onConfirm?: () => void;
  readonly onPlay: (cardIds: readonly string[]) => void;
  readonly onPickUp: () => void;
  readonly onAddAi: () => void;
  readonly onChat: (text: string) => Promise<boolean>;
  readonly onLeave: () => void;
}): ReactElement {
  const { game } = props;
  const me = game.players.find((p) => p.username === game.you) ?? null;
  const myTurn = me !== null && game.status === 'playing' && game.currentTurn === me.username;
  const [selected, setSelected] = useState<AnyCard[]>([]);

  // A new view: keep only the picks the server still allows.
  useEffect(() => {
    setSelected((now) => now.filter((c) => game.playableCards.includes(c.id)));
  }, [game.playableCards]);
  useTurnSounds(myTurn, game.status === 'finished');

  const choosing = game.status === 'setup' && game.mustSelectFaceUp && me !== null;
  const playable = choosing ? (me?.hand.map((c) => c.id) ?? []) : myTurn ? game.playableCards : [];
  const shownSelection = choosing
    ? (me?.hand.filter((c) => props.picks.includes(c.id)).map(asAnyCard) ?? [])
    : selected;
  const pick = (card: AnyCard) => {
    if (choosing) props.onPick(card);
    else setSelected((now) => toggleSelection(now, card));
  };
  const seats: SeatSummary[] = game.players.filter((p) => p.username !== game.you).map((p) => seatOf(p, game));

  return (
    <main className="variant-page simple-page">
      <VariantHeader
        title={props.title}
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
      <div className="variant-layout">
        <div className="variant-main">
          <Controls
            {...props}
            me={me}
            myTurn={myTurn}
            choosing={choosing}
            selected={selected}
            onPlaySelected={() => {
              props.onPlay(selected.map((c) => c.id));
              setSelected([]);
            }}
          />
          <section className="board variant-board" aria-label="Game table">
            <Opponents seats={seats} />
            <TableView pileTop={game.pile.slice(-3)} pileCount={game.pileCount} deckCount={game.deckCount} />
            {me !== null && (
              <OwnCards
                hand={me.hand}
                faceUp={me.faceUp}
                faceDown={me.faceDownCards}
                playable={props.busy ? [] : playable}
                selected={shownSelection}
                onPick={pick}
              />
            )}
          </section>
        </div>
        <div className="variant-side">
          <RulesCard more />
          <VariantChat lines={props.chat} me={game.you} onSend={props.onChat} />
        </div>
      </div>
    </main>
  );
}

/** What the table shows of another seat. */
function seatOf(p: SimplePlayer, game: SimpleGameState): SeatSummary {
  const flags: string[] = [];
  if (game.status === 'setup') flags.push(p.isReady ? 'Ready' : 'Choosing');
  if (p.hasLeft) flags.push('Left');
  if (p.away) flags.push('Away');
  return {
    key: p.username,
    name: p.username,
    isAI: p.isAI,
    ...(p.aiLevel === undefined ? {} : { aiLevel: p.aiLevel }),
    isTurn: game.status === 'playing' && game.currentTurn === p.username,
    handCount: p.handCount,
    faceUp: p.faceUp,
    faceDownCount: p.faceDownCount,
    flags,
  };
}

/** The controls card: the face-up choice in setup, the turn and its buttons in play, the end. */
function Controls(props: {
  readonly game: SimpleGameState;
  readonly me: SimplePlayer | null;
  readonly myTurn: boolean;
  readonly choosing: boolean;
  readonly busy: boolean;
  readonly home: string;
  readonly picks: readonly string[];
  readonly selected: readonly AnyCard[];
  readonly onConfirm?: () => void;
  readonly onPlaySelected: () => void;
  readonly onPickUp: () => void;
  readonly onAddAi: () => void;
}): ReactElement {
  const { game, me } = props;
  if (game.status === 'finished') {
    const rows = (game.standings ?? []).map((s) => ({ name: s.username, place: s.place, cardsLeft: s.cardsLeft }));
    return (
      <Panel title="Game over" className="simple-controls">
        <p className="simple-winner" role="status">
          {game.winner === game.you ? 'You won!' : `${game.winner ?? 'Nobody'} wins!`}
        </p>
        {rows.length > 0 && <Standings rows={rows} you={game.you} />}
        <div className="button-row">
          <Link className="button button-primary" to={props.home}>
            Play again
          </Link>
          <ReplayLink variant={props.home === '/simple-rest' ? 'simple-rest' : 'simple-ws'} gameId={game.id} />
        </div>
      </Panel>
    );
  }
  if (game.status === 'setup') {
    const canAddAi = game.players.length < SIMPLE_MAX_PLAYERS;
    return (
      <Panel title="Setup" className="simple-controls">
        {props.choosing ? (
          <>
            <p>Choose 3 cards to place face-up</p>
            <p className="small muted" role="status" aria-live="polite">
              {props.picks.length} of {FACE_UP_COUNT} selected
              {props.onConfirm === undefined ? ' · the third pick confirms your choice' : ''}
            </p>
          </>
        ) : (
          <p role="status">
            {game.players.length < 2
              ? 'Waiting for another player. Share the game ID or add an AI opponent.'
              : 'Waiting for the other players to choose their face-up cards.'}
          </p>
        )}
        <div className="button-row">
          {props.choosing && props.onConfirm !== undefined && (
            <button type="button" className="button button-primary" disabled={props.busy} onClick={props.onConfirm}>
              Confirm Selection
            </button>
          )}
          {canAddAi && (
            <>
              <AiLevelSelect disabled={props.busy} />
              <button type="button" className="button button-secondary" disabled={props.busy} onClick={props.onAddAi}>
                Add AI opponent
              </button>
            </>
          )}
        </div>
      </Panel>
    );
  }
  const allPlayable = props.selected.length > 0 && props.selected.every((c) => game.playableCards.includes(c.id));
  return (
    <Panel title="Play" className="simple-controls">
      <p className={`turn-line simple-turn${props.myTurn ? ' mine' : ''}`} role="status">
        {props.myTurn
          ? 'Your turn'
          : me === null
            ? `${game.currentTurn ?? '…'}'s turn`
            : `Waiting for ${game.currentTurn ?? '…'}`}
      </p>
      <TurnClock deadline={game.turnDeadline} />
      <div className="button-row actions">
        <button
          type="button"
          className="button button-primary"
          disabled={!props.myTurn || props.busy || !allPlayable}
          onClick={props.onPlaySelected}
        >
          Play Selected
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={!props.myTurn || props.busy || !game.canPickUp}
          onClick={props.onPickUp}
        >
          Pick Up Pile
        </button>
      </div>
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
