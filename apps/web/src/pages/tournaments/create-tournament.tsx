import type { RatingPreset, Tournament } from '@palace/protocol';
import { type FormEvent, type ReactElement, type ReactNode, useEffect, useRef, useState } from 'react';
import { ApiError, apiRequest } from '../../lib/api.js';
import { presetName } from '../../lib/ratings.js';
import { toast } from '../../stores/toast-store.js';
import {
  blankDraft,
  createBody,
  type DraftField,
  defaultStart,
  FEE_CHOICES,
  feeLabel,
  fieldOfMessage,
  PRESET_CHOICES,
  ROUND_CHOICES,
  startBounds,
  TABLE_SIZE_CHOICES,
  type TournamentDraft,
} from './tournament-format.js';

type FieldErrors = Partial<Record<DraftField, string>>;

const ID = 'new-tournament';

/**
 * The create form (registered players): name, rules preset, players, table size, rounds, entry
 * fee and the start (when full, or at a set time). The server checks every value; its refusal is
 * shown at the field it is about (else under the form), and focus moves there.
 */
export function CreateTournament(props: {
  readonly onCancel: () => void;
  readonly onCreated: (id: number) => void;
}): ReactElement {
  const [draft, setDraft] = useState<TournamentDraft>(() => blankDraft(defaultStart(new Date())));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [bounds] = useState(() => startBounds(new Date()));
  const form = useRef<HTMLFormElement>(null);
  const [focusField, setFocusField] = useState<DraftField | null>('name');

  useEffect(() => {
    if (focusField === null) return;
    form.current?.querySelector<HTMLElement>(`#${ID}-${focusField}`)?.focus();
    setFocusField(null);
  }, [focusField]);

  const set =
    <K extends keyof TournamentDraft>(key: K) =>
    (value: TournamentDraft[K]) => {
      setDraft((now) => ({ ...now, [key]: value }));
      if (key !== 'start') setErrors((now) => ({ ...now, [key]: undefined }));
    };

  const refuse = (field: DraftField | null, message: string) => {
    if (field === null) {
      setFormError(message);
      return;
    }
    setErrors({ [field]: message });
    setFocusField(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setErrors({});
    setFormError(null);
    const checked = createBody(draft);
    if (!checked.ok) {
      refuse(checked.field, checked.message);
      return;
    }
    setBusy(true);
    try {
      const created = await apiRequest<Tournament>('POST', '/api/tournaments', checked.body);
      toast({ title: 'Tournament created', description: `${created.name} is open for entries.` });
      props.onCreated(created.id);
    } catch (failure) {
      if (failure instanceof ApiError && failure.fromServer) refuse(fieldOfMessage(failure.message), failure.message);
      else refuse(null, 'Could not create the tournament. Please check your connection and try again.');
      setBusy(false);
    }
  };

  return (
    <form
      ref={form}
      className="card form tournament-form"
      noValidate
      aria-labelledby={`${ID}-title`}
      onSubmit={(e) => void submit(e)}
    >
      <h2 id={`${ID}-title`}>New tournament</h2>
      <Field name="name" label="Tournament name" errors={errors} busy={busy} hint="3 to 40 characters">
        {(control) => (
          <input
            {...control}
            value={draft.name}
            maxLength={60}
            autoComplete="off"
            onChange={(e) => set('name')(e.target.value)}
          />
        )}
      </Field>
      <div className="tournament-form-grid">
        <Field name="preset" label="Rules" errors={errors} busy={busy}>
          {(control) => (
            <select {...control} value={draft.preset} onChange={(e) => set('preset')(e.target.value as RatingPreset)}>
              {PRESET_CHOICES.map((p) => (
                <option key={p} value={p}>
                  {presetName(p)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field name="maxPlayers" label="Players" errors={errors} busy={busy} hint="4 to 32">
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={4}
              max={32}
              value={draft.maxPlayers}
              onChange={(e) => set('maxPlayers')(e.target.value)}
            />
          )}
        </Field>
        <Field name="tableSize" label="Players per table" errors={errors} busy={busy}>
          {(control) => (
            <select {...control} value={draft.tableSize} onChange={(e) => set('tableSize')(e.target.value)}>
              {TABLE_SIZE_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field name="rounds" label="Rounds" errors={errors} busy={busy}>
          {(control) => (
            <select {...control} value={draft.rounds} onChange={(e) => set('rounds')(e.target.value)}>
              {ROUND_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field name="entryFee" label="Entry fee" errors={errors} busy={busy} hint="All fees make the prize pool">
          {(control) => (
            <select {...control} value={draft.entryFee} onChange={(e) => set('entryFee')(e.target.value)}>
              {FEE_CHOICES.map((fee) => (
                <option key={fee} value={fee}>
                  {feeLabel(fee)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <fieldset className="plain tournament-start">
        <legend className="label">Start</legend>
        <label className="check">
          <input
            type="radio"
            name={`${ID}-start`}
            checked={draft.start === 'full'}
            disabled={busy}
            onChange={() => set('start')('full')}
          />{' '}
          When full
        </label>
        <label className="check">
          <input
            type="radio"
            name={`${ID}-start`}
            checked={draft.start === 'time'}
            disabled={busy}
            onChange={() => set('start')('time')}
          />{' '}
          At a set time
        </label>
      </fieldset>
      {draft.start === 'time' ? (
        <Field
          name="startsAt"
          label="Start time"
          errors={errors}
          busy={busy}
          hint="5 minutes to 7 days from now. With fewer than 4 entrants then, it is cancelled and fees are refunded."
        >
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              min={bounds.min}
              max={bounds.max}
              value={draft.startsAt}
              onChange={(e) => set('startsAt')(e.target.value)}
            />
          )}
        </Field>
      ) : (
        <p className="muted small">
          It starts the moment the last place is taken; if it has not filled within 24 hours, it is cancelled and fees
          are refunded.
        </p>
      )}
      {formError !== null && (
        <p className="field-error" role="alert">
          {formError}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button button-secondary" disabled={busy} onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Creating…' : 'Create Tournament'}
        </button>
      </div>
    </form>
  );
}

/** What `Field` gives its control: its id, its disabled state and its error and hint references. */
interface ControlProps {
  readonly id: string;
  readonly disabled: boolean;
  readonly 'aria-invalid': boolean;
  readonly 'aria-describedby': string | undefined;
}

/** A labelled control with its hint and its error (announced), tied to it by `aria-describedby`. */
function Field(props: {
  readonly name: DraftField;
  readonly label: string;
  readonly errors: FieldErrors;
  readonly busy: boolean;
  readonly hint?: string;
  readonly children: (control: ControlProps) => ReactNode;
}): ReactElement {
  const id = `${ID}-${props.name}`;
  const error = props.errors[props.name];
  const described = [error !== undefined ? `${id}-error` : null, props.hint !== undefined ? `${id}-hint` : null]
    .filter((part) => part !== null)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.children({
        id,
        disabled: props.busy,
        'aria-invalid': error !== undefined,
        'aria-describedby': described === '' ? undefined : described,
      })}
      {props.hint !== undefined && (
        <p className="field-hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
      {error !== undefined && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
