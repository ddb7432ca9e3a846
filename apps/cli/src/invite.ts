import { randomInt } from 'node:crypto';
import { isAbsolute, join, resolve } from 'node:path';
import { KyselyAccountsStore, openSqlite } from '@palace/adapter-storage';
import { createInviteCode } from '@palace/service';

/** Letters and digits that cannot be mistaken for one another when read aloud or typed. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A 10-character code from the secure random source. */
export function randomCode(): string {
  return Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/** The server's database file for `DATA_DIR` (default ./data), as the server computes it. */
export function dataFileOf(env: Readonly<Record<string, string | undefined>>): string {
  const dir = env.DATA_DIR !== undefined && env.DATA_DIR !== '' ? env.DATA_DIR : './data';
  return join(isAbsolute(dir) ? dir : resolve(dir), 'palace.db');
}

/** Stores a new invite code good for `uses` registrations in the database at `file`; returns it. */
export async function createInvite(file: string, uses: number): Promise<string> {
  const db = await openSqlite(file);
  try {
    return await createInviteCode(new KyselyAccountsStore(db), randomCode, Date.now(), uses);
  } finally {
    await db.destroy();
  }
}
