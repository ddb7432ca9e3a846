// Where the processor time of a measurement went (issue 23): on a 2-core machine the servers, the
// database and the load generator share the cores, and a latency figure means one thing when the
// machine was half idle and another when it was saturated. Linux only (/proc); elsewhere null.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's counters. */
let ticksPerSec: number | null = null;
function clockTicks(): number {
  if (ticksPerSec === null) {
    try {
      ticksPerSec = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSec = 100;
    }
  }
  return ticksPerSec;
}

export interface CpuSample {
  /** Ticks the whole machine spent busy, and in all. */
  readonly busy: number;
  readonly total: number;
  /** Ticks (user + system) of each watched process. */
  readonly processes: readonly number[];
  /** This process's CPU time, µs. */
  readonly self: number;
}

function processTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** The machine's and `pids`' processor time so far, or null where /proc cannot be read. */
export function sampleCpu(pids: readonly number[]): CpuSample | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const [, ...values] = line.trim().split(/\s+/);
    const n = values.map(Number);
    // user nice system idle iowait irq softirq steal (guest time is counted in user already).
    const idle = (n[3] ?? 0) + (n[4] ?? 0);
    const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
    const usage = process.cpuUsage();
    return { busy: total - idle, total, processes: pids.map(processTicks), self: usage.user + usage.system };
  } catch {
    return null;
  }
}

export interface CpuSpent {
  /** Cores the machine has busy on average over the interval (0 … number of cores). */
  readonly busyCores: number;
  /** How many cores there are. */
  readonly cores: number;
  /** ms of processor time per unit of work (per move, say): the watched processes together … */
  readonly serversMsPer: number;
  /** … this process (the load generator) … */
  readonly loadMsPer: number;
  /** … and everything else on the machine (the database, and any other work). */
  readonly otherMsPer: number;
}

/** What was spent between two samples, per `units` of work. */
export function cpuSpent(
  before: CpuSample | null,
  after: CpuSample | null,
  units: number,
  cores: number,
): CpuSpent | null {
  if (before === null || after === null || units <= 0) return null;
  const tickMs = 1000 / clockTicks();
  const busyMs = (after.busy - before.busy) * tickMs;
  const totalMs = (after.total - before.total) * tickMs;
  const serversMs = after.processes.reduce((sum, t, i) => sum + (t - (before.processes[i] ?? t)), 0) * tickMs;
  const loadMs = (after.self - before.self) / 1000;
  const per = (ms: number) => Math.round((ms / units) * 1000) / 1000;
  return {
    busyCores: Math.round((busyMs / (totalMs / cores)) * 100) / 100,
    cores,
    serversMsPer: per(serversMs),
    loadMsPer: per(loadMs),
    otherMsPer: per(Math.max(0, busyMs - serversMs - loadMs)),
  };
}
