import { SIMPLE_NAME_MAX } from '@palace/protocol';
import { type FormEvent, type ReactElement, useState } from 'react';
import { useNameField } from '../../../lib/name-field.js';
import { TextField } from '../../../ui/form.js';
import { type FieldError, savedUsername } from './simple-forms.js';

/** Which of the two forms was sent. */
export type HomeKind = 'create' | 'join';

/** One field of a simple home page: its label and its check (an error, or undefined when fine). */
export interface HomeField {
  readonly label: string;
  readonly hint?: string;
  readonly check: (value: string) => FieldError;
}

/**
 * The start page of a simple game (docs/product.md §P2.2): the title and tagline, the name with the create
 * button, an OR divider, then the game's id or code with the join button. Creating checks the
 * name, joining the name and the game; problems show as field errors under the fields. `start`
 * gets the trimmed name and game: when it answers a promise (a request runs), both buttons are off
 * and the pressed one says "Creating…" or "Joining…" until the promise answers false (refused).
 */
export function SimpleHome(props: {
  /** Prefix of the ids: `{id}-title`, `{id}-name`, and `{id}-{gameKey}` for the game field. */
  readonly id: string;
  readonly gameKey: string;
  readonly tagline: string;
  readonly name: HomeField;
  readonly game: HomeField;
  readonly createLabel: string;
  readonly joinLabel: string;
  readonly start: (kind: HomeKind, name: string, game: string) => Promise<boolean> | undefined;
}): ReactElement {
  const { name: nameField, game: gameField } = props;
  const [name, setName] = useNameField(savedUsername, SIMPLE_NAME_MAX);
  const [game, setGame] = useState('');
  const [errors, setErrors] = useState<{ name: FieldError; game: FieldError }>({ name: undefined, game: undefined });
  const [busy, setBusy] = useState<HomeKind | null>(null);

  const submit = (kind: HomeKind) => (event: FormEvent) => {
    event.preventDefault();
    const next = { name: nameField.check(name), game: kind === 'join' ? gameField.check(game) : undefined };
    setErrors(next);
    if (next.name !== undefined || next.game !== undefined || busy !== null) return;
    const running = props.start(kind, name.trim(), game.trim());
    if (running === undefined) return;
    setBusy(kind);
    void running.then((started) => {
      if (!started) setBusy(null);
    });
  };

  return (
    <main className="variant-page">
      <section className="card variant-home simple-home" aria-labelledby={`${props.id}-title`}>
        <h1 id={`${props.id}-title`}>Palace</h1>
        <p className="tagline muted">{props.tagline}</p>
        <form onSubmit={submit('create')} noValidate>
          <TextField
            id={`${props.id}-name`}
            label={nameField.label}
            value={name}
            error={errors.name}
            onChange={setName}
            autoComplete="nickname"
            {...(nameField.hint === undefined ? {} : { hint: nameField.hint })}
          />
          <button type="submit" className="button button-primary" disabled={busy !== null}>
            {busy === 'create' ? 'Creating…' : props.createLabel}
          </button>
        </form>
        <div className="or-divider">OR</div>
        <form onSubmit={submit('join')} noValidate>
          <TextField
            id={`${props.id}-${props.gameKey}`}
            label={gameField.label}
            value={game}
            error={errors.game}
            onChange={setGame}
            autoComplete="off"
          />
          <button type="submit" className="button button-secondary" disabled={busy !== null}>
            {busy === 'join' ? 'Joining…' : props.joinLabel}
          </button>
        </form>
      </section>
    </main>
  );
}
