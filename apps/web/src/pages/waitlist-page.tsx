import './pages.css';
import { INBOX_LIMITS, type WaitlistResponse } from '@palace/protocol';
import { type FormEvent, type ReactElement, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, apiRequest } from '../lib/api.js';
import { validateWaitlist, type WaitlistValues } from '../lib/inbox-validation.js';
import { toast } from '../stores/toast-store.js';
import { TextField, useCheckedForm } from '../ui/form.js';

/**
 * `/waitlist` (DECISIONS §5): the application form for an invite (name, e-mail and a note), sent to
 * `POST /api/waitlist`; then a thank-you card. Applying again with the same e-mail is accepted (the
 * server keeps every application and says the address was already on the list).
 */
export function WaitlistPage(): ReactElement {
  const [done, setDone] = useState<WaitlistResponse | null>(null);
  return (
    <div className="page narrow-page">
      <header className="page-header">
        <h1>Join the waitlist</h1>
        <p className="muted">
          Palace is invite-only for now. Tell us who you are and we'll e-mail you an invite code as soon as a place
          opens.
        </p>
      </header>
      {done === null ? <WaitlistForm onDone={setDone} /> : <ThankYou answer={done} onAgain={() => setDone(null)} />}
    </div>
  );
}

function WaitlistForm({ onDone }: { readonly onDone: (answer: WaitlistResponse) => void }): ReactElement {
  const form = useCheckedForm<WaitlistValues>({ name: '', email: '', note: '' }, validateWaitlist);
  const [sending, setSending] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const values = form.submit();
    if (values === null) return;
    setSending(true);
    try {
      const answer = await apiRequest<WaitlistResponse>('POST', '/api/waitlist', {
        name: values.name.trim(),
        email: values.email.trim(),
        note: values.note.trim(),
      });
      onDone(answer);
    } catch (error) {
      toast({
        title: 'Application not sent',
        description:
          error instanceof ApiError && error.fromServer
            ? error.message
            : 'Could not send your application. Please try again.',
        variant: 'destructive',
      });
      setSending(false);
    }
  };
  return (
    <section className="card">
      <form className="form" noValidate aria-label="Waitlist application" onSubmit={(e) => void onSubmit(e)}>
        <TextField
          id="waitlist-name"
          label="Name"
          value={form.values.name}
          error={form.errors.name}
          disabled={sending}
          autoComplete="name"
          required
          onChange={form.set('name')}
        />
        <TextField
          id="waitlist-email"
          label="Email"
          type="email"
          value={form.values.email}
          error={form.errors.email}
          disabled={sending}
          autoComplete="email"
          required
          onChange={form.set('email')}
        />
        <TextField
          id="waitlist-note"
          label="Note (optional)"
          rows={4}
          value={form.values.note}
          error={form.errors.note}
          disabled={sending}
          hint="How did you hear of us, who invited you, anything else."
          countTo={INBOX_LIMITS.note}
          onChange={form.set('note')}
        />
        <button type="submit" className="button button-primary" disabled={sending}>
          {sending ? 'Sending…' : 'Apply'}
        </button>
      </form>
      <p className="muted small form-foot">
        Have an invite code? <Link to="/auth">Register here</Link>.
      </p>
    </section>
  );
}

function ThankYou(props: { readonly answer: WaitlistResponse; readonly onAgain: () => void }): ReactElement {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card thank-you" aria-labelledby="thanks-title">
      <span className="thank-you-mark" aria-hidden="true">
        ✓
      </span>
      <h2 id="thanks-title" ref={heading} tabIndex={-1}>
        {props.answer.alreadyListed ? "You're already on the list" : 'Thank you!'}
      </h2>
      <p role="status">{props.answer.message}</p>
      <div className="button-stack">
        <Link to="/play" className="button button-primary">
          Play as a guest meanwhile
        </Link>
        <button type="button" className="button button-secondary" onClick={props.onAgain}>
          Send another application
        </button>
      </div>
    </section>
  );
}
