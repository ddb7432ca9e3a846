import '../variants.css';
import './public.css';
import type { PublicActionAnswer, PublicGameState } from '@palace/protocol';
import { type ReactElement, useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type { AnyCard } from '../../play/selection.js';
import { toggleFaceUpChoice, toggleSelection } from '../../play/selection.js';
import { useAiLevel } from '../ai-level.js';
import {
  Badge,
  Opponents,
  OwnCards,
  RulesCard,
  SpectatorList,
  StatusBadge,
  TableView,
  VariantErrorPage,
  VariantHeader,
} from '../table-kit.js';
import { usePoll } from '../use-poll.js';
import { errorText } from '../variant-api.js';
import { VariantChat } from '../variant-chat.js';
import { publicApi } from './public-api.js';
import { PublicControls } from './public-controls.js';
import { InviteButton } from './public-invite.js';
import {
  FALLBACKS,
  GAME_POLL_MS,
  isInGame,
  opponentSeats,
  ownSeat,
  PUBLIC_TEXTS,
  pileBottomToTop,
  playSelectionError,
  readySelectionError,
} from './public-logic.js';
import { showError, showNotice } from './public-toasts.js';

/**
 * `/palace-game?id&username` (spec 02 §2 "Public-games variant"): missing parameters go back to
 * `/palace-home`; otherwise the game screen for that game and name.
 */
export function PublicGamePage(): ReactElement {
  const [params] = useSearchParams();
  const gameId = (params.get('id') ?? '').trim();
  const username = (params.get('username') ?? '').trim();
  if (gameId === '' || username === '') return <Navigate to="/palace-home" replace />;
  return <PublicGame key={`${gameId}|${username}`} gameId={gameId} username={username} />;
}

/**
 * The game screen: polls the state every 2 s (sequential; stops once finished), shows the header
 * (id, Player/Spectator, status, Leave), the table, the opponents, the viewer's own cards (never a
 * spectator's), the controls card by status, the rules, the spectators and the chat. A name not yet
 * in the game (an address typed or shared by hand) joins it first, as the home page would. A
 * first load that fails shows the Error page; later failures are one "Error" toast per streak.
 */
function PublicGame({ gameId, username }: { readonly gameId: string; readonly username: string }): ReactElement {
  const navigate = useNavigate();
  const [state, setState] = useState<PublicGameState | null>(null);
  const [fatal, setFatal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [selected, setSelected] = useState<AnyCard[]>([]);
  const busyRef = useRef(false);
  const loaded = useRef(false);
  const failing = useRef(false);
  const joinTried = useRef(false);
  const spectatorToasted = useRef(false);

  /** Takes a newer state; an older one (a poll that crossed an action) is dropped. */
  const accept = useCallback((next: PublicGameState) => {
    loaded.current = true;
    setState((now) => (now !== null && next.lastUpdate < now.lastUpdate ? now : next));
  }, []);

  const tick = useCallback(async () => {
    try {
      let answer = await publicApi.view(gameId, username);
      if (!joinTried.current && !isInGame(answer.gameState, username)) {
        joinTried.current = true;
        await publicApi.join(username, gameId);
        answer = await publicApi.view(gameId, username);
      }
      joinTried.current = true;
      if (answer.asSpectator && !spectatorToasted.current) {
        spectatorToasted.current = true;
        showNotice({ title: PUBLIC_TEXTS.spectatorTitle, description: PUBLIC_TEXTS.spectatorText }, false);
      }
      failing.current = false;
      accept(answer.gameState);
    } catch (error) {
      if (!loaded.current) {
        setFatal(errorText(error, FALLBACKS.fetch));
      } else if (!failing.current) {
        failing.current = true;
        showError(error, FALLBACKS.fetch);
      }
    }
  }, [gameId, username, accept]);
  usePoll(tick, GAME_POLL_MS, fatal === null && state?.status !== 'finished');

  // A new state may take cards away: keep only what may still be chosen or played.
  useEffect(() => {
    if (state === null) return;
    const mine = ownSeat(state);
    const handIds = new Set((mine?.hand ?? []).map((c) => c.id));
    setChosen((c) => (state.mustSelectFaceUp ? c.filter((id) => handIds.has(id)) : []));
    setSelected((s) => s.filter((c) => state.playableCards.includes(c.id)));
  }, [state]);

  if (fatal !== null) return <VariantErrorPage message={fatal} home="/palace-home" />;
  if (state === null) {
    return (
      <main className="variant-page public-page">
        <p className="muted" role="status">
          Loading game {gameId}…
        </p>
      </main>
    );
  }

  const me = ownSeat(state);
  const choosing = me !== null && state.status === 'setup' && state.mustSelectFaceUp;
  const myTurn = me !== null && state.status === 'playing' && state.currentTurn === me.username;

  /** Runs one action unless one is under way; its answer is the new state, a refusal a toast. */
  const run = async (fallback: string, call: () => Promise<PublicActionAnswer>, done?: () => void) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      const answer = await call();
      accept(answer.gameState);
      done?.();
    } catch (error) {
      showError(error, fallback);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const actions = {
    addAi: () => void run(FALLBACKS.ai, () => publicApi.addAi(gameId, username, useAiLevel.getState().level)),
    start: () => void run(FALLBACKS.start, () => publicApi.start(gameId, username)),
    ready: () => {
      const refusal = readySelectionError(chosen);
      if (refusal !== null) return showNotice(refusal);
      void run(
        FALLBACKS.ready,
        () => publicApi.ready(gameId, username, chosen),
        () => setChosen([]),
      );
    },
    play: () => {
      const refusal = playSelectionError(selected);
      if (refusal !== null) return showNotice(refusal);
      const ids = selected.map((c) => c.id);
      void run(
        FALLBACKS.play,
        () => publicApi.play(gameId, username, ids),
        () => setSelected([]),
      );
    },
    pickUp: () =>
      void run(
        FALLBACKS.pickup,
        () => publicApi.pickUp(gameId, username),
        () => setSelected([]),
      ),
  };

  const pick = (card: AnyCard) => {
    if (choosing) setChosen((c) => toggleFaceUpChoice(c, card.id, me.hand.length));
    else setSelected((s) => toggleSelection(s, card));
  };

  const leave = async () => {
    try {
      await publicApi.leave(gameId, username);
    } catch (error) {
      showError(error, FALLBACKS.leave);
    }
    navigate('/palace-home');
  };

  const sendChat = async (message: string): Promise<boolean> => {
    try {
      accept((await publicApi.chat(gameId, username, message)).gameState);
      return true;
    } catch (error) {
      showError(error, FALLBACKS.chat);
      return false;
    }
  };

  const lastLine = state.chat.filter((line) => line.isSystem).at(-1);
  const role = me === null ? 'Spectator' : 'Player';
  const controls = <PublicControls state={state} me={me} chosen={chosen.length} busy={busy} actions={actions} />;
  // Once over, the result leads the page (no scrolling past the table to find the winner).
  const over = state.status === 'finished';
  return (
    // data-version: the game's version, so a test (or a person with dev tools) sees a new state arrive.
    <main className="variant-page public-page" data-version={state.lastUpdate}>
      <VariantHeader
        title="Palace"
        gameId={state.id}
        badges={
          <>
            <Badge tone={me === null ? 'spectator' : 'active'} label={`Role: ${role}`}>
              {role}
            </Badge>
            <StatusBadge status={state.status} />
          </>
        }
        onLeave={() => void leave()}
        extra={<InviteButton gameId={state.id} />}
      />
      <div className="variant-layout">
        <div className="variant-main">
          {over && controls}
          <section className="board variant-board public-board" aria-label="Game table">
            <Opponents seats={opponentSeats(state)} />
            {state.status === 'waiting' && state.players.length <= 1 && (
              <p className="muted small public-alone">Nobody else yet: add an AI or invite a friend.</p>
            )}
            <TableView
              pileTop={pileBottomToTop(state.pile)}
              pileCount={state.pileSize}
              {...(state.status === 'setup' || state.status === 'playing' ? { deckCount: state.deckSize } : {})}
              {...(lastLine === undefined ? {} : { note: lastLine.text })}
            />
            {me !== null && state.status !== 'waiting' && (
              <section className="public-own" aria-label="Your cards">
                {myTurn && <p className="turn-line mine">Your turn</p>}
                <OwnCards
                  hand={me.hand}
                  faceUp={me.faceUp}
                  faceDown={me.faceDown}
                  playable={choosing ? me.hand.map((c) => c.id) : myTurn ? state.playableCards : []}
                  selected={choosing ? me.hand.filter((c) => chosen.includes(c.id)) : selected}
                  onPick={pick}
                />
              </section>
            )}
          </section>
        </div>
        <div className="variant-side">
          {!over && controls}
          <VariantChat lines={state.chat} me={state.you ?? username} onSend={sendChat} />
          <SpectatorList names={state.spectators} />
          <RulesCard more />
        </div>
      </div>
    </main>
  );
}
