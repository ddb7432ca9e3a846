import { statSync } from 'node:fs';
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
 * Here: the last run's duration where Vitest has one for both files; otherwise the browser suites
 * first (the axe files first among them), then every other file by size.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const key = (spec: TestSpecification) =>
      `${spec.project.name}:${spec.moduleId.slice(this.ctx.config.root.length + 1)}`;
    const rank = (spec: TestSpecification): [number, number] => {
      if (spec.project.name !== BROWSER_PROJECT) return [2, size(spec.moduleId)];
      return [SMALL_BUT_LONG.test(spec.moduleId) ? 0 : 1, size(spec.moduleId)];
    };
    return [...files].sort((a, b) => {
      const before = cache.getFileTestResults(key(a));
      const after = cache.getFileTestResults(key(b));
      if (before !== undefined && after !== undefined) return after.duration - before.duration;
      const [groupA, sizeA] = rank(a);
      const [groupB, sizeB] = rank(b);
      return groupA !== groupB ? groupA - groupB : sizeB - sizeA;
    });
  }
}

function size(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
