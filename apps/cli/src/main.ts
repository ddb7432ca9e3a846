import { type ParseArgsConfig, parseArgs } from 'node:util';
import { isMainThread } from 'node:worker_threads';
import { REVIEW_BUDGET, reviewRecord, simulate } from '@palace/core';
import { aiLevelTable, RATED_AI_LEVELS } from '@palace/service';
import { backupDatabase, checkBackup, restoreDatabase } from './backup.js';
import { botOptions, runBot } from './bot.js';
import { createInvite, dataFileOf } from './invite.js';
import { readRecordFile } from './record-file.js';
import { describeReplay } from './replay-print.js';
import { reviewText } from './review-print.js';
import { reportJson, reportText, simulateArgs } from './simulate.js';
import type { Terminal } from './terminal.js';
import { tournamentReportText } from './tournament-print.js';
import { simulateTournaments, TOURNAMENT_SIM_DEFAULTS as TS, tournamentSimArgs } from './tournament-sim.js';
import { verifyRecord } from './verify.js';

const USAGE = `Usage:
  palace invite create [--uses N]   Print a new invite code good for N registrations (default 1).
  palace simulate [options]         Play AI-only games and print win rates and game statistics.
      --games N            deals to play (default 100; with --duplicate each is played P times)
      --players P          seats per table, 2-8 (default 2)
      --preset NAME        classic, easy or wild (default classic)
      --rule NAME=on|off   override one rule of the preset (repeatable)
      --ai A,B,...         AI policies given to the seats in order, cycling (default greedy,random)
      --seed S             fixes every deal and AI choice (default palace)
      --duplicate          play every deal once per seat with the seats rotated
      --json               print one JSON object instead of tables (and no progress bar)
  palace ai-strength [options]      The AI level table the web shows: each level against the one
                                    below heads-up, in words ("wins 7 in 10 against Beginner"), with
                                    its share, 95% interval, games and seed, and the mean place of
                                    one of each level at a table of four (docs/architecture.md
                                    "AI levels"; duplicate classic deals, seats swapped or rotated).
      --games N            heads-up games of each cheap pair (default 2000)
      --strong-games N     heads-up games of Strong against Normal (1-2 s a game; default 200)
      --table-games N      games at the table of four (about 0.3 s a game; default 400)
      --without-strong     measure Beginner, Casual and Normal only (a table of three)
      --seed S             fixes every deal and AI choice (default levels)
      --json               print one JSON array instead of a table
  palace tournament simulate [options]
                                    Run whole tournaments of AI entrants through the real tournament
                                    service in memory: the standings of the first, then how well
                                    the format (duplicate deals, each seat scored against the same
                                    seat at the other tables) separates the AI levels compared with
                                    place points on independent deals.
      --players N          entrants, 4-32 (default ${TS.players})
      --rounds N           rounds, 1-5 (default ${TS.rounds})
      --table-size N       seats per table at most, 2-4 (default ${TS.tableSize})
      --ai A,B,...         AI levels given to the entrants in order, cycling: random, prototype,
                           greedy or strong (default ${TS.ai})
      --runs N             tournaments of each kind (default ${TS.runs}); run r of both kinds has
                           the same entrants and seed. A 16-player, 3-round tournament takes
                           about 8 CPU-seconds with strong entrants (its search), under 1
                           without: the default run is about 5 CPU-minutes
      --seed S             fixes every seating, deal and AI choice (default ${TS.seed})
      --workers N          threads to run tournaments on (default: the machine's cores)
      --json               print one JSON object instead of tables (and no progress bar)
  palace replay FILE [--step]       Print a record file's game move by move with every card shown
                                    (--step: wait for Enter after each move).
  palace review FILE [options]      The post-game review of a record file: each player's chance to
                                    win before and after every move, as the strong AI estimates it
                                    from what that player could see; per seat the deal's luck and
                                    the mistakes (a drop of 10 points or more) and blunders (25 or
                                    more); then each marked move with the better one, numbered as
                                    replay numbers them (docs/architecture.md "Reviews"; a few
                                    seconds a game).
      --worlds N           sampled worlds per move (default ${REVIEW_BUDGET.worlds})
      --json               print the review as one JSON object
  palace verify FILE                Check a record file's seed against its commitment and that
                                    replaying it reproduces its result.
  palace bot --token T [options]    Play main games as a bot account over the websocket, one line
                                    per game's result (docs/bots.md). The token may be given in
                                    PALACE_BOT_TOKEN instead (kept out of the process list).
      --url URL            the server (default http://127.0.0.1:5000, where npm start serves)
      --level L            strong, greedy, prototype or random: the AI that picks the moves
                           (default greedy)
      --create             create a two-seat game that allows bots, instead of joining one
      --games N            games to play before exiting (default 1)

  palace backup FILE [--force]      Copy the server's database to FILE while the server runs and
                                    plays (SQLite's backup API: the database as of one moment), check
                                    the copy (integrity_check) and say what it holds. An existing FILE
                                    is refused unless --force (docs/deploy.md "Backups").
  palace restore FILE [--check]     Check FILE (integrity_check, a Palace database this version can
                                    serve) and put a copy of it in the place of the server's database;
                                    refused while a server runs on DATA_DIR. The database it replaces
                                    is kept beside it as palace.db.replaced-TIME.
      --check              only check FILE; change nothing (a server may be running)

The database is the server's: DATA_DIR/palace.db (DATA_DIR defaults to ./data).
Records: see docs/records.md.`;

/** The terminal `run` uses when none is given: not interactive, no progress bar. */
const PLAIN: Terminal = { progress: null, waitForEnter: null };

type Io = {
  readonly out: (line: string) => void;
  readonly fail: (line: string) => void;
  readonly terminal: Terminal;
};

function usageError(io: Io, message: string): number {
  io.fail(`${message}\n\n${USAGE}`);
  return 2;
}

function parse<T extends ParseArgsConfig>(io: Io, config: T): ReturnType<typeof parseArgs<T>> | null {
  try {
    return parseArgs(config);
  } catch (error) {
    usageError(io, error instanceof Error ? error.message : String(error));
    return null;
  }
}

async function inviteCommand(rest: readonly string[], env: Readonly<Record<string, string | undefined>>, io: Io) {
  let uses = 1;
  const parsed = parse(io, { args: [...rest], options: { uses: { type: 'string' } }, strict: true });
  if (parsed === null) return 2;
  if (parsed.values.uses !== undefined) uses = Number(parsed.values.uses);
  if (!Number.isInteger(uses) || uses < 1) {
    io.fail('--uses must be a whole number of at least 1');
    return 2;
  }
  io.out(await createInvite(dataFileOf(env), uses));
  return 0;
}

function simulateCommand(rest: readonly string[], io: Io): number {
  const parsed = parse(io, {
    args: [...rest],
    options: {
      games: { type: 'string' },
      players: { type: 'string' },
      preset: { type: 'string' },
      rule: { type: 'string', multiple: true },
      ai: { type: 'string' },
      seed: { type: 'string' },
      duplicate: { type: 'boolean' },
      json: { type: 'boolean' },
    },
    strict: true,
  });
  if (parsed === null) return 2;
  const args = simulateArgs(parsed.values);
  if (!args.ok) return usageError(io, args.error);
  const bar = args.value.json ? null : io.terminal.progress;
  bar?.start();
  const report = simulate(args.value.options, (done, total) => bar?.update(done, total));
  bar?.stop();
  if (!report.ok) return usageError(io, report.error.message);
  io.out(
    args.value.json
      ? JSON.stringify(reportJson(args.value, report.value), null, 2)
      : reportText(args.value, report.value),
  );
  return 0;
}

/** A whole number of at least `min` from an option, or null. */
function countOption(value: string | undefined, fallback: number, min: number): number | null {
  const n = value === undefined ? fallback : Number(value);
  return Number.isInteger(n) && n >= min ? n : null;
}

function aiStrengthCommand(rest: readonly string[], io: Io): number {
  const parsed = parse(io, {
    args: [...rest],
    options: {
      games: { type: 'string' },
      'strong-games': { type: 'string' },
      'table-games': { type: 'string' },
      'without-strong': { type: 'boolean' },
      seed: { type: 'string' },
      json: { type: 'boolean' },
    },
    strict: true,
  });
  if (parsed === null) return 2;
  const games = countOption(parsed.values.games, 2000, 1);
  if (games === null) return usageError(io, '--games must be a whole number of at least 1');
  const strongGames = countOption(parsed.values['strong-games'], 200, 0);
  if (strongGames === null) return usageError(io, '--strong-games must be a whole number of at least 0');
  const tableGames = countOption(parsed.values['table-games'], 400, 0);
  if (tableGames === null) return usageError(io, '--table-games must be a whole number of at least 0');
  const levels = parsed.values['without-strong'] === true ? RATED_AI_LEVELS.slice(0, 3) : RATED_AI_LEVELS;
  const json = parsed.values.json === true;
  const bar = json ? null : io.terminal.progress;
  bar?.start();
  // Heads-up games come in seat-swapped pairs, table games in one rotation per seat: whole deals.
  const rows = aiLevelTable({
    deals: Math.ceil(games / 2),
    strongDeals: Math.ceil(strongGames / 2),
    tableDeals: Math.ceil(tableGames / levels.length),
    seed: parsed.values.seed ?? 'levels',
    levels,
    onProgress: (done, total) => bar?.update(done, total),
  });
  bar?.stop();
  if (json) {
    io.out(JSON.stringify(rows, null, 2));
    return 0;
  }
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const lines = rows.map((row) => {
    const head = `${row.label.padEnd(9)} ${row.words.padEnd(40)}`;
    const pair = row.headsUp;
    const measured =
      pair === null
        ? ''.padEnd(58)
        : `${pct(pair.share).padStart(6)} (95% ${pct(pair.ci95.low)}-${pct(pair.ci95.high)}) of ${String(pair.games).padStart(5)} games, seed ${pair.seed}`.padEnd(
            58,
          );
    const place = row.meanPlace === null ? '' : `  mean place ${row.meanPlace.toFixed(2)} of ${row.tableGames}`;
    return `${head} ${measured}${place}`.trimEnd();
  });
  const table = rows[0]?.tableGames ? `, table of ${levels.length}: seed ${parsed.values.seed ?? 'levels'}/table` : '';
  io.out([`level     heads-up against the level below${table}`, ...lines].join('\n'));
  return 0;
}

async function tournamentCommand(rest: readonly string[], io: Io): Promise<number> {
  const parsed = parse(io, {
    args: [...rest],
    options: {
      players: { type: 'string' },
      rounds: { type: 'string' },
      'table-size': { type: 'string' },
      ai: { type: 'string' },
      runs: { type: 'string' },
      seed: { type: 'string' },
      workers: { type: 'string' },
      json: { type: 'boolean' },
    },
    strict: true,
  });
  if (parsed === null) return 2;
  const args = tournamentSimArgs(parsed.values);
  if (!args.ok) return usageError(io, args.error);
  const bar = args.value.json ? null : io.terminal.progress;
  bar?.start();
  const report = await simulateTournaments(args.value, (done, total) => bar?.update(done, total));
  bar?.stop();
  if (!report.ok) {
    io.fail(`The simulation failed: ${report.error}`);
    return 1;
  }
  io.out(args.value.json ? JSON.stringify(report.value, null, 2) : tournamentReportText(report.value));
  return 0;
}

function fileArgument(io: Io, rest: readonly string[], options: { step?: { type: 'boolean' } }) {
  const parsed = parse(io, { args: [...rest], options, strict: true, allowPositionals: true });
  if (parsed === null) return null;
  const [file, ...extra] = parsed.positionals;
  if (file === undefined || extra.length > 0) {
    usageError(io, 'Name exactly one record file');
    return null;
  }
  return { file, step: parsed.values.step === true };
}

async function replayCommand(rest: readonly string[], io: Io): Promise<number> {
  const args = fileArgument(io, rest, { step: { type: 'boolean' } });
  if (args === null) return 2;
  const file = await readRecordFile(args.file);
  if (!file.ok) {
    io.fail(file.error.message);
    return 1;
  }
  const blocks = describeReplay(file.value);
  if (!blocks.ok) {
    io.fail(blocks.error.message);
    return 1;
  }
  const wait = args.step ? io.terminal.waitForEnter : null;
  for (const block of blocks.value) {
    io.out(block.lines.join('\n'));
    if (wait !== null && block.move && !(await wait())) break;
  }
  return 0;
}

async function reviewCommand(rest: readonly string[], io: Io): Promise<number> {
  const parsed = parse(io, {
    args: [...rest],
    options: { worlds: { type: 'string' }, json: { type: 'boolean' } },
    strict: true,
    allowPositionals: true,
  });
  if (parsed === null) return 2;
  const [path, ...extra] = parsed.positionals;
  if (path === undefined || extra.length > 0) return usageError(io, 'Name exactly one record file');
  const worlds = countOption(parsed.values.worlds, REVIEW_BUDGET.worlds, 1);
  if (worlds === null) return usageError(io, '--worlds must be a whole number of at least 1');
  const file = await readRecordFile(path);
  if (!file.ok) {
    io.fail(file.error.message);
    return 1;
  }
  const review = reviewRecord(file.value, { ...REVIEW_BUDGET, worlds });
  if (!review.ok) {
    io.fail(review.error.message);
    return 1;
  }
  io.out(parsed.values.json === true ? JSON.stringify(review.value, null, 2) : reviewText(file.value, review.value));
  return 0;
}

async function botCommand(rest: readonly string[], io: Io): Promise<number> {
  const parsed = parse(io, {
    args: [...rest],
    options: {
      token: { type: 'string' },
      url: { type: 'string' },
      level: { type: 'string' },
      create: { type: 'boolean' },
      games: { type: 'string' },
    },
    strict: true,
  });
  if (parsed === null) return 2;
  // The token may come from the environment instead, so it stays out of the process list.
  const options = botOptions({ ...parsed.values, token: parsed.values.token ?? process.env.PALACE_BOT_TOKEN });
  if (typeof options === 'string') return usageError(io, options);
  return runBot(options, io.out, io.fail);
}

/** With `DATABASE_URL` set the server's data is in PostgreSQL, not the SQLite file: says so. */
function onPostgres(env: Readonly<Record<string, string | undefined>>, io: Io): boolean {
  if (env.DATABASE_URL === undefined || env.DATABASE_URL === '') return false;
  io.fail('DATABASE_URL is set: the data is in PostgreSQL. Use pg_dump and pg_restore (docs/deploy.md "Backups")');
  return true;
}

/**
 * Reads `FILE [--flag]`, the shape of `backup` and `restore`: exactly one file and one boolean
 * option; null after printing the usage error (exit 2).
 */
function fileAndFlag(
  rest: readonly string[],
  flag: 'force' | 'check',
  missing: string,
  io: Io,
): { file: string; flag: boolean } | null {
  const parsed = parse(io, {
    args: [...rest],
    options: { [flag]: { type: 'boolean' } },
    strict: true,
    allowPositionals: true,
  });
  if (parsed === null) return null;
  const [file, ...extra] = parsed.positionals;
  if (file === undefined || extra.length > 0) {
    usageError(io, missing);
    return null;
  }
  return { file, flag: parsed.values[flag] === true };
}

async function backupCommand(
  rest: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  io: Io,
): Promise<number> {
  const args = fileAndFlag(rest, 'force', 'Name exactly one file to write the backup to', io);
  if (args === null) return 2;
  if (onPostgres(env, io)) return 1;
  return backupDatabase(dataFileOf(env), args.file, args.flag, io);
}

async function restoreCommand(
  rest: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  io: Io,
): Promise<number> {
  const args = fileAndFlag(rest, 'check', 'Name exactly one backup file', io);
  if (args === null) return 2;
  if (args.flag) return checkBackup(args.file, io);
  if (onPostgres(env, io)) return 1;
  return restoreDatabase(dataFileOf(env), args.file, io);
}

async function verifyCommand(rest: readonly string[], io: Io): Promise<number> {
  const args = fileArgument(io, rest, {});
  if (args === null) return 2;
  const file = await readRecordFile(args.file);
  if (!file.ok) {
    io.fail(file.error.message);
    return 1;
  }
  const verdict = verifyRecord(file.value);
  if (verdict.ok) {
    io.out(`OK: ${verdict.checks.map((c) => c.message).join('; ')}`);
    return 0;
  }
  for (const check of verdict.checks) io.fail(`${check.ok ? 'ok' : 'FAIL'}: ${check.message}`);
  return 1;
}

/**
 * Runs one command line; returns the exit code (0 done, 1 the checked thing failed, 2 usage).
 * Output goes to the given writers; `terminal` gives the progress bar and the Enter key, and is
 * the plain, non-interactive one unless the caller passes the real terminal.
 */
export async function run(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  out: (line: string) => void,
  fail: (line: string) => void,
  terminal: Terminal = PLAIN,
): Promise<number> {
  const io: Io = { out, fail, terminal };
  const [group, action, ...rest] = argv;
  if (group === undefined || group === '--help' || group === '-h' || group === 'help') {
    out(USAGE);
    return 0;
  }
  if (group === 'invite' && action === 'create') return inviteCommand(rest, env, io);
  if (group === 'tournament' && action === 'simulate') return tournamentCommand(rest, io);
  const args = argv.slice(1);
  if (group === 'simulate') return simulateCommand(args, io);
  if (group === 'ai-strength') return aiStrengthCommand(args, io);
  if (group === 'replay') return replayCommand(args, io);
  if (group === 'review') return reviewCommand(args, io);
  if (group === 'verify') return verifyCommand(args, io);
  if (group === 'bot') return botCommand(args, io);
  if (group === 'backup') return backupCommand(args, env, io);
  if (group === 'restore') return restoreCommand(args, env, io);
  fail(`Unknown command: ${argv.join(' ')}\n\n${USAGE}`);
  return 2;
}

// A worker thread running the bundle (`palace tournament simulate`) is no command line.
const isMain = isMainThread && process.argv[1] !== undefined && /palace(\.mjs)?$|main\.ts$/.test(process.argv[1]);
if (isMain) {
  const { processTerminal } = await import('./terminal.js');
  const terminal = processTerminal();
  try {
    process.exitCode = await run(
      process.argv.slice(2),
      process.env,
      (line) => process.stdout.write(`${line}\n`),
      (line) => process.stderr.write(`${line}\n`),
      terminal,
    );
  } finally {
    terminal.close();
  }
}
