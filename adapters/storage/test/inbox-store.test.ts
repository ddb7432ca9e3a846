import { afterEach, describe, expect, it } from 'vitest';
import { KyselyAccountsStore, KyselyInboxStore } from '../src/index.js';
import { DIALECTS, DialectDatabases } from './dialects.js';

describe.each(DIALECTS)('%s inbox store', (dialect) => {
  const temp = new DialectDatabases(dialect);
  afterEach(() => temp.cleanUp());

  it('inbox - applications are stored as rows; a repeat e-mail is stored again and reported', async () => {
    const db = await temp.fresh('inbox');
    const inbox = new KyselyInboxStore(db);
    const first = await inbox.apply({ name: 'Ann', email: 'ann@example.com', note: 'hi', at: 1000 });
    const other = await inbox.apply({ name: 'Bob', email: 'bob@example.com', note: '', at: 2000 });
    const again = await inbox.apply({ name: 'Ann L.', email: 'ann@example.com', note: 'again', at: 3000 });
    expect([first.repeat, other.repeat, again.repeat]).toEqual([false, false, true]);
    expect(new Set([first.id, other.id, again.id]).size).toBe(3);
    const rows = await db.selectFrom('waitlist').selectAll().orderBy('id').execute();
    expect(rows.map((r) => ({ ...r, created_at: Number(r.created_at) }))).toEqual([
      { id: first.id, name: 'Ann', email: 'ann@example.com', note: 'hi', created_at: 1000 },
      { id: other.id, name: 'Bob', email: 'bob@example.com', note: '', created_at: 2000 },
      { id: again.id, name: 'Ann L.', email: 'ann@example.com', note: 'again', created_at: 3000 },
    ]);
  });

  it('inbox - support messages keep their sender (a user, a guest or nobody)', async () => {
    const db = await temp.fresh('inbox');
    const accounts = new KyselyAccountsStore(db);
    const guest = await accounts.createGuest('Guest1234', 0);
    const inbox = new KyselyInboxStore(db);
    const a = await inbox.contact({ userId: guest.id, subject: 'Hi', message: 'From a guest', at: 10 });
    const b = await inbox.contact({ userId: null, subject: 'Hey', message: 'From a visitor', at: 20 });
    expect(b).toBeGreaterThan(a);
    const rows = await db.selectFrom('support_messages').selectAll().orderBy('id').execute();
    expect(rows.map((r) => ({ ...r, created_at: Number(r.created_at) }))).toEqual([
      { id: a, user_id: guest.id, subject: 'Hi', message: 'From a guest', created_at: 10 },
      { id: b, user_id: null, subject: 'Hey', message: 'From a visitor', created_at: 20 },
    ]);
    // The sender must be a real account.
    await expect(inbox.contact({ userId: 424242, subject: 'x', message: 'y', at: 30 })).rejects.toThrow();
  });
});
