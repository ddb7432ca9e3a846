import './pages.css';
import { INBOX_LIMITS } from '@palace/protocol';
import { type FormEvent, type ReactElement, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError, apiRequest } from '../lib/api.js';
import { type ContactValues, validateContact } from '../lib/inbox-validation.js';
import { useConfig } from '../stores/config-store.js';
import { toast } from '../stores/toast-store.js';
import { Accordion } from '../ui/accordion.js';
import { TextField, useCheckedForm } from '../ui/form.js';
import { Tabs } from '../ui/tabs.js';
import { FAQ, GameRules } from './help-content.js';

type HelpTab = 'faq' | 'rules' | 'contact';
const TABS: readonly HelpTab[] = ['faq', 'rules', 'contact'];

/**
 * `/help` (spec 02 §2): FAQ, Game Rules and Contact tabs. `?tab=rules` (or `contact`) opens that
 * tab; switching tabs keeps the address in step without adding history entries.
 */
export function HelpPage(): ReactElement {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: HelpTab = TABS.find((t) => t === asked) ?? 'faq';
  return (
    <div className="page help-page">
      <header className="page-header">
        <h1>Help &amp; Support</h1>
        <p className="muted">Answers, the rules of the game, and a way to reach us.</p>
      </header>
      <Tabs<HelpTab>
        label="Help topics"
        idPrefix="help"
        selected={tab}
        onSelect={(next) => setParams(next === 'faq' ? {} : { tab: next }, { replace: true })}
        items={[
          {
            id: 'faq',
            label: 'FAQ',
            panel: (
              <section className="card" aria-label="Frequently asked questions">
                <Accordion idPrefix="faq" items={FAQ} />
              </section>
            ),
          },
          {
            id: 'rules',
            label: 'Game Rules',
            panel: (
              <section className="card">
                <GameRules />
              </section>
            ),
          },
          { id: 'contact', label: 'Contact', panel: <ContactForm /> },
        ]}
      />
    </div>
  );
}

/** Subject and message, sent to `POST /api/support`; and a mailto link (the address is not printed). */
function ContactForm(): ReactElement {
  const supportEmail = useConfig((s) => s.supportEmail);
  const form = useCheckedForm<ContactValues>({ subject: '', message: '' }, validateContact);
  const [sending, setSending] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const values = form.submit();
    if (values === null) return;
    setSending(true);
    try {
      await apiRequest('POST', '/api/support', { subject: values.subject.trim(), message: values.message.trim() });
      toast({ title: 'Message sent', description: "Thanks for writing. We'll get back to you soon." });
      form.reset();
    } catch (error) {
      toast({
        title: 'Message not sent',
        description:
          error instanceof ApiError && error.fromServer
            ? error.message
            : 'Could not send your message. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setSending(false);
    }
  };
  return (
    <section className="card" aria-labelledby="contact-title">
      <h2 id="contact-title" className="card-title">
        Contact us
      </h2>
      <p className="muted">Questions, problems or ideas: write to us and we'll reply as soon as we can.</p>
      <form className="form" noValidate aria-labelledby="contact-title" onSubmit={(e) => void onSubmit(e)}>
        <TextField
          id="contact-subject"
          label="Subject"
          value={form.values.subject}
          error={form.errors.subject}
          disabled={sending}
          required
          onChange={form.set('subject')}
        />
        <TextField
          id="contact-message"
          label="Message"
          rows={6}
          value={form.values.message}
          error={form.errors.message}
          disabled={sending}
          required
          countTo={INBOX_LIMITS.message}
          onChange={form.set('message')}
        />
        <button type="submit" className="button button-primary" disabled={sending}>
          {sending ? 'Sending…' : 'Send message'}
        </button>
      </form>
      <p className="contact-mail">
        Prefer e-mail? <a href={`mailto:${supportEmail}`}>Email support</a>
      </p>
    </section>
  );
}
