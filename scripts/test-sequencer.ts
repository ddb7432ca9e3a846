import { readFileSync, statSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The browser suites: the longest files by far, and mostly waiting on Chromium and the server. */
const BROWSER_PROJECT = 'e2e';
/** Browser files that are one line over a shared suite (axe-routes.ts): long although small. */
const SMALL_BUT_LONG = /web-axe-[a-z]+\.test\.ts$/;

/**
 * The order test files start in, longest first, so that the last file to start is a short one and
 * the run does not end waiting on one long file. Vitest's own order runs the projects one after
 * another by name and, without a previous run's durations (a fresh clone, CI), larger files first:
 * the browser suites then started a third of the way in, the axe files last of all.
 * Here, longest first by each file's duration: the last run's where Vitest has one, else the one
 * committed in scripts/test-durations.json (`node scripts/save-test-durations.mjs` after a whole
 * run), so a fresh clone's first run is ordered as a warm one (484.6 s with the browser suites all
 * first, 460.3 s by durations: they then share the cores with the server's suites); for a file in
 * neither (a new one), a guess: 90 s for an axe file, 40 s for another browser suite, else 1 s
 * per 10 kB of source.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const committed = committedDurations();
    const key = (spec: TestSpecification) =>
      `${spec.project.name}:${spec.moduleId.slice(this.ctx.config.root.length + 1)}`;
    /** In ms. */
    const duration = (spec: TestSpecification): number => {
      const cached = cache.getFileTestResults(key(spec))?.duration;
      if (cached !== undefined) return cached;
      const seconds = committed[key(spec)];
      if (seconds !== undefined) return seconds * 1000;
      if (spec.project.name !== BROWSER_PROJECT) return size(spec.moduleId) / 10;
      return SMALL_BUT_LONG.test(spec.moduleId) ? 90_000 : 40_000;
    };
    const durations = new Map(files.map((spec) => [spec, duration(spec)]));
    return [...files].sort((a, b) => (durations.get(b) ?? 0) - (durations.get(a) ?? 0));
  }
}

/** scripts/test-durations.json: seconds per `project:path`; empty when missing or unreadable. */
function committedDurations(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(new URL('./test-durations.json', import.meta.url), 'utf8')) as Record<
      string,
      number
    >;
  } catch {
    return {};
  }
}

function size(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
