import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { err, ok, type Result } from '@palace/core';
import { runTournament, type TournamentOutcome, type TournamentPlan } from './tournament-run.js';

/**
 * Runs simulated tournaments on worker threads, one tournament at a time per worker (the strong
 * AI's search is CPU-bound and single-threaded, so a second core halves the wait). Each tournament
 * is a pure function of its plan, so the results do not depend on the number of workers.
 *
 * A worker runs this very module: from the TypeScript source (then with tsx's loader, which a
 * worker does not inherit from a programmatic `register()`) or from the CLI bundle, whichever
 * the parent runs.
 */

/** The `workerData` that makes a thread running this module serve tournaments. */
const WORKER_TAG = 'palace/tournament-worker';

interface Job {
  readonly index: number;
  readonly plan: TournamentPlan;
}

interface Done {
  readonly index: number;
  readonly result: Result<TournamentOutcome, string>;
}

function spawn(): Worker {
  const self = new URL(import.meta.url);
  if (!self.pathname.endsWith('.ts')) return new Worker(self, { workerData: WORKER_TAG });
  // A worker's entry must be JavaScript: a script that registers tsx's loader, then imports this module.
  const tsx = pathToFileURL(
    createRequire(self)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const script = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(self.href)}); });`;
  return new Worker(script, { eval: true, workerData: WORKER_TAG });
}

/**
 * Runs every plan (on up to `workers` threads; 1 runs them here, one after the other) and
 * answers the outcomes in plan order, or the first refusal. `onDone(done, total)` after each.
 */
export async function runTournaments(
  plans: readonly TournamentPlan[],
  workers: number,
  onDone: (done: number, total: number) => void,
): Promise<Result<TournamentOutcome[], string>> {
  const outcomes: TournamentOutcome[] = [];
  if (workers <= 1 || plans.length <= 1) {
    for (const plan of plans) {
      const outcome = await runTournament(plan);
      if (!outcome.ok) return outcome;
      outcomes.push(outcome.value);
      onDone(outcomes.length, plans.length);
    }
    return ok(outcomes);
  }
  const results: Array<TournamentOutcome | undefined> = new Array(plans.length);
  let next = 0;
  let done = 0;
  const pool = Array.from({ length: Math.min(workers, plans.length) }, spawn);
  try {
    // Settles on the last outcome or the first refusal (a refusal ends the whole run).
    const finished = await new Promise<Result<true, string>>((resolve) => {
      for (const worker of pool) {
        const give = () => {
          const index = next++;
          const plan = plans[index];
          if (plan !== undefined) worker.postMessage({ index, plan } satisfies Job);
        };
        worker.on('message', ({ index, result }: Done) => {
          if (!result.ok) {
            resolve(result);
            return;
          }
          results[index] = result.value;
          onDone(++done, plans.length);
          if (done === plans.length) resolve(ok(true));
          else give();
        });
        worker.on('error', (error) => resolve(err(`a simulation worker failed: ${error.message}`)));
        worker.on('exit', (code) => resolve(err(`a simulation worker stopped (exit code ${code})`)));
        give();
      }
    });
    if (!finished.ok) return finished;
  } finally {
    await Promise.all(pool.map((worker) => worker.terminate()));
  }
  for (const outcome of results) {
    if (outcome === undefined) return err('a simulated tournament gave no result');
    outcomes.push(outcome);
  }
  return ok(outcomes);
}

if (!isMainThread && workerData === WORKER_TAG && parentPort !== null) {
  const port = parentPort;
  port.on('message', (job: Job) => {
    void runTournament(job.plan).then(
      (result) => port.postMessage({ index: job.index, result } satisfies Done),
      (error: unknown) =>
        port.postMessage({
          index: job.index,
          result: err(error instanceof Error ? error.message : String(error)),
        } satisfies Done),
    );
  });
}
