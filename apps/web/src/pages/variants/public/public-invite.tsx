import { type ReactElement, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { inviteText } from './public-logic.js';

/**
 * The invite (docs/product.md §P2.2: a link to /palace-home goes into the invite text): the sentence with the
 * game id and the home page, and a button that copies it (the share sheet is not used: the text
 * must reach any messenger the same way).
 */
export function InviteButton({ gameId }: { readonly gameId: string }): ReactElement {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = () => {
    void navigator.clipboard?.writeText(inviteText(gameId, window.location.origin)).then(
      () => setCopied(true),
      () => undefined,
    );
  };
  return (
    <button type="button" className="button button-secondary button-small-outline" onClick={copy}>
      {copied ? 'Copied' : 'Copy invite'}
    </button>
  );
}

/** The invite as a line of text, its home link clickable. */
export function InviteLine({ gameId }: { readonly gameId: string }): ReactElement {
  const origin = window.location.origin;
  return (
    <p className="small public-invite">
      Invite friends: “Join my Palace game <strong>{gameId}</strong> at{' '}
      <Link to="/palace-home">{`${origin}/palace-home`}</Link>”
    </p>
  );
}
