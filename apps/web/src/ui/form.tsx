import { type CSSProperties, type FormEvent, type ReactElement, useState } from 'react';
import type { Errors } from '../lib/validation.js';

/** A text field's own settings; its value, error, change handler and disabled state come from its form. */
export interface FieldSpec {
  readonly id: string;
  readonly label: string;
  readonly type?: 'text' | 'email' | 'password';
  readonly autoComplete?: string;
  /** A textarea of this many rows instead of an input. */
  readonly rows?: number;
  /** Shows "{length} / {max}" under the field (the limit itself is the validator's). */
  readonly countTo?: number;
  readonly hint?: string;
  readonly required?: boolean;
}

/**
 * A labelled input or textarea with its error (announced) and an optional hint or character
 * count, tied to the control by `aria-describedby`.
 */
export function TextField(
  props: FieldSpec & {
    readonly value: string;
    readonly error: string | undefined;
    readonly onChange: (value: string) => void;
    readonly disabled?: boolean;
  },
): ReactElement {
  const errorId = `${props.id}-error`;
  const hintId = `${props.id}-hint`;
  const count = props.countTo !== undefined ? `${props.value.trim().length} / ${props.countTo}` : undefined;
  const hint = props.hint ?? count;
  const describedBy = [props.error !== undefined ? errorId : null, hint !== undefined ? hintId : null]
    .filter((id) => id !== null)
    .join(' ');
  const common = {
    id: props.id,
    value: props.value,
    disabled: props.disabled,
    required: props.required,
    'aria-invalid': props.error !== undefined,
    'aria-describedby': describedBy === '' ? undefined : describedBy,
  };
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      {props.rows !== undefined ? (
        <textarea {...common} rows={props.rows} onChange={(event) => props.onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
      {props.error !== undefined && (
        <p className="field-error" id={errorId} role="alert">
          {props.error}
        </p>
      )}
      {hint !== undefined && (
        <p className="field-hint" id={hintId}>
          {props.hint !== undefined && <span>{props.hint}</span>}
          {count !== undefined && (
            <span className="field-count">
              {count}
              <span className="sr-only"> characters</span>
            </span>
          )}
        </p>
      )}
    </div>
  );
}

/** A form's values: text, by name. */
export type Values<V> = { readonly [K in keyof V]: string };

/** A form's values, checked on submit and then again on every change (as /auth does). */
export function useCheckedForm<V extends Values<V>>(
  initial: V,
  validate: (values: V) => Errors<Extract<keyof V, string>>,
) {
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const errors: Errors<Extract<keyof V, string>> = submitted ? validate(values) : {};
  const set = (key: Extract<keyof V, string>) => (value: string) => setValues((now) => ({ ...now, [key]: value }));
  /** The values when they pass, else null (and the errors show from now on). */
  const submit = (): V | null => {
    setSubmitted(true);
    return Object.keys(validate(values)).length === 0 ? values : null;
  };
  const reset = () => {
    setValues(initial);
    setSubmitted(false);
  };
  /** A field's value, error and change handler, to spread on its `TextField`. */
  const field = (key: Extract<keyof V, string>) => ({ value: values[key], error: errors[key], onChange: set(key) });
  /** The form's submit handler: the page stays; `send` gets the values when they pass. */
  const onSubmit = (send: (values: V) => Promise<void>) => (event: FormEvent) => {
    event.preventDefault();
    const passed = submit();
    if (passed !== null) void send(passed);
  };
  return { values, errors, set, submit, reset, field, onSubmit };
}

/** A form's text fields in order, each named by the value it edits. */
export type FieldSpecs<V extends Values<V>> = ReadonlyArray<FieldSpec & { readonly name: Extract<keyof V, string> }>;

/** What `useCheckedForm` gives a page. */
export type CheckedForm<V extends Values<V>> = ReturnType<typeof useCheckedForm<V>>;

/** A checked form's fields in order, each `TextField` bound to the value of the same name. */
export function CheckedFields<V extends Values<V>>(props: {
  readonly form: CheckedForm<V>;
  readonly fields: FieldSpecs<V>;
  readonly disabled: boolean;
}): ReactElement {
  return (
    <>
      {props.fields.map(({ name, ...spec }) => (
        <TextField key={name} {...spec} {...props.form.field(name)} disabled={props.disabled} />
      ))}
    </>
  );
}

/**
 * A range slider's filled part, up to its thumb (ui/controls.css reads `--fill`): spread on the
 * input's `style`. Firefox fills the track itself; Chromium and Safari need the share.
 */
export function rangeFill(value: number, min: number, max: number): CSSProperties {
  const share = max > min ? ((Math.min(max, Math.max(min, value)) - min) / (max - min)) * 100 : 0;
  return { '--fill': `${share}%` } as CSSProperties;
}
