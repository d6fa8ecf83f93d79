// All SQL of the NPCs: one row per NPC keyed by its id (lower case), with the skin it wears copied
// in (so it spawns in that skin after a restart without asking anyone), and one row per manager.

import { sql, type Db, type Migration } from '../../core/storage/db.ts';
import { LOCATION_COLUMNS, locationOfRow, withLocationColumns } from '../../core/values/location.ts';
import type { Skin } from '../../platform/entities.ts';
import type { Location } from '../../platform/platform.ts';
import { col, defineTables, type DbOf, type TablesIn, type RowOf } from '../../core/storage/tables.ts';
import type { Updateable } from 'kysely';
import { PLAYERS_TABLES } from '../../core/players/players.ts';

export const NPCS_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-npcs',
    async up(db) {
      await db.schema
        .createTable('npcs')
        .addColumn('name', 'varchar(16)', (c) => c.primaryKey())
        .addColumn('owner', 'varchar(36)', (c) => c.notNull())
        .$call(withLocationColumns)
        .addColumn('display_name', 'varchar(64)')
        .addColumn('name_hidden', 'integer', (c) => c.notNull())
        .addColumn('skin_account', 'varchar(16)')
        .addColumn('skin_value', 'text')
        .addColumn('skin_signature', 'text')
        .addColumn('command', 'varchar(256)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('npcs_owner').on('npcs').columns(['owner']).execute();
      await db.schema
        .createTable('npc_managers')
        .addColumn('name', 'varchar(16)', (c) => c.notNull())
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull())
        .addColumn('added_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('added_by', 'varchar(64)', (c) => c.notNull())
        .addPrimaryKeyConstraint('npc_managers_pk', ['name', 'uuid'])
        .execute();
    },
  },
];

export const NPCS_TABLES = defineTables(NPCS_MIGRATIONS, {
  npcs: {
    name: col.text(),
    owner: col.text(),
    ...LOCATION_COLUMNS,
    display_name: col.text().nullable(),
    /** 1 or 0. */
    name_hidden: col.int(),
    skin_account: col.text().nullable(),
    skin_value: col.text().nullable(),
    skin_signature: col.text().nullable(),
    command: col.text().nullable(),
    created_at: col.text(),
    updated_at: col.text(),
  },
  npc_managers: { name: col.text(), uuid: col.text(), added_at: col.text(), added_by: col.text() },
});
/** The store's view: its tables, and the known players for their names. */
const VIEW = NPCS_TABLES.and(PLAYERS_TABLES);
export type NpcsDb = DbOf<typeof VIEW>;

/** The skin an NPC wears: the account it was copied from and the texture. */
export interface NpcSkin {
  account: string;
  skin: Skin;
}

export interface NpcRow {
  name: string;
  owner: string;
  ownerName: string;
  location: Location;
  displayName: string | null;
  nameHidden: boolean;
  skin: NpcSkin | null;
  command: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What a change may set on an NPC row. */
export interface NpcChange {
  location?: Location;
  displayName?: string | null;
  nameHidden?: boolean;
  skin?: NpcSkin | null;
  command?: string | null;
}

export interface ManagerRow {
  npc: string;
  uuid: string;
  name: string;
}

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

function toRow(r: RowOf<typeof NPCS_TABLES, 'npcs'> & { owner_name: string | null }): NpcRow {
  const value = text(r.skin_value);
  const signature = text(r.skin_signature);
  return {
    name: String(r.name),
    owner: String(r.owner),
    ownerName: text(r.owner_name) ?? String(r.owner),
    location: locationOfRow(r),
    displayName: text(r.display_name),
    nameHidden: Number(r.name_hidden) === 1,
    skin: value === null ? null : { account: String(r.skin_account), skin: signature === null ? { value } : { value, signature } },
    command: text(r.command),
    createdAt: String(r.created_at),
    updatedAt: String(r.updated_at),
  };
}

export function createNpcsStore(root: Db) {
  const db = VIEW.on(root);
  const npcs = (tx: NpcsDb) => tx.selectFrom('npcs as n').leftJoin('core_players as p', 'p.uuid', 'n.owner').selectAll('n').select('p.name as owner_name');

  return {
    db,
    async byName(tx: NpcsDb, name: string): Promise<NpcRow | undefined> {
      const r = await npcs(tx).where('n.name', '=', name).executeTakeFirst();
      return r ? toRow(r) : undefined;
    },

    /** Every NPC, or those of one owner, by id. */
    async list(owner?: string): Promise<NpcRow[]> {
      let q = npcs(db);
      if (owner !== undefined) q = q.where('n.owner', '=', owner);
      return (await q.orderBy('n.name').execute()).map(toRow);
    },

    async countOwned(tx: NpcsDb, owner: string): Promise<number> {
      const r = await tx.selectFrom('npcs').select(sql<number | string>`count(*)`.as('n')).where('owner', '=', owner).executeTakeFirst();
      return Number(r?.n ?? 0);
    },

    /** Inserts an NPC; false when the id is taken. */
    async insert(tx: NpcsDb, n: { name: string; owner: string; location: Location; at: string }): Promise<boolean> {
      const r = await tx
        .insertInto('npcs')
        .values({ name: n.name, owner: n.owner, ...n.location, display_name: null, name_hidden: 0, skin_account: null, skin_value: null, skin_signature: null, command: null, created_at: n.at, updated_at: n.at })
        .onConflict((oc) => oc.column('name').doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    async update(tx: NpcsDb, name: string, change: NpcChange, at: string): Promise<void> {
      const set: Updateable<TablesIn<typeof NPCS_TABLES>['npcs']> = { updated_at: at };
      if (change.location !== undefined) Object.assign(set, change.location);
      if (change.displayName !== undefined) set.display_name = change.displayName;
      if (change.nameHidden !== undefined) set.name_hidden = change.nameHidden ? 1 : 0;
      if (change.skin !== undefined) {
        set.skin_account = change.skin?.account ?? null;
        set.skin_value = change.skin?.skin.value ?? null;
        set.skin_signature = change.skin?.skin.signature ?? null;
      }
      if (change.command !== undefined) set.command = change.command;
      await tx.updateTable('npcs').set(set).where('name', '=', name).execute();
    },

    /** The NPC and its managers, gone. */
    async remove(tx: NpcsDb, name: string): Promise<void> {
      await tx.deleteFrom('npc_managers').where('name', '=', name).execute();
      await tx.deleteFrom('npcs').where('name', '=', name).execute();
    },

    /** The managers of the NPCs, with their names, in the order they were added. */
    async managers(names: readonly string[]): Promise<ManagerRow[]> {
      if (names.length === 0) return [];
      const rows = await db
        .selectFrom('npc_managers as m')
        .leftJoin('core_players as p', 'p.uuid', 'm.uuid')
        .select(['m.name as npc', 'm.uuid as uuid', 'p.name as name'])
        .where('m.name', 'in', [...names])
        .orderBy('m.added_at')
        .orderBy('m.uuid')
        .execute();
      return rows.map((r) => ({ npc: String(r.npc), uuid: String(r.uuid), name: text(r.name) ?? String(r.uuid) }));
    },

    async isManager(tx: NpcsDb, name: string, uuid: string): Promise<boolean> {
      const r = await tx.selectFrom('npc_managers').select('uuid').where('name', '=', name).where('uuid', '=', uuid).executeTakeFirst();
      return r !== undefined;
    },

    async addManager(tx: NpcsDb, name: string, uuid: string, at: string, by: string): Promise<boolean> {
      const r = await tx
        .insertInto('npc_managers')
        .values({ name, uuid, added_at: at, added_by: by })
        .onConflict((oc) => oc.columns(['name', 'uuid']).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    async removeManager(tx: NpcsDb, name: string, uuid: string): Promise<boolean> {
      const r = await tx.deleteFrom('npc_managers').where('name', '=', name).where('uuid', '=', uuid).executeTakeFirst();
      return Number(r.numDeletedRows ?? 0n) > 0;
    },
  };
}

export type NpcsStore = ReturnType<typeof createNpcsStore>;
