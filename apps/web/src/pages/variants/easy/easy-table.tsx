import type { EasyGameState, EasyPlayer, EasySource } from '@palace/protocol';
import { type ReactElement, type ReactNode, useState } from 'react';
import { GameTable } from '../../../table/game-table.js';
import type { EasyNote } from './easy-moves.js';
import { EasyRules } from './easy-screens.js';
import { easyTableModel } from './easy-table-model.js';

/**
 * The playing screen on the table kit: the header over the table; the other seats, the pile and
 * the deck, the last move, whose turn it is, the viewer's hand, face-up and face-down rows, and
 * Pick Up and Play Selected; the rules beside the table (a sheet on a phone). A card pressed is
 * selected, Play Selected (or a double-tap) plays it from the row it lies in (see `easyTableModel`).
 */
export function EasyTable(props: {
  readonly state: EasyGameState;
  readonly me: EasyPlayer;
  readonly header: ReactNode;
  readonly busy: boolean;
  /** The last move this client saw an answer of (its own play, or the AI move it triggered). */
  readonly note: EasyNote | null;
  readonly onPlay: (cardId: string, source: EasySource) => void;
  readonly onPickUp: () => void;
}): ReactElement {
  const [selected, setSelected] = useState<string | null>(null);
  const model = easyTableModel(props.state, props.me, {
    busy: props.busy,
    note: props.note,
    selected,
    select: setSelected,
    play: props.onPlay,
    pickUp: props.onPickUp,
  });
  return <GameTable model={model} header={props.header} sideLabel="Rules" side={<EasyRules />} />;
}
