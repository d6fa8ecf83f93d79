// All SQL of the ranks: one row per player the ladder holds (their rung, prestiges and since when).

import type { Db, Migration } from '../../core/storage/db.ts';
import { prepareQuery } from '../../core/storage/prepared-query.ts';
import { col, defineTables } from '../../core/storage/tables.ts';

export const RANKS_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-ranks',
    async up(db) {
      await db.schema
        .createTable('rank_standings')
        .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('rank', 'varchar(32)', (c) => c.notNull())
        .addColumn('prestige', 'integer', (c) => c.notNull())
        .addColumn('since', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
  },
];

export const RANKS_TABLES = defineTables(RANKS_MIGRATIONS, {
  rank_standings: { uuid: col.text(), rank: col.text(), prestige: col.int(), since: col.text() },
});

export interface StandingRow {
  rank: string;
  prestige: number;
  since: string;
}

export function createRanksStore(root: Db) {
  const db = RANKS_TABLES.on(root);
  const read = prepareQuery(db, (q, p: { uuid: string }) => q.selectFrom('rank_standings').selectAll().where('uuid', '=', p.uuid));

  async function get(uuid: string): Promise<StandingRow | undefined> {
    const r = await read.first(db, { uuid });
    return r && { rank: String(r.rank), prestige: Number(r.prestige), since: String(r.since) };
  }

  async function put(uuid: string, row: StandingRow): Promise<void> {
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('rank_standings').where('uuid', '=', uuid).execute();
      await tx.insertInto('rank_standings').values({ uuid, rank: row.rank, prestige: row.prestige, since: row.since }).execute();
    });
  }

  return { get, put };
}

export type RanksStore = ReturnType<typeof createRanksStore>;
