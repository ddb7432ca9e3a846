import { Component, type ReactNode, type RefObject } from 'react';
import { usePrefs } from '../stores/prefs-store.js';
import type { LastMove } from './model.js';

/**
 * The table's moves in motion (docs/product.md §D10): a card travels from where it was to where it goes —
 * dealt or drawn from the deck, played to the pile (from the hand, or from an opponent's seat),
 * picked up (the pile into a hand or towards a seat), burned (the pile fades away) — in at most
 * `MOVE_MS`, with transform and opacity only (Web Animations: no layout work in the frames), and
 * never blocking a tap (the animated element is the card itself, at its new place). Nothing moves
 * under `prefers-reduced-motion`, nor when the player chose "Reduced motion" in the settings.
 *
 * It works by card id (FLIP): before React changes the table, the place of every `[data-card-id]`
 * is measured (and a copy kept of each, for cards about to leave); after, each card that moved is
 * sent back to its old place and let go; a new card comes from its origin (the mover's seat for a
 * pile card, else the deck); a card that left flies as a copy towards where it went.
 */

/** The longest a move takes, in ms. */
export const MOVE_MS = 360;
const EASING = 'cubic-bezier(0.2, 0.8, 0.2, 1)';

interface Seen {
  readonly rect: DOMRect;
  readonly copy: HTMLElement;
  /** Which place the card was in: the pile, a seat, the own area, the deck. */
  readonly zone: string;
}

type Snapshot = Map<string, Seen> | null;

interface Props {
  readonly root: RefObject<HTMLElement | null>;
  /** The move the next change shows: who made it (a seat key, or 'you') and what it was. */
  readonly move: LastMove | null;
  readonly children: ReactNode;
}

/**
 * Whether the viewer asked for less motion, on the device or in the settings (checked at each
 * change, so a switch applies at once).
 */
export function reducedMotion(): boolean {
  return (
    usePrefs.getState().reducedMotion ||
    (typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches)
  );
}

function zoneOf(element: Element): string {
  const zone = element.closest('[data-zone]');
  return zone instanceof HTMLElement ? (zone.dataset.zone ?? '') : '';
}

/** Wraps the table; animates each change of its cards. */
export class CardMotion extends Component<Props> {
  override getSnapshotBeforeUpdate(): Snapshot {
    const root = this.props.root.current;
    if (root === null || reducedMotion() || typeof Element.prototype.animate !== 'function') return null;
    const seen = new Map<string, Seen>();
    for (const element of root.querySelectorAll<HTMLElement>('[data-card-id]')) {
      const id = element.dataset.cardId;
      if (id === undefined || seen.has(id)) continue;
      seen.set(id, { rect: element.getBoundingClientRect(), copy: element, zone: zoneOf(element) });
    }
    return seen;
  }

  override componentDidUpdate(_props: Props, _state: unknown, before: Snapshot): void {
    const root = this.props.root.current;
    if (before === null || root === null) return;
    const now = new Map<string, HTMLElement>();
    for (const element of root.querySelectorAll<HTMLElement>('[data-card-id]')) {
      const id = element.dataset.cardId;
      if (id !== undefined && !now.has(id)) now.set(id, element);
    }
    const anchor = (selector: string): DOMRect | null => root.querySelector(selector)?.getBoundingClientRect() ?? null;
    const move = this.props.move;
    const mover = move === null ? null : move.by;
    const moverRect =
      mover === null ? null : anchor(mover === 'you' ? '[data-zone="own"]' : `[data-seat-key="${CSS.escape(mover)}"]`);
    const deckRect = anchor('[data-zone="deck"]');
    const pileRect = anchor('[data-zone="pile"]');

    for (const [id, element] of now) {
      const was = before.get(id);
      const rect = element.getBoundingClientRect();
      if (was !== undefined) {
        if (Math.abs(was.rect.left - rect.left) < 1 && Math.abs(was.rect.top - rect.top) < 1) continue;
        fly(element, was.rect, rect, 1);
        continue;
      }
      // A card that was not on the table before: from the mover (a play), else the deck (a deal or a draw).
      const zone = zoneOf(element);
      const origin = zone === 'pile' ? (moverRect ?? deckRect) : zone === 'own' || zone === 'seat' ? deckRect : null;
      if (origin !== null) fly(element, origin, rect, 0.6);
    }
    for (const [id, was] of before) {
      if (now.has(id)) continue;
      if (was.zone === 'pile') {
        // The pile left: picked up (towards the taker's seat) or burned (it fades where it lay).
        const taker = move?.kind === 'pickup' && mover !== 'you' ? moverRect : null;
        ghost(was, taker, taker === null);
      } else {
        // A card played from a hand or a face-up row that no longer shows: to the pile, then gone.
        ghost(was, pileRect, false);
      }
    }
  }

  override render(): ReactNode {
    return this.props.children;
  }
}

/** Plays `element` from `from` to where it now is (`to`), starting at `opacity`. */
function fly(element: HTMLElement, from: DOMRect, to: DOMRect, opacity: number): void {
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const scale = to.width > 0 ? Math.min(2, Math.max(0.3, from.width / to.width)) : 1;
  element.animate(
    [
      { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity },
      { transform: 'none', opacity: 1 },
    ],
    { duration: MOVE_MS, easing: EASING },
  );
}

/** A copy of a card that left, at its old place, flying to `to` (or fading out where it was). */
function ghost(was: Seen, to: DOMRect | null, burn: boolean): void {
  const copy = was.copy.cloneNode(true) as HTMLElement;
  copy.removeAttribute('data-card-id');
  copy.setAttribute('aria-hidden', 'true');
  copy.classList.add('tc-ghost');
  Object.assign(copy.style, {
    position: 'fixed',
    left: `${was.rect.left}px`,
    top: `${was.rect.top}px`,
    width: `${was.rect.width}px`,
    height: `${was.rect.height}px`,
    margin: '0',
    pointerEvents: 'none',
    zIndex: '40',
  });
  document.body.append(copy);
  const dx = to === null || burn ? 0 : to.left + to.width / 2 - (was.rect.left + was.rect.width / 2);
  const dy = to === null || burn ? 0 : to.top + to.height / 2 - (was.rect.top + was.rect.height / 2);
  const end = burn
    ? { transform: 'translateY(-20%) scale(1.15)', opacity: 0 }
    : { transform: `translate(${dx}px, ${dy}px) scale(0.5)`, opacity: 0 };
  const animation = copy.animate([{ transform: 'none', opacity: 1 }, end], { duration: MOVE_MS, easing: EASING });
  animation.onfinish = () => copy.remove();
  animation.oncancel = () => copy.remove();
}
