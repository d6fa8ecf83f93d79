// All SQL of the spawns: one row per spawn set with /setspawn, keyed by what it is the spawn of:
// `world:<name>` for a world's spawn, `first-join` for where players new to the server start.

import type { Db, Migration } from '../../core/storage/db.ts';
import { col, defineTables } from '../../core/storage/tables.ts';
import { LOCATION_COLUMNS, locationOfRow, withLocationColumns } from '../../core/values/location.ts';
import type { Location } from '../../platform/platform.ts';

export const SPAWN_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-spawn-points',
    async up(db) {
      await db.schema
        .createTable('spawn_points')
        .addColumn('point', 'varchar(48)', (c) => c.primaryKey())
        .$call(withLocationColumns)
        .addColumn('set_by', 'varchar(64)', (c) => c.notNull())
        .addColumn('set_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
  },
];

export const SPAWN_TABLES = defineTables(SPAWN_MIGRATIONS, {
  spawn_points: { point: col.text(), ...LOCATION_COLUMNS, set_by: col.text(), set_at: col.text() },
});

/** What a spawn is the spawn of: a world (by its name), or the first join. */
export type SpawnPoint = { world: string } | 'first-join';

/** The row key of a spawn point. */
export function pointKey(point: SpawnPoint): string {
  return point === 'first-join' ? 'first-join' : `world:${point.world}`;
}

export interface StoredSpawn {
  location: Location;
  setBy: string;
  setAt: string;
}

export function createSpawnStore(root: Db) {
  const db = SPAWN_TABLES.on(root);
  return {
    async get(point: SpawnPoint): Promise<StoredSpawn | undefined> {
      const r = await db.selectFrom('spawn_points').selectAll().where('point', '=', pointKey(point)).executeTakeFirst();
      return r && { location: locationOfRow(r), setBy: r.set_by, setAt: r.set_at };
    },
    /** The worlds that have a spawn set, by name. */
    async worlds(): Promise<string[]> {
      const rows = await db.selectFrom('spawn_points').select('point').where('point', 'like', 'world:%').orderBy('point').execute();
      return rows.map((r) => r.point.slice('world:'.length));
    },
    async set(point: SpawnPoint, spawn: StoredSpawn): Promise<void> {
      const values = { ...spawn.location, set_by: spawn.setBy, set_at: spawn.setAt };
      await db
        .insertInto('spawn_points')
        .values({ point: pointKey(point), ...values })
        .onConflict((oc) => oc.column('point').doUpdateSet(values))
        .execute();
    },
    /** Whether there was a spawn to delete. */
    async delete(point: SpawnPoint): Promise<boolean> {
      const r = await db.deleteFrom('spawn_points').where('point', '=', pointKey(point)).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}

export type SpawnStore = ReturnType<typeof createSpawnStore>;
