// All SQL of the teleport service: each player's back location (one row per player, replaced at
// every teleport), kept in the database so that /back survives a restart. The table keeps the name
// it had as a kernel table (core_back_locations); its migration's record moved from core.teleport to
// teleport (`migrationsFormerlyRecordedAs` in index.ts).

import type { Db, Migration } from '../../core/storage/db.ts';
import { prepareQuery } from '../../core/storage/prepared-query.ts';
import { LOCATION_COLUMNS, locationOfRow, withLocationColumns } from '../../core/values/location.ts';
import { col, defineTables } from '../../core/storage/tables.ts';
import type { Location } from '../../platform/platform.ts';

export const TELEPORT_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-back-locations',
    async up(db) {
      await db.schema
        .createTable('core_back_locations')
        .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
        .$call(withLocationColumns)
        .addColumn('cause', 'varchar(32)', (c) => c.notNull())
        .addColumn('captured_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
  },
];

export const TELEPORT_TABLES = defineTables(TELEPORT_MIGRATIONS, {
  core_back_locations: { uuid: col.text(), ...LOCATION_COLUMNS, cause: col.text(), captured_at: col.text() },
});

export interface BackRow {
  location: Location;
  cause: string;
  capturedAt: string;
}

export function createTeleportStore(root: Db) {
  const db = TELEPORT_TABLES.on(root);
  // Built once (src/core/storage/prepared-query.ts): a teleport writes here, /back and its route read.
  const read = prepareQuery(db, (q, p: { uuid: string }) => q.selectFrom('core_back_locations').selectAll().where('uuid', '=', p.uuid));
  const write = prepareQuery(db, (q, p: BackValues) => {
    const values = { world: p.world, x: p.x, y: p.y, z: p.z, yaw: p.yaw, pitch: p.pitch, cause: p.cause, captured_at: p.capturedAt };
    return q
      .insertInto('core_back_locations')
      .values({ uuid: p.uuid, ...values })
      .onConflict((oc) => oc.column('uuid').doUpdateSet(values));
  });
  return {
    async back(uuid: string): Promise<BackRow | undefined> {
      const r = await read.first(db, { uuid });
      return r ? { location: locationOfRow(r), cause: String(r.cause), capturedAt: String(r.captured_at) } : undefined;
    },
    async setBack(uuid: string, row: BackRow): Promise<void> {
      await write.run(db, { uuid, ...row.location, cause: row.cause, capturedAt: row.capturedAt });
    },
  };
}

type BackValues = Location & { uuid: string; cause: string; capturedAt: string };
