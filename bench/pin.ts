// Pinning a server and its load generator to separate cores (issue 23, "Method"): on a small,
// shared machine a server and the client measuring it otherwise take turns on the same cores, and
// the figure says more about the scheduler than about the server. With `taskset` (util-linux) and
// at least two allowed processors, the server runs alone on one core and the bench process (the
// load generator) on another; without, everything runs unpinned and the line says so.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Where a pinned measurement runs: the server's core and the load generator's, or null (unpinned). */
export interface Placement {
  readonly server: number;
  readonly load: number;
}

/** The processors this process may run on (Linux), in order; empty elsewhere. */
function allowedCpus(): number[] {
  try {
    const list = /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? '';
    const cpus: number[] = [];
    for (const part of list.split(',')) {
      const [from, to] = part.split('-').map(Number);
      if (from === undefined || Number.isNaN(from)) continue;
      for (let cpu = from; cpu <= (to ?? from); cpu++) cpus.push(cpu);
    }
    return cpus;
  } catch {
    return [];
  }
}

/** Whether `taskset` can be run here. */
function hasTaskset(): boolean {
  const probe = spawnSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
  return probe.error === undefined && probe.status === 0;
}

/**
 * The server's and the load generator's cores (the first two this process may use), or null when
 * `taskset` is missing or fewer than two processors are allowed. `BENCH_PIN=0` turns pinning off.
 */
export function placement(): Placement | null {
  if (process.env.BENCH_PIN === '0') return null;
  const cpus = allowedCpus();
  if (cpus.length < 2 || !hasTaskset()) return null;
  return { server: cpus[0] as number, load: cpus[1] as number };
}

/** `command args` as run on `cpu` (through `taskset -c`), or as it is with no placement. */
export function onCore(cpu: number | null, command: string, args: readonly string[]): [string, string[]] {
  return cpu === null ? [command, [...args]] : ['taskset', ['-c', String(cpu), command, ...args]];
}

/**
 * Confines this process (every thread) to `cpu` until the returned function gives it back its
 * processors. Throws if `taskset` refuses (the line must not claim a pinning it did not get).
 */
export function pinSelf(cpu: number): () => void {
  const before = allowedCpus().join(',');
  const set = (list: string) => {
    const done = spawnSync('taskset', ['-a', '-p', '-c', list, String(process.pid)], { stdio: 'ignore' });
    if (done.status !== 0) throw new Error(`taskset -a -p -c ${list} ${process.pid} exited with ${done.status}`);
  };
  set(String(cpu));
  return () => set(before);
}
