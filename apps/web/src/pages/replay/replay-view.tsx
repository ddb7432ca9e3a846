import type { Card, GameResult, GameState, Seat } from '@palace/core';
import { type ReactElement, useEffect, useMemo, useState } from 'react';
import { CardView } from '../play/card-view.js';
import { cardFace } from '../prototypes/local-game.js';
import { Badge, Panel, Standings, TableView } from '../variants/table-kit.js';
import { checkDeal, type DealCheck, type LoadedRecord, recordUrl, replaySteps } from './replay-record.js';

/** How each game kind is named on the page. */
const KIND_NAMES: Readonly<Record<string, string>> = {
  main: 'Main game',
  rest: 'REST game',
  'simple-ws': 'Simple websocket game',
  'simple-rest': 'Simple REST game',
  public: 'Public game',
  easy: 'Easy game',
};

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

/** One row of a seat's cards, all face up (the record is public once the game is over). */
function Row({ title, cards }: { readonly title: string; readonly cards: readonly Card[] }): ReactElement {
  return (
    <div className="replay-row">
      <span className="row-title small muted">{title}</span>
      <ul className="card-row mini" aria-label={`${title}: ${cards.length} ${cards.length === 1 ? 'card' : 'cards'}`}>
        {cards.length === 0 && <li className="small muted">none</li>}
        {cards.map((c) => (
          <li key={c.id}>
            <CardView card={cardFace(c)} small />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Every seat with all its cards shown, the one to act marked. */
function Seats({ state }: { readonly state: GameState }): ReactElement {
  const turn = state.phase === 'playing' ? state.seats[state.turn] : undefined;
  return (
    <ul className="replay-seats" aria-label="Players">
      {state.seats.map((seat: Seat) => {
        const current = seat.id === turn?.id;
        const winner = state.result?.winner === seat.id;
        return (
          <li
            key={seat.id}
            className={`card replay-seat${current ? ' turn' : ''}`}
            aria-current={current ? 'true' : undefined}
            aria-label={seat.name}
          >
            <div className="replay-seat-name">
              <strong>{seat.name}</strong>
              {seat.ai !== null && <span className="small muted"> (AI)</span>}
              {current && <Badge tone="active">To play</Badge>}
              {winner && <Badge tone="finished">Winner</Badge>}
              {seat.left && <span className="small muted"> · left</span>}
            </div>
            <Row title="Hand" cards={seat.hand} />
            <Row title="Face up" cards={seat.faceUp} />
            <Row title="Face down" cards={seat.faceDown} />
          </li>
        );
      })}
    </ul>
  );
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
 * last step, the result.
 */
export function ReplayView({ loaded }: { readonly loaded: LoadedRecord }): ReactElement {
  const steps = useMemo(() => replaySteps(loaded.record), [loaded]);
  const [index, setIndex] = useState(0);
  const [check, setCheck] = useState<DealCheck | null>(null);
  const last = steps.ok ? steps.value.length - 1 : 0;

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
  const kind = loaded.variant === null ? null : (KIND_NAMES[loaded.variant] ?? loaded.variant);
  const go = (to: number) => setIndex(Math.min(last, Math.max(0, to)));

  return (
    <>
      <header className="variant-header">
        <div className="variant-title">
          <h1>Replay</h1>
          <p className="small">
            {kind ?? 'Game record'}
            {loaded.gameId !== null && (
              <>
                {' '}
                <code className="game-code">{loaded.gameId}</code>
              </>
            )}
            {' · '}
            {new Date(loaded.record.createdAt).toLocaleString()}
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

      <div className="variant-layout">
        <div className="variant-main">
          <section className="board variant-board" aria-label="Game table">
            <TableView
              pileTop={state.pile.slice(-3).map(cardFace)}
              pileCount={state.pile.length}
              deckCount={state.deck.length}
              note={turnLine(state)}
            />
          </section>
          <Seats state={state} />
        </div>
        <div className="variant-side">
          {index === last && <Result result={state.result} />}
          <Panel title="About this record">
            <p className="small">
              {state.seats.length} players · {steps.value.length - 1} recorded moves · burned {state.burned.length}{' '}
              {state.burned.length === 1 ? 'card' : 'cards'} so far. The seed was revealed when the game ended: the deal
              is checked against the commitment the game published when it began.
            </p>
          </Panel>
        </div>
      </div>
    </>
  );
}
