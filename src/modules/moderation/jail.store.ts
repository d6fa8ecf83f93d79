// All SQL of the jails: the jail points (by name), the sentences in force (one per player, with
// where the player stood when first moved into jail), and the releases waiting for a player who
// was released while offline (moved out at their next join).

import type { Db, Migration } from '../../core/storage/db.ts';
import { LOCATION_COLUMNS, locationOfRow, withLocationColumns } from '../../core/values/location.ts';
import type { Location } from '../../platform/platform.ts';
import { col, defineTables, type RowOf } from '../../core/storage/tables.ts';

export const JAIL_MIGRATIONS: readonly Migration[] = [
  {
    name: 'jail-001-jails',
    async up(db) {
      await db.schema
        .createTable('jail_locations')
        .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
        .$call(withLocationColumns)
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('jail_sentences')
        .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('jail', 'varchar(32)', (c) => c.notNull())
        .addColumn('reason', 'varchar(256)')
        .addColumn('actor', 'varchar(64)', (c) => c.notNull())
        .addColumn('issued_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('duration_seconds', 'integer')
        .addColumn('expires_at', 'varchar(32)')
        .addColumn('return_world', 'varchar(64)')
        .addColumn('return_x', 'double precision')
        .addColumn('return_y', 'double precision')
        .addColumn('return_z', 'double precision')
        .addColumn('return_yaw', 'double precision')
        .addColumn('return_pitch', 'double precision')
        .execute();
      await db.schema
        .createTable('jail_releases')
        .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('world', 'varchar(64)')
        .addColumn('x', 'double precision')
        .addColumn('y', 'double precision')
        .addColumn('z', 'double precision')
        .addColumn('yaw', 'double precision')
        .addColumn('pitch', 'double precision')
        .addColumn('expired', 'integer', (c) => c.notNull())
        .execute();
    },
  },
];

/** Where a player stood, or nothing (all six NULL). */
const PLACE = { world: col.text().nullable(), x: col.double().nullable(), y: col.double().nullable(), z: col.double().nullable(), yaw: col.double().nullable(), pitch: col.double().nullable() };

export const JAIL_TABLES = defineTables(JAIL_MIGRATIONS, {
  jail_locations: { name: col.text(), ...LOCATION_COLUMNS, created_at: col.text(), updated_at: col.text() },
  jail_sentences: {
    uuid: col.text(),
    jail: col.text(),
    reason: col.text().nullable(),
    actor: col.text(),
    issued_at: col.text(),
    duration_seconds: col.int().nullable(),
    expires_at: col.text().nullable(),
    return_world: PLACE.world,
    return_x: PLACE.x,
    return_y: PLACE.y,
    return_z: PLACE.z,
    return_yaw: PLACE.yaw,
    return_pitch: PLACE.pitch,
  },
  /** `expired`: 1 when the sentence ran out, 0 when it was lifted. */
  jail_releases: { uuid: col.text(), ...PLACE, expired: col.int() },
});

export interface JailRow {
  name: string;
  location: Location;
  createdAt: string;
  updatedAt: string;
}

export interface SentenceRow {
  uuid: string;
  jail: string;
  reason: string | null;
  actor: string;
  issuedAt: string;
  durationSeconds: number | null;
  expiresAt: string | null;
  /** Where the player stood when first moved into jail; null until then. */
  returnTo: Location | null;
}

/** A release the player has not seen yet: where to send them (null: the spawn), and why it ended. */
export interface PendingRelease {
  uuid: string;
  to: Location | null;
  expired: boolean;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function returnOf(r: RowOf<typeof JAIL_TABLES, 'jail_sentences'>): Location | null {
  if (r.return_world === null || r.return_world === undefined) return null;
  return {
    world: String(r.return_world),
    x: Number(r.return_x),
    y: Number(r.return_y),
    z: Number(r.return_z),
    yaw: Number(r.return_yaw),
    pitch: Number(r.return_pitch),
  };
}

const returnColumns = (l: Location | null) => ({
  return_world: l?.world ?? null,
  return_x: l?.x ?? null,
  return_y: l?.y ?? null,
  return_z: l?.z ?? null,
  return_yaw: l?.yaw ?? null,
  return_pitch: l?.pitch ?? null,
});

export function createJailStore(root: Db) {
  const db = JAIL_TABLES.on(root);
  async function jails(): Promise<JailRow[]> {
    const rows = await db.selectFrom('jail_locations').selectAll().orderBy('name').execute();
    return rows.map((r) => ({
      name: String(r.name),
      location: locationOfRow(r),
      createdAt: String(r.created_at),
      updatedAt: String(r.updated_at),
    }));
  }

  /** Writes a jail point, new or moved. */
  async function putJail(row: JailRow, replaced: boolean): Promise<void> {
    if (replaced) {
      await db.updateTable('jail_locations').set({ ...row.location, updated_at: row.updatedAt }).where('name', '=', row.name).execute();
    } else {
      await db.insertInto('jail_locations').values({ name: row.name, ...row.location, created_at: row.createdAt, updated_at: row.updatedAt }).execute();
    }
  }

  async function deleteJail(name: string): Promise<boolean> {
    const r = await db.deleteFrom('jail_locations').where('name', '=', name).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async function sentences(): Promise<SentenceRow[]> {
    const rows = await db.selectFrom('jail_sentences').selectAll().execute();
    return rows.map((r) => ({
      uuid: String(r.uuid),
      jail: String(r.jail),
      reason: r.reason === null ? null : String(r.reason),
      actor: String(r.actor),
      issuedAt: String(r.issued_at),
      durationSeconds: num(r.duration_seconds),
      expiresAt: r.expires_at === null ? null : String(r.expires_at),
      returnTo: returnOf(r),
    }));
  }

  /** A new sentence; a release still waiting for that player is dropped (they stay jailed). */
  async function insertSentence(s: SentenceRow): Promise<void> {
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('jail_releases').where('uuid', '=', s.uuid).execute();
      await tx
        .insertInto('jail_sentences')
        .values({
          uuid: s.uuid,
          jail: s.jail,
          reason: s.reason,
          actor: s.actor,
          issued_at: s.issuedAt,
          duration_seconds: s.durationSeconds,
          expires_at: s.expiresAt,
          ...returnColumns(s.returnTo),
        })
        .execute();
    });
  }

  async function setReturn(uuid: string, to: Location): Promise<void> {
    await db.updateTable('jail_sentences').set(returnColumns(to)).where('uuid', '=', uuid).execute();
  }

  /**
   * Ends the sentence of `issuedAt` (false when it ended already); with `pending`, the release is
   * kept for the player's next join.
   */
  async function endSentence(uuid: string, issuedAt: string, pending?: PendingRelease): Promise<boolean> {
    return db.transaction().execute(async (tx) => {
      const r = await tx.deleteFrom('jail_sentences').where('uuid', '=', uuid).where('issued_at', '=', issuedAt).executeTakeFirst();
      if (Number(r.numDeletedRows) === 0) return false;
      if (pending) {
        const l = pending.to;
        await tx.deleteFrom('jail_releases').where('uuid', '=', uuid).execute();
        await tx
          .insertInto('jail_releases')
          .values({
            uuid,
            world: l?.world ?? null,
            x: l?.x ?? null,
            y: l?.y ?? null,
            z: l?.z ?? null,
            yaw: l?.yaw ?? null,
            pitch: l?.pitch ?? null,
            expired: pending.expired ? 1 : 0,
          })
          .execute();
      }
      return true;
    });
  }

  async function takeRelease(uuid: string): Promise<PendingRelease | undefined> {
    return db.transaction().execute(async (tx) => {
      const r = await tx.selectFrom('jail_releases').selectAll().where('uuid', '=', uuid).executeTakeFirst();
      if (!r) return undefined;
      await tx.deleteFrom('jail_releases').where('uuid', '=', uuid).execute();
      return { uuid, to: r.world === null ? null : locationOfRow(r), expired: Number(r.expired) === 1 };
    });
  }

  return { jails, putJail, deleteJail, sentences, insertSentence, setReturn, endSentence, takeRelease };
}

export type JailStore = ReturnType<typeof createJailStore>;
