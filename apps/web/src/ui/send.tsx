import { type ReactElement, useState } from 'react';
import { serverMessage } from '../lib/api.js';
import { toast } from '../stores/toast-store.js';
import { CheckedFields, type CheckedForm, type FieldSpecs, type Values } from './form.js';

/** A refused request's toast: destructive, the server's own message as its text, else `fallback`. */
export function failureToast(title: string, error: unknown, fallback: string): void {
  toast({ title, description: serverMessage(error, fallback), variant: 'destructive' });
}

/**
 * Runs `task` with the busy flag up until it settles (the page's controls are disabled meanwhile);
 * a failure goes to `failed`, which usually shows a toast.
 */
export async function whileBusy(
  setBusy: (busy: boolean) => void,
  task: () => Promise<void>,
  failed: (error: unknown) => void,
): Promise<void> {
  setBusy(true);
  try {
    await task();
  } catch (error) {
    failed(error);
  } finally {
    setBusy(false);
  }
}

/** What a sent form says: its fields, its submit button, its accessible name and its refusal toast. */
export interface SendFormSpec<V extends Values<V>> {
  readonly fields: FieldSpecs<V>;
  /** The submit button's label (it reads "Sending…" meanwhile). */
  readonly submit: string;
  /** The refusal toast's title, and its text when the server gave no message. */
  readonly refused: { readonly title: string; readonly fallback: string };
  /** The form's accessible name: its own, or the id of the heading that names it. */
  readonly label?: string;
  readonly labelledBy?: string;
}

/**
 * A checked form sent to the server: its fields, then a submit button that reads "Sending…" while
 * `send` runs (the form is disabled meanwhile); a refusal is a failure toast.
 */
export function SendForm<V extends Values<V>>(props: {
  readonly form: CheckedForm<V>;
  readonly spec: SendFormSpec<V>;
  readonly send: (values: V) => Promise<void>;
}): ReactElement {
  const { form, spec, send } = props;
  const [sending, setSending] = useState(false);
  const failed = (error: unknown) => failureToast(spec.refused.title, error, spec.refused.fallback);
  return (
    <form
      className="form"
      noValidate
      aria-label={spec.label}
      aria-labelledby={spec.labelledBy}
      onSubmit={form.onSubmit((values) => whileBusy(setSending, () => send(values), failed))}
    >
      <CheckedFields form={form} fields={spec.fields} disabled={sending} />
      <button type="submit" className="button button-primary" disabled={sending}>
        {sending ? 'Sending…' : spec.submit}
      </button>
    </form>
  );
}
