import { PUBLIC_NAME_MAX } from '@palace/protocol';
import '../variants.css';
import './public.css';
import type { PublicSeated, PublicVisibility } from '@palace/protocol';
import { type FormEvent, type ReactElement, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useNameField } from '../../../lib/name-field.js';
import { TextField } from '../../../ui/form.js';
import { VariantHome } from '../variant-home.js';
import { publicApi } from './public-api.js';
import { PublicGamesList } from './public-games-list.js';
import {
  browserStorage,
  FALLBACKS,
  gameIdError,
  gamePath,
  initialName,
  saveName,
  usernameError,
} from './public-logic.js';
import { showError } from './public-toasts.js';

/**
 * `/palace-home` (docs/product.md §P2.2 "Public-games variant", §P2.5): a name (the saved one, else a Guest
 * name), tabs Create Game (public or private) and Join Game (a game id with Clear), the public
 * games list with a Join per game, and a link to the rules. The name is checked before any call,
 * with the spec's texts under the field; the server's refusals are "Error" toasts. Success saves
 * the name and opens `/palace-game?id&username`.
 */
export function PublicHomePage(): ReactElement {
  const navigate = useNavigate();
  const [name, setName] = useNameField(() => initialName(browserStorage()), PUBLIC_NAME_MAX);
  const [visibility, setVisibility] = useState<PublicVisibility>('public');
  const [gameId, setGameId] = useState('');
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const [idError, setIdError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const idInput = useRef<HTMLDivElement>(null);

  /** The trimmed name when it passes; else its error is shown and the field focused. */
  const checkedName = (): string | null => {
    const error = usernameError(name);
    setNameError(error ?? undefined);
    if (error !== null) {
      document.getElementById('public-name')?.focus();
      return null;
    }
    return name.trim();
  };

  const enter = async (request: () => Promise<PublicSeated>, fallback: string, typed: string) => {
    setBusy(true);
    try {
      const seated = await request();
      saveName(browserStorage(), typed);
      navigate(gamePath(seated.gameId, seated.username));
    } catch (error) {
      showError(error, fallback);
      setBusy(false);
    }
  };

  const create = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const username = checkedName();
    if (username !== null) void enter(() => publicApi.create(username, visibility), FALLBACKS.create, username);
  };

  const joinId = (id: string) => {
    if (busy) return;
    const username = checkedName();
    if (username !== null) void enter(() => publicApi.join(username, id), FALLBACKS.join, username);
  };

  const join = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const username = checkedName();
    const error = gameIdError(gameId);
    setIdError(error ?? undefined);
    if (username === null) return;
    if (error !== null) {
      idInput.current?.querySelector('input')?.focus();
      return;
    }
    void enter(() => publicApi.join(username, gameId.trim().toUpperCase()), FALLBACKS.join, username);
  };

  const createPanel = (
    <form className="form public-form" onSubmit={create} noValidate>
      <fieldset className="public-visibility">
        <legend>Who can find the game</legend>
        {(['public', 'private'] as const).map((v) => (
          <label key={v} className="check">
            <input
              type="radio"
              name="public-visibility"
              value={v}
              checked={visibility === v}
              onChange={() => setVisibility(v)}
            />
            {v === 'public' ? 'Public: listed below for anyone' : 'Private: only by game ID'}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? 'Creating…' : 'Create Game'}
      </button>
    </form>
  );

  const joinPanel = (
    <form className="form public-form" onSubmit={join} noValidate>
      <div className="public-id-row" ref={idInput}>
        <TextField
          id="public-game-id"
          label="Game ID"
          value={gameId}
          error={idError}
          autoComplete="off"
          onChange={(value) => {
            setGameId(value);
            if (idError !== undefined && gameIdError(value) === null) setIdError(undefined);
          }}
        />
        <button
          type="button"
          className="button button-secondary button-small-outline"
          onClick={() => {
            setGameId('');
            idInput.current?.querySelector('input')?.focus();
          }}
          disabled={gameId === ''}
        >
          Clear
        </button>
      </div>
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? 'Joining…' : 'Join Game'}
      </button>
    </form>
  );

  const nameField = (
    <TextField
      id="public-name"
      label="Your name"
      value={name}
      error={nameError}
      autoComplete="nickname"
      hint="3 to 15 characters"
      onChange={(value) => {
        setName(value);
        if (nameError !== undefined) setNameError(usernameError(value) ?? undefined);
      }}
    />
  );

  return (
    <VariantHome
      variant="public"
      title="Palace Games"
      tagline="Play friends or AI players, or watch a game. No account needed."
      field={nameField}
      create={createPanel}
      join={joinPanel}
    >
      <PublicGamesList busy={busy} onJoin={joinId} />
      <p className="small public-rules-link">
        New to Palace? <Link to="/help?tab=rules">Read the rules</Link>
      </p>
    </VariantHome>
  );
}
