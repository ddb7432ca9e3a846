import '../../pages.css';
import '../variants.css';
import './simple.css';
import { type FormEvent, type ReactElement, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { TextField } from '../../../ui/form.js';
import { errorText } from '../variant-api.js';
import { type FieldError, gamePath, restGameIdError, restNameError, savedUsername } from './simple-forms.js';
import { REST_FALLBACKS, simpleRestApi } from './simple-rest-api.js';
import { errorToast } from './simple-toasts.js';

/**
 * The simple REST game's start page (`/simple-rest`; spec 02 §2): a username, Create New Game, an
 * OR divider, then a Game ID and Join. Both call join (which also sets the seat cookie) and open
 * `/simple-game-rest?gameId=…&username=…`. Checks show as field errors; the server's refusal (an
 * unknown game, a taken name, a started game) as a toast titled "Error".
 */
export function SimpleRestHome(): ReactElement {
  const navigate = useNavigate();
  const [name, setName] = useState(savedUsername);
  const [gameId, setGameId] = useState('');
  const [errors, setErrors] = useState<{ name: FieldError; gameId: FieldError }>({
    name: undefined,
    gameId: undefined,
  });
  const [busy, setBusy] = useState<'create' | 'join' | null>(null);

  const go = async (kind: 'create' | 'join') => {
    const username = name.trim();
    setBusy(kind);
    try {
      const answer = await simpleRestApi.join(username, kind === 'join' ? gameId.trim() : undefined);
      navigate(gamePath('/simple-game-rest', answer.gameId, answer.gameState.you ?? username));
    } catch (error) {
      errorToast(errorText(error, kind === 'join' ? REST_FALLBACKS.join : REST_FALLBACKS.create));
      setBusy(null);
    }
  };
  const create = (event: FormEvent) => {
    event.preventDefault();
    const nameError = restNameError(name);
    setErrors({ name: nameError, gameId: undefined });
    if (nameError === undefined && busy === null) void go('create');
  };
  const join = (event: FormEvent) => {
    event.preventDefault();
    const next = { name: restNameError(name), gameId: restGameIdError(gameId) };
    setErrors(next);
    if (next.name === undefined && next.gameId === undefined && busy === null) void go('join');
  };

  return (
    <main className="variant-page">
      <section className="card variant-home simple-home" aria-labelledby="simple-rest-title">
        <h1 id="simple-rest-title">Palace</h1>
        <p className="tagline muted">Simple game · play in any browser</p>
        <form onSubmit={create} noValidate>
          <TextField
            id="simple-rest-name"
            label="Username"
            value={name}
            error={errors.name}
            onChange={setName}
            autoComplete="nickname"
          />
          <button type="submit" className="button button-primary" disabled={busy !== null}>
            {busy === 'create' ? 'Creating…' : 'Create New Game'}
          </button>
        </form>
        <div className="or-divider">OR</div>
        <form onSubmit={join} noValidate>
          <TextField
            id="simple-rest-game-id"
            label="Game ID"
            value={gameId}
            error={errors.gameId}
            onChange={setGameId}
            autoComplete="off"
          />
          <button type="submit" className="button button-secondary" disabled={busy !== null}>
            {busy === 'join' ? 'Joining…' : 'Join'}
          </button>
        </form>
      </section>
    </main>
  );
}
