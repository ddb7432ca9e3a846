// What every bench line carries besides its figures, so a line cannot hide how it was made: the
// count of things that went wrong (`errors`), how it was measured (`rounds`, the measured
// `seconds`, the `spread` of the repeated figure) and on which processors (`cpus`, `pinned`).
// `npm run bench` exits non-zero when a line has errors, failed, or was skipped for a reason other
// than a missing optional service.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** The lowest, middle and highest value of a figure measured in several rounds. */
export interface Spread {
  /** The figure the spread is of (a field of the same line). */
  readonly of: string;
  readonly min: number;
  readonly median: number;
  readonly max: number;
}

/** One bench line: its name, its figures, and always `errors`. */
export type BenchLine = { readonly bench: string; readonly errors: number } & Record<string, unknown>;

/** A case that could not run: `missing` names the optional service that is not there, if that is why. */
export interface SkipLine {
  readonly bench: string;
  readonly skipped: string;
  /** Set only when an optional service is not installed (the one allowed reason to skip). */
  readonly missing?: string;
  readonly errors: number;
}

/** The median of `xs` (the lower middle one of an even count, so it is a measured value). */
export function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

/** The spread of `values` of the figure `of`, each rounded to `places` decimals. */
export function spread(of: string, values: readonly number[], places = 0): Spread {
  const round = (x: number) => Math.round(x * 10 ** places) / 10 ** places;
  return {
    of,
    min: round(Math.min(...values)),
    median: round(median(values)),
    max: round(Math.max(...values)),
  };
}

/** A list like `0-1,4` as CPU numbers. */
function cpuList(text: string): number[] {
  const cpus: number[] = [];
  for (const part of text.trim().split(',')) {
    const [from, to] = part.split('-').map(Number);
    if (from === undefined || Number.isNaN(from)) continue;
    for (let cpu = from; cpu <= (to ?? from); cpu++) cpus.push(cpu);
  }
  return cpus;
}

/**
 * The processors this process may run on and whether that is fewer than the machine has (pinned,
 * e.g. by `taskset`): an unpinned run on a shared machine competes with whatever else runs.
 */
export function processors(): { readonly cpus: string; readonly pinned: boolean } {
  try {
    const allowed = /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? '';
    const online = readFileSync('/sys/devices/system/cpu/online', 'utf8').trim();
    return { cpus: allowed, pinned: cpuList(allowed).length < cpuList(online).length };
  } catch {
    // Not Linux: no affinity to read; say how many there are.
    return { cpus: `${availableParallelism()} available`, pinned: false };
  }
}

/** Why the run must fail because of `line`, or null when it is fine. */
export function verdict(line: BenchLine | SkipLine): string | null {
  if ('skipped' in line) {
    if (line.missing === undefined) return `${line.bench} skipped: ${line.skipped}`;
  } else if (typeof line.failed === 'string') return `${line.bench} failed: ${line.failed}`;
  if (line.errors > 0) return `${line.bench}: ${line.errors} error${line.errors === 1 ? '' : 's'}`;
  return null;
}
