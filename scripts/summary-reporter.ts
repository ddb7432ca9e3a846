import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node';

/** How the PostgreSQL suites are recognised: they read the test server's URL through these. */
const USES_POSTGRES = /\bPOSTGRES_URL\b|\bDIALECTS\b|\bclusterDescribe\b|PALACE_TEST_DATABASE_URL/;
/** Per-dialect suites (`describe.each(DIALECTS)`): without PostgreSQL only their SQLite half exists. */
const PER_DIALECT = /\bDIALECTS\b/;
const NO_POSTGRES = 'PALACE_TEST_DATABASE_URL is not set; start one with `export $(scripts/pg-test-cluster.sh start)`';
/** Other skipped files listed by name at most; the rest are counted. */
const LISTED = 5;
/** How many of the slowest files the timing lines name. */
const SLOWEST = 10;

/** The name of the outermost suite holding `test` (or the test's own name at the top). */
function outerName(test: TestCase): string {
  let name = test.name;
  let parent = test.parent;
  while (parent.type === 'suite') {
    name = parent.name;
    parent = parent.parent;
  }
  return name;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Ends a run with plain lines any CI log reader understands without knowing Vitest's own formatted
 * summary: one `Skipped: …` line per group of skipped tests saying why (the PostgreSQL suites skip
 * without `PALACE_TEST_DATABASE_URL`), the ten slowest files and each project's wall time (where the
 * suite's time goes, to keep `npm test` fast), then `N passed, N failed` (plus `, N skipped`).
 */
export default class SummaryReporter implements Reporter {
  private filtered = false;
  private readonly root = process.cwd();
  /** Per test file: when a worker took it (before its imports) and when it ended, in ms since the epoch. */
  private readonly times = new Map<TestModule['moduleId'], { project: string; start: number; end?: number }>();

  onInit(vitest: Vitest): void {
    // `-t` skips every test it does not match: those are not worth a reason each.
    this.filtered = vitest.config.testNamePattern !== undefined;
  }

  onTestModuleQueued(module: TestModule): void {
    this.times.set(this.key(module), { project: module.project.name, start: Date.now() });
  }

  onTestModuleEnd(module: TestModule): void {
    const time = this.times.get(this.key(module));
    if (time !== undefined) time.end = Date.now();
  }

  /** A file's key: one file may belong to two projects. */
  private key(module: TestModule): string {
    return `${module.project.name}\u0000${module.moduleId}`;
  }

  /** The slowest files (wall time, imports included) and each project's wall time, first file taken to last ended. */
  private timingLines(): string[] {
    const files: Array<{ project: string; file: string; ms: number }> = [];
    const projects = new Map<string, { start: number; end: number; files: number }>();
    for (const [key, { project, start, end }] of this.times) {
      if (end === undefined) continue;
      files.push({ project, file: relative(this.root, key.slice(key.indexOf('\u0000') + 1)), ms: end - start });
      const span = projects.get(project) ?? { start, end, files: 0 };
      projects.set(project, {
        start: Math.min(span.start, start),
        end: Math.max(span.end, end),
        files: span.files + 1,
      });
    }
    if (files.length === 0) return [];
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const slowest = files.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST);
    const spans = [...projects].sort((a, b) => b[1].end - b[1].start - (a[1].end - a[1].start));
    const all = [...projects.values()];
    const wall = Math.max(...all.map((p) => p.end)) - Math.min(...all.map((p) => p.start));
    return [
      `Slowest files (wall time, imports included):`,
      ...slowest.map((f) => `  ${seconds(f.ms).padStart(8)}  ${f.project.padEnd(12)} ${f.file}`),
      `Wall time: ${seconds(wall)}; by project: ${spans.map(([name, p]) => `${name} ${seconds(p.end - p.start)} (${plural(p.files, 'file')})`).join(', ')}`,
    ];
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const noPostgres = (process.env.PALACE_TEST_DATABASE_URL ?? '') === '';
    /** Per project directory: PostgreSQL files, their skipped tests and their SQLite-only tests. */
    const postgres = new Map<string, { files: string[]; skipped: number; sqliteOnly: number; perDialect: number }>();
    const other: Array<{ file: string; count: number; why: string }> = [];
    for (const module of testModules) {
      const skippedHere: TestCase[] = [];
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else {
          skipped++;
          skippedHere.push(test);
        }
      }
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) failed++;
      const file = relative(this.root, module.moduleId);
      const source = this.source(module.moduleId);
      if (noPostgres && USES_POSTGRES.test(source)) {
        const dir = relative(this.root, module.project.config.root) || '.';
        const entry = postgres.get(dir) ?? { files: [], skipped: 0, sqliteOnly: 0, perDialect: 0 };
        const sqliteOnly = PER_DIALECT.test(source)
          ? [...module.children.allTests()].filter((t) => /\bsqlite\b/i.test(outerName(t))).length
          : 0;
        if (skippedHere.length > 0 || sqliteOnly > 0) {
          entry.files.push(file.slice(dir.length + 1).replace(/^test\//, ''));
          entry.skipped += skippedHere.length;
          entry.sqliteOnly += sqliteOnly;
          if (sqliteOnly > 0) entry.perDialect++;
          postgres.set(dir, entry);
        }
        continue;
      }
      if (skippedHere.length === 0 || this.filtered) continue;
      const notes = new Set(skippedHere.map((t) => this.reason(t, source)));
      other.push({ file, count: skippedHere.length, why: [...notes].join('; ') });
    }

    const lines: string[] = [];
    for (const [dir, entry] of postgres) {
      const parts: string[] = [];
      if (entry.skipped > 0) parts.push(`${plural(entry.skipped, 'test')} skipped`);
      if (entry.sqliteOnly > 0)
        parts.push(
          `${plural(entry.perDialect, 'per-dialect suite')} (${plural(entry.sqliteOnly, 'test')}) ran on SQLite only`,
        );
      const names = entry.files.map((f) => f.replace(/\.test\.tsx?$/, ''));
      lines.push(`Skipped: ${dir} PostgreSQL cases (${parts.join(', and ')}: ${names.join(', ')}) — ${NO_POSTGRES}`);
    }
    for (const { file, count, why } of other.slice(0, LISTED)) {
      lines.push(`Skipped: ${file} (${plural(count, 'test')}) — ${why}`);
    }
    if (other.length > LISTED) {
      const rest = other.slice(LISTED).reduce((n, o) => n + o.count, 0);
      lines.push(`Skipped: ${plural(rest, 'test')} in ${plural(other.length - LISTED, 'other file')}`);
    }
    if (this.filtered && skipped > 0) lines.push('Skipped: the tests -t did not match');
    const summary = `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
    process.stdout.write(`\n${[...lines, ...this.timingLines(), summary].join('\n')}\n`);
  }

  /** What a skipped test says about why: its `ctx.skip(note)`, else how it was marked. */
  private reason(test: TestCase, source: string): string {
    const result = test.result();
    if (result.state === 'skipped' && result.note !== undefined && result.note !== '') return result.note;
    if (test.options.mode === 'todo') return 'marked todo';
    if (USES_POSTGRES.test(source) && /\bsqlite\b/i.test(outerName(test)))
      return 'PostgreSQL-only cases, skipped in the SQLite runs (they run in the PostgreSQL ones)';
    return 'marked skip in the file (it.skip, describe.skip or skipIf)';
  }

  private readonly sources = new Map<string, string>();

  /** The test file's text (empty when it cannot be read, e.g. a virtual module). */
  private source(file: string): string {
    let text = this.sources.get(file);
    if (text === undefined) {
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        text = '';
      }
      this.sources.set(file, text);
    }
    return text;
  }
}
