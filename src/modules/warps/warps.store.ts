// All SQL of the warps: one row per warp, keyed by its name in small letters, and one rating per
// player per warp (a new rating replaces the player's earlier one).

import { sql, type Db, type Migration } from '../../core/storage/db.ts';
import { prepareQuery } from '../../core/storage/prepared-query.ts';
import type { Location } from '../../platform/platform.ts';
import { LOCATION_COLUMNS, locationOfRow, withLocationColumns } from '../../core/values/location.ts';
import { col, defineTables, type DbOf } from '../../core/storage/tables.ts';

export const WARPS_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-warps-and-ratings',
    async up(db) {
      await db.schema
        .createTable('warps')
        .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
        .$call(withLocationColumns)
        .addColumn('permission', 'varchar(128)')
        .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('warps_ratings')
        .addColumn('name', 'varchar(32)', (c) => c.notNull())
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull())
        .addColumn('rating', 'integer', (c) => c.notNull())
        .addColumn('rated_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('warps_ratings_pk', ['name', 'uuid'])
        .execute();
    },
  },
];

export const WARPS_TABLES = defineTables(WARPS_MIGRATIONS, {
  warps: {
    name: col.text(),
    ...LOCATION_COLUMNS,
    permission: col.text().nullable(),
    created_by: col.text(),
    created_at: col.text(),
    updated_at: col.text(),
  },
  warps_ratings: { name: col.text(), uuid: col.text(), rating: col.int(), rated_at: col.text() },
});
export type WarpsDb = DbOf<typeof WARPS_TABLES>;

export interface WarpRow {
  name: string;
  location: Location;
  permission: string | null;
  createdAt: string;
  updatedAt: string;
  /** Sum and count of the ratings. */
  ratingSum: number;
  ratings: number;
}

export function createWarpsStore(root: Db) {
  const db = WARPS_TABLES.on(root);
  const withRatings = (q: WarpsDb) =>
    q
      .selectFrom('warps as w')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('warps_ratings')
            .select(['name', sql<number>`sum(rating)`.as('total'), sql<number>`count(*)`.as('n')])
            .groupBy('name')
            .as('r'),
        (join) => join.onRef('r.name', '=', 'w.name'),
      )
      .selectAll('w')
      .select(['r.total as total', 'r.n as n'])
      .orderBy('w.name');
  // The reads of every request, built once (src/core/storage/prepared-query.ts).
  const readAll = prepareQuery(db, (q, _p: Record<string, never>) => withRatings(q));
  const readOne = prepareQuery(db, (q, p: { name: string }) => withRatings(q).where('w.name', '=', p.name));

  /** Every warp (or the one named), by name, with its rating totals. */
  async function read(tx: WarpsDb, name?: string): Promise<WarpRow[]> {
    const rows = name === undefined ? await readAll.all(tx, {}) : await readOne.all(tx, { name });
    return rows.map((r) => ({
      name: String(r.name),
      location: locationOfRow(r),
      permission: r.permission === null ? null : String(r.permission),
      createdAt: String(r.created_at),
      updatedAt: String(r.updated_at),
      ratingSum: Number(r.total ?? 0),
      ratings: Number(r.n ?? 0),
    }));
  }

  /** Inserts a warp; false when the name is taken. */
  async function insert(tx: WarpsDb, name: string, l: Location, permission: string | null, by: string, at: string): Promise<boolean> {
    const r = await tx
      .insertInto('warps')
      .values({ name, ...l, permission, created_by: by, created_at: at, updated_at: at })
      .onConflict((oc) => oc.column('name').doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  async function move(tx: WarpsDb, name: string, l: Location, at: string): Promise<boolean> {
    const r = await tx.updateTable('warps').set({ ...l, updated_at: at }).where('name', '=', name).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Deletes a warp and its ratings; false when there was none. */
  async function remove(tx: WarpsDb, name: string): Promise<boolean> {
    await tx.deleteFrom('warps_ratings').where('name', '=', name).execute();
    const r = await tx.deleteFrom('warps').where('name', '=', name).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Records a player's rating of a warp, replacing their earlier one. */
  async function rate(tx: WarpsDb, name: string, uuid: string, rating: number, at: string): Promise<void> {
    await tx
      .insertInto('warps_ratings')
      .values({ name, uuid, rating, rated_at: at })
      .onConflict((oc) => oc.columns(['name', 'uuid']).doUpdateSet({ rating, rated_at: at }))
      .execute();
  }

  return { db, read, insert, move, remove, rate };
}

export type WarpsStore = ReturnType<typeof createWarpsStore>;
