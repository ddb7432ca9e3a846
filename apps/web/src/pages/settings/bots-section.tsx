import type { BotAnswer, BotBody, BotsList, BotWithToken } from '@palace/protocol';
import { type FormEvent, type ReactElement, useEffect, useId, useRef, useState } from 'react';
import { apiGet, apiRequest, serverMessage } from '../../lib/api.js';
import { timestampLabel } from '../../lib/format.js';
import { present, useLoad } from '../../lib/use-load.js';
import { Avatar } from '../../shell/avatar.js';
import { BotMark } from '../../ui/bot-mark.js';
import { LoadError } from '../../ui/load-error.js';
import { whileBusy } from '../../ui/send.js';
import { Outcome, type Said } from './outcome.js';
import { botNameError, MAX_BOTS } from './settings-checks.js';

/**
 * Bots (docs/bots.md): create up to three, each with a secret token shown once (here, right after
 * it is made), a new token (the old one stops at once) or none (revoked).
 */
export function BotsSection({ userId }: { readonly userId: number }): ReactElement {
  const bots = useLoad(() => present(apiGet<BotsList>('/api/bots')), userId);
  const [fresh, setFresh] = useState<BotWithToken | null>(null);
  const [said, setSaid] = useState<Said | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const list = bots.data?.bots ?? [];
  /** Runs a bot request; a new token shows until dismissed, the list is read again. */
  const act = (request: () => Promise<BotWithToken | BotAnswer>, done: string) =>
    whileBusy(
      setBusy,
      async () => {
        setSaid(null);
        const answer = await request();
        setFresh('token' in answer ? answer : null);
        setSaid({ text: done, failed: false });
        bots.reload();
      },
      (failure) => setSaid({ text: serverMessage(failure, 'That did not work. Please try again.'), failed: true }),
    );
  return (
    <section className="card settings-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        Bots
      </h2>
      <p className="muted small">
        A bot is an account your own program plays with: it connects with its token and plays the games that allow bots.
        You can have up to {MAX_BOTS}.
      </p>
      {list.length < MAX_BOTS ? (
        <CreateBot
          busy={busy}
          onCreate={(username) =>
            act(() => apiRequest<BotWithToken>('POST', '/api/bots', { username }), `${username} was created.`)
          }
        />
      ) : (
        <p className="muted small">You have {MAX_BOTS} bots, the most you can have.</p>
      )}
      {fresh !== null && <TokenPanel fresh={fresh} onDone={() => setFresh(null)} />}
      <Outcome said={said} />
      {bots.error !== null && <LoadError message={bots.error} onRetry={bots.reload} />}
      {bots.data === null ? (
        bots.error === null && <p className="muted">Loading…</p>
      ) : list.length === 0 ? (
        <p className="muted">No bots yet.</p>
      ) : (
        <ul className="bot-list" aria-label="Your bots">
          {list.map((bot) => (
            <BotRow
              key={bot.id}
              bot={bot}
              busy={busy}
              onNewToken={() =>
                act(
                  () => apiRequest<BotWithToken>('POST', `/api/bots/${bot.id}/token`),
                  `${bot.username} has a new token; the old one no longer works.`,
                )
              }
              onRevoke={() =>
                act(
                  () => apiRequest<BotAnswer>('DELETE', `/api/bots/${bot.id}/token`),
                  `${bot.username}'s token was revoked.`,
                )
              }
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function CreateBot(props: { readonly busy: boolean; readonly onCreate: (username: string) => Promise<void> }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const id = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const refused = botNameError(name);
    setError(refused);
    if (refused === undefined) void props.onCreate(name.trim()).then(() => setName(''));
  };
  return (
    <form className="inline-form" noValidate aria-label="Create a bot" onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor={`${id}-name`}>Bot name</label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={60}
          disabled={props.busy}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={error !== undefined}
          aria-describedby={error !== undefined ? `${id}-error` : undefined}
          onChange={(event) => {
            setName(event.target.value);
            if (error !== undefined && botNameError(event.target.value) === undefined) setError(undefined);
          }}
        />
        {error !== undefined && (
          <p className="field-error" id={`${id}-error`} role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="button button-primary" disabled={props.busy}>
        Create bot
      </button>
    </form>
  );
}

/** The token just made, shown this once: a read-only field to select or copy. */
function TokenPanel({ fresh, onDone }: { readonly fresh: BotWithToken; readonly onDone: () => void }): ReactElement {
  const [copied, setCopied] = useState<string>('');
  const field = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(fresh.token);
      setCopied('Token copied.');
    } catch {
      field.current?.select();
      setCopied('Could not copy: the token is selected, copy it with your keyboard.');
    }
  };
  return (
    <fieldset className="token-panel">
      <legend className="token-title">{fresh.bot.username}'s token</legend>
      <p className="token-warning">Copy it now: it won't be shown again. Anyone with it can play as your bot.</p>
      <div className="field">
        <label htmlFor={`${id}-token`}>Bot token</label>
        <input
          ref={field}
          id={`${id}-token`}
          className="token-field"
          readOnly
          value={fresh.token}
          spellCheck={false}
          onFocus={(event) => event.target.select()}
        />
      </div>
      <div className="button-row">
        <button type="button" className="button button-primary" onClick={() => void copy()}>
          Copy token
        </button>
        <button type="button" className="button button-secondary" onClick={onDone}>
          Done
        </button>
      </div>
      <p className="muted small" role="status">
        {copied}
      </p>
    </fieldset>
  );
}

function BotRow(props: {
  readonly bot: BotBody;
  readonly busy: boolean;
  readonly onNewToken: () => void;
  readonly onRevoke: () => void;
}): ReactElement {
  const { bot } = props;
  const id = useId();
  return (
    <li className="bot-row">
      <Avatar name={bot.username} src={bot.avatar} size={40} />
      <span className="bot-text">
        <span id={`${id}-name`} className="bot-name">
          {bot.username}
          <BotMark />
        </span>
        <span className="muted small">
          {bot.hasToken && bot.tokenCreatedAt !== null
            ? `Token made ${timestampLabel(bot.tokenCreatedAt)}`
            : 'No token: it cannot connect'}
        </span>
      </span>
      <span className="bot-actions">
        <button
          type="button"
          className="button button-secondary button-compact"
          aria-describedby={`${id}-name`}
          disabled={props.busy}
          onClick={props.onNewToken}
        >
          New token
        </button>
        <button
          type="button"
          className="button button-secondary button-compact"
          aria-describedby={`${id}-name`}
          disabled={props.busy || !bot.hasToken}
          onClick={props.onRevoke}
        >
          Revoke token
        </button>
      </span>
    </li>
  );
}
