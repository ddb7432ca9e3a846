import '../variants/variants.css';
import './replay.css';
import { type ChangeEvent, type ReactElement, useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { reviewInWorker } from '../../ai/review-client.js';
import { fileReplayAt, type ReviewState } from '../review/review-model.js';
import { ReviewView } from '../review/review-view.js';
import { fetchRecord, type LoadedRecord, type Parsed, parseRecordFile } from './replay-record.js';
import { RecordSubtitle, ReplayView } from './replay-view.js';

/** `?move=N` as a step (0 when absent or not a number). */
function startOf(query: URLSearchParams): number {
  const move = Number(query.get('move') ?? 0);
  return Number.isFinite(move) ? move : 0;
}

/**
 * `/replay/:variant/:gameId`: fetches a finished game's record from the server and replays it,
 * opened at step N with `?move=N` (the review's move rows link there).
 * `/replay`: a file picker for a record file saved earlier (or by another tool), which the page
 * can also review in the browser (`?view=review`; its rows open `?move=N` of the same file).
 */
export function ReplayPage(): ReactElement {
  const { variant, gameId } = useParams();
  const [query] = useSearchParams();
  if (variant === undefined || gameId === undefined) return <UploadedReplay />;
  return (
    <main className="variant-page replay-page">
      <FetchedReplay key={`${variant}/${gameId}`} variant={variant} gameId={gameId} start={startOf(query)} />
    </main>
  );
}

function FetchedReplay(props: {
  readonly variant: string;
  readonly gameId: string;
  readonly start: number;
}): ReactElement {
  const [found, setFound] = useState<Parsed<LoadedRecord> | null>(null);
  useEffect(() => {
    let live = true;
    void fetchRecord(props.variant, props.gameId).then((got) => live && setFound(got));
    return () => {
      live = false;
    };
  }, [props.variant, props.gameId]);

  if (found === null) {
    return (
      <div className="splash" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        <span>Loading the record…</span>
      </div>
    );
  }
  if (!found.ok) {
    return (
      <section className="card variant-error" role="alert">
        <h1>No replay yet</h1>
        <p>{found.error}</p>
        <Link className="button button-primary" to="/replay">
          Open a record file
        </Link>
      </section>
    );
  }
  // A new `?move=N` opens the same record at that step (no second fetch).
  return <ReplayView key={props.start} loaded={found.value} start={props.start} />;
}

/** What the browser's review of the open file has said so far; null until Review is pressed. */
type FileReview = ReviewState | null;

/**
 * The file picker: reads the chosen file, and replays it or says clearly why it cannot. Review
 * computes the file's review in a worker (docs/web.md "Review") and shows it in place of the
 * replay (`?view=review`); "Watch the replay" and the move rows come back to the same file. The
 * review is computed once per file; opening another file or leaving the page cancels it.
 */
function UploadedReplay(): ReactElement {
  const [loaded, setLoaded] = useState<LoadedRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [review, setReview] = useState<FileReview>(null);
  const [query, setQuery] = useSearchParams();
  const running = useRef<AbortController | null>(null);
  const main = useRef<HTMLElement>(null);
  const quiet = useRef(true);
  const reviewing = loaded !== null && review !== null && query.get('view') === 'review';
  const start = startOf(query);
  const screen = reviewing ? 'review' : `replay:${start}`;

  // The page going away ends the review's worker.
  useEffect(() => () => running.current?.abort(), []);

  // Review, "Watch the replay" or a move row: the new screen's heading focused, at the top of the
  // window (the replay's under the picker, so the table has the room).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the screen changes
  useEffect(() => {
    if (quiet.current) {
      quiet.current = false;
      return;
    }
    const heading = main.current?.querySelector<HTMLElement>('.variant-header h1');
    heading?.focus({ preventScroll: true });
    heading?.closest('header')?.scrollIntoView({ block: 'start' });
  }, [screen]);

  const open = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (file === undefined) return;
    let text: string;
    try {
      text = await file.text();
    } catch {
      setError('This file could not be read.');
      return;
    }
    const parsed = parseRecordFile(text);
    running.current?.abort();
    running.current = null;
    setReview(null);
    setLoaded(parsed.ok ? parsed.value : null);
    setError(parsed.ok ? null : parsed.error);
    // A new file opens at its first step; the focus stays on the picker.
    if (screen !== 'replay:0') quiet.current = true;
    if (query.toString() !== '') setQuery({}, { replace: true });
  };

  const reviewFile = () => {
    if (loaded === null) return;
    if (review === null || review.status === 'failed') {
      const controller = new AbortController();
      running.current = controller;
      const mine = () => running.current === controller;
      setReview({ status: 'pending', done: 0, total: 0 });
      reviewInWorker(
        loaded.record,
        (done, total) => mine() && setReview({ status: 'pending', done, total }),
        controller.signal,
      ).then(
        (found) => mine() && setReview({ status: 'ready', review: found }),
        (failed: unknown) =>
          mine() && setReview({ status: 'failed', message: failed instanceof Error ? failed.message : String(failed) }),
      );
    }
    setQuery({ view: 'review' });
  };

  return (
    <main ref={main} className={`variant-page ${reviewing ? 'review-page' : 'replay-page'}`}>
      {/* With a file open the picker is one slim line, so the replay's table keeps the height. */}
      <section
        className={`card variant-panel replay-open${loaded === null ? '' : ' replay-open-slim'}`}
        aria-labelledby="replay-open-title"
        hidden={reviewing}
      >
        <h1 id="replay-open-title">Replay a game</h1>
        {loaded === null && (
          <p className="small">
            Open a record file (<code>palace-….json</code>, from "Download record" after a game) to step through every
            move with all the cards shown and check that the deal was fair.
          </p>
        )}
        <label className="field">
          <span>Record file</span>
          <input type="file" accept=".json,application/json" onChange={(event) => void open(event)} />
        </label>
        {error !== null && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </section>
      {loaded !== null && review !== null && reviewing ? (
        <ReviewView
          subtitle={<RecordSubtitle loaded={loaded} />}
          replay="/replay"
          state={review}
          replayAt={fileReplayAt}
          wait="The computer looks at every move of the game, here in your browser; it takes a few seconds."
        />
      ) : (
        loaded !== null && (
          <ReplayView
            key={`${loaded.record.seed}:${loaded.record.createdAt}:${start}`}
            loaded={loaded}
            start={start}
            onReview={reviewFile}
          />
        )
      )}
    </main>
  );
}
