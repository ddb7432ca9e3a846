import { initialsAvatar } from '@palace/protocol';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, apiRequest, serverMessage } from '../lib/api.js';
import {
  claimBanner,
  claimFromQuery,
  type LoginValues,
  type PendingClaim,
  type RegisterValues,
  validateLogin,
  validateRegister,
} from '../lib/validation.js';
import logo from '../logo.svg';
import { useAuth } from '../stores/auth-store.js';
import { toast } from '../stores/toast-store.js';
import { CheckedFields, type FieldSpecs, useCheckedForm } from '../ui/form.js';
import { failureToast, whileBusy } from '../ui/send.js';
import type { WaitlistCarry } from './waitlist-page.js';

/** The auth screen's loading state, in ms (docs/product.md §P1.9). */
export const AUTH_LOADING_MS = 2000;
/** Delay before the waitlist redirect after an invite-only refusal, in ms. */
export const WAITLIST_REDIRECT_MS = 2000;
const SPLASH_MS = 500;
const INVITE_ONLY = 'Registration is currently limited to invited users';

type Tab = 'login' | 'register';

/**
 * The login failure toast's text (docs/product.md §P1.8): the server's message; with none, "Login failed:
 * {status text}" (the status text alone, not the helper's "{status}: …" line); with no status
 * text either (HTTP/2, or no answer at all), "Could not log in. Please try again.".
 */
export function loginFailureText(error: unknown): string {
  if (error instanceof ApiError && !error.fromServer && error.statusText !== '') {
    return `Login failed: ${error.statusText}`;
  }
  return serverMessage(error, 'Could not log in. Please try again.');
}

/**
 * `/auth` (docs/product.md §P1.2): a short splash, then Login / Register tabs and play-as-guest. The register
 * tab is chosen by a prize claim (gameId + guestId [+ amount]) or an invite `code` in the address.
 */
export function AuthPage(): ReactElement {
  const [params] = useSearchParams();
  const claim = claimFromQuery(params);
  const code = params.get('code') ?? '';
  const [tab, setTab] = useState<Tab>(claim !== null || code !== '' ? 'register' : 'login');
  const [splash, setSplash] = useState(true);
  const [initialLoad, setInitialLoad] = useState(true);
  const [busy, setBusy] = useState(false);
  const user = useAuth((s) => s.user);
  const navigate = useNavigate();
  const [pendingClaim, setPendingClaim] = useState<PendingClaim | null>(claim);

  useEffect(() => {
    const fade = setTimeout(() => setSplash(false), SPLASH_MS);
    const loaded = setTimeout(() => setInitialLoad(false), AUTH_LOADING_MS);
    return () => {
      clearTimeout(fade);
      clearTimeout(loaded);
    };
  }, []);

  // Once someone is signed in (not as a guest): claim a pending prize, then go on. A ref, not
  // state, marks the claim as started, so re-renders cannot cancel or repeat it.
  const claiming = useRef(false);
  useEffect(() => {
    if (user === null || user.id < 0 || claiming.current) return;
    if (pendingClaim === null) {
      navigate('/', { replace: true });
      return;
    }
    claiming.current = true;
    setBusy(true);
    void (async () => {
      try {
        const result = await apiRequest<{ message?: string; amount: number }>('POST', '/api/claim-guest-prize', {
          gameId: pendingClaim.gameId,
          guestId: pendingClaim.guestId,
        });
        toast({ title: 'Prize Claimed!', description: result.message ?? `You've claimed ${result.amount} tokens!` });
      } catch (error) {
        failureToast('Failed to claim prize', error, 'Something went wrong');
      } finally {
        setPendingClaim(null);
        setBusy(false);
        navigate('/tokens', { replace: true });
      }
    })();
  }, [user, pendingClaim, navigate]);

  if (splash) {
    return (
      <div className="auth-splash fade-in">
        <img src={logo} alt="" width={96} height={96} />
        <h1 className="display">Palace</h1>
        <p className="tagline">The ultimate card game</p>
      </div>
    );
  }
  const disabled = busy || initialLoad;
  return (
    <div className="auth-page">
      {pendingClaim !== null && (
        <div className="banner banner-win" role="status">
          {claimBanner(pendingClaim)}
        </div>
      )}
      <section className="card auth-card" aria-busy={disabled}>
        <header className="auth-header">
          <img src={logo} alt="" width={48} height={48} />
          <h1 className="display">Palace</h1>
          <p className="muted">
            {pendingClaim !== null ? 'Create an account to claim your prize!' : 'Sign in or create an account to play'}
          </p>
        </header>
        {initialLoad && (
          <p className="loading-line" role="status">
            <span className="spinner spinner-small" aria-hidden="true" /> Loading…
          </p>
        )}
        <div className="tabs" role="tablist" aria-label="Sign in or register">
          {(['login', 'register'] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`tab-${name}`}
              aria-selected={tab === name}
              aria-controls={`panel-${name}`}
              className={`tab-button${tab === name ? ' selected' : ''}`}
              onClick={() => setTab(name)}
            >
              {name === 'login' ? 'Login' : 'Register'}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          {tab === 'login' ? (
            <LoginForm disabled={disabled} setBusy={setBusy} />
          ) : (
            <RegisterForm disabled={disabled} setBusy={setBusy} initialCode={code} />
          )}
        </div>
        <div className="divider">
          <span>or</span>
        </div>
        <GuestButton disabled={disabled} setBusy={setBusy} />
      </section>
    </div>
  );
}

/** What each part of the card shares: whether its controls are disabled, and the card's busy flag. */
interface BusyProps {
  readonly disabled: boolean;
  readonly setBusy: (busy: boolean) => void;
}

const LOGIN_FIELDS: FieldSpecs<LoginValues> = [
  { name: 'username', id: 'login-username', label: 'Username or email', autoComplete: 'username' },
  { name: 'password', id: 'login-password', label: 'Password', type: 'password', autoComplete: 'current-password' },
];

const REGISTER_FIELDS: FieldSpecs<RegisterValues> = [
  { name: 'username', id: 'reg-username', label: 'Username', autoComplete: 'username' },
  { name: 'email', id: 'reg-email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', id: 'reg-password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  {
    name: 'confirmPassword',
    id: 'reg-confirm',
    label: 'Confirm password',
    type: 'password',
    autoComplete: 'new-password',
  },
  { name: 'inviteCode', id: 'reg-invite', label: 'Invite code' },
];

function LoginForm({ disabled, setBusy }: BusyProps): ReactElement {
  const login = useAuth((s) => s.login);
  const form = useCheckedForm<LoginValues>({ username: '', password: '' }, validateLogin);
  const enter = async (values: LoginValues) => {
    const user = await login(values.username.trim(), values.password);
    toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
  };
  const refused = (error: unknown) =>
    toast({ title: 'Login failed', description: loginFailureText(error), variant: 'destructive' });
  return (
    <form
      className="form"
      noValidate
      onSubmit={form.onSubmit((values) => whileBusy(setBusy, () => enter(values), refused))}
      aria-label="Login"
    >
      <CheckedFields form={form} fields={LOGIN_FIELDS} disabled={disabled} />
      <button type="submit" className="button button-primary" disabled={disabled}>
        Login
      </button>
    </form>
  );
}

/** What the waitlist form starts with when a visitor without a code goes there from the register form. */
function waitlistCarry(values: RegisterValues): WaitlistCarry {
  return { name: values.username.trim(), email: values.email.trim() };
}

function RegisterForm({ disabled, setBusy, initialCode }: BusyProps & { readonly initialCode: string }): ReactElement {
  const register = useAuth((s) => s.register);
  const navigate = useNavigate();
  const form = useCheckedForm<RegisterValues>(
    { username: '', email: '', password: '', confirmPassword: '', inviteCode: initialCode },
    validateRegister,
  );
  const refused = (error: unknown) => {
    if (error instanceof ApiError && error.message.startsWith(INVITE_ONLY)) {
      toast({
        title: 'Registration failed',
        description:
          'Registration is currently limited to invited users. Redirecting you to our waitlist application...',
        variant: 'destructive',
      });
      // The application starts with what was typed here (docs/web.md "Registration").
      setTimeout(() => navigate('/waitlist', { state: waitlistCarry(form.values) }), WAITLIST_REDIRECT_MS);
    } else {
      failureToast('Registration failed', error, 'Could not register. Please try again.');
    }
  };
  const enter = async (values: RegisterValues) => {
    // confirmPassword stays in the form; the avatar defaults to the generated initials.
    const user = await register({
      username: values.username.trim(),
      email: values.email.trim(),
      password: values.password,
      avatar: initialsAvatar(values.username),
      ...(values.inviteCode.trim() !== '' ? { inviteCode: values.inviteCode.trim() } : {}),
    });
    toast({ title: 'Registration successful', description: `Welcome, ${user.username}!` });
  };
  return (
    <form
      className="form"
      noValidate
      onSubmit={form.onSubmit((values) => whileBusy(setBusy, () => enter(values), refused))}
      aria-label="Register"
    >
      <CheckedFields form={form} fields={REGISTER_FIELDS} disabled={disabled} />
      {form.values.inviteCode.trim() === '' && (
        <p className="form-note" id="invite-needed">
          Registration needs an invite code.{' '}
          <Link to="/waitlist" state={waitlistCarry(form.values)}>
            No code? Join the waitlist
          </Link>{' '}
          with the name and e-mail you typed.
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={disabled}>
        Create account
      </button>
      <p className="muted small">
        By registering you accept our <a href="#terms">terms</a> and <a href="#privacy">privacy policy</a>.
      </p>
    </form>
  );
}

function GuestButton({ disabled, setBusy }: BusyProps): ReactElement {
  const guestLogin = useAuth((s) => s.guestLogin);
  const navigate = useNavigate();
  const enter = async () => {
    const user = await guestLogin();
    toast({ title: "Let's play!", description: `Playing as ${user.username}` });
    navigate('/play');
  };
  const refused = (error: unknown) =>
    failureToast('Guest login failed', error, 'Could not enter as guest. Please try again.');
  return (
    <button
      type="button"
      className="button button-secondary"
      disabled={disabled}
      onClick={() => void whileBusy(setBusy, enter, refused)}
    >
      Play as Guest
    </button>
  );
}
