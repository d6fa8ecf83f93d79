// All SQL of vanish: one row per vanished player (online or not), with when and by whom. The
// service keeps the rows in memory: the visibility rule is asked synchronously at every join.

import type { Db, Migration } from '../../core/storage/db.ts';
import { prepareQuery } from '../../core/storage/prepared-query.ts';
import { col, defineTables } from '../../core/storage/tables.ts';

export const VANISH_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-vanish',
    async up(db) {
      await db.schema
        .createTable('vanish_players')
        .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('since', 'varchar(32)', (c) => c.notNull())
        .addColumn('actor', 'varchar(64)', (c) => c.notNull())
        .execute();
    },
  },
];

export const VANISH_TABLES = defineTables(VANISH_MIGRATIONS, {
  vanish_players: { uuid: col.text(), since: col.text(), actor: col.text() },
});

export interface VanishRow {
  uuid: string;
  since: string;
  actor: string;
}

export function createVanishStore(root: Db) {
  const db = VANISH_TABLES.on(root);
  const deleteOne = prepareQuery(db, (q, p: { uuid: string }) => q.deleteFrom('vanish_players').where('uuid', '=', p.uuid));
  const insertOne = prepareQuery(db, (q, p: VanishRow) => q.insertInto('vanish_players').values({ uuid: p.uuid, since: p.since, actor: p.actor }));

  return {
    async all(): Promise<VanishRow[]> {
      // Read once, at start.
      return (await db.selectFrom('vanish_players').selectAll().execute()).map((r) => ({ uuid: String(r.uuid), since: String(r.since), actor: String(r.actor) }));
    },
    async add(row: VanishRow): Promise<void> {
      await insertOne.run(db, row);
    },
    async remove(uuid: string): Promise<void> {
      await deleteOne.run(db, { uuid });
    },
  };
}

export type VanishStore = ReturnType<typeof createVanishStore>;
