import type { CreateTableBuilder } from 'kysely';

/** Which SQL engine the migrations run on (the tables are the same; a few column types differ). */
export type Dialect = 'sqlite' | 'postgres';

/** A generated integer row id: SQLite's `autoincrement`, PostgreSQL's `serial`. */
export function rowId(
  dialect: Dialect,
): <T extends string>(table: CreateTableBuilder<T>) => CreateTableBuilder<T, 'id'> {
  return (table) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
