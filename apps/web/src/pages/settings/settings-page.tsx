import '../pages.css';
import './settings.css';
import type { UserBody } from '@palace/protocol';
import { type FormEvent, type ReactElement, useId, useState } from 'react';
import { apiRequest, serverMessage } from '../../lib/api.js';
import { Avatar } from '../../shell/avatar.js';
import { isGuest, type User, useAuth } from '../../stores/auth-store.js';
import { type Preferences, usePrefs } from '../../stores/prefs-store.js';
import { whileBusy } from '../../ui/send.js';
import { SignInPrompt } from '../../ui/sign-in-prompt.js';
import { DeleteAccountSection, PasswordSection } from './account-sections.js';
import { BotsSection } from './bots-section.js';
import { Outcome, type Said } from './outcome.js';
import {
  AVATAR_ERROR,
  AVATAR_LOAD_ERROR,
  AVATAR_MAX,
  avatarAddressOk,
  imageLoads,
  ownAvatar,
} from './settings-checks.js';

/**
 * `/settings` (docs/product.md §D11 "Settings"; docs/web.md "Settings"): a registered player's
 * preferences, avatar, password, bots and account deletion. Visitors and guests are asked to sign up.
 */
export function SettingsPage(): ReactElement {
  const user = useAuth((s) => s.user);
  return (
    <div className="page narrow-page settings-page">
      <header className="page-header">
        <h1>Settings</h1>
        <p className="muted">Your preferences, avatar, password and bots.</p>
      </header>
      {user === null || isGuest(user) ? (
        <SignInPrompt
          icon="settings"
          title={user === null ? 'Sign in to change your settings' : 'Sign up to keep your settings'}
          text="Settings are for registered players: your preferences follow you to every device, and you can run bots. Create an account (new players get 100 free SRT tokens) or sign in."
          action={user === null ? 'Sign in or sign up' : 'Create an account'}
        />
      ) : (
        <>
          <PreferencesSection />
          <AvatarSection user={user} />
          <PasswordSection />
          <BotsSection userId={user.id} />
          <DeleteAccountSection username={user.username} />
        </>
      )}
    </div>
  );
}

const PREFERENCE_ROWS: ReadonlyArray<{ key: keyof Preferences; label: string; hint: string }> = [
  { key: 'sound', label: 'Sound', hint: 'The countdown ticks and the game tones.' },
  {
    key: 'turnNotifications',
    label: 'Turn notifications',
    hint: 'A notification when it is your turn and the game is in the background.',
  },
  {
    key: 'reducedMotion',
    label: 'Reduced motion',
    hint: 'No card animations (also when your device asks for less motion).',
  },
  { key: 'fourColour', label: 'Four-colour deck', hint: 'Diamonds blue and clubs green.' },
  { key: 'largeCards', label: 'Large cards', hint: 'Bigger cards at the table.' },
];

/** The five preferences, each saved as it changes; a status line says when it is saved. */
function PreferencesSection(): ReactElement {
  const prefs = usePrefs();
  const [said, setSaid] = useState<Said | null>(null);
  const id = useId();
  const change = async (key: keyof Preferences, on: boolean) => {
    setSaid({ text: 'Saving…', failed: false });
    try {
      await prefs.change({ [key]: on });
      setSaid({ text: 'Saved', failed: false });
    } catch (error) {
      setSaid({ text: serverMessage(error, 'Could not save your preferences. Please try again.'), failed: true });
    }
  };
  return (
    <section className="card settings-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        Preferences
      </h2>
      <ul className="pref-list">
        {PREFERENCE_ROWS.map(({ key, label, hint }) => (
          <li key={key} className="pref">
            <input
              id={`${id}-${key}`}
              type="checkbox"
              checked={prefs[key]}
              aria-describedby={`${id}-${key}-hint`}
              onChange={(event) => void change(key, event.target.checked)}
            />
            <span className="pref-text">
              <label htmlFor={`${id}-${key}`}>{label}</label>
              <span id={`${id}-${key}-hint`} className="muted small">
                {hint}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <Outcome said={said} />
    </section>
  );
}

/** The avatar: an image address (previewed as typed) or the generated initials. */
function AvatarSection({ user }: { readonly user: User }): ReactElement {
  const [address, setAddress] = useState(() => ownAvatar(user.avatar));
  const [error, setError] = useState<string | undefined>(undefined);
  const [said, setSaid] = useState<Said | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const preview = avatarAddressOk(address) ? address.trim() : user.avatar;
  const send = (avatar: string, done: string) =>
    whileBusy(
      setBusy,
      async () => {
        const updated = await apiRequest<UserBody>('PUT', '/api/settings/avatar', { avatar });
        useAuth.getState().replace(updated);
        setAddress(ownAvatar(updated.avatar));
        setSaid({ text: done, failed: false });
      },
      (failure) =>
        setSaid({ text: serverMessage(failure, 'Could not save your avatar. Please try again.'), failed: true }),
    );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!avatarAddressOk(address)) {
      setError(AVATAR_ERROR);
      return;
    }
    setError(undefined);
    const wanted = address.trim();
    void whileBusy(
      setBusy,
      async () => {
        // An image that does not load is refused before it is saved (a broken image everywhere otherwise).
        if (!(await imageLoads(wanted))) {
          setError(AVATAR_LOAD_ERROR);
          return;
        }
        await send(wanted, 'Avatar saved');
      },
      () => undefined,
    );
  };
  return (
    <section className="card settings-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        Avatar
      </h2>
      <form className="avatar-form" noValidate aria-labelledby={`${id}-title`} onSubmit={onSubmit}>
        <span className="avatar-preview">
          <Avatar name={user.username} src={preview} size={64} />
        </span>
        <div className="field">
          <label htmlFor={`${id}-address`}>Avatar image address</label>
          <input
            id={`${id}-address`}
            type="url"
            inputMode="url"
            autoComplete="photo"
            placeholder="https://…"
            value={address}
            maxLength={AVATAR_MAX}
            disabled={busy}
            aria-invalid={error !== undefined}
            aria-describedby={error !== undefined ? `${id}-error` : undefined}
            onChange={(event) => {
              setAddress(event.target.value);
              if (error !== undefined && avatarAddressOk(event.target.value)) setError(undefined);
            }}
          />
          {error !== undefined && (
            <p className="field-error" id={`${id}-error`} role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={busy}>
            Save avatar
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => {
              setError(undefined);
              void send('', 'Avatar set to your initials');
            }}
          >
            Use initials
          </button>
        </div>
      </form>
      <Outcome said={said} />
    </section>
  );
}
