import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';

/** How each game kind is named on the replay and review pages. */
export const KIND_NAMES: Readonly<Record<string, string>> = {
  main: 'Main game',
  rest: 'REST game',
  'simple-ws': 'Simple websocket game',
  'simple-rest': 'Simple REST game',
  public: 'Public game',
  easy: 'Easy game',
};

/** The replay viewer's address for a finished game of kind `variant` (see docs/web.md "Replay viewer"). */
export function replayPath(variant: string, gameId: string | number): string {
  return `/replay/${encodeURIComponent(variant)}/${encodeURIComponent(String(gameId))}`;
}

/** The post-game review's address for a finished game of kind `variant` (docs/web.md "Review"). */
export function reviewPath(variant: string, gameId: string | number): string {
  return `/review/${encodeURIComponent(variant)}/${encodeURIComponent(String(gameId))}`;
}

/**
 * "Watch the replay" and, beside it, "Review": the links every finished screen shows for a game with
 * a record (the game-over panel's button row included), to the replay with every card and to the
 * post-game review (docs/product.md §D14 review). Both secondary: the screen's own action leads.
 */
export function ReplayLink(props: { readonly variant: string; readonly gameId: string | number }): ReactElement {
  return (
    <>
      <Link className="button button-secondary replay-link" to={replayPath(props.variant, props.gameId)}>
        Watch the replay
      </Link>
      <ReviewLink variant={props.variant} gameId={props.gameId} />
    </>
  );
}

/** "Review": the post-game review of a finished game; `small` in a page header's row of small buttons. */
export function ReviewLink(props: {
  readonly variant: string;
  readonly gameId: string | number;
  readonly small?: boolean;
}): ReactElement {
  return (
    <Link
      className={`button button-secondary review-link${props.small === true ? ' button-small-outline' : ''}`}
      to={reviewPath(props.variant, props.gameId)}
    >
      Review
    </Link>
  );
}
