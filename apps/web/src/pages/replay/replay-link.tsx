import type { ReactElement } from 'react';
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
