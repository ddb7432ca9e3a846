import { initialsAvatar } from '@palace/protocol';
import { type FormEvent, type ReactElement, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, apiRequest } from '../lib/api.js';
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
import { TextField, useCheckedForm } from '../ui/form.js';

/** The auth screen's loading state, in ms (spec 01 §9). */
export const AUTH_LOADING_MS = 2000;
/** Delay before the waitlist redirect after an invite-only refusal, in ms. */
export const WAITLIST_REDIRECT_MS = 2000;
const SPLASH_MS = 500;
const INVITE_ONLY = 'Registration is currently limited to invited users';

type Tab = 'login' | 'register';

function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer ? error.message : fallback;
}

/**
 * The login failure toast's text (spec 01 §8): the server's message; with none, "Login failed:
 * {status text}" (the status text alone, not the helper's "{status}: …" line); with no status
 * text either (HTTP/2, or no answer at all), "Could not log in. Please try again.".
 */
export function loginFailureText(error: unknown): string {
  if (error instanceof ApiError && !error.fromServer && error.statusText !== '') {
    return `Login failed: ${error.statusText}`;
  }
  return failureText(error, 'Could not log in. Please try again.');
}

/**
 * `/auth` (spec 01 §2): a short splash, then Login / Register tabs and play-as-guest. The register
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
        toast({
          title: 'Failed to claim prize',
          description: failureText(error, 'Something went wrong'),
          variant: 'destructive',
        });
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

function LoginForm({ disabled, setBusy }: { disabled: boolean; setBusy: (busy: boolean) => void }): ReactElement {
  const login = useAuth((s) => s.login);
  const form = useCheckedForm<LoginValues>({ username: '', password: '' }, validateLogin);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const values = form.submit();
    if (values === null) return;
    setBusy(true);
    try {
      const user = await login(values.username.trim(), values.password);
      toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
    } catch (error) {
      toast({ title: 'Login failed', description: loginFailureText(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Login">
      <TextField
        id="login-username"
        label="Username or email"
        value={form.values.username}
        error={form.errors.username}
        disabled={disabled}
        autoComplete="username"
        onChange={form.set('username')}
      />
      <TextField
        id="login-password"
        label="Password"
        type="password"
        value={form.values.password}
        error={form.errors.password}
        disabled={disabled}
        autoComplete="current-password"
        onChange={form.set('password')}
      />
      <button type="submit" className="button button-primary" disabled={disabled}>
        Login
      </button>
    </form>
  );
}

function RegisterForm(props: {
  disabled: boolean;
  setBusy: (busy: boolean) => void;
  initialCode: string;
}): ReactElement {
  const register = useAuth((s) => s.register);
  const navigate = useNavigate();
  const form = useCheckedForm<RegisterValues>(
    { username: '', email: '', password: '', confirmPassword: '', inviteCode: props.initialCode },
    validateRegister,
  );
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const values = form.submit();
    if (values === null) return;
    props.setBusy(true);
    try {
      // confirmPassword stays in the form; the avatar defaults to the generated initials.
      const user = await register({
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
        avatar: initialsAvatar(values.username),
        ...(values.inviteCode.trim() !== '' ? { inviteCode: values.inviteCode.trim() } : {}),
      });
      toast({ title: 'Registration successful', description: `Welcome, ${user.username}!` });
    } catch (error) {
      if (error instanceof ApiError && error.message.startsWith(INVITE_ONLY)) {
        toast({
          title: 'Registration failed',
          description:
            'Registration is currently limited to invited users. Redirecting you to our waitlist application...',
          variant: 'destructive',
        });
        setTimeout(() => navigate('/waitlist'), WAITLIST_REDIRECT_MS);
      } else {
        toast({
          title: 'Registration failed',
          description: failureText(error, 'Could not register. Please try again.'),
          variant: 'destructive',
        });
      }
    } finally {
      props.setBusy(false);
    }
  };
  const d = props.disabled;
  return (
    <form className="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Register">
      <TextField
        id="reg-username"
        label="Username"
        value={form.values.username}
        error={form.errors.username}
        disabled={d}
        autoComplete="username"
        onChange={form.set('username')}
      />
      <TextField
        id="reg-email"
        label="Email"
        type="email"
        value={form.values.email}
        error={form.errors.email}
        disabled={d}
        autoComplete="email"
        onChange={form.set('email')}
      />
      <TextField
        id="reg-password"
        label="Password"
        type="password"
        value={form.values.password}
        error={form.errors.password}
        disabled={d}
        autoComplete="new-password"
        onChange={form.set('password')}
      />
      <TextField
        id="reg-confirm"
        label="Confirm password"
        type="password"
        value={form.values.confirmPassword}
        error={form.errors.confirmPassword}
        disabled={d}
        autoComplete="new-password"
        onChange={form.set('confirmPassword')}
      />
      <TextField
        id="reg-invite"
        label="Invite code (optional)"
        value={form.values.inviteCode}
        error={undefined}
        disabled={d}
        onChange={form.set('inviteCode')}
      />
      <button type="submit" className="button button-primary" disabled={d}>
        Create account
      </button>
      <p className="muted small">
        No invite code? <Link to="/waitlist">Apply for access on the waitlist</Link>. By registering you accept our{' '}
        <a href="#terms">terms</a> and <a href="#privacy">privacy policy</a>.
      </p>
    </form>
  );
}

function GuestButton({ disabled, setBusy }: { disabled: boolean; setBusy: (busy: boolean) => void }): ReactElement {
  const guestLogin = useAuth((s) => s.guestLogin);
  const navigate = useNavigate();
  const play = async () => {
    setBusy(true);
    try {
      const user = await guestLogin();
      toast({ title: "Let's play!", description: `Playing as ${user.username}` });
      navigate('/play');
    } catch (error) {
      toast({
        title: 'Guest login failed',
        description: failureText(error, 'Could not enter as guest. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button button-secondary" disabled={disabled} onClick={() => void play()}>
      Play as Guest
    </button>
  );
}
