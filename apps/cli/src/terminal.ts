import { createInterface } from 'node:readline';
import { Presets, SingleBar } from 'cli-progress';

/** A progress display: started before the work, updated with (done, total), stopped after. */
export interface Progress {
  start(): void;
  update(done: number, total: number): void;
  stop(): void;
}

/** What the CLI needs from a terminal beyond writing lines. */
export interface Terminal {
  /** Where to show progress, or null (not a terminal, or a test). */
  readonly progress: Progress | null;
  /** Waits for Enter; resolves false when the user quits (q or end of input). Null when stdin is no terminal. */
  readonly waitForEnter: (() => Promise<boolean>) | null;
}

/** A cli-progress bar on stderr (stdout stays clean for the report). */
function stderrBar(): Progress {
  const bar = new SingleBar(
    { stream: process.stderr, format: ' {bar} {percentage}% | {value}/{total} games | ETA {eta_formatted}' },
    Presets.shades_classic,
  );
  let started = false;
  return {
    start: () => {},
    update(done, total) {
      if (!started) {
        bar.start(total, 0);
        started = true;
      }
      bar.update(done);
    },
    stop: () => {
      if (started) bar.stop();
    },
  };
}

/** The real terminal: a progress bar only when stderr is a TTY, Enter only when stdin is one. */
export function processTerminal(): Terminal & { close(): void } {
  let lines: ReturnType<typeof createInterface> | null = null;
  const waitForEnter = async (): Promise<boolean> => {
    lines ??= createInterface({ input: process.stdin, output: process.stderr });
    const reader = lines;
    return new Promise<boolean>((resolve) => {
      const onClose = (): void => resolve(false);
      reader.once('close', onClose);
      reader.question('-- Enter: next move, q: quit -- ', (answer) => {
        reader.off('close', onClose);
        resolve(answer.trim().toLowerCase() !== 'q');
      });
    });
  };
  return {
    progress: process.stderr.isTTY ? stderrBar() : null,
    waitForEnter: process.stdin.isTTY ? waitForEnter : null,
    close: () => lines?.close(),
  };
}
