import '../variants/variants.css';
import './replay.css';
import { type ChangeEvent, type ReactElement, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { fetchRecord, type LoadedRecord, type Parsed, parseRecordFile } from './replay-record.js';
import { ReplayView } from './replay-view.js';

/**
 * `/replay/:variant/:gameId`: fetches a finished game's record from the server and replays it,
 * opened at step N with `?move=N` (the review's move rows link there).
 * `/replay`: a file picker for a record file saved earlier (or by another tool).
 */
export function ReplayPage(): ReactElement {
  const { variant, gameId } = useParams();
  const [query] = useSearchParams();
  const move = Number(query.get('move') ?? 0);
  return (
    <main className="variant-page replay-page">
      {variant !== undefined && gameId !== undefined ? (
        <FetchedReplay
          key={`${variant}/${gameId}`}
          variant={variant}
          gameId={gameId}
          start={Number.isFinite(move) ? move : 0}
        />
      ) : (
        <UploadedReplay />
      )}
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

/** The file picker: reads the chosen file, and replays it or says clearly why it cannot. */
function UploadedReplay(): ReactElement {
  const [loaded, setLoaded] = useState<LoadedRecord | null>(null);
  const [error, setError] = useState<string | null>(null);

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
    setLoaded(parsed.ok ? parsed.value : null);
    setError(parsed.ok ? null : parsed.error);
  };

  return (
    <>
      <section className="card variant-panel replay-open" aria-labelledby="replay-open-title">
        <h1 id="replay-open-title">Replay a game</h1>
        <p className="small">
          Open a record file (<code>palace-….json</code>, from "Download record" after a game) to step through every
          move with all the cards shown and check that the deal was fair.
        </p>
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
      {loaded !== null && <ReplayView key={loaded.record.seed + loaded.record.createdAt} loaded={loaded} />}
    </>
  );
}
