import { INBOX_LIMITS } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import {
  InboxService,
  ManualClock,
  MemoryInboxStore,
  SUPPORT_THANKS,
  type User,
  WAITLIST_AGAIN,
  WAITLIST_THANKS,
} from '../src/index.js';
import { value } from './support.js';

function setup() {
  const clock = new ManualClock();
  const store = new MemoryInboxStore();
  return { clock, store, inbox: new InboxService({ inbox: store, clock }) };
}

const ann: User = { id: 7, username: 'Ann', email: 'ann@example.com', avatar: null, isGuest: false, isBot: false };

/** The refusal message of an answer, or null when it was accepted. */
function refusal(result: { ok: boolean; error?: { message: string } }): string | null {
  return result.ok ? null : (result.error?.message ?? null);
}

describe('InboxService', () => {
  it('inbox - an application is trimmed, its e-mail lower-cased, and stored with the time', async () => {
    const s = setup();
    const applied = value(await s.inbox.apply({ name: '  Ann Lee ', email: ' Ann@Example.COM ', note: ' hi ' }));
    expect(applied).toEqual({ message: WAITLIST_THANKS, alreadyListed: false });
    expect(s.store.applications).toEqual([
      { name: 'Ann Lee', email: 'ann@example.com', note: 'hi', at: s.clock.now() },
    ]);
    // No note at all is fine: stored as empty.
    value(await s.inbox.apply({ name: 'Bob', email: 'bob@example.com' }));
    value(await s.inbox.apply({ name: 'Cy', email: 'cy@example.com', note: null }));
    expect(s.store.applications.map((a) => a.note)).toEqual(['hi', '', '']);
  });

  it('inbox - applying again with the same e-mail (any case) is stored again and says so', async () => {
    const s = setup();
    value(await s.inbox.apply({ name: 'Ann', email: 'ann@example.com' }));
    s.clock.advance(1000);
    const again = value(await s.inbox.apply({ name: 'Ann L.', email: 'ANN@example.com', note: 'still keen' }));
    expect(again).toEqual({ message: WAITLIST_AGAIN, alreadyListed: true });
    expect(s.store.applications).toHaveLength(2);
  });

  it('inbox - each waitlist field is checked with a message fit for the form; nothing is stored', async () => {
    const s = setup();
    const name = 'n'.repeat(INBOX_LIMITS.name);
    expect(refusal(await s.inbox.apply({ name: '   ', email: 'a@b.co' }))).toBe('Please enter your name');
    expect(refusal(await s.inbox.apply({ name: `${name}x`, email: 'a@b.co' }))).toBe(
      'Name must be at most 80 characters',
    );
    for (const email of ['', 'ann', 'ann@', 'ann@example', 'a b@example.com', `${'a'.repeat(320)}@b.co`]) {
      expect(refusal(await s.inbox.apply({ name: 'Ann', email })), email).toBe('Please enter a valid email address');
    }
    expect(
      refusal(await s.inbox.apply({ name: 'Ann', email: 'a@b.co', note: 'x'.repeat(INBOX_LIMITS.note + 1) })),
    ).toBe('Note must be at most 1000 characters');
    expect(s.store.applications).toEqual([]);
    // The limits themselves are accepted.
    value(await s.inbox.apply({ name, email: 'a@b.co', note: 'x'.repeat(INBOX_LIMITS.note) }));
  });

  it('inbox - a support message is stored with its sender, or none for a visitor', async () => {
    const s = setup();
    expect(value(await s.inbox.contact(ann, { subject: ' Help ', message: ' It broke \n' }))).toEqual({
      message: SUPPORT_THANKS,
    });
    value(await s.inbox.contact(null, { subject: 'Hi', message: 'From a visitor' }));
    expect(s.store.messages).toEqual([
      { userId: 7, subject: 'Help', message: 'It broke', at: s.clock.now() },
      { userId: null, subject: 'Hi', message: 'From a visitor', at: s.clock.now() },
    ]);
  });

  it('inbox - subject 1–120 and message 1–2000 characters, each with its own message', async () => {
    const s = setup();
    const cases: Array<[{ subject: string; message: string }, string]> = [
      [{ subject: ' ', message: 'x' }, 'Please enter a subject'],
      [{ subject: 's'.repeat(121), message: 'x' }, 'Subject must be at most 120 characters'],
      [{ subject: 'Hi', message: '\n\t ' }, 'Please enter a message'],
      [{ subject: 'Hi', message: 'm'.repeat(2001) }, 'Message must be at most 2000 characters'],
    ];
    for (const [input, message] of cases) expect(refusal(await s.inbox.contact(ann, input))).toBe(message);
    expect(s.store.messages).toEqual([]);
    value(await s.inbox.contact(ann, { subject: 's'.repeat(120), message: 'm'.repeat(2000) }));
    expect(s.store.messages).toHaveLength(1);
  });
});
