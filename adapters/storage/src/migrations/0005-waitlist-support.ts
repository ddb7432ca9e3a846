import type { Kysely, Migration } from 'kysely';
import { type Dialect, rowId } from './dialect.js';

/** Migration `0005_waitlist_support`: the waitlist's applications and the support messages. */
export function waitlistSupport(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('waitlist')
        .$call(rowId(dialect))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('waitlist_email').on('waitlist').column('email').execute();
      await db.schema
        .createTable('support_messages')
        .$call(rowId(dialect))
        .addColumn('user_id', 'integer', (c) => c.references('users.id'))
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('support_messages').execute();
      await db.schema.dropTable('waitlist').execute();
    },
  };
}
