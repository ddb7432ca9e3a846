import '../variants/variants.css';
import { type ReactElement, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { KIND_NAMES, replayPath } from '../replay/replay-link.js';
import { fetchReview, pollReview, type ReviewState, serverReplayAt } from './review-model.js';
import { ReviewView } from './review-view.js';

/**
 * `/review/:variant/:gameId` (docs/product.md §D14 review; docs/web.md "Review"): asks the server for
 * the game's review, again every 1.5 s while its job computes it, then shows each seat's luck and
 * counts and the moves, the marked ones first. Outside the shell, like the replay viewer.
 */
export function ReviewPage(): ReactElement {
  const { variant = '', gameId = '' } = useParams();
  const [state, setState] = useState<ReviewState>({ status: 'loading' });
  useEffect(() => pollReview(() => fetchReview(variant, gameId), setState), [variant, gameId]);
  const kind = KIND_NAMES[variant] ?? variant;

  return (
    <main className="variant-page review-page">
      <ReviewView
        subtitle={
          <>
            {kind} <code className="game-code">{gameId}</code>
          </>
        }
        replay={replayPath(variant, gameId)}
        state={state}
        replayAt={serverReplayAt({ variant, gameId })}
      />
    </main>
  );
}
