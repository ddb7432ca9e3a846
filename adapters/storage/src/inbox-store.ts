import type { InboxStore, SupportMessage, WaitlistApplication } from '@palace/service';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import { transact } from './transaction.js';

/** Waitlist applications and support messages on Kysely (one insert each). */
export class KyselyInboxStore implements InboxStore {
  constructor(private readonly db: Kysely<Database>) {}

  async apply(application: WaitlistApplication): Promise<{ id: number; repeat: boolean }> {
    return transact(this.db, async (trx) => {
      const earlier = await trx
        .selectFrom('waitlist')
        .select('id')
        .where('email', '=', application.email)
        .limit(1)
        .executeTakeFirst();
      const row = await trx
        .insertInto('waitlist')
        .values({
          name: application.name,
          email: application.email,
          note: application.note,
          created_at: application.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, repeat: earlier !== undefined };
    });
  }

  async contact(message: SupportMessage): Promise<number> {
    const row = await this.db
      .insertInto('support_messages')
      .values({
        user_id: message.userId,
        subject: message.subject,
        message: message.message,
        created_at: message.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
}
