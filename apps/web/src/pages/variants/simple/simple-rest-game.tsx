import '../../pages.css';
import '../variants.css';
import './simple.css';
import { FACE_UP_COUNT } from '@palace/core';
import type { SimpleGameState } from '@palace/protocol';
import { type ReactElement, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { toggleChoice } from '../../../table/selection.js';
import { useAiLevel } from '../ai-level.js';
import { VariantErrorPage, VariantLoading } from '../table-kit.js';
import { usePoll } from '../use-poll.js';
import { errorText } from '../variant-api.js';
import { readGameQuery } from './simple-forms.js';
import { REST_FALLBACKS, type StateAnswer, simpleRestApi } from './simple-rest-api.js';
import { SimpleTable } from './simple-table.js';
import { errorToast, selectionToast } from './simple-toasts.js';

/** Where the REST screens start over. */
export const REST_HOME = '/simple-rest';
/** docs/product.md §P2.9: the simple REST game is polled every 2 s. */
export const REST_POLL_MS = 2000;
/** The first load answered a stranger's view: the name holds no seat here (the server's own words). */
export const NOT_SEATED = 'You are not playing as that user in this game';

/** `/simple-game-rest` (docs/product.md §P2.2): the game with `gameId` and `username`; else a trip to `/`. */
export function SimpleRestGamePage(): ReactElement {
  const [params] = useSearchParams();
  const query = readGameQuery(params);
  if (query.kind !== 'game') return <Navigate to="/" replace />;
  return <SimpleRestGame key={`${query.gameId}|${query.username}`} gameId={query.gameId} username={query.username} />;
}

/**
 * The polled game: GET every 2 s (sequential) until it is finished; each action's answer is shown at
 * once. A first load that fails (unknown game, somebody else's seat) shows the Error page.
 */
function SimpleRestGame(props: { readonly gameId: string; readonly username: string }): ReactElement {
  const { gameId, username } = props;
  const navigate = useNavigate();
  const [game, setGame] = useState<SimpleGameState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const loaded = useRef(false);
  const pollFailing = useRef(false);

  /** Shows a newer view (a slow poll must not undo an action's answer). */
  const accept = (next: SimpleGameState) =>
    setGame((now) => (now === null || next.lastUpdate >= now.lastUpdate ? next : now));

  usePoll(
    async () => {
      try {
        const { gameState } = await simpleRestApi.state(gameId, username);
        if (!loaded.current && gameState.you === null) {
          setLoadError(NOT_SEATED);
          return;
        }
        loaded.current = true;
        pollFailing.current = false;
        accept(gameState);
      } catch (error) {
        const text = errorText(error, REST_FALLBACKS.state);
        if (!loaded.current) setLoadError(text);
        else if (!pollFailing.current) {
          // Once per run of failures: polling goes on quietly until it works again.
          pollFailing.current = true;
          errorToast(text);
        }
      }
    },
    REST_POLL_MS,
    loadError === null && game?.status !== 'finished',
  );

  if (loadError !== null) return <VariantErrorPage message={loadError} home={REST_HOME} />;
  if (game === null) {
    return <VariantLoading className="card simple-loading">Loading game {gameId}…</VariantLoading>;
  }

  /** Runs one action; its answer is the new view, a refusal a toast. */
  const act = async (fallback: string, call: () => Promise<StateAnswer>): Promise<boolean> => {
    setBusy(true);
    try {
      accept((await call()).gameState);
      return true;
    } catch (error) {
      errorToast(errorText(error, fallback));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const me = game.players.find((p) => p.username === game.you);
  const handIds = me?.hand.map((c) => c.id) ?? [];
  const picks = chosen.filter((id) => handIds.includes(id));
  return (
    <SimpleTable
      game={game}
      chat={game.chat}
      home={REST_HOME}
      busy={busy}
      picks={picks}
      onPick={(id) => {
        if (!picks.includes(id) && picks.length >= FACE_UP_COUNT) {
          selectionToast('limit');
          return;
        }
        setChosen(toggleChoice(picks, id, FACE_UP_COUNT));
      }}
      onConfirm={() => {
        if (picks.length !== FACE_UP_COUNT) {
          selectionToast('required');
          return;
        }
        void act(REST_FALLBACKS.selectFaceUp, () => simpleRestApi.selectFaceUp(gameId, username, picks)).then(
          (done) => done && setChosen([]),
        );
      }}
      onPlay={(ids) => void act(REST_FALLBACKS.play, () => simpleRestApi.play(gameId, username, ids))}
      onPickUp={() => void act(REST_FALLBACKS.pickUp, () => simpleRestApi.pickUp(gameId, username))}
      onAddAi={() =>
        void act(REST_FALLBACKS.addAi, () => simpleRestApi.addAi(gameId, username, useAiLevel.getState().level))
      }
      onChat={async (text) => {
        try {
          accept((await simpleRestApi.chat(gameId, username, text)).gameState);
          return true;
        } catch (error) {
          errorToast(errorText(error, REST_FALLBACKS.chat));
          return false;
        }
      }}
      onLeave={() => {
        void simpleRestApi
          .leave(gameId, username)
          .catch((error: unknown) => errorToast(errorText(error, REST_FALLBACKS.leave)))
          .finally(() => navigate(REST_HOME));
      }}
    />
  );
}
