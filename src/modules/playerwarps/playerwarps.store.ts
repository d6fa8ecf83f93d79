// All SQL of the player warps. A warp is one row keyed by an id that survives a rename; managers,
// whitelist and bans are rows of one members table; the history is its own table. Deleting a warp
// deletes all three, so its name is free again at once (the name has a unique index).

import { sql, type Db, type Migration } from '../../core/storage/db.ts';
import { prepareQuery } from '../../core/storage/prepared-query.ts';
import { rowMemory } from '../../core/storage/row-memory.ts';
import type { Location } from '../../platform/platform.ts';
import type { MemberRole, WarpState } from './playerwarps.schemas.ts';
import { LOCATION_COLUMNS, locationOfRow, withLocationColumns } from '../../core/values/location.ts';
import { col, defineTables, type DbOf, type TablesIn, type RowOf } from '../../core/storage/tables.ts';
import { PLAYERS_TABLES } from '../../core/players/players.ts';
import type { Updateable } from 'kysely';

export const PLAYERWARPS_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-playerwarps',
    async up(db, kind) {
      const id = kind === 'postgres' ? 'serial' : 'integer';
      await db.schema
        .createTable('playerwarps')
        .addColumn('id', id, (c) => (kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('name', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('owner', 'varchar(36)', (c) => c.notNull())
        .$call(withLocationColumns)
        .addColumn('state', 'varchar(8)', (c) => c.notNull())
        .addColumn('public', 'integer', (c) => c.notNull())
        .addColumn('description', 'varchar(256)')
        .addColumn('currency', 'varchar(32)', (c) => c.notNull())
        .addColumn('fee', 'bigint', (c) => c.notNull())
        .addColumn('earnings', 'bigint', (c) => c.notNull())
        .addColumn('visits', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('playerwarps_owner').on('playerwarps').columns(['owner']).execute();
      await db.schema.createIndex('playerwarps_listing').on('playerwarps').columns(['state', 'public', 'visits']).execute();
      await db.schema
        .createTable('playerwarp_members')
        .addColumn('warp_id', 'integer', (c) => c.notNull())
        .addColumn('role', 'varchar(16)', (c) => c.notNull())
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull())
        .addColumn('added_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('added_by', 'varchar(64)', (c) => c.notNull())
        .addPrimaryKeyConstraint('playerwarp_members_pk', ['warp_id', 'role', 'uuid'])
        .execute();
      await db.schema
        .createTable('playerwarp_history')
        .addColumn('id', id, (c) => (kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('warp_id', 'integer', (c) => c.notNull())
        .addColumn('at', 'varchar(32)', (c) => c.notNull())
        .addColumn('actor', 'varchar(64)', (c) => c.notNull())
        .addColumn('action', 'varchar(32)', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('playerwarp_history_warp').on('playerwarp_history').columns(['warp_id', 'id']).execute();
    },
  },
  {
    // The listing's order in full (visits, then name): with the old index, warps of equal visits
    // (every new warp has 0) were sorted on each call.
    name: '002-listing-order',
    async up(db) {
      await db.schema.createIndex('playerwarps_listing_order').on('playerwarps').columns(['state', 'public', 'visits desc', 'name']).execute();
      await db.schema.dropIndex('playerwarps_listing').execute();
    },
  },
];

export const PLAYERWARPS_TABLES = defineTables(PLAYERWARPS_MIGRATIONS, {
  playerwarps: {
    id: col.int().generated(),
    name: col.text(),
    owner: col.text(),
    ...LOCATION_COLUMNS,
    state: col.text<WarpState>(),
    /** 1 or 0. */
    public: col.int(),
    description: col.text().nullable(),
    currency: col.text(),
    fee: col.bigint(),
    earnings: col.bigint(),
    visits: col.int(),
    created_at: col.text(),
  },
  playerwarp_members: { warp_id: col.int(), role: col.text<MemberRole>(), uuid: col.text(), added_at: col.text(), added_by: col.text() },
  playerwarp_history: { id: col.int().generated(), warp_id: col.int(), at: col.text(), actor: col.text(), action: col.text(), details: col.text() },
});
/** The store's view: its tables, and the known players for the names of owners and members. */
const VIEW = PLAYERWARPS_TABLES.and(PLAYERS_TABLES);
export type PlayerWarpsDb = DbOf<typeof VIEW>;

export interface WarpRow {
  id: number;
  name: string;
  owner: string;
  ownerName: string;
  location: Location;
  state: WarpState;
  public: boolean;
  description: string | null;
  currency: string;
  /** Minor units of `currency`. */
  fee: number;
  earnings: number;
  visits: number;
  createdAt: string;
}

export interface NewWarp {
  name: string;
  owner: string;
  location: Location;
  currency: string;
  at: string;
}

export interface MemberRow {
  warpId: number;
  role: MemberRole;
  uuid: string;
  name: string;
}

export interface HistoryRow {
  at: string;
  actor: string;
  action: string;
  details: Record<string, unknown>;
}

/** What a change may set on a warp row. */
export interface WarpChange {
  name?: string;
  location?: Location;
  state?: WarpState;
  public?: boolean;
  description?: string | null;
  fee?: number;
}

function toRow(r: RowOf<typeof PLAYERWARPS_TABLES, 'playerwarps'> & { owner_name: string | null }): WarpRow {
  return {
    id: Number(r.id),
    name: String(r.name),
    owner: String(r.owner),
    ownerName: r.owner_name === null || r.owner_name === undefined ? String(r.owner) : String(r.owner_name),
    location: locationOfRow(r),
    state: r.state === 'archived' ? 'archived' : 'active',
    public: Number(r.public) === 1,
    description: r.description === null || r.description === undefined ? null : String(r.description),
    currency: String(r.currency),
    fee: Number(r.fee),
    earnings: Number(r.earnings),
    visits: Number(r.visits),
    createdAt: String(r.created_at),
  };
}

export function createPlayerWarpsStore(root: Db) {
  const db = VIEW.on(root);
  const warps = (tx: PlayerWarpsDb) =>
    tx
      .selectFrom('playerwarps as w')
      .leftJoin('core_players as p', 'p.uuid', 'w.owner')
      .selectAll('w')
      .select('p.name as owner_name');

  // The reads of every request, built once (src/core/storage/prepared-query.ts).
  const readByName = prepareQuery(db, (q, p: { name: string }) => warps(q).where('w.name', '=', p.name));
  const readOwned = prepareQuery(db, (q, p: { owner: string }) => warps(q).where('w.owner', '=', p.owner).orderBy('w.name'));
  const readCountOwned = prepareQuery(db, (q, p: { owner: string }) =>
    q.selectFrom('playerwarps').select(sql<number | string>`count(*)`.as('n')).where('owner', '=', p.owner),
  );
  /** Public active warps, most visited first, then by name: a stable order for paging. */
  const readListed = prepareQuery(db, (q, p: { limit: number; offset: number }) =>
    warps(q)
      .where('w.state', '=', 'active')
      .where('w.public', '=', 1)
      .orderBy('w.visits', 'desc')
      .orderBy('w.name', 'asc')
      .limit(p.limit)
      .offset(p.offset),
  );
  const readCountListed = prepareQuery(db, (q, _p: Record<string, never>) =>
    q.selectFrom('playerwarps').select(sql<number | string>`count(*)`.as('n')).where('state', '=', 'active').where('public', '=', 1),
  );
  const readRoles = prepareQuery(db, (q, p: { id: number; uuid: string }) =>
    q.selectFrom('playerwarp_members').select('role').where('warp_id', '=', p.id).where('uuid', '=', p.uuid),
  );
  const readHistory = prepareQuery(db, (q, p: { id: number; limit: number; offset: number }) =>
    q
      .selectFrom('playerwarp_history')
      .select(['at', 'actor', 'action', 'details'])
      .where('warp_id', '=', p.id)
      .orderBy('id', 'desc')
      .limit(p.limit)
      .offset(p.offset),
  );

  // The count of listed warps stays in memory on SQLite until this store writes a warp
  // (src/core/storage/row-memory.ts): counting a million listed warps reads the whole index.
  const listed = rowMemory<number>(db);
  const LISTED = 'listed';

  return {
    db,

    async byName(tx: PlayerWarpsDb, name: string): Promise<WarpRow | undefined> {
      const r = await readByName.first(tx, { name });
      return r ? toRow(r) : undefined;
    },

    async countOwned(tx: PlayerWarpsDb, owner: string): Promise<number> {
      const r = await readCountOwned.first(tx, { owner });
      return Number(r?.n ?? 0);
    },

    async owned(owner: string): Promise<WarpRow[]> {
      return (await readOwned.all(db, { owner })).map(toRow);
    },

    /** Public active warps, most visited first, then by name: a stable order for paging. */
    async listPublic(limit: number, offset: number): Promise<WarpRow[]> {
      return (await readListed.all(db, { limit, offset })).map(toRow);
    },

    async countPublic(): Promise<number> {
      const held = listed.get(LISTED);
      if (held !== undefined) return held;
      const mark = listed.mark();
      const r = await readCountListed.first(db, {});
      const n = Number(r?.n ?? 0);
      listed.remember(LISTED, mark, n);
      return n;
    },

    async insert(tx: PlayerWarpsDb, w: NewWarp): Promise<void> {
      const { world, x, y, z, yaw, pitch } = w.location;
      listed.forget(LISTED);
      await tx
        .insertInto('playerwarps')
        .values({
          name: w.name,
          owner: w.owner,
          world,
          x,
          y,
          z,
          yaw,
          pitch,
          state: 'active',
          public: 1,
          description: null,
          currency: w.currency,
          fee: 0,
          earnings: 0,
          visits: 0,
          created_at: w.at,
        })
        .execute();
    },

    async update(tx: PlayerWarpsDb, id: number, change: WarpChange): Promise<void> {
      const set: Updateable<TablesIn<typeof PLAYERWARPS_TABLES>['playerwarps']> = {};
      if (change.name !== undefined) set.name = change.name;
      if (change.location !== undefined) Object.assign(set, change.location);
      if (change.state !== undefined) set.state = change.state;
      if (change.public !== undefined) set.public = change.public ? 1 : 0;
      if (change.description !== undefined) set.description = change.description;
      if (change.fee !== undefined) set.fee = change.fee;
      listed.forget(LISTED);
      await tx.updateTable('playerwarps').set(set).where('id', '=', id).execute();
    },

    async recordVisit(tx: PlayerWarpsDb, id: number, fee: number): Promise<void> {
      await tx
        .updateTable('playerwarps')
        .set({ visits: sql`visits + 1`, earnings: sql`earnings + ${fee}` })
        .where('id', '=', id)
        .execute();
    },

    /** The warp, its members and its history, gone. */
    async remove(tx: PlayerWarpsDb, id: number): Promise<void> {
      listed.forget(LISTED);
      await tx.deleteFrom('playerwarp_members').where('warp_id', '=', id).execute();
      await tx.deleteFrom('playerwarp_history').where('warp_id', '=', id).execute();
      await tx.deleteFrom('playerwarps').where('id', '=', id).execute();
    },

    /** Managers, whitelisted and banned players of the warps, with their names. */
    async members(ids: readonly number[]): Promise<MemberRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('playerwarp_members as m')
        .leftJoin('core_players as p', 'p.uuid', 'm.uuid')
        .select(['m.warp_id as warp_id', 'm.role as role', 'm.uuid as uuid', 'p.name as name'])
        .where('m.warp_id', 'in', [...ids])
        .orderBy('m.added_at')
        .orderBy('m.uuid')
        .execute();
      return rows.map((r) => ({ warpId: Number(r.warp_id), role: r.role as MemberRole, uuid: String(r.uuid), name: r.name === null ? String(r.uuid) : String(r.name) }));
    },

    async roles(tx: PlayerWarpsDb, id: number, uuid: string): Promise<Set<MemberRole>> {
      const rows = await readRoles.all(tx, { id, uuid });
      return new Set(rows.map((r) => r.role as MemberRole));
    },

    async addMember(tx: PlayerWarpsDb, id: number, role: MemberRole, uuid: string, at: string, by: string): Promise<boolean> {
      const r = await tx
        .insertInto('playerwarp_members')
        .values({ warp_id: id, role, uuid, added_at: at, added_by: by })
        .onConflict((oc) => oc.columns(['warp_id', 'role', 'uuid']).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    async removeMember(tx: PlayerWarpsDb, id: number, role: MemberRole, uuid: string): Promise<boolean> {
      const r = await tx.deleteFrom('playerwarp_members').where('warp_id', '=', id).where('role', '=', role).where('uuid', '=', uuid).executeTakeFirst();
      return Number(r.numDeletedRows ?? 0n) > 0;
    },

    async addHistory(tx: PlayerWarpsDb, id: number, at: string, actor: string, action: string, details: Record<string, unknown>): Promise<void> {
      await tx.insertInto('playerwarp_history').values({ warp_id: id, at, actor, action, details: JSON.stringify(details) }).execute();
    },

    async historyCounts(ids: readonly number[]): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('playerwarp_history')
        .select(['warp_id', sql<number | string>`count(*)`.as('n')])
        .where('warp_id', 'in', [...ids])
        .groupBy('warp_id')
        .execute();
      return new Map(rows.map((r) => [Number(r.warp_id), Number(r.n)]));
    },

    /** Newest first. */
    async history(id: number, limit: number, offset: number): Promise<HistoryRow[]> {
      const rows = await readHistory.all(db, { id, limit, offset });
      return rows.map((r) => ({ at: String(r.at), actor: String(r.actor), action: String(r.action), details: JSON.parse(String(r.details)) as Record<string, unknown> }));
    },
  };
}

export type PlayerWarpsStore = ReturnType<typeof createPlayerWarpsStore>;
