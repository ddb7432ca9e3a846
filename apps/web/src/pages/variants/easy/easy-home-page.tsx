import { EASY_NAME_MAX } from '@palace/protocol';
import '../variants.css';
import './easy.css';
import { type FormEvent, type ReactElement, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useNameField } from '../../../lib/name-field.js';
import { toast } from '../../../stores/toast-store.js';
import { TextField } from '../../../ui/form.js';
import { errorText } from '../variant-api.js';
import { VariantHome } from '../variant-home.js';
import { easyApi, easyGamePath } from './easy-api.js';
import { EASY_TOAST_MS, errorToast } from './easy-moves.js';

/** Where the easy home keeps the last name typed (docs/product.md §P2.3 "Browser storage"). */
export const EASY_NAME_KEY = 'palace_player_name';

/** The validation toasts of docs/product.md §P2.5 "Easy home", word for word. */
export const EASY_HOME_TEXTS = {
  nameTitle: 'Name Required',
  nameCreate: 'Please enter your name to create a game',
  nameJoin: 'Please enter your name to join a game',
  idTitle: 'Game ID Required',
  id: 'Please enter a game ID to join',
} as const;

function savedName(): string {
  try {
    return localStorage.getItem(EASY_NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

function saveName(name: string): void {
  try {
    localStorage.setItem(EASY_NAME_KEY, name);
  } catch {
    // Storage may be off (private mode): the name is then only not remembered.
  }
}

type Tab = 'create' | 'join';

/**
 * `/easy-palace-home` (docs/product.md §P2.2 "Easy variant"): tabs Create Game and Join Game, a name field
 * (remembered in `palace_player_name`) and, to join, a game id upper-cased as typed. Missing
 * fields are refused with the spec's toasts (and shown under the field); server refusals are
 * toasts in the server's words. Success leads to `/easy-palace-game?gameId&playerId&playerName`.
 */
export function EasyHomePage(): ReactElement {
  const navigate = useNavigate();
  const [name, setName] = useNameField(savedName, EASY_NAME_MAX);
  const [gameId, setGameId] = useState('');
  const [nameError, setNameError] = useState<Partial<Record<Tab, string>>>({});
  const [idError, setIdError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const checkName = (form: Tab, text: string): string | null => {
    const trimmed = name.trim();
    if (trimmed !== '') return trimmed;
    setNameError({ [form]: text });
    toast({ title: EASY_HOME_TEXTS.nameTitle, description: text, variant: 'destructive', duration: EASY_TOAST_MS });
    return null;
  };

  const enter = async (request: () => Promise<{ gameId: string; playerId: string }>, playerName: string) => {
    setBusy(true);
    try {
      const answer = await request();
      saveName(playerName);
      navigate(easyGamePath(answer.gameId, answer.playerId, playerName));
    } catch (error) {
      toast(errorToast(errorText(error, 'Failed to create game')));
      setBusy(false);
    }
  };

  const create = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const playerName = checkName('create', EASY_HOME_TEXTS.nameCreate);
    if (playerName !== null) void enter(() => easyApi.create(playerName), playerName);
  };

  const join = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const playerName = checkName('join', EASY_HOME_TEXTS.nameJoin);
    if (playerName === null) return;
    const id = gameId.trim();
    if (id === '') {
      setIdError(EASY_HOME_TEXTS.id);
      toast({
        title: EASY_HOME_TEXTS.idTitle,
        description: EASY_HOME_TEXTS.id,
        variant: 'destructive',
        duration: EASY_TOAST_MS,
      });
      return;
    }
    void enter(() => easyApi.join(id, playerName), playerName);
  };

  const nameField = (form: Tab) => (
    <TextField
      id={`easy-${form}-name`}
      label="Your name"
      value={name}
      error={nameError[form]}
      autoComplete="nickname"
      onChange={(value) => {
        setName(value);
        if (value.trim() !== '') setNameError({});
      }}
    />
  );

  return (
    <VariantHome
      variant="easy"
      title="Easy Palace"
      tagline="Just the basics: 2 resets, 10 burns. Play friends or AI players, no account needed."
      create={
        <form className="form easy-home-form" onSubmit={create} noValidate>
          {nameField('create')}
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Creating…' : 'Create Game'}
          </button>
        </form>
      }
      join={
        <form className="form easy-home-form" onSubmit={join} noValidate>
          {nameField('join')}
          <TextField
            id="easy-join-id"
            label="Game ID"
            value={gameId}
            error={idError}
            autoComplete="off"
            onChange={(value) => {
              setGameId(value.toUpperCase());
              if (value.trim() !== '') setIdError(undefined);
            }}
          />
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Joining…' : 'Join Game'}
          </button>
        </form>
      }
    />
  );
}
