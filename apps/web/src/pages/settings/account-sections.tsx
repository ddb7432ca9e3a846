import type { SettingsDone } from '@palace/protocol';
import { type ReactElement, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiRequest, serverMessage } from '../../lib/api.js';
import { useAuth } from '../../stores/auth-store.js';
import { toast } from '../../stores/toast-store.js';
import { CheckedFields, type FieldSpecs, useCheckedForm } from '../../ui/form.js';
import { whileBusy } from '../../ui/send.js';
import { Outcome, type Said } from './outcome.js';
import { type DeleteValues, type PasswordValues, validateDelete, validatePasswordChange } from './settings-checks.js';

const PASSWORD_FIELDS: FieldSpecs<PasswordValues> = [
  {
    name: 'currentPassword',
    id: 'current-password',
    label: 'Current password',
    type: 'password',
    autoComplete: 'current-password',
  },
  { name: 'newPassword', id: 'new-password', label: 'New password', type: 'password', autoComplete: 'new-password' },
  {
    name: 'confirmPassword',
    id: 'confirm-new-password',
    label: 'Confirm new password',
    type: 'password',
    autoComplete: 'new-password',
  },
];

/** Change password: the current one, then the new one twice. Every other session ends (docs/api.md "Settings"). */
export function PasswordSection(): ReactElement {
  const form = useCheckedForm<PasswordValues>(
    { currentPassword: '', newPassword: '', confirmPassword: '' },
    validatePasswordChange,
  );
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said | null>(null);
  const id = useId();
  const send = (values: PasswordValues) =>
    whileBusy(
      setBusy,
      async () => {
        setSaid(null);
        const done = await apiRequest<SettingsDone>('POST', '/api/settings/password', values);
        form.reset();
        setSaid({ text: done.message, failed: false });
      },
      (failure) =>
        setSaid({ text: serverMessage(failure, 'Could not change your password. Please try again.'), failed: true }),
    );
  return (
    <section className="card settings-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        Password
      </h2>
      <p className="muted small">Changing it signs you out everywhere else.</p>
      <form className="form" noValidate aria-label="Change your password" onSubmit={form.onSubmit(send)}>
        <CheckedFields form={form} fields={PASSWORD_FIELDS} disabled={busy} />
        <button type="submit" className="button button-primary" disabled={busy}>
          Change password
        </button>
      </form>
      <Outcome said={said} />
    </section>
  );
}

/**
 * Delete account: the button opens the confirmation (password and the username typed out); on
 * success the account is gone, so the app signs out without a request and goes home.
 */
export function DeleteAccountSection({ username }: { readonly username: string }): ReactElement {
  const [open, setOpen] = useState(false);
  const id = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    // Focus goes to the first field when the confirmation opens, back to the button when cancelled.
    if (open) document.getElementById(`${id}-password`)?.focus();
    else if (wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open, id]);
  return (
    <section className="card settings-section danger-zone" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        Delete account
      </h2>
      <p className="muted small">
        Your name, e-mail, avatar, preferences, friends and bots are removed for good. Your game records stay,
        anonymised.
      </p>
      {open ? (
        <DeleteConfirmation id={id} username={username} onCancel={() => setOpen(false)} />
      ) : (
        <button ref={opener} type="button" className="button button-danger" onClick={() => setOpen(true)}>
          Delete account
        </button>
      )}
    </section>
  );
}

function DeleteConfirmation(props: {
  readonly id: string;
  readonly username: string;
  readonly onCancel: () => void;
}): ReactElement {
  const { id, username } = props;
  const form = useCheckedForm<DeleteValues>({ password: '', confirmation: '' }, (values) =>
    validateDelete(values, username),
  );
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said | null>(null);
  const navigate = useNavigate();
  const fields: FieldSpecs<DeleteValues> = [
    { name: 'password', id: `${id}-password`, label: 'Password', type: 'password', autoComplete: 'current-password' },
    {
      name: 'confirmation',
      id: `${id}-confirmation`,
      label: 'Type your username to confirm',
      autoComplete: 'off',
      hint: `Your username is ${username}.`,
    },
  ];
  const send = (values: DeleteValues) =>
    whileBusy(
      setBusy,
      async () => {
        setSaid(null);
        const done = await apiRequest<SettingsDone>('DELETE', '/api/settings/account', values);
        useAuth.getState().forget();
        toast({ title: 'Account deleted', description: done.message });
        navigate('/', { replace: true });
      },
      (failure) =>
        setSaid({ text: serverMessage(failure, 'Could not delete your account. Please try again.'), failed: true }),
    );
  return (
    <form
      className="form delete-confirm"
      noValidate
      aria-label="Confirm account deletion"
      onSubmit={form.onSubmit(send)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) props.onCancel();
      }}
    >
      <p className="delete-warning">This cannot be undone.</p>
      <CheckedFields form={form} fields={fields} disabled={busy} />
      <Outcome said={said} />
      <div className="button-row">
        <button type="button" className="button button-secondary" disabled={busy} onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-danger" disabled={busy}>
          Delete my account forever
        </button>
      </div>
    </form>
  );
}
