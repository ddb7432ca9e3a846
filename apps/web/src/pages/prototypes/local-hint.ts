import type { GameState } from '@palace/core';
import { useEffect, useState } from 'react';
import { askComputer, warmComputer } from '../../ai/ai-client.js';
import { fromEngine } from '../../table/cards.js';
import { hintLine } from '../../table/hint-line.js';
import type { TableAction } from '../../table/model.js';

/**
 * The Hint button of an offline game (docs/product.md §D14 hint; docs/web.md "Hints and the computer in a worker"): on the viewer's turn,
 * the strong AI's move for the viewer's own view, searched in the page's worker (`askComputer`),
 * said in the move line with its reason ("Hint: play the 5 of hearts. Sheds your lowest playable
 * card, the 5") and its cards selected, so Play makes it. `onUse` counts it: the game-over panel
 * says a hint was used. The same position and game seed always give the same hint.
 */
export function useLocalHint(props: {
  /** Whether the screen offers hints at all (the worker starts when it does). */
  readonly offered: boolean;
  readonly state: GameState;
  readonly viewer: string;
  readonly seed: string;
  readonly select: (ids: readonly string[]) => void;
  readonly onUse: () => void;
}): { readonly action: TableAction; readonly line: string | null } {
  const { state, viewer } = props;
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (props.offered) warmComputer();
  }, [props.offered]);
  const [shown, setShown] = useState<{ readonly text: string; readonly at: GameState } | null>(null);
  // A hint is about its position: the next move ends it.
  useEffect(() => {
    setShown((now) => (now !== null && now.at !== state ? null : now));
  }, [state]);
  const myTurn = state.phase === 'playing' && state.seats[state.turn]?.id === viewer;
  const press = () => {
    setAsking(true);
    const at = state;
    askComputer({ kind: 'hint', state, seat: viewer, seed: `${props.seed}:hint:${state.moves}` })
      .then((hint) => {
        if (hint === null) return;
        props.onUse();
        const seat = at.seats.find((s) => s.id === viewer);
        const cards = [...(seat?.hand ?? []), ...(seat?.faceUp ?? [])].map(fromEngine);
        const { move, reason } = hint;
        const text = hintLine(
          move.type === 'play'
            ? { action: 'play', cardIds: move.cardIds, reason }
            : { action: 'pickup', cardIds: [], reason },
          cards,
        );
        props.select(move.type === 'play' ? move.cardIds : []);
        setShown({ text, at });
      })
      .catch(() => setShown({ text: 'The hint could not be worked out. Try again.', at }))
      .finally(() => setAsking(false));
  };
  return {
    action: {
      key: 'hint',
      label: asking ? 'Thinking…' : 'Hint',
      tone: 'secondary',
      enabled: myTurn && !asking,
      onPress: press,
    },
    line: shown !== null && shown.at === state ? shown.text : null,
  };
}
