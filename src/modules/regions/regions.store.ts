// All SQL of the regions: one row per region, keyed by world and id (ids are kept in lower case).
// Corners are block positions, min <= max on each axis, both included.

import type { Db, Migration } from '../../core/storage/db.ts';
import { prepareQuery } from '../../core/storage/prepared-query.ts';
import { col, defineTables, type DbOf, type RowOf } from '../../core/storage/tables.ts';

export const REGIONS_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-regions',
    async up(db) {
      await db.schema
        .createTable('regions')
        .addColumn('world', 'varchar(64)', (c) => c.notNull())
        .addColumn('id', 'varchar(32)', (c) => c.notNull())
        .addColumn('priority', 'integer', (c) => c.notNull())
        .addColumn('min_x', 'integer', (c) => c.notNull())
        .addColumn('min_y', 'integer', (c) => c.notNull())
        .addColumn('min_z', 'integer', (c) => c.notNull())
        .addColumn('max_x', 'integer', (c) => c.notNull())
        .addColumn('max_y', 'integer', (c) => c.notNull())
        .addColumn('max_z', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('regions_pk', ['world', 'id'])
        .execute();
    },
  },
];

export const REGIONS_TABLES = defineTables(REGIONS_MIGRATIONS, {
  regions: {
    world: col.text(),
    id: col.text(),
    priority: col.int(),
    min_x: col.int(),
    min_y: col.int(),
    min_z: col.int(),
    max_x: col.int(),
    max_y: col.int(),
    max_z: col.int(),
    created_at: col.text(),
  },
});
export type RegionsDb = DbOf<typeof REGIONS_TABLES>;

export interface Block {
  x: number;
  y: number;
  z: number;
}

export interface RegionRow {
  world: string;
  id: string;
  priority: number;
  min: Block;
  max: Block;
  createdAt: string;
}

function rowOf(r: RowOf<typeof REGIONS_TABLES, 'regions'>): RegionRow {
  return {
    world: String(r.world),
    id: String(r.id),
    priority: Number(r.priority),
    min: { x: Number(r.min_x), y: Number(r.min_y), z: Number(r.min_z) },
    max: { x: Number(r.max_x), y: Number(r.max_y), z: Number(r.max_z) },
    createdAt: String(r.created_at),
  };
}

export function createRegionsStore(root: Db) {
  const db = REGIONS_TABLES.on(root);
  const readWorld = prepareQuery(db, (q, p: { world: string }) =>
    q.selectFrom('regions').selectAll().where('world', '=', p.world).orderBy('priority', 'desc').orderBy('id'),
  );
  const readPoint = prepareQuery(db, (q, p: { world: string; x: number; y: number; z: number }) =>
    q
      .selectFrom('regions')
      .selectAll()
      .where('world', '=', p.world)
      .where('min_x', '<=', p.x)
      .where('max_x', '>=', p.x)
      .where('min_y', '<=', p.y)
      .where('max_y', '>=', p.y)
      .where('min_z', '<=', p.z)
      .where('max_z', '>=', p.z)
      .orderBy('priority', 'desc')
      .orderBy('id'),
  );
  const readOne = prepareQuery(db, (q, p: { world: string; id: string }) =>
    q.selectFrom('regions').selectAll().where('world', '=', p.world).where('id', '=', p.id),
  );
  const deleteOne = prepareQuery(db, (q, p: { world: string; id: string }) =>
    q.deleteFrom('regions').where('world', '=', p.world).where('id', '=', p.id),
  );

  return {
    db,
    async inWorld(tx: RegionsDb, world: string): Promise<RegionRow[]> {
      return (await readWorld.all(tx, { world })).map(rowOf);
    },
    /** The regions holding the block at (x, y, z), highest priority first. */
    async at(tx: RegionsDb, world: string, block: Block): Promise<RegionRow[]> {
      return (await readPoint.all(tx, { world, ...block })).map(rowOf);
    },
    async get(tx: RegionsDb, world: string, id: string): Promise<RegionRow | undefined> {
      const r = await readOne.first(tx, { world, id });
      return r && rowOf(r);
    },
    async insert(tx: RegionsDb, r: RegionRow): Promise<void> {
      await tx
        .insertInto('regions')
        .values({
          world: r.world,
          id: r.id,
          priority: r.priority,
          min_x: r.min.x,
          min_y: r.min.y,
          min_z: r.min.z,
          max_x: r.max.x,
          max_y: r.max.y,
          max_z: r.max.z,
          created_at: r.createdAt,
        })
        .execute();
    },
    async remove(tx: RegionsDb, world: string, id: string): Promise<boolean> {
      return (await deleteOne.run(tx, { world, id })) > 0;
    },
  };
}
