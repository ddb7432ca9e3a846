import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { cardName, type TableCard } from './cards.js';
import type { TableModel } from './model.js';

/**
 * One way to play a card on every screen (docs/web.md "One way to play a card"): a tap selects
 * (the screen's `onCard`), the Play action plays; the second tap of a double-tap (the browser's
 * click count) on the card the first one selected, or Enter on a selected card, presses the Play
 * action at once. A tap on a card
 * that cannot be played now explains itself in the move line (`whyNot`), whether the card's button
 * is disabled (the server's legal cards) or only not outlined (the offline prototype, where every
 * own card may be pressed and the engine refuses). The kit decides no rule: the explanation reads
 * which cards the model enables and outlines, whose turn it is, and where the card lies.
 */
/** How long an explanation stays in the move line, unless a move replaces it first. */
export const EXPLAIN_MS = 5000;

/** The action a double-tap or a second Enter presses: the screen's Play (`key: 'play'`). */
const PLAY_KEY = 'play';

/**
 * Why card `id` cannot be played now, in the move line's words, or null when it can (or when the
 * model says nothing about it: no game in play, a spectator, a card not the viewer's).
 */
export function whyNot(model: TableModel, id: string): string | null {
  const own = model.own;
  if (own === null || model.turn === null) return null;
  const playable = new Set(model.hinted ?? model.enabled);
  if (playable.has(id)) return null;
  const card = [...own.hand, ...own.faceUp, ...own.faceDown].find((c) => c.id === id);
  if (card === undefined) return null;
  if (!model.turn.mine) return `It's not your turn. ${model.turn.text}`;
  if (own.faceUp.some((c) => c.id === id) && own.hand.length > 0) {
    return 'You must play all cards from your hand first';
  }
  if (own.faceDown.some((c) => c.id === id) && (own.hand.length > 0 || own.faceUp.length > 0)) {
    return 'You must play all cards from your hand and face-up first';
  }
  if (playable.size === 0) return 'No card of yours can go on this pile: pick it up';
  return `You can't play the ${name(card)} on the current pile`;
}

function name(card: TableCard): string {
  return cardName(card).replace(/^Face-down card$/, 'face-down card');
}

export interface PlayGestures {
  /** The card buttons' press: selects, or plays on a double-tap (`clicks` 2 or more). */
  readonly press: (id: string, clicks?: number) => void;
  /** Enter on a selected card plays; put on the own area (keys bubble from the cards). */
  readonly onKeyDown: (event: KeyboardEvent) => boolean;
  /** A tap on a disabled own card (a disabled button gets pointer events, not clicks). */
  readonly onPointerUp: (event: PointerEvent) => void;
  /** What the move line says instead of the last move, or null. */
  readonly explanation: string | null;
}

export function usePlayGestures(model: TableModel, moveKey: string): PlayGestures {
  const last = useRef<string | null>(null);
  const [explained, setExplained] = useState<{ text: string; key: string } | null>(null);
  // A move ends the explanation; so does time.
  useEffect(() => {
    if (explained === null) return;
    const timer = setTimeout(() => setExplained(null), EXPLAIN_MS);
    return () => clearTimeout(timer);
  }, [explained]);
  const explain = (id: string): void => {
    const text = whyNot(model, id);
    setExplained(text === null ? null : { text, key: moveKey });
  };
  const play = (): boolean => {
    const action = model.actions.find((a) => a.key === PLAY_KEY);
    if (action === undefined || !action.enabled) return false;
    last.current = null;
    action.onPress();
    return true;
  };
  const selected = (id: string) => model.selected.includes(id);
  return {
    press: (id, clicks = 0) => {
      if (clicks >= 2 && last.current === id && selected(id) && play()) return;
      last.current = id;
      explain(id);
      model.onCard(id);
    },
    onKeyDown: (event) => {
      if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return false;
      const id =
        event.target instanceof HTMLElement
          ? event.target.closest<HTMLElement>('[data-card-id]')?.dataset.cardId
          : undefined;
      if (id === undefined || !selected(id)) return false;
      event.preventDefault();
      play();
      return true;
    },
    onPointerUp: (event) => {
      if (event.button !== 0) return;
      const target = event.target instanceof Element ? event.target.closest('button[data-card-id]') : null;
      if (!(target instanceof HTMLButtonElement) || !target.disabled) return;
      const id = target.dataset.cardId;
      if (id !== undefined) explain(id);
    },
    explanation: explained !== null && explained.key === moveKey ? explained.text : null,
  };
}
