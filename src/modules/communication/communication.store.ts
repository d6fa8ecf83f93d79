// All SQL of communication: one row per player who hid announcements. The service keeps the rows
// in memory (every announcement asks about every player online).

import type { Db, Migration } from '../../core/storage/db.ts';
import { prepareQuery } from '../../core/storage/prepared-query.ts';
import { col, defineTables } from '../../core/storage/tables.ts';

export const COMMUNICATION_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-communication',
    async up(db) {
      await db.schema
        .createTable('communication_opt_outs')
        .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('since', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
  },
];

export const COMMUNICATION_TABLES = defineTables(COMMUNICATION_MIGRATIONS, {
  communication_opt_outs: { uuid: col.text(), since: col.text() },
});

export function createCommunicationStore(root: Db) {
  const db = COMMUNICATION_TABLES.on(root);
  const insertOne = prepareQuery(db, (q, p: { uuid: string; since: string }) => q.insertInto('communication_opt_outs').values({ uuid: p.uuid, since: p.since }));
  const deleteOne = prepareQuery(db, (q, p: { uuid: string }) => q.deleteFrom('communication_opt_outs').where('uuid', '=', p.uuid));
  return {
    /** Every player who hid announcements, read once at start. */
    async all(): Promise<string[]> {
      return (await db.selectFrom('communication_opt_outs').select('uuid').execute()).map((r) => String(r.uuid));
    },
    async add(uuid: string, since: string): Promise<void> {
      await insertOne.run(db, { uuid, since });
    },
    async remove(uuid: string): Promise<void> {
      await deleteOne.run(db, { uuid });
    },
  };
}
