import '../../pages.css';
import '../variants.css';
import './simple.css';
import { SIMPLE_NAME_MAX } from '@palace/protocol';
import { type FormEvent, type ReactElement, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { TextField } from '../../../ui/form.js';
import { type FieldError, gamePath, newRoomId, savedUsername, wsCodeError, wsNameError } from './simple-forms.js';

/**
 * The simple websocket game's start page (`/simple-game` with no query, and `/ws`; spec 02 §2):
 * a name, then Create New Game (a new room "game" + the time) or Join Existing Game with a code.
 * Both open `/simple-game?gameId=…&username=…`. Problems show as field errors under the fields.
 */
export function SimpleWsHome(): ReactElement {
  const navigate = useNavigate();
  const [name, setName] = useState(savedUsername);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ name: FieldError; code: FieldError }>({ name: undefined, code: undefined });

  const create = (event: FormEvent) => {
    event.preventDefault();
    const nameError = wsNameError(name);
    setErrors({ name: nameError, code: undefined });
    if (nameError === undefined) navigate(gamePath('/simple-game', newRoomId(), name.trim()));
  };
  const join = (event: FormEvent) => {
    event.preventDefault();
    const next = { name: wsNameError(name), code: wsCodeError(code) };
    setErrors(next);
    if (next.name === undefined && next.code === undefined)
      navigate(gamePath('/simple-game', code.trim(), name.trim()));
  };

  return (
    <main className="variant-page">
      <section className="card variant-home simple-home" aria-labelledby="simple-ws-title">
        <h1 id="simple-ws-title">Palace</h1>
        <p className="tagline muted">Simple game · live over a websocket</p>
        <form onSubmit={create} noValidate>
          <TextField
            id="simple-ws-name"
            label="Your name"
            value={name}
            error={errors.name}
            onChange={setName}
            autoComplete="nickname"
            hint={`Up to ${SIMPLE_NAME_MAX} characters`}
          />
          <button type="submit" className="button button-primary">
            Create New Game
          </button>
        </form>
        <div className="or-divider">OR</div>
        <form onSubmit={join} noValidate>
          <TextField
            id="simple-ws-code"
            label="Game code"
            value={code}
            error={errors.code}
            onChange={setCode}
            autoComplete="off"
          />
          <button type="submit" className="button button-secondary">
            Join Existing Game
          </button>
        </form>
      </section>
    </main>
  );
}
