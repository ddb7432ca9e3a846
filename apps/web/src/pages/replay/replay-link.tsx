import type { ReactElement, ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The replay viewer's address for a finished game of kind `variant` (see docs/web.md "Replay viewer"). */
export function replayPath(variant: string, gameId: string | number): string {
  return `/replay/${encodeURIComponent(variant)}/${encodeURIComponent(String(gameId))}`;
}

/** "Watch the replay": the link the variants' finished screens show, to the game's replay with every card. */
export function ReplayLink(props: { readonly variant: string; readonly gameId: string | number }): ReactElement {
  return (
    <Link className="button button-secondary replay-link" to={replayPath(props.variant, props.gameId)}>
      Watch the replay
    </Link>
  );
}

/** The links under a finished variant game: a new game at the variant's start page, and its replay. */
export function GameOverLinks(props: {
  /** The variant's start page. */
  readonly home: string;
  /** The start link's words ("New Game", "Play again"). */
  readonly label: string;
  readonly variant: string;
  readonly gameId: string | number;
  /** What comes first in the row (a rematch button). */
  readonly children?: ReactNode;
}): ReactElement {
  return (
    <div className="button-row">
      {props.children}
      <Link className="button button-primary" to={props.home}>
        {props.label}
      </Link>
      <ReplayLink variant={props.variant} gameId={props.gameId} />
    </div>
  );
}
