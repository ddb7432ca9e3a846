import '../variants.css';
import './easy.css';
import { EASY_POLL_MS, type EasyGameState, type EasySource } from '@palace/protocol';
import { type ReactElement, useCallback, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '../../../stores/toast-store.js';
import { useAiLevel } from '../ai-level.js';
import { StatusBadge, VariantErrorPage, VariantHeader, VariantLoading } from '../table-kit.js';
import { usePoll } from '../use-poll.js';
import { errorText } from '../variant-api.js';
import { easyApi } from './easy-api.js';
import {
  aiDueKey,
  aiMoveNote,
  aiOutcomeToast,
  EASY_TOAST_MS,
  type EasyNote,
  errorToast,
  ownPickUpNote,
  ownPlayNote,
  ownSeat,
  playOutcomeToast,
  playRefusalToast,
} from './easy-moves.js';
import { EasyFinished, EasyWaiting } from './easy-screens.js';
import { EasyTable } from './easy-table.js';
import { useEasyAi } from './use-easy-ai.js';

const HOME = '/easy-palace-home';

/**
 * `/easy-palace-game?gameId&playerId&playerName` (docs/product.md §P2.2, §P2.4 "Easy variant"). Missing
 * parameters send the visitor to the easy home. The player id is a credential (docs/product.md §D8): it
 * stays in the address and is never shown.
 */
export function EasyGamePage(): ReactElement {
  const [params] = useSearchParams();
  const gameId = params.get('gameId') ?? '';
  const playerId = params.get('playerId') ?? '';
  const playerName = params.get('playerName') ?? '';
  if (gameId === '' || playerId === '' || playerName === '') return <Navigate to={HOME} replace />;
  return <EasyGame key={`${gameId}:${playerId}`} gameId={gameId} playerId={playerId} playerName={playerName} />;
}

/**
 * One easy game: the viewer's own state, polled every 2 s one poll after another until the game is
 * over; the waiting, playing or finished screen; and the AI trigger (an AI turn seen in play is
 * moved 1 s later with `ai-move`, then the own view is fetched again: the ai-move answer is a
 * stranger's view and never replaces it).
 */
function EasyGame(props: { gameId: string; playerId: string; playerName: string }): ReactElement {
  const { gameId, playerId, playerName } = props;
  const navigate = useNavigate();
  const [state, setState] = useState<EasyGameState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<EasyNote | null>(null);
  const loaded = useRef(false);
  const started = useRef(false);
  const current = useRef<EasyGameState | null>(null);

  /** Takes a state of the viewer's own seat, unless an answer of a newer version already came. */
  const apply = useCallback((next: EasyGameState) => {
    loaded.current = true;
    const now = current.current;
    if (now !== null && next.lastUpdate < now.lastUpdate) return;
    // Someone else started the game: say who goes first, as the starter's own answer does.
    if (now?.status === 'waiting' && next.status === 'playing' && !started.current) {
      started.current = true;
      const first = next.currentTurnPlayerName;
      if (first !== null)
        toast({ title: 'Game Started!', description: `${first} goes first`, duration: EASY_TOAST_MS });
    }
    if (next.status === 'finished') setOver(true);
    current.current = next;
    setState(next);
  }, []);

  const refresh = useCallback(async () => {
    try {
      apply(await easyApi.view(gameId, playerId));
    } catch (error) {
      // Before the first state there is nothing to show but the Error page; later a failed poll is retried.
      if (!loaded.current) setLoadError(errorText(error, 'Failed to get game state'));
    }
  }, [apply, gameId, playerId]);

  usePoll(refresh, EASY_POLL_MS, !over && loadError === null);

  useEasyAi(aiDueKey(state, over), async () => {
    try {
      const answer = await easyApi.aiMove(gameId);
      setNote(aiMoveNote(answer));
      if (answer.gameOver) setOver(true);
      const shown = aiOutcomeToast(answer);
      if (shown !== null) toast(shown);
    } catch {
      // Another client or the server's fallback moved this AI first: the refresh shows it.
    }
    await refresh();
  });

  /** Runs one action; actions wait for each other (docs/product.md §P2.4: blocked while a request runs). */
  const act = async (run: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await run();
    } finally {
      setBusy(false);
    }
  };

  const actions = {
    addAi: () =>
      act(async () => {
        try {
          const answer = await easyApi.addAi(gameId, playerId, useAiLevel.getState().level);
          apply(answer.gameState);
          toast({ title: 'AI Added', description: `${answer.aiName} joined the game`, duration: EASY_TOAST_MS });
        } catch (error) {
          toast(errorToast(errorText(error, 'Failed to add AI opponent')));
        }
      }),
    start: () =>
      act(async () => {
        try {
          const answer = await easyApi.start(gameId, playerId);
          started.current = true;
          apply(answer.gameState);
          toast({ title: 'Game Started!', description: `${answer.firstPlayer} goes first`, duration: EASY_TOAST_MS });
        } catch (error) {
          toast(errorToast(errorText(error, 'Failed to start game')));
        }
      }),
    play: (cardId: string, source: EasySource) =>
      act(async () => {
        try {
          const answer = await easyApi.play(gameId, playerId, cardId, source);
          apply(answer.gameState);
          setNote(ownPlayNote(answer));
          const shown = playOutcomeToast(answer);
          if (shown !== null) toast(shown);
        } catch (error) {
          toast(playRefusalToast(source, errorText(error, 'Failed to play card')));
          await refresh();
        }
      }),
    pickUp: () =>
      act(async () => {
        try {
          const answer = await easyApi.pickUp(gameId, playerId);
          apply(answer.gameState);
          setNote(ownPickUpNote(answer.gameState.lastUpdate));
        } catch (error) {
          toast(errorToast(errorText(error, 'Failed to pickup pile')));
        }
      }),
  };

  if (loadError !== null) return <VariantErrorPage message={loadError} home={HOME} />;
  if (state === null) {
    return (
      <VariantLoading page="easy-page" className="loading-line">
        Loading game…
      </VariantLoading>
    );
  }
  const me = ownSeat(state, playerId);
  const finished = state.status === 'finished';
  const header = (
    <VariantHeader
      title="Easy Palace"
      gameId={state.id}
      badges={<StatusBadge status={state.status} />}
      onLeave={() => navigate(HOME)}
    />
  );
  if (state.status === 'playing' && me !== null) {
    return (
      <main
        className="variant-table easy-page"
        data-status={state.status}
        data-version={state.lastUpdate}
        data-busy={busy}
      >
        <EasyTable
          state={state}
          me={me}
          header={header}
          busy={busy}
          note={note}
          onPlay={(id, source) => void actions.play(id, source)}
          onPickUp={() => void actions.pickUp()}
        />
      </main>
    );
  }
  return (
    <main className="variant-page easy-page" data-status={state.status} data-version={state.lastUpdate}>
      {header}
      {state.status === 'waiting' && (
        <EasyWaiting state={state} playerId={playerId} busy={busy} onAddAi={actions.addAi} onStart={actions.start} />
      )}
      {state.status === 'playing' && (
        <p className="card easy-note" role="alert">
          You are not seated in this game.
        </p>
      )}
      {finished && <EasyFinished state={state} you={me?.name ?? playerName} youWon={state.winner === playerId} />}
    </main>
  );
}
