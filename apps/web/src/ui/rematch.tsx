import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';

/** A finished game's rematch offer as the wire shows it (docs/web.md "Rematch"). */
export interface RematchOfferView {
  readonly offeredBy: string;
}

/** The words of an offer: who offered the rematch (or the viewer themself); null before an offer. */
export function rematchLine(offer: RematchOfferView | null, me: string | null): string | null {
  if (offer === null) return null;
  return me !== null && offer.offeredBy.toLowerCase() === me.toLowerCase()
    ? 'You offered a rematch.'
    : `${offer.offeredBy} wants a rematch.`;
}

/** The offer's line on a game-over panel, announced politely when it arrives; nothing before an offer. */
export function RematchLine(props: {
  readonly offer: RematchOfferView | null;
  readonly me: string | null;
}): ReactElement | null {
  const line = rematchLine(props.offer, props.me);
  return line === null ? null : (
    <p className="small rematch-line" role="status">
      {line}
    </p>
  );
}

/** Whether `RematchButton` shows anything (else another action is the panel's primary one). */
export function showsRematch(offer: RematchOfferView | null, canOffer: boolean): boolean {
  return offer !== null || canOffer;
}

/**
 * The rematch button of a game-over panel (docs/product.md §D11 rematch), first in its button row:
 * before anyone offers, a player's "Rematch" (a new game with the same settings, the player seated
 * in it); once offered, "Join Rematch" for the other players (and a public game's spectators). One
 * tap either way: the screen then moves to the new game. `fee` names the entry fee charged on
 * joining, when there is one. Nothing for a spectator before a player offers; where a spectator
 * cannot join (the main game), `watch` is the new game's address to watch, shown as "Watch
 * Rematch" (never a button that does nothing). Whether it shows at all: `showsRematch`.
 */
export function RematchButton(props: {
  readonly offer: RematchOfferView | null;
  /** May offer one (a player); a spectator only joins one offered. */
  readonly canOffer: boolean;
  readonly busy: boolean;
  readonly fee?: number;
  /** For a spectator who may only watch the offered rematch: where to watch it. */
  readonly watch?: string;
  /** Secondary where another action is the panel's primary one (a prize to claim); primary by default. */
  readonly tone?: 'primary' | 'secondary';
  readonly onRematch: () => void;
}): ReactElement | null {
  const { offer, canOffer, busy } = props;
  const tone = props.tone === 'secondary' ? 'button-secondary' : 'button-primary';
  if (offer === null && !canOffer) return null;
  if (offer !== null && !canOffer && props.watch !== undefined) {
    return (
      <Link className={`button ${tone} rematch-button`} to={props.watch}>
        Watch Rematch
      </Link>
    );
  }
  const label = offer === null ? 'Rematch' : 'Join Rematch';
  const fee = props.fee !== undefined && props.fee > 0 ? ` (${props.fee} SRT)` : '';
  return (
    <button
      type="button"
      className={`button ${tone} rematch-button`}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={props.onRematch}
    >
      {busy ? 'Starting…' : `${label}${fee}`}
    </button>
  );
}
