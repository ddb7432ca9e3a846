import { parseArgs } from 'node:util';
import { createInvite, dataFileOf } from './invite.js';

const USAGE = `Usage:
  palace invite create [--uses N]   Print a new invite code good for N registrations (default 1).

The database is the server's: DATA_DIR/palace.db (DATA_DIR defaults to ./data).`;

/** Runs one command line; returns the exit code. Output goes to the given writers. */
export async function run(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  out: (line: string) => void,
  fail: (line: string) => void,
): Promise<number> {
  const [group, action, ...rest] = argv;
  if (group === undefined || group === '--help' || group === '-h' || group === 'help') {
    out(USAGE);
    return 0;
  }
  if (group !== 'invite' || action !== 'create') {
    fail(`Unknown command: ${argv.join(' ')}\n\n${USAGE}`);
    return 2;
  }
  let uses = 1;
  try {
    const { values } = parseArgs({ args: [...rest], options: { uses: { type: 'string' } }, strict: true });
    if (values.uses !== undefined) uses = Number(values.uses);
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (!Number.isInteger(uses) || uses < 1) {
    fail('--uses must be a whole number of at least 1');
    return 2;
  }
  out(await createInvite(dataFileOf(env), uses));
  return 0;
}

const isMain = process.argv[1] !== undefined && /palace(\.mjs)?$|main\.ts$/.test(process.argv[1]);
if (isMain) {
  process.exitCode = await run(
    process.argv.slice(2),
    process.env,
    (line) => process.stdout.write(`${line}\n`),
    (line) => process.stderr.write(`${line}\n`),
  );
}
