import type { GameResult, GameState, Seat } from '@palace/core';
import { type ReactElement, useEffect, useMemo, useState } from 'react';
import { fromEngine, sortHand } from '../../table/cards.js';
import { GameTable } from '../../table/game-table.js';
import type { TableModel } from '../../table/model.js';
import { rangeFill } from '../../ui/form.js';
import { Badge, Panel, Standings } from '../variants/table-kit.js';
import { KIND_NAMES, ReviewLink } from './replay-link.js';
import { checkDeal, type DealCheck, type LoadedRecord, recordUrl, replaySteps } from './replay-record.js';

/** The deal check as a badge: green when sha256(seed) equals the published commitment. */
function DealBadge({ check }: { readonly check: DealCheck | null }): ReactElement {
  if (check === null) return <Badge tone="waiting">Checking the deal…</Badge>;
  if (check === 'verified') {
    return (
      <Badge tone="active" label="Deal verified: the seed matches the commitment published when the game began">
        Deal verified
      </Badge>
    );
  }
  if (check === 'mismatch') return <Badge tone="danger">Commitment does not match</Badge>;
  return <Badge tone="waiting">No commitment in this file</Badge>;
}

/**
 * A replayed state as the table kit's model: every seat around the table with all its cards shown
 * (the record is public once the game is over), the pile and the deck, whose turn it is; nothing
 * to press (the replay's own buttons step through it).
 */
export function replayTableModel(state: GameState, history: readonly string[] = []): TableModel {
  const turn = state.phase === 'playing' ? state.seats[state.turn] : undefined;
  return {
    seats: state.seats.map((seat: Seat) => {
      const winner = state.result?.winner === seat.id;
      return {
        key: seat.id,
        name: seat.name,
        ai: seat.ai === null ? null : {},
        isTurn: seat.id === turn?.id,
        handCount: seat.hand.length,
        faceUp: seat.faceUp.map(fromEngine),
        faceDownCount: seat.faceDown.length,
        flags: seat.left ? ['left'] : [],
        open: { hand: sortHand(seat.hand.map(fromEngine)), faceDown: seat.faceDown.map(fromEngine) },
        ...(winner ? { badge: 'Winner' } : seat.id === turn?.id ? { badge: 'To play' } : {}),
      };
    }),
    deckCount: state.deck.length,
    pile: { top: state.pile.slice(-3).map(fromEngine), count: state.pile.length },
    // The step's words are the replay controls' own line (announced there), not repeated here.
    lastAction: null,
    turn: { text: turnLine(state), mine: false },
    own: null,
    enabled: [],
    selected: [],
    onCard: () => undefined,
    actions: [],
    // The move log lists the steps up to this one: a step back takes the last off it.
    history,
  };
}

/** The end of the game: winner and standings (or that it ended before anyone won). */
function Result({ result }: { readonly result: GameResult | null }): ReactElement {
  if (result === null) {
    return (
      <Panel title="Result">
        <p>This game ended before anyone won.</p>
      </Panel>
    );
  }
  const winner = result.standings.find((s) => s.seat === result.winner)?.name ?? 'Someone';
  return (
    <Panel title="Result" className="replay-result">
      <p>
        <strong>{winner} wins!</strong>
        {result.reason === 'moveCap' && ' (the move limit ended the game: fewest cards left)'}
      </p>
      <Standings rows={result.standings} />
    </Panel>
  );
}

/** Whose turn the table shows, or the phase when nobody is to play. */
function turnLine(state: GameState): string {
  if (state.phase === 'finished') return 'Game over';
  if (state.phase === 'waiting') return 'Waiting for players';
  if (state.phase === 'setup') return 'Choosing face-up cards';
  return `${state.seats[state.turn]?.name ?? 'Someone'} to play`;
}

/**
 * The replay of one record: every step replayed in the browser by the engine, with First / Back /
 * Forward / Last (and the Left/Right arrow keys, Home/End), the step announced politely, every
 * seat's cards face up, the pile and deck, the last action in words, the deal check and, at the
 * last step, the result. `start` opens it at that step (the address's `?move=N`: the review's move
 * rows link there), kept within the game. `onReview` (a record file opened on `/replay`) puts a
 * Review button where a server's game has its Review link, to review the file in the browser.
 */
/** "REST game ABC123 · 04/12/2026, 21:00": the record's kind, game id and start, under a heading. */
export function RecordSubtitle({ loaded }: { readonly loaded: LoadedRecord }): ReactElement {
  const kind = loaded.variant === null ? null : (KIND_NAMES[loaded.variant] ?? loaded.variant);
  return (
    <>
      {kind ?? 'Game record'}
      {loaded.gameId !== null && (
        <>
          {' '}
          <code className="game-code">{loaded.gameId}</code>
        </>
      )}
      {' · '}
      {new Date(loaded.record.createdAt).toLocaleString()}
    </>
  );
}

export function ReplayView({
  loaded,
  start = 0,
  onReview,
}: {
  readonly loaded: LoadedRecord;
  readonly start?: number;
  readonly onReview?: () => void;
}): ReactElement {
  const steps = useMemo(() => replaySteps(loaded.record), [loaded]);
  const last = steps.ok ? steps.value.length - 1 : 0;
  const [index, setIndex] = useState(() => Math.min(last, Math.max(0, Math.floor(start))));
  const [check, setCheck] = useState<DealCheck | null>(null);

  useEffect(() => {
    let live = true;
    checkDeal(loaded).then(
      (found) => live && setCheck(found),
      () => live && setCheck('mismatch'),
    );
    return () => {
      live = false;
    };
  }, [loaded]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A field (the move slider included) keeps its own arrow keys.
      const inField = event.target instanceof Element && event.target.closest('input, textarea, select') !== null;
      if (inField || event.altKey || event.ctrlKey || event.metaKey) return;
      const moves: Record<string, (i: number) => number> = {
        ArrowLeft: (i) => i - 1,
        ArrowRight: (i) => i + 1,
        Home: () => 0,
        End: () => last,
      };
      const move = moves[event.key];
      if (move === undefined) return;
      event.preventDefault();
      setIndex((i) => Math.min(last, Math.max(0, move(i))));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [last]);

  if (!steps.ok) {
    return (
      <section className="card variant-error" role="alert">
        <h1>This record cannot be replayed</h1>
        <p>{steps.error}</p>
      </section>
    );
  }
  const step = steps.value[index] ?? steps.value[0];
  if (step === undefined) throw new Error('a replay has at least its first step');
  const { state } = step;
  const history = steps.value.slice(1, index + 1).map((s) => s.text);
  const go = (to: number) => setIndex(Math.min(last, Math.max(0, to)));

  return (
    <>
      <header className="variant-header">
        <div className="variant-title">
          <h1 tabIndex={-1}>Replay</h1>
          <p className="small">
            <RecordSubtitle loaded={loaded} />
          </p>
        </div>
        <div className="variant-badges">
          <DealBadge check={check} />
        </div>
        <div className="button-row">
          {loaded.variant !== null && loaded.gameId !== null && (
            <a
              className="button button-secondary button-small"
              href={recordUrl(loaded.variant, loaded.gameId, true)}
              download
            >
              Download record
            </a>
          )}
          {onReview !== undefined ? (
            <button type="button" className="button button-secondary button-small-outline" onClick={onReview}>
              Review
            </button>
          ) : (
            loaded.variant !== null &&
            loaded.gameId !== null && <ReviewLink variant={loaded.variant} gameId={loaded.gameId} small />
          )}
        </div>
      </header>

      <section className="card replay-controls" aria-label="Replay controls">
        <p className="replay-step" aria-live="polite" aria-atomic="true">
          <strong>
            Move {index} of {last}
          </strong>
          <span className="replay-text">{step.text}</span>
        </p>
        <input
          type="range"
          className="replay-slider"
          min={0}
          max={last}
          value={index}
          style={rangeFill(index, 0, last)}
          aria-label="Move"
          aria-valuetext={`Move ${index} of ${last}`}
          onChange={(event) => go(Number(event.currentTarget.value))}
        />
        <div className="button-row replay-buttons">
          <button type="button" className="button button-secondary" disabled={index === 0} onClick={() => go(0)}>
            First
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={index === 0}
            onClick={() => go(index - 1)}
          >
            Back
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={index === last}
            onClick={() => go(index + 1)}
          >
            Forward
          </button>
          <button type="button" className="button button-secondary" disabled={index === last} onClick={() => go(last)}>
            Last
          </button>
        </div>
      </section>

      <GameTable
        model={replayTableModel(state, history)}
        fill
        label="Game table"
        sideLabel="About"
        {...(index === last ? { notice: <Result result={state.result} /> } : {})}
        side={
          <Panel title="About this record">
            <p className="small">
              {state.seats.length} players · {steps.value.length - 1} recorded moves · burned {state.burned.length}{' '}
              {state.burned.length === 1 ? 'card' : 'cards'} so far. The seed was revealed when the game ended: the deal
              is checked against the commitment the game published when it began.
            </p>
          </Panel>
        }
      />
    </>
  );
}
