// All SQL of the sanctions half of moderation: the ban and the mute in force per player (one row
// each; lifting or expiry deletes it: what happened before is in the audit log), the warnings, the
// address bans, and the addresses each account joined from (alt detection). Times are ISO-8601
// text, so that they sort and compare as text on SQLite and PostgreSQL alike.

import type { Db, Migration } from '../../core/storage/db.ts';
import { prepareQuery } from '../../core/storage/prepared-query.ts';
import { col, defineTables, type DbOf, type RowOf } from '../../core/storage/tables.ts';

export const MODERATION_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-sanctions',
    async up(db, kind) {
      for (const table of ['moderation_bans', 'moderation_mutes']) {
        await db.schema
          .createTable(table)
          .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
          .addColumn('reason', 'varchar(256)')
          .addColumn('actor', 'varchar(64)', (c) => c.notNull())
          .addColumn('issued_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('duration_seconds', 'integer')
          .addColumn('expires_at', 'varchar(32)')
          .execute();
      }
      await db.schema
        .createTable('moderation_warnings')
        .addColumn('id', kind === 'postgres' ? 'serial' : 'integer', (c) => (kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull())
        .addColumn('reason', 'varchar(256)', (c) => c.notNull())
        .addColumn('actor', 'varchar(64)', (c) => c.notNull())
        .addColumn('issued_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('moderation_warnings_uuid').on('moderation_warnings').columns(['uuid', 'id']).execute();
      await db.schema
        .createTable('moderation_ip_bans')
        .addColumn('address', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('reason', 'varchar(256)')
        .addColumn('actor', 'varchar(64)', (c) => c.notNull())
        .addColumn('issued_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('duration_seconds', 'integer')
        .addColumn('expires_at', 'varchar(32)')
        .execute();
      await db.schema
        .createTable('moderation_addresses')
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull())
        .addColumn('address', 'varchar(64)', (c) => c.notNull())
        .addColumn('first_seen', 'varchar(32)', (c) => c.notNull())
        .addColumn('last_seen', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('moderation_addresses_pk', ['uuid', 'address'])
        .execute();
      await db.schema.createIndex('moderation_addresses_address').on('moderation_addresses').columns(['address']).execute();
    },
  },
];

/** A ban, a mute or an address ban in force. */
const SANCTION = {
  reason: col.text().nullable(),
  actor: col.text(),
  issued_at: col.text(),
  duration_seconds: col.int().nullable(),
  expires_at: col.text().nullable(),
};

export const MODERATION_TABLES = defineTables(MODERATION_MIGRATIONS, {
  moderation_bans: { uuid: col.text(), ...SANCTION },
  moderation_mutes: { uuid: col.text(), ...SANCTION },
  moderation_warnings: { id: col.int().generated(), uuid: col.text(), reason: col.text(), actor: col.text(), issued_at: col.text() },
  moderation_ip_bans: { address: col.text(), ...SANCTION },
  moderation_addresses: { uuid: col.text(), address: col.text(), first_seen: col.text(), last_seen: col.text() },
});
export type ModerationDb = DbOf<typeof MODERATION_TABLES>;

/** A ban, a mute or an address ban as stored. */
export interface SanctionRow {
  reason: string | null;
  actor: string;
  issuedAt: string;
  durationSeconds: number | null;
  expiresAt: string | null;
}

export interface WarningRow {
  id: number;
  reason: string;
  actor: string;
  issuedAt: string;
}

export type SanctionKind = 'ban' | 'mute';
const TABLE = { ban: 'moderation_bans', mute: 'moderation_mutes' } as const satisfies Record<SanctionKind, string>;

function sanctionOf(r: Omit<RowOf<typeof MODERATION_TABLES, 'moderation_ip_bans'>, 'address'>): SanctionRow {
  return {
    reason: r.reason === null || r.reason === undefined ? null : String(r.reason),
    actor: String(r.actor),
    issuedAt: String(r.issued_at),
    durationSeconds: r.duration_seconds === null || r.duration_seconds === undefined ? null : Number(r.duration_seconds),
    expiresAt: r.expires_at === null || r.expires_at === undefined ? null : String(r.expires_at),
  };
}

const columnsOf = (s: SanctionRow) => ({
  reason: s.reason,
  actor: s.actor,
  issued_at: s.issuedAt,
  duration_seconds: s.durationSeconds,
  expires_at: s.expiresAt,
});

export function createModerationStore(root: Db) {
  const db = MODERATION_TABLES.on(root);
  const readWarnings = prepareQuery(db, (q, p: { uuid: string }) =>
    q.selectFrom('moderation_warnings').select(['id', 'reason', 'actor', 'issued_at']).where('uuid', '=', p.uuid).orderBy('id'),
  );
  const readAlts = prepareQuery(db, (q, p: { address: string; uuid: string }) =>
    q.selectFrom('moderation_addresses').select('uuid').where('address', '=', p.address).where('uuid', '!=', p.uuid).orderBy('last_seen', 'desc'),
  );
  const readAddresses = prepareQuery(db, (q, p: { uuid: string }) =>
    q.selectFrom('moderation_addresses').select('address').where('uuid', '=', p.uuid).orderBy('last_seen', 'desc'),
  );
  const touchAddress = prepareQuery(db, (q, p: { uuid: string; address: string; at: string }) =>
    q.updateTable('moderation_addresses').set({ last_seen: p.at }).where('uuid', '=', p.uuid).where('address', '=', p.address),
  );

  /** Every ban or mute in force (expired ones included until they are swept): read once at start. */
  async function allSanctions(kind: SanctionKind): Promise<Map<string, SanctionRow>> {
    const rows = await db.selectFrom(TABLE[kind]).selectAll().execute();
    return new Map(rows.map((r) => [String(r.uuid), sanctionOf(r)]));
  }

  /** The ban or mute stored for one player (another server may have just written it). */
  async function sanctionFor(kind: SanctionKind, uuid: string): Promise<SanctionRow | undefined> {
    const r = await db.selectFrom(TABLE[kind]).selectAll().where('uuid', '=', uuid).executeTakeFirst();
    return r === undefined ? undefined : sanctionOf(r);
  }

  /** The address ban stored for one address. */
  async function ipBanFor(address: string): Promise<SanctionRow | undefined> {
    const r = await db.selectFrom('moderation_ip_bans').selectAll().where('address', '=', address).executeTakeFirst();
    return r === undefined ? undefined : sanctionOf(r);
  }

  /** Writes the ban or mute of a player, replacing the one there was. */
  async function putSanction(tx: ModerationDb, kind: SanctionKind, uuid: string, s: SanctionRow): Promise<void> {
    await tx.deleteFrom(TABLE[kind]).where('uuid', '=', uuid).execute();
    await tx.insertInto(TABLE[kind]).values({ uuid, ...columnsOf(s) }).execute();
  }

  /** Deletes the ban or mute of a player; false when there was none. */
  async function removeSanction(tx: ModerationDb, kind: SanctionKind, uuid: string): Promise<boolean> {
    const r = await tx.deleteFrom(TABLE[kind]).where('uuid', '=', uuid).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async function warnings(tx: ModerationDb, uuid: string): Promise<WarningRow[]> {
    return (await readWarnings.all(tx, { uuid })).map((r) => ({
      id: Number(r.id),
      reason: String(r.reason),
      actor: String(r.actor),
      issuedAt: String(r.issued_at),
    }));
  }

  async function addWarning(tx: ModerationDb, uuid: string, w: Omit<WarningRow, 'id'>): Promise<void> {
    await tx.insertInto('moderation_warnings').values({ uuid, reason: w.reason, actor: w.actor, issued_at: w.issuedAt }).execute();
  }

  async function allIpBans(): Promise<Map<string, SanctionRow>> {
    const rows = await db.selectFrom('moderation_ip_bans').selectAll().execute();
    return new Map(rows.map((r) => [String(r.address), sanctionOf(r)]));
  }

  async function putIpBan(tx: ModerationDb, address: string, s: SanctionRow): Promise<void> {
    await tx.deleteFrom('moderation_ip_bans').where('address', '=', address).execute();
    await tx.insertInto('moderation_ip_bans').values({ address, ...columnsOf(s) }).execute();
  }

  async function removeIpBan(tx: ModerationDb, address: string): Promise<boolean> {
    const r = await tx.deleteFrom('moderation_ip_bans').where('address', '=', address).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Remembers that an account joined from an address (now). */
  async function seenFrom(tx: ModerationDb, uuid: string, address: string, at: string): Promise<void> {
    if ((await touchAddress.run(tx, { uuid, address, at })) > 0) return;
    await tx.insertInto('moderation_addresses').values({ uuid, address, first_seen: at, last_seen: at }).execute();
  }

  /** The other accounts seen from an address, the one seen last first. */
  async function accountsFrom(tx: ModerationDb, address: string, except = ''): Promise<string[]> {
    return (await readAlts.all(tx, { address, uuid: except })).map((r) => String(r.uuid));
  }

  /** The addresses an account joined from, the last one first. */
  async function addressesOf(tx: ModerationDb, uuid: string): Promise<string[]> {
    return (await readAddresses.all(tx, { uuid })).map((r) => String(r.address));
  }

  return { db, allSanctions, sanctionFor, ipBanFor, putSanction, removeSanction, warnings, addWarning, allIpBans, putIpBan, removeIpBan, seenFrom, accountsFrom, addressesOf };
}

export type ModerationStore = ReturnType<typeof createModerationStore>;
