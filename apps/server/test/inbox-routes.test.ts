import { openSqlite } from '@palace/adapter-storage';
import { describe, expect, it } from 'vitest';
import { type TestServer, useServer } from './harness.js';
import { guest, Jar, type Reply, registered } from './main-harness.js';

/** The waitlist application and the help page's contact form over HTTP (docs/product.md §D5, §P2.2). */

const CODE = 'INBOX';

function expectMessage(got: Reply, status: number, message?: string): void {
  expect(got.status, `${got.status} ${got.text}`).toBe(status);
  expect(got.headers.get('content-type') ?? '').toContain('application/json');
  expect(Object.keys(got.body as object)).toEqual(['message']);
  if (message !== undefined) expect((got.body as { message: string }).message).toBe(message);
}

/** Every row of a table in the server's database, oldest first, times as numbers. */
async function rows(server: TestServer, table: 'waitlist' | 'support_messages'): Promise<Record<string, unknown>[]> {
  const db = await openSqlite(server.dataFile);
  try {
    const all = await db.selectFrom(table).selectAll().orderBy('id').execute();
    return all.map((r) => ({ ...r, created_at: Number(r.created_at) }));
  } finally {
    await db.destroy();
  }
}

describe('waitlist and support over HTTP', () => {
  const served = useServer({ inviteCodes: [CODE], inviteUses: 10 });

  it('waitlist - an application is stored (trimmed, e-mail lower-cased) and answered 201', async () => {
    const { server } = served();
    const visitor = new Jar(server.base);
    const before = Date.now();
    const got = await visitor.post('/api/waitlist', { name: ' Ann Lee ', email: ' Ann@Example.com', note: ' Hi! ' });
    expect(got.status, got.text).toBe(201);
    expect(got.body).toEqual({
      message: "Thanks for applying! You're on the waitlist; we'll e-mail you an invite code.",
      alreadyListed: false,
    });
    // No note is fine too.
    expect((await visitor.post('/api/waitlist', { name: 'Bob', email: 'bob@example.com' })).status).toBe(201);
    const stored = await rows(server, 'waitlist');
    expect(stored).toEqual([
      {
        id: expect.any(Number),
        name: 'Ann Lee',
        email: 'ann@example.com',
        note: 'Hi!',
        created_at: expect.any(Number),
      },
      { id: expect.any(Number), name: 'Bob', email: 'bob@example.com', note: '', created_at: expect.any(Number) },
    ]);
    expect(stored[0]?.created_at).toBeGreaterThanOrEqual(before);
    expect(stored[0]?.created_at).toBeLessThanOrEqual(Date.now());

    // Applying again with the same address is stored again and says so.
    const again = await visitor.post('/api/waitlist', { name: 'Ann', email: 'ANN@example.com', note: 'Still keen' });
    expect(again.status, again.text).toBe(201);
    expect(again.body).toEqual({
      message: "You're already on the waitlist. We've added this application to your earlier one.",
      alreadyListed: true,
    });
    expect(await rows(server, 'waitlist')).toHaveLength(3);
  });

  it('waitlist - refusals carry the form messages and store nothing', async () => {
    const { server } = served();
    const visitor = new Jar(server.base);
    const count = (await rows(server, 'waitlist')).length;
    const cases: Array<[unknown, string]> = [
      [{ name: '  ', email: 'a@b.co' }, 'Please enter your name'],
      [{ name: 'n'.repeat(81), email: 'a@b.co' }, 'Name must be at most 80 characters'],
      [{ name: 'Ann', email: 'not-an-address' }, 'Please enter a valid email address'],
      [{ name: 'Ann', email: 'a@b.co', note: 'x'.repeat(1001) }, 'Note must be at most 1000 characters'],
      [{ email: 'a@b.co' }, 'name is required'],
      [{ name: 'Ann' }, 'email is required'],
    ];
    for (const [body, message] of cases) expectMessage(await visitor.post('/api/waitlist', body), 400, message);
    expectMessage(await visitor.post('/api/waitlist', '{"name":'), 400, 'The request body is not valid JSON');
    expect(await rows(server, 'waitlist')).toHaveLength(count);
  });

  it('support - a message is stored with its sender: a player, a guest, or nobody', async () => {
    const { server } = served();
    const player = await registered(server.base, CODE, 'Help');
    const visitor = new Jar(server.base);
    const aGuest = await guest(server.base);
    for (const [jar, subject] of [
      [player.jar, 'Player'],
      [aGuest.jar, 'Guest'],
      [visitor, 'Visitor'],
    ] as const) {
      const sent = await jar.post('/api/support', { subject: ` ${subject} `, message: ` Hello from ${subject}\n` });
      expect(sent.status, sent.text).toBe(201);
      expect(sent.body).toEqual({ message: 'Message sent' });
    }
    expect(
      (await rows(server, 'support_messages')).map(({ user_id, subject, message }) => ({ user_id, subject, message })),
    ).toEqual([
      { user_id: player.user.id, subject: 'Player', message: 'Hello from Player' },
      { user_id: aGuest.user.id, subject: 'Guest', message: 'Hello from Guest' },
      { user_id: null, subject: 'Visitor', message: 'Hello from Visitor' },
    ]);
  });

  it('support - subject 1–120 and message 1–2000 characters, with their messages; nothing stored', async () => {
    const { server } = served();
    const visitor = new Jar(server.base);
    const count = (await rows(server, 'support_messages')).length;
    const cases: Array<[unknown, string]> = [
      [{ subject: '', message: 'x' }, 'Please enter a subject'],
      [{ subject: 's'.repeat(121), message: 'x' }, 'Subject must be at most 120 characters'],
      [{ subject: 'Hi', message: '   ' }, 'Please enter a message'],
      [{ subject: 'Hi', message: 'm'.repeat(2001) }, 'Message must be at most 2000 characters'],
      [{ subject: 'Hi' }, 'message is required'],
      [{ subject: 'Hi', message: { text: 'x' } }, 'message must be string'],
    ];
    for (const [body, message] of cases) expectMessage(await visitor.post('/api/support', body), 400, message);
    expect(await rows(server, 'support_messages')).toHaveLength(count);
    const longest = await visitor.post('/api/support', { subject: 's'.repeat(120), message: 'm'.repeat(2000) });
    expect(longest.status, longest.text).toBe(201);
  });
});
