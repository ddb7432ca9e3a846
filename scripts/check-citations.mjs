#!/usr/bin/env node
// Citations of the product requirements (docs/product.md). Code and docs cite a section by its id,
// `docs/product.md §P1.7`, `docs/product.md §P2.4, §P2.9`, `docs/product.md §D12 guest-budget`.
// This check fails when
//   - a cited id (`P1.7`, `P2.4`, `D12`, …) is no heading of docs/product.md, or a decision name
//     written after an id belongs to another section;
//   - a file still cites the old outside documents (the two specification documents as "spec" plus
//     their number, or the decisions document by its upper-case name), which are not in the repo;
//   - docs/product.md itself points at a `§` id it does not have.
// Usage: node scripts/check-citations.mjs [root]   (root defaults to the repository)
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';

const root = resolve(process.argv[2] ?? join(dirname(new URL(import.meta.url).pathname), '..'));
const PRODUCT = 'docs/product.md';
const SELF = 'scripts/check-citations.mjs';
const EXTS = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.jsx', '.css', '.html', '.md', '.json']);
const SKIP = new Set(['node_modules', 'dist', 'data', '.git']);

// The old forms, written so that this file does not match them itself.
const OLD = new RegExp(['[Ss]pec 0[12]', ['DECISION', 'S'].join('')].join('|'));
// Between words: blanks, or one line break and a comment prefix (` * `, `// `, `# `).
const GAP = String.raw`(?:[ \t]*\n[ \t]*(?:\*(?!/)|//|#)?[ \t]*|[ \t]+)`;
const ID = String.raw`[PD](?:\d+(?:\.\d+)*[a-z]?)?`;
const NAME = `[a-z0-9]+(?:-[a-z0-9]+)+`;
const SEP = String.raw`(?:[ \t]+"[^"\n]{1,60}")?[ \t]*(?:,|;|–|—|and\b|or\b)(?:${GAP})?`;
const END = String.raw`(?!\w)(?!\.\w)`;
const CITATION = new RegExp(
  String.raw`docs/product\.md${GAP}§(${ID})${END}(?: (${NAME}))?((?:${SEP}§${ID}${END}(?: ${NAME})?)*)`,
  'g',
);
const ITEM = new RegExp(`§(${ID})${END}(?: (${NAME}))?`, 'g');
const HEADING = new RegExp(`^#{1,6} (${ID})(?: (${NAME}):)?(?= |$)`, 'gm');

function files() {
  let paths;
  try {
    paths = execFileSync('git', ['-C', root, 'ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).split('\0');
  } catch {
    paths = walk(root).map((p) => relative(root, p));
  }
  return paths.filter(
    (p) =>
      p &&
      EXTS.has(extname(p)) &&
      !p.split('/').some((part) => SKIP.has(part)) &&
      statSync(join(root, p), { throwIfNoEntry: false })?.isFile(),
  );
}

function walk(dir) {
  let out = [];
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    out = statSync(path).isDirectory() ? out.concat(walk(path)) : out.concat(path);
  }
  return out;
}

const lineOf = (text, index) => text.slice(0, index).split('\n').length;

const productText = readFileSync(join(root, PRODUCT), 'utf8');
const ids = new Set();
const nameOwner = new Map();
for (const m of productText.matchAll(HEADING)) {
  ids.add(m[1]);
  if (m[2]) nameOwner.set(m[2], m[1]);
}

const problems = [];
let cited = 0;

function checkItem(file, text, index, id, name) {
  cited++;
  if (!ids.has(id)) problems.push(`${file}:${lineOf(text, index)}: cites §${id}, which is no heading of ${PRODUCT}`);
  else if (name && nameOwner.has(name) && nameOwner.get(name) !== id)
    problems.push(`${file}:${lineOf(text, index)}: cites §${id} ${name}, but ${name} is under §${nameOwner.get(name)}`);
}

for (const file of files()) {
  if (file === SELF) continue;
  const text = readFileSync(join(root, file), 'utf8');
  if (file !== PRODUCT) {
    text.split('\n').forEach((line, i) => {
      if (OLD.test(line)) problems.push(`${file}:${i + 1}: cites an outside document; cite ${PRODUCT} §… instead`);
    });
    for (const m of text.matchAll(CITATION)) {
      checkItem(file, text, m.index, m[1], m[2]);
      for (const item of m[3].matchAll(ITEM)) checkItem(file, text, m.index, item[1], item[2]);
    }
  } else {
    // Inside the page: every `§X` it points at must be one of its own headings.
    const body = text.replace(HEADING, '');
    for (const m of body.matchAll(ITEM)) checkItem(file, body, m.index, m[1], m[2]);
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`check-citations: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(
  `check-citations: ${cited} citations of ${PRODUCT} resolve (${ids.size} section ids, ${nameOwner.size} decision names)`,
);
