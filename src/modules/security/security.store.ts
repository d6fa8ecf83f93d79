// All SQL of the security factors: one factor per player (its secret, whether it is confirmed, the
// last step a code was used for, against replays), the trusted devices of each player with their
// expiry, and lockout state. The service keeps all of it in memory (it is small and the login gate
// must answer synchronously); this file loads it at start and writes every change through.

import type { Db, Migration } from '../../core/storage/db.ts';
import { col, defineTables } from '../../core/storage/tables.ts';

export const SECURITY_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-security',
    async up(db) {
      await db.schema
        .createTable('security_factors')
        .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('secret', 'varchar(64)', (c) => c.notNull())
        .addColumn('confirmed', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('last_step', 'bigint')
        .execute();
      await db.schema
        .createTable('security_devices')
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull())
        .addColumn('address', 'varchar(64)', (c) => c.notNull())
        .addColumn('trusted_until', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('security_devices_pk', ['uuid', 'address'])
        .execute();
      await db.schema
        .createTable('security_lockouts')
        .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('locked_until', 'varchar(32)')
        .execute();
    },
  },
];

export const SECURITY_TABLES = defineTables(SECURITY_MIGRATIONS, {
  /** `confirmed` 1 or 0; `last_step` the last time step a code was taken for (none taken twice). */
  security_factors: { uuid: col.text(), secret: col.text(), confirmed: col.int(), created_at: col.text(), last_step: col.bigint().nullable() },
  security_devices: { uuid: col.text(), address: col.text(), trusted_until: col.text() },
  security_lockouts: { uuid: col.text(), failures: col.int(), locked_until: col.text().nullable() },
});

export interface FactorRow {
  secret: string;
  confirmed: boolean;
  createdAt: string;
  lastStep: number | null;
}

export interface LockoutRow {
  failures: number;
  lockedUntil: string | null;
}

export interface SecurityState {
  factors: Map<string, FactorRow>;
  /** uuid → address → trusted until (ISO instant). */
  devices: Map<string, Map<string, string>>;
  lockouts: Map<string, LockoutRow>;
}

export function createSecurityStore(root: Db) {
  const db = SECURITY_TABLES.on(root);
  async function load(): Promise<SecurityState> {
    const factors = new Map<string, FactorRow>();
    for (const r of await db.selectFrom('security_factors').selectAll().execute()) {
      factors.set(String(r.uuid), {
        secret: String(r.secret),
        confirmed: Number(r.confirmed) === 1,
        createdAt: String(r.created_at),
        lastStep: r.last_step === null ? null : Number(r.last_step),
      });
    }
    const devices = new Map<string, Map<string, string>>();
    for (const r of await db.selectFrom('security_devices').selectAll().execute()) {
      const uuid = String(r.uuid);
      if (!devices.has(uuid)) devices.set(uuid, new Map());
      devices.get(uuid)!.set(String(r.address), String(r.trusted_until));
    }
    const lockouts = new Map<string, LockoutRow>();
    for (const r of await db.selectFrom('security_lockouts').selectAll().execute()) {
      lockouts.set(String(r.uuid), { failures: Number(r.failures), lockedUntil: r.locked_until === null ? null : String(r.locked_until) });
    }
    return { factors, devices, lockouts };
  }

  async function putFactor(uuid: string, f: FactorRow): Promise<void> {
    await db.deleteFrom('security_factors').where('uuid', '=', uuid).execute();
    await db
      .insertInto('security_factors')
      .values({ uuid, secret: f.secret, confirmed: f.confirmed ? 1 : 0, created_at: f.createdAt, last_step: f.lastStep })
      .execute();
  }

  async function removeFactor(uuid: string): Promise<void> {
    await db.deleteFrom('security_factors').where('uuid', '=', uuid).execute();
  }

  async function trust(uuid: string, address: string, until: string): Promise<void> {
    await db.deleteFrom('security_devices').where('uuid', '=', uuid).where('address', '=', address).execute();
    await db.insertInto('security_devices').values({ uuid, address, trusted_until: until }).execute();
  }

  async function forgetDevices(uuid: string): Promise<void> {
    await db.deleteFrom('security_devices').where('uuid', '=', uuid).execute();
  }

  async function putLockout(uuid: string, l: LockoutRow | undefined): Promise<void> {
    await db.deleteFrom('security_lockouts').where('uuid', '=', uuid).execute();
    if (l) await db.insertInto('security_lockouts').values({ uuid, failures: l.failures, locked_until: l.lockedUntil }).execute();
  }

  return { load, putFactor, removeFactor, trust, forgetDevices, putLockout };
}

export type SecurityStore = ReturnType<typeof createSecurityStore>;
