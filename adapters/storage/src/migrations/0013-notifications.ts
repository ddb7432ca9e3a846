import type { Kysely, Migration } from 'kysely';
import { type Dialect, rowId } from './dialect.js';

/**
 * Migration `0013_notifications`: players' notifications, so far friends' invitations into main
 * games (docs/product.md §D13 friend-invitations).
 */
export function notifications(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('notifications')
        .$call(rowId(dialect))
        // The player it is for, and who sent it.
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('from_user_id', 'integer', (c) => c.notNull().references('users.id'))
        // The game's id and its name when the invitation was sent (the game may be gone since).
        .addColumn('game_id', 'text', (c) => c.notNull())
        .addColumn('game_name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        // When the player saw it, or null while unread.
        .addColumn('read_at', 'bigint')
        .execute();
      // One invitation per sender and game: sending it again renews the row.
      await db.schema
        .createIndex('notifications_once')
        .on('notifications')
        .columns(['user_id', 'kind', 'from_user_id', 'game_id'])
        .unique()
        .execute();
      // The bell's list (newest first) and its unread count.
      await db.schema
        .createIndex('notifications_user_created')
        .on('notifications')
        .columns(['user_id', 'created_at'])
        .execute();
      // An account's deletion removes what it sent.
      await db.schema.createIndex('notifications_from').on('notifications').column('from_user_id').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('notifications').execute();
    },
  };
}
