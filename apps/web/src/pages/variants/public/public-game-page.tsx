import '../variants.css';
import './public.css';
import type { PublicActionAnswer, PublicGameState } from '@palace/protocol';
import { type ReactElement, useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { openFinished, useFinishedRecord } from '../../../table/finished-record.js';
import { GameTable } from '../../../table/game-table.js';
import { ownCards, stillAllowed, toggleCard, toggleChoice } from '../../../table/selection.js';
import { AiLevelSelect, useAiLevel } from '../ai-level.js';
import {
  Badge,
  RulesCard,
  SpectatorList,
  StatusBadge,
  VariantErrorPage,
  VariantHeader,
  VariantLoading,
} from '../table-kit.js';
import { usePoll } from '../use-poll.js';
import { errorText } from '../variant-api.js';
import { VariantChat } from '../variant-chat.js';
import { publicApi } from './public-api.js';
import { PublicNotice } from './public-controls.js';
import {
  FALLBACKS,
  FINISHED_POLL_MS,
  GAME_POLL_MS,
  gamePath,
  isInGame,
  ownSeat,
  PUBLIC_TEXTS,
  playSelectionError,
  readySelectionError,
} from './public-logic.js';
import { publicChoosing, publicTableModel } from './public-table-model.js';
import { showError, showNotice } from './public-toasts.js';

/**
 * `/palace-game?id&username` (docs/product.md §P2.2 "Public-games variant"): missing parameters go back to
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
 * (id, Player/Spectator, status, Leave) over the table kit: the opponents, the pile and the deck,
 * the viewer's own cards (never a spectator's), the controls by status (its words over the middle,
 * its buttons in the action bar), and beside the table (a sheet on a phone) the chat, the
 * spectators and the rules. A name not yet
 * in the game (an address typed or shared by hand) joins it first, as the home page would. A
 * first load that fails shows the Error page; later failures are one "Error" toast per streak.
 */
function PublicGame({ gameId, username }: { readonly gameId: string; readonly username: string }): ReactElement {
  const navigate = useNavigate();
  const [state, setState] = useState<PublicGameState | null>(null);
  const [fatal, setFatal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [selected, setSelected] = useState<readonly string[]>([]);
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
  // A finished game is polled slowly, and only until a rematch is offered (docs/product.md §D11).
  const finished = state?.status === 'finished';
  usePoll(tick, finished ? FINISHED_POLL_MS : GAME_POLL_MS, fatal === null && (!finished || state.rematch === null));
  // At the end: the record turns every card over and gives the moves (docs/web.md "The table kit": game over).
  const record = useFinishedRecord('public', gameId, finished);

  // A new state may take cards away: keep only what may still be chosen or played.
  useEffect(() => {
    if (state === null) return;
    const mine = ownSeat(state);
    const handIds = new Set((mine?.hand ?? []).map((c) => c.id));
    setChosen((c) => (state.mustSelectFaceUp ? c.filter((id) => handIds.has(id)) : []));
    setSelected((s) => stillAllowed(s, state.playableCards));
  }, [state]);

  if (fatal !== null) return <VariantErrorPage message={fatal} home="/palace-home" />;
  if (state === null) {
    return (
      <VariantLoading page="public-page" className="muted">
        Loading game {gameId}…
      </VariantLoading>
    );
  }

  const me = ownSeat(state);
  const choosing = publicChoosing(state);

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
      const ids = [...selected];
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

  const model = publicTableModel(state, {
    selected,
    chosen,
    busy,
    // While choosing, any number up to the hand may be picked: Ready then says "exactly 3" (docs/product.md §P2.5).
    onCard: (id) => {
      if (choosing) setChosen((c) => toggleChoice(c, id, me?.hand.length ?? 0));
      else setSelected((s) => toggleCard(s, id, model.own === null ? [] : ownCards(model.own)));
    },
    ...actions,
  });

  /** The rematch (offered or joined): the page moves to the new game under the same name. */
  const rematch = async () => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      const seated = await publicApi.rematch(gameId, username);
      navigate(gamePath(seated.gameId, seated.username));
    } catch (error) {
      showError(error, FALLBACKS.rematch);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
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

  const role = me === null ? 'Spectator' : 'Player';
  return (
    // data-version: the game's version, so a test (or a person with dev tools) sees a new state arrive.
    <main className="variant-table public-page" data-version={state.lastUpdate}>
      <GameTable
        model={
          finished
            ? openFinished(
                model,
                record,
                state.players.map((p) => (p.username === state.you ? null : p.username)),
              )
            : model
        }
        header={
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
          />
        }
        notice={
          <PublicNotice
            state={state}
            me={me}
            chosen={chosen.length}
            busy={busy}
            record={record}
            onRematch={() => void rematch()}
          />
        }
        barStart={me !== null && state.status === 'waiting' ? <AiLevelSelect disabled={busy} /> : undefined}
        sideLabel="Chat & rules"
        side={
          <>
            <VariantChat lines={state.chat} me={state.you ?? username} onSend={sendChat} />
            <SpectatorList names={state.spectators} />
            <RulesCard more />
          </>
        }
      />
    </main>
  );
}
