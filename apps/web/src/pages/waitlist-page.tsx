import './pages.css';
import { INBOX_LIMITS, type WaitlistResponse } from '@palace/protocol';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { apiRequest } from '../lib/api.js';
import { validateWaitlist, type WaitlistValues } from '../lib/inbox-validation.js';
import { useCheckedForm } from '../ui/form.js';
import { SendForm, type SendFormSpec } from '../ui/send.js';

/**
 * `/waitlist` (docs/product.md §D5): the application form for an invite (name, e-mail and a note), sent to
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

const WAITLIST_FORM: SendFormSpec<WaitlistValues> = {
  label: 'Waitlist application',
  fields: [
    { name: 'name', id: 'waitlist-name', label: 'Name', autoComplete: 'name', required: true },
    { name: 'email', id: 'waitlist-email', label: 'Email', type: 'email', autoComplete: 'email', required: true },
    {
      name: 'note',
      id: 'waitlist-note',
      label: 'Note (optional)',
      rows: 4,
      hint: 'How did you hear of us, who invited you, anything else.',
      countTo: INBOX_LIMITS.note,
    },
  ],
  submit: 'Apply',
  refused: { title: 'Application not sent', fallback: 'Could not send your application. Please try again.' },
};

/** What the register form hands over (router state) to a visitor it sends here: their name and e-mail. */
export interface WaitlistCarry {
  readonly name: string;
  readonly email: string;
}

/** The carried name and e-mail from the router state, when it holds them (else empty fields). */
function carried(state: unknown): WaitlistCarry {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  if (typeof state !== 'object' || state === null) return { name: '', email: '' };
  const { name, email } = state as Record<string, unknown>;
  return { name: text(name), email: text(email) };
}

function WaitlistForm({ onDone }: { readonly onDone: (answer: WaitlistResponse) => void }): ReactElement {
  const carry = carried(useLocation().state);
  const form = useCheckedForm<WaitlistValues>({ ...carry, note: '' }, validateWaitlist);
  const apply = async (values: WaitlistValues) => {
    const answer = await apiRequest<WaitlistResponse>('POST', '/api/waitlist', {
      name: values.name.trim(),
      email: values.email.trim(),
      note: values.note.trim(),
    });
    onDone(answer);
  };
  return (
    <section className="card">
      <SendForm form={form} spec={WAITLIST_FORM} send={apply} />
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
