// All SQL of the holograms: one row per hologram, keyed by its name in small letters (its lines as
// a JSON array of the text as written), and its managers, one row each.

import { sql, type Db, type Migration } from '../../core/storage/db.ts';
import { LOCATION_COLUMNS, locationOfRow, withLocationColumns } from '../../core/values/location.ts';
import type { Location } from '../../platform/platform.ts';
import { col, defineTables, type DbOf, type TablesIn } from '../../core/storage/tables.ts';
import type { Updateable } from 'kysely';
import { PLAYERS_TABLES } from '../../core/players/players.ts';

export const HOLOGRAMS_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-holograms-and-managers',
    async up(db) {
      await db.schema
        .createTable('holograms')
        .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('owner', 'varchar(36)', (c) => c.notNull())
        .$call(withLocationColumns)
        .addColumn('lines', 'text', (c) => c.notNull())
        .addColumn('command', 'varchar(256)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('holograms_owner').on('holograms').column('owner').execute();
      await db.schema
        .createTable('hologram_managers')
        .addColumn('name', 'varchar(32)', (c) => c.notNull())
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull())
        .addColumn('added_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('hologram_managers_pk', ['name', 'uuid'])
        .execute();
    },
  },
];

export const HOLOGRAMS_TABLES = defineTables(HOLOGRAMS_MIGRATIONS, {
  /** `lines`: a JSON array of the lines as written. */
  holograms: { name: col.text(), owner: col.text(), ...LOCATION_COLUMNS, lines: col.text(), command: col.text().nullable(), created_at: col.text(), updated_at: col.text() },
  hologram_managers: { name: col.text(), uuid: col.text(), added_at: col.text() },
});
/** The store's view: its tables, and the known players for their names. */
const VIEW = HOLOGRAMS_TABLES.and(PLAYERS_TABLES);
export type HologramsDb = DbOf<typeof VIEW>;

export interface HologramRow {
  name: string;
  owner: string;
  ownerName: string;
  location: Location;
  lines: string[];
  command: string | null;
  createdAt: string;
  updatedAt: string;
  managers: Array<{ uuid: string; name: string }>;
}

/** What a write may change of a row. */
export interface HologramChange {
  location?: Location;
  lines?: string[];
  command?: string | null;
}

function linesOf(raw: unknown): string[] {
  const parsed: unknown = JSON.parse(String(raw));
  return Array.isArray(parsed) ? parsed.map(String) : [];
}

export function createHologramsStore(root: Db) {
  const db = VIEW.on(root);
  const base = (tx: HologramsDb) =>
    tx.selectFrom('holograms as h').leftJoin('core_players as p', 'p.uuid', 'h.owner').selectAll('h').select('p.name as owner_name').orderBy('h.name');

  /** Every hologram (or the one named), by name, with its managers. */
  async function read(tx: HologramsDb, name?: string): Promise<HologramRow[]> {
    const rows = name === undefined ? await base(tx).execute() : await base(tx).where('h.name', '=', name).execute();
    if (rows.length === 0) return [];
    let managers = tx
      .selectFrom('hologram_managers as m')
      .leftJoin('core_players as p', 'p.uuid', 'm.uuid')
      .select(['m.name as name', 'm.uuid as uuid', 'p.name as player_name'])
      .orderBy('p.name');
    if (name !== undefined) managers = managers.where('m.name', '=', name);
    const byName = new Map<string, Array<{ uuid: string; name: string }>>();
    for (const m of await managers.execute()) {
      const list = byName.get(String(m.name)) ?? [];
      list.push({ uuid: String(m.uuid), name: m.player_name === null ? String(m.uuid) : String(m.player_name) });
      byName.set(String(m.name), list);
    }
    return rows.map((r) => ({
      name: String(r.name),
      owner: String(r.owner),
      ownerName: r.owner_name === null || r.owner_name === undefined ? String(r.owner) : String(r.owner_name),
      location: locationOfRow(r),
      lines: linesOf(r.lines),
      command: r.command === null || r.command === undefined ? null : String(r.command),
      createdAt: String(r.created_at),
      updatedAt: String(r.updated_at),
      managers: byName.get(String(r.name)) ?? [],
    }));
  }

  async function one(tx: HologramsDb, name: string): Promise<HologramRow | undefined> {
    return (await read(tx, name))[0];
  }

  async function countOwned(tx: HologramsDb, owner: string): Promise<number> {
    const r = await tx.selectFrom('holograms').select(sql<number | string>`count(*)`.as('n')).where('owner', '=', owner).executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /** Inserts a hologram; false when the name is taken. */
  async function insert(tx: HologramsDb, h: { name: string; owner: string; location: Location; lines: string[]; at: string }): Promise<boolean> {
    const r = await tx
      .insertInto('holograms')
      .values({ name: h.name, owner: h.owner, ...h.location, lines: JSON.stringify(h.lines), command: null, created_at: h.at, updated_at: h.at })
      .onConflict((oc) => oc.column('name').doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  async function update(tx: HologramsDb, name: string, set: HologramChange, at: string): Promise<void> {
    const values: Updateable<TablesIn<typeof HOLOGRAMS_TABLES>['holograms']> = { updated_at: at };
    if (set.location) Object.assign(values, set.location);
    if (set.lines) values.lines = JSON.stringify(set.lines);
    if (set.command !== undefined) values.command = set.command;
    await tx.updateTable('holograms').set(values).where('name', '=', name).execute();
  }

  /** Deletes a hologram and its managers. */
  async function remove(tx: HologramsDb, name: string): Promise<void> {
    await tx.deleteFrom('hologram_managers').where('name', '=', name).execute();
    await tx.deleteFrom('holograms').where('name', '=', name).execute();
  }

  async function isManager(tx: HologramsDb, name: string, uuid: string): Promise<boolean> {
    const r = await tx.selectFrom('hologram_managers').select('uuid').where('name', '=', name).where('uuid', '=', uuid).executeTakeFirst();
    return r !== undefined;
  }

  /** Adds a manager; false when they were one already. */
  async function addManager(tx: HologramsDb, name: string, uuid: string, at: string): Promise<boolean> {
    const r = await tx
      .insertInto('hologram_managers')
      .values({ name, uuid, added_at: at })
      .onConflict((oc) => oc.columns(['name', 'uuid']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  /** Removes a manager; false when they were none. */
  async function removeManager(tx: HologramsDb, name: string, uuid: string): Promise<boolean> {
    const r = await tx.deleteFrom('hologram_managers').where('name', '=', name).where('uuid', '=', uuid).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  return { db, read, one, countOwned, insert, update, remove, isManager, addManager, removeManager };
}

export type HologramsStore = ReturnType<typeof createHologramsStore>;
