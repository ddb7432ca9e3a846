import '../pages.css';
import './prototypes.css';
import { type GameState, viewFor } from '@palace/core';
import { type FormEvent, type ReactElement, useEffect, useId, useState } from 'react';
import { warmComputer } from '../../ai/ai-client.js';
import { useNameField as useOwnName } from '../../lib/name-field.js';
import { fromEngine } from '../../table/cards.js';
import { FaceUpChoice } from '../../table/face-up-choice.js';
import { Tabs } from '../../ui/tabs.js';
import { dueSeat, MAX_PLAYERS, MIN_PLAYERS, NAME_MAX, useHotSeat } from './hot-seat-store.js';
import { LocalBoard, toastRefusal } from './local-board.js';
import { useLocalGameOver } from './local-game-over.js';
import { Finished } from './simplified-finished.js';
import { Tutorial } from './tutorial.js';

/**
 * `/simplified`: the multiplayer-style prototype (docs/product.md §P2.2): create a table, more local players
 * join on the same device, a waiting room, the face-up choice, then hot-seat play. Between two
 * players' turns a cover asks to pass the device, so nobody sees another player's hand.
 */
export function SimplifiedPage(): ReactElement {
  const game = useHotSeat((s) => s.game);
  const shownFor = useHotSeat((s) => s.shownFor);
  const [tab, setTab] = useState<'game' | 'tutorial'>('game');
  // The hints' worker starts as the page opens, while it is online (docs/web.md "Hints and the computer in a worker").
  useEffect(() => warmComputer(), []);
  // While a player's turn is on screen, the Game tab's table fills the screen below the tabs.
  const atTable =
    tab === 'game' &&
    game !== null &&
    ((game.phase === 'playing' && dueSeat(game) === shownFor) || game.phase === 'finished');
  return (
    <main className={`proto-page${atTable ? ' table-page' : ''}`}>
      <header className="proto-header">
        <div>
          <h1 className="display">Palace</h1>
          <p className="muted small">Pass and play · offline</p>
        </div>
        {game !== null && <LeaveButton />}
      </header>
      <Tabs
        label="Game sections"
        idPrefix="simplified"
        selected={tab}
        onSelect={setTab}
        items={[
          { id: 'game', label: 'Game', panel: game === null ? <CreateForm /> : <Table game={game} /> },
          { id: 'tutorial', label: 'How to Play', panel: <Tutorial chooseFaceUp /> },
        ]}
      />
    </main>
  );
}

function LeaveButton(): ReactElement {
  const close = useHotSeat((s) => s.close);
  return (
    <button type="button" className="button button-secondary button-small-outline" onClick={close}>
      Leave Table
    </button>
  );
}

/**
 * A name field that says "Please enter your name" when submitted empty. The creator's own field
 * (`own`) starts with a signed-in player's username (docs/web.md "Names"); the next players' do not.
 */
function useNameField(own = false): {
  name: string;
  error: string | null;
  field: (label: string) => ReactElement;
  check: () => string | null;
  clear: () => void;
} {
  const id = useId();
  const [mine, setMine] = useOwnName(() => '', NAME_MAX);
  const [theirs, setTheirs] = useState('');
  const [name, setName] = own ? [mine, setMine] : [theirs, setTheirs];
  const [error, setError] = useState<string | null>(null);
  return {
    name,
    error,
    clear: () => setName(''),
    check: () => {
      const trimmed = name.trim();
      setError(trimmed === '' ? 'Please enter your name' : null);
      return trimmed === '' ? null : trimmed;
    },
    field: (label) => (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          value={name}
          maxLength={NAME_MAX}
          autoComplete="off"
          aria-invalid={error !== null}
          aria-describedby={error !== null ? `${id}-error` : undefined}
          onChange={(e) => {
            setName(e.target.value);
            if (error !== null && e.target.value.trim() !== '') setError(null);
          }}
        />
        {error !== null && (
          <span id={`${id}-error`} className="field-error" role="alert">
            {error}
          </span>
        )}
      </div>
    ),
  };
}

function CreateForm(): ReactElement {
  const create = useHotSeat((s) => s.create);
  const nameField = useNameField(true);
  const [players, setPlayers] = useState(2);
  const playersId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = nameField.check();
    if (name !== null) create(name, players);
  };
  return (
    <form className="card form proto-form" onSubmit={submit} noValidate>
      <h2>Create a table</h2>
      <p className="muted small">Everyone plays on this device; pass it round when your turn ends.</p>
      {nameField.field('Your name')}
      <div className="field">
        <label htmlFor={playersId}>Number of players</label>
        <select id={playersId} value={players} onChange={(e) => setPlayers(Number(e.target.value))}>
          {Array.from({ length: MAX_PLAYERS - MIN_PLAYERS + 1 }, (_, i) => MIN_PLAYERS + i).map((n) => (
            <option key={n} value={n}>
              {n} players
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button-primary">
        Create Table
      </button>
    </form>
  );
}

function Table({ game }: { game: GameState }): ReactElement {
  const shownFor = useHotSeat((s) => s.shownFor);
  const last = useHotSeat((s) => s.last);
  // Mounted the whole game, so it sees every move (the panel's move list and length).
  const over = useLocalGameOver(game, last, null);
  if (game.phase === 'waiting') return <WaitingRoom game={game} />;
  if (game.phase === 'finished' && over !== null) return <Finished game={game} over={over} />;
  const due = dueSeat(game);
  if (due === null) return <p className="muted">Nothing to do.</p>;
  if (due !== shownFor) return <Cover game={game} seat={due} />;
  return game.phase === 'setup' ? <ChooseFaceUp key={due} game={game} seat={due} /> : <Play game={game} seat={due} />;
}

function WaitingRoom({ game }: { game: GameState }): ReactElement {
  const join = useHotSeat((s) => s.join);
  const start = useHotSeat((s) => s.start);
  const nameField = useNameField();
  const full = game.seats.length >= game.options.maxSeats;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = nameField.check();
    if (name === null) return;
    const error = join(name);
    if (error !== null) toastRefusal(game, '', error);
    else nameField.clear();
  };
  return (
    <section className="card proto-waiting" aria-labelledby="waiting-title">
      <h2 id="waiting-title">Waiting room</h2>
      <p className="muted small">
        {game.seats.length}/{game.options.maxSeats} players
      </p>
      <ul className="ready-list" aria-label="Players">
        {game.seats.map((s, i) => (
          <li key={s.id}>
            <span className="proto-seat" aria-hidden="true">
              {i + 1}
            </span>
            <span>{s.name}</span>
            <span className="ready-badge ready">{i === 0 ? 'Host' : 'Joined'}</span>
          </li>
        ))}
      </ul>
      {!full && (
        <form className="form proto-join" onSubmit={submit} noValidate>
          {nameField.field("Next player's name")}
          <button type="submit" className="button button-secondary">
            Join
          </button>
        </form>
      )}
      <button
        type="button"
        className="button button-primary"
        disabled={game.seats.length < MIN_PLAYERS}
        onClick={() => {
          const error = start();
          if (error !== null) toastRefusal(game, '', error);
        }}
      >
        Start Game
      </button>
      {game.seats.length < MIN_PLAYERS && <p className="muted small">At least 2 players are needed to start.</p>}
    </section>
  );
}

/** Hides every hand until the named player has the device. */
function Cover({ game, seat }: { game: GameState; seat: string }): ReactElement {
  const reveal = useHotSeat((s) => s.reveal);
  const last = useHotSeat((s) => s.last);
  const name = game.seats.find((s) => s.id === seat)?.name ?? '';
  return (
    <section className="card proto-cover" aria-labelledby="cover-title">
      <h2 id="cover-title">Pass the device to {name}</h2>
      {last !== '' && (
        <p className="proto-cover-last" role="status">
          {last}
        </p>
      )}
      <p className="muted">
        {game.phase === 'setup'
          ? `${name} chooses 3 face-up cards next. Nobody else should look.`
          : `It's ${name}'s turn. Nobody else should look.`}
      </p>
      <button type="button" className="button button-primary" onClick={() => reveal(seat)}>
        I'm {name}: show my cards
      </button>
    </section>
  );
}

function ChooseFaceUp({ game, seat }: { game: GameState; seat: string }): ReactElement {
  const command = useHotSeat((s) => s.command);
  const me = viewFor(game, seat).seats.find((s) => s.id === seat);
  const hand = [...(me?.hand ?? [])].sort((a, b) => a.rank - b.rank);
  const ready = game.seats.filter((s) => s.ready).length;
  return (
    <section className="card proto-choice" aria-labelledby="choice-title">
      <h2 id="choice-title">{me?.name}: choose 3 face-up cards</h2>
      <FaceUpChoice
        hand={hand.map(fromEngine)}
        rowClass="proto-choice-row"
        prompt={(chosen) => (
          <p className="muted small">
            {ready} of {game.seats.length} players ready. Chosen: {chosen}/3
          </p>
        )}
        confirm="Confirm Face-Up Cards"
        onConfirm={(cardIds) => {
          const error = command({ type: 'chooseFaceUp', seat, cardIds });
          if (error !== null) toastRefusal(game, seat, error);
        }}
      />
    </section>
  );
}

function Play({ game, seat }: { game: GameState; seat: string }): ReactElement {
  const command = useHotSeat((s) => s.command);
  const last = useHotSeat((s) => s.last);
  const lastMove = useHotSeat((s) => s.lastMove);
  const seed = useHotSeat((s) => s.seed);
  const countHint = useHotSeat((s) => s.countHint);
  return (
    <LocalBoard
      key={seat}
      state={game}
      viewer={seat}
      last={last}
      lastMove={lastMove}
      onCommand={command}
      nameViewer
      hint={{ seed, onUse: () => countHint(seat) }}
    />
  );
}
