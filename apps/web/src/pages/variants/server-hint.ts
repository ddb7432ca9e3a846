import type { HintAnswer, HintsState } from '@palace/protocol';
import { useEffect, useState } from 'react';
import type { TableCard } from '../../table/cards.js';
import { hintLine } from '../../table/hint-line.js';
import type { TableAction } from '../../table/model.js';

/**
 * The Hint button of a game the server runs (docs/product.md §D14 hint; docs/web.md "Hints and the
 * computer in a worker"): shown only while the server's `hints.allowed` says a request would be
 * accepted; pressed, it asks the server (`ask`), selects the hinted cards (so Play makes the move)
 * and says the hint in the move line until the next move (`position` changes). Pressed again in the
 * same position, it shows the same hint without asking again.
 */
export function useServerHint(props: {
  /** The viewer's `hints` in the server's state; absent where the game offers none. */
  readonly hints: HintsState | undefined;
  /** What changes with every move (not with a hint's count): the hint ends with it. */
  readonly position: string;
  /** The viewer's own cards, to name the hinted ones. */
  readonly cards: readonly TableCard[];
  /** Asks the server; null when refused (the screen has said why) or unanswered. */
  readonly ask: () => Promise<HintAnswer | null>;
  readonly select: (ids: readonly string[]) => void;
}): { readonly action: TableAction | null; readonly line: string | null } {
  const { position } = props;
  const [asking, setAsking] = useState(false);
  const [shown, setShown] = useState<{ readonly hint: HintAnswer; readonly text: string; readonly at: string } | null>(
    null,
  );
  // A hint is about its position: the next move ends it.
  useEffect(() => {
    setShown((now) => (now !== null && now.at !== position ? null : now));
  }, [position]);
  const current = shown !== null && shown.at === position ? shown : null;
  const press = () => {
    if (current !== null) {
      props.select(current.hint.action === 'play' ? current.hint.cardIds : []);
      return;
    }
    setAsking(true);
    const at = position;
    const cards = props.cards;
    props
      .ask()
      .then((hint) => {
        if (hint === null) return;
        props.select(hint.action === 'play' ? hint.cardIds : []);
        setShown({ hint, text: hintLine(hint, cards), at });
      })
      .finally(() => setAsking(false));
  };
  return {
    action:
      props.hints?.allowed === true
        ? { key: 'hint', label: asking ? 'Thinking…' : 'Hint', tone: 'secondary', enabled: !asking, onPress: press }
        : null,
    line: current?.text ?? null,
  };
}
