import { PRESETS } from '@palace/core';
import type { RestVariant } from '@palace/protocol';
import { type FormEvent, type ReactElement, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '../../stores/toast-store.js';
import { GAME_ID_LENGTH, gameIdProblem, nameProblem, normalGameId } from './rest-logic.js';

const VARIANTS: readonly RestVariant[] = ['classic', 'easy', 'wild'];

function title(variant: RestVariant): string {
  return `${variant.charAt(0).toUpperCase()}${variant.slice(1)}`;
}

/** The start screen of `/rest-poker` when not in a game (docs/product.md §P2.2). */
export function StartScreen(props: {
  readonly onCreate: () => void;
  readonly onJoin: () => void;
  readonly onTutorial: () => void;
}): ReactElement {
  return (
    <section className="card rest-start" aria-labelledby="rest-start-title">
      <h1 id="rest-start-title" className="display">
        Palace
      </h1>
      <p className="tagline">The ultimate card game</p>
      <div className="button-stack">
        <button type="button" className="button button-primary" onClick={props.onCreate}>
          Create New Game
        </button>
        <button type="button" className="button button-secondary" onClick={props.onJoin}>
          Join Game
        </button>
        <button type="button" className="button button-secondary" onClick={props.onTutorial}>
          How to Play
        </button>
      </div>
      <p className="small">
        <Link to="/lobby">Browse public games</Link>
      </p>
    </section>
  );
}

function NameField(props: { readonly id: string; readonly value: string; readonly onChange: (v: string) => void }) {
  return (
    <div className="field">
      <label htmlFor={props.id}>Your name</label>
      <input
        id={props.id}
        value={props.value}
        maxLength={20}
        autoComplete="nickname"
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

/**
 * The create form (docs/product.md §P2.2): name, variant (each with its description), a "Show advanced
 * options" box that only says custom rules are coming soon, Create and Cancel. The name is checked
 * after trimming ("Name Required").
 */
export function CreateForm(props: {
  readonly name: string;
  readonly onName: (name: string) => void;
  readonly variant: RestVariant;
  readonly onVariant: (variant: RestVariant) => void;
  readonly onSubmit: (name: string, variant: RestVariant) => void;
  readonly onCancel: () => void;
}): ReactElement {
  const [advanced, setAdvanced] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = nameProblem(props.name, 'create');
    if (problem !== null) {
      toast(problem);
      return;
    }
    props.onSubmit(props.name.trim(), props.variant);
  };
  return (
    <form className="card form rest-form" onSubmit={submit} aria-labelledby="rest-create-title" noValidate>
      <h1 id="rest-create-title">Create New Game</h1>
      <NameField id="rest-create-name" value={props.name} onChange={props.onName} />
      <div className="field">
        <label htmlFor="rest-variant">Variant</label>
        <select
          id="rest-variant"
          value={props.variant}
          aria-describedby="rest-variant-description"
          onChange={(e) => props.onVariant(e.target.value as RestVariant)}
        >
          {VARIANTS.map((v) => (
            <option key={v} value={v}>
              {title(v)}
            </option>
          ))}
        </select>
        <p className="field-hint" id="rest-variant-description">
          {PRESETS[props.variant].description}
        </p>
      </div>
      <label className="check">
        <input type="checkbox" checked={advanced} onChange={(e) => setAdvanced(e.target.checked)} />
        Show advanced options
      </label>
      {advanced && <p className="small muted rest-advanced">Custom rules are coming soon</p>}
      <div className="button-row rest-form-actions">
        <button type="button" className="button button-secondary" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-primary">
          Create
        </button>
      </div>
    </form>
  );
}

/** The join form (docs/product.md §P2.2): name, game ID (upper-cased as typed), Join and Cancel. */
export function JoinForm(props: {
  readonly name: string;
  readonly onName: (name: string) => void;
  readonly gameId: string;
  readonly onGameId: (id: string) => void;
  readonly onSubmit: (name: string, gameId: string) => void;
  readonly onCancel: () => void;
}): ReactElement {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = nameProblem(props.name, 'join') ?? gameIdProblem(props.gameId);
    if (problem !== null) {
      toast(problem);
      return;
    }
    props.onSubmit(props.name.trim(), normalGameId(props.gameId));
  };
  return (
    <form className="card form rest-form" onSubmit={submit} aria-labelledby="rest-join-title" noValidate>
      <h1 id="rest-join-title">Join Game</h1>
      <NameField id="rest-join-name" value={props.name} onChange={props.onName} />
      <div className="field">
        <label htmlFor="rest-join-id">Game ID</label>
        <input
          id="rest-join-id"
          className="rest-id-input"
          value={props.gameId}
          maxLength={GAME_ID_LENGTH}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          placeholder="ABC123"
          onChange={(e) => props.onGameId(normalGameId(e.target.value))}
        />
      </div>
      <div className="button-row rest-form-actions">
        <button type="button" className="button button-secondary" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-primary">
          Join
        </button>
      </div>
    </form>
  );
}

/** Creating or joining (docs/product.md §P2.2 "loading"). */
export function LoadingPanel({ text }: { readonly text: string }): ReactElement {
  return (
    <section className="card rest-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <p>{text}</p>
    </section>
  );
}

/** Create or join could not reach the server (docs/product.md §P2.8): the text and Go Back. */
export function ErrorPanel(props: { readonly message: string; readonly onBack: () => void }): ReactElement {
  return (
    <section className="card variant-error rest-error" role="alert">
      <h1>Error</h1>
      <p>{props.message}</p>
      <button type="button" className="button button-primary" onClick={props.onBack}>
        Go Back
      </button>
    </section>
  );
}
