import { MAIN_DEFAULT_RULES, type MainRules } from '@palace/protocol';
import { type FormEvent, type ReactElement, useEffect, useState } from 'react';
import { ApiError, apiGet, apiRequest } from '../../lib/api.js';
import { isGuest, useAuth } from '../../stores/auth-store.js';
import { GAME_TOAST_MS } from '../../stores/game-store.js';
import { toast } from '../../stores/toast-store.js';
import { rangeFill } from '../../ui/form.js';
import { AiLevelSelect, useAiLevel } from '../variants/ai-level.js';

const RULES: ReadonlyArray<{ key: keyof MainRules; label: string }> = [
  { key: 'clearWithTens', label: '10s clear the pile' },
  { key: 'sevenLower', label: '7 forces 7 or lower' },
  { key: 'burnFourOfAKind', label: 'Four of a kind burns the pile' },
  { key: 'mustPlayAllSameValue', label: 'Must play all cards of the same value' },
];
/** GAME-{timestamp}-{6 random upper-case characters} (docs/product.md §P1.3). */
export function gameCode(now = Date.now()): string {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
  return `GAME-${now}-${letters}`;
}

export function nameError(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed.length < 3) return 'Game name must be at least 3 characters';
  if (trimmed.length > 30) return 'Game name must be less than 30 characters';
  return undefined;
}

/** The create-game stage (docs/product.md §P1.2, §P1.5). Guests play free; a player must afford the fee. */
export function CreateGame({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (id: number) => void;
}): ReactElement {
  const user = useAuth((s) => s.user);
  const guest = isGuest(user);
  const [isPrivate, setPrivate] = useState(false);
  const [name, setName] = useState('Public Game');
  const [edited, setEdited] = useState(false);
  const [limit, setLimit] = useState(4);
  const [fee, setFee] = useState(100);
  const [rules, setRules] = useState<MainRules>(MAIN_DEFAULT_RULES);
  const [allowBots, setAllowBots] = useState(false);
  const [computers, setComputers] = useState(0);
  const [free, setFree] = useState(false);
  const level = useAiLevel((s) => s.level);
  const [balance, setBalance] = useState<number | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (guest) return;
    apiGet<{ balance: number }>('/api/tokens/balance').then(
      (b) => setBalance(b?.balance ?? 0),
      () => setBalance(null),
    );
  }, [guest]);

  const choosePrivate = (value: boolean) => {
    setPrivate(value);
    if (!edited) setName(value ? 'Private Game' : 'Public Game');
  };
  const paid = free ? 0 : fee;
  const short = !guest && balance !== null && balance < paid ? paid - balance : 0;
  const changeLimit = (next: number) => {
    setLimit(next);
    // A seat is always left for the creator.
    setComputers((n) => Math.min(n, next - 1));
  };
  const error = submitted ? nameError(name) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (nameError(name) !== undefined || short > 0 || user === null) return;
    setBusy(true);
    try {
      const created = await apiRequest<{ id: number }>('POST', '/api/games', {
        gameCode: gameCode(),
        name: name.trim(),
        hostId: user.id,
        playerLimit: limit,
        isPrivate,
        entryFee: paid,
        rules,
        allowBots,
        computers: Array<string>(computers).fill(level),
        ...(guest ? { guestUserId: user.id } : {}),
      });
      toast({
        title: 'Game Created',
        description: `${name.trim()} is ready. Waiting for players…`,
        duration: GAME_TOAST_MS,
      });
      onCreated(created.id);
    } catch (failure) {
      const description =
        failure instanceof ApiError
          ? failure.fromServer
            ? failure.message
            : 'Failed to create game. Please try again.'
          : 'Connection Error: Could not connect to the server. Please check your internet connection and try again.';
      toast({ title: 'Game Creation Error', description, variant: 'destructive', duration: GAME_TOAST_MS });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card create-game form" noValidate onSubmit={(e) => void submit(e)} aria-label="Create game">
      <h1>Create Game</h1>
      <div className="field">
        <label htmlFor="game-name">Game name</label>
        <input
          id="game-name"
          value={name}
          maxLength={60}
          aria-invalid={error !== undefined}
          aria-describedby={error !== undefined ? 'game-name-error' : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setEdited(true);
          }}
        />
        {error !== undefined && (
          <p className="field-error" id="game-name-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <fieldset className="segmented">
        <legend>Game type</legend>
        <label>
          <input type="radio" name="type" checked={!isPrivate} onChange={() => choosePrivate(false)} /> Public
        </label>
        <label>
          <input type="radio" name="type" checked={isPrivate} onChange={() => choosePrivate(true)} /> Private
        </label>
      </fieldset>
      <div className="field">
        <label className="check">
          <input
            type="checkbox"
            checked={allowBots}
            aria-describedby="allow-bots-hint"
            onChange={(e) => setAllowBots(e.target.checked)}
          />{' '}
          Allow bots
        </label>
        <p className="muted small check-hint" id="allow-bots-hint">
          Bots are programs players run with their accounts; they are marked BOT.
        </p>
      </div>
      <div className="field">
        <fieldset className="stepper plain">
          <legend className="label">Players</legend>
          <button type="button" aria-label="Fewer players" disabled={limit <= 2} onClick={() => changeLimit(limit - 1)}>
            −
          </button>
          <output aria-live="polite">{limit}</output>
          <button type="button" aria-label="More players" disabled={limit >= 8} onClick={() => changeLimit(limit + 1)}>
            +
          </button>
        </fieldset>
      </div>
      <div className="field">
        <fieldset className="stepper plain" aria-describedby="computers-hint">
          <legend className="label">Computer players</legend>
          <button
            type="button"
            aria-label="Fewer computer players"
            disabled={computers <= 0}
            onClick={() => setComputers((n) => n - 1)}
          >
            −
          </button>
          <output aria-live="polite">{computers}</output>
          <button
            type="button"
            aria-label="More computer players"
            disabled={computers >= limit - 1}
            onClick={() => setComputers((n) => n + 1)}
          >
            +
          </button>
        </fieldset>
        {computers > 0 && <AiLevelSelect />}
        <p className="muted small check-hint" id="computers-hint">
          The computer takes seats at once; a game with one is not rated.
        </p>
      </div>
      <fieldset className="rules">
        <legend>Rules</legend>
        {RULES.map(({ key, label }) => (
          <label key={key} className="check">
            <input
              type="checkbox"
              checked={rules[key]}
              onChange={(e) => setRules({ ...rules, [key]: e.target.checked })}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label className="check">
          <input type="checkbox" checked={free} onChange={(e) => setFree(e.target.checked)} /> Free game (no fee, no
          prize)
        </label>
        {!free && (
          <>
            <label htmlFor="entry-fee">
              Entry fee: <strong>{fee} SRT</strong> {guest && <span className="muted small">(guests play free)</span>}
            </label>
            <input
              id="entry-fee"
              type="range"
              min={100}
              max={1000}
              step={50}
              value={fee}
              style={rangeFill(fee, 100, 1000)}
              onChange={(e) => setFee(Number(e.target.value))}
            />
            <p className="muted small">
              {/* The pot is what was paid (docs/product.md §D12 pot): up to the fee times the seats. */}
              Prize: the fees paid, {fee} SRT from each registered player
              {computers > 0 ? ' (guests and computer players pay nothing)' : ' (guests pay nothing)'}, to the winner
            </p>
          </>
        )}
      </div>
      {short > 0 && (
        <p className="field-error" role="alert">
          You need {short} more tokens to create this game
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={busy || short > 0}>
          Create Game
        </button>
      </div>
    </form>
  );
}
