import './pages.css';
import { INBOX_LIMITS } from '@palace/protocol';
import type { ReactElement } from 'react';
import { useSearchParams } from 'react-router-dom';
import { apiRequest } from '../lib/api.js';
import { type ContactValues, validateContact } from '../lib/inbox-validation.js';
import { useConfig } from '../stores/config-store.js';
import { toast } from '../stores/toast-store.js';
import { Accordion } from '../ui/accordion.js';
import { useCheckedForm } from '../ui/form.js';
import { SendForm, type SendFormSpec } from '../ui/send.js';
import { Tabs } from '../ui/tabs.js';
import { FAQ, GameRules } from './help-content.js';

type HelpTab = 'faq' | 'rules' | 'contact';
const TABS: readonly HelpTab[] = ['faq', 'rules', 'contact'];

/**
 * `/help` (docs/product.md §P2.2): FAQ, Game Rules and Contact tabs. `?tab=rules` (or `contact`) opens that
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

const CONTACT_FORM: SendFormSpec<ContactValues> = {
  labelledBy: 'contact-title',
  fields: [
    { name: 'subject', id: 'contact-subject', label: 'Subject', required: true },
    {
      name: 'message',
      id: 'contact-message',
      label: 'Message',
      rows: 6,
      required: true,
      countTo: INBOX_LIMITS.message,
    },
  ],
  submit: 'Send message',
  refused: { title: 'Message not sent', fallback: 'Could not send your message. Please try again.' },
};

/** Subject and message, sent to `POST /api/support`; and a mailto link (the address is not printed). */
function ContactForm(): ReactElement {
  const supportEmail = useConfig((s) => s.supportEmail);
  const form = useCheckedForm<ContactValues>({ subject: '', message: '' }, validateContact);
  const send = async (values: ContactValues) => {
    await apiRequest('POST', '/api/support', { subject: values.subject.trim(), message: values.message.trim() });
    toast({ title: 'Message sent', description: "Thanks for writing. We'll get back to you soon." });
    form.reset();
  };
  return (
    <section className="card" aria-labelledby="contact-title">
      <h2 id="contact-title" className="card-title">
        Contact us
      </h2>
      <p className="muted">Questions, problems or ideas: write to us and we'll reply as soon as we can.</p>
      <SendForm form={form} spec={CONTACT_FORM} send={send} />
      <p className="contact-mail">
        Prefer e-mail? <a href={`mailto:${supportEmail}`}>Email support</a>
      </p>
    </section>
  );
}
