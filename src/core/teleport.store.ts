// All SQL of the teleport service: each player's back location (one row per player, replaced at
// every teleport), kept in the kernel's database so that /back survives a restart.

import type { Db, Migration } from './db.ts';
import { locationOfRow, withLocationColumns } from './location.ts';
import type { Location } from '../platform/platform.ts';

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

export interface BackRow {
  location: Location;
  cause: string;
  capturedAt: string;
}

export function createTeleportStore(db: Db) {
  return {
    async back(uuid: string): Promise<BackRow | undefined> {
      const r = await db.selectFrom('core_back_locations').selectAll().where('uuid', '=', uuid).executeTakeFirst();
      return r ? { location: locationOfRow(r), cause: String(r.cause), capturedAt: String(r.captured_at) } : undefined;
    },
    async setBack(uuid: string, row: BackRow): Promise<void> {
      const values = { ...row.location, cause: row.cause, captured_at: row.capturedAt };
      await db
        .insertInto('core_back_locations')
        .values({ uuid, ...values })
        .onConflict((oc) => oc.column('uuid').doUpdateSet(values))
        .execute();
    },
  };
}
