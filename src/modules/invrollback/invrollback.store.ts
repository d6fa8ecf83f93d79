// All SQL of the inventory snapshots: one row per snapshot, numbered by the database (the
// snapshot id, a positive integer), holding the whole inventory as JSON in the platform's full
// form (item `data` included, so a restore loses nothing of an item).

import type { Db, Migration } from '../../core/storage/db.ts';
import { prepareQuery } from '../../core/storage/prepared-query.ts';
import type { PlayerInventory } from '../../platform/player-inventory.ts';
import { col, defineTables, type DbOf, type RowOf } from '../../core/storage/tables.ts';

export const INVROLLBACK_MIGRATIONS: readonly Migration[] = [
    {
      name: '001-inventory-snapshots',
      async up(db, kind) {
        await db.schema
          .createTable('inventory_snapshots')
          .addColumn('id', kind === 'postgres' ? 'serial' : 'integer', (c) => (kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
          .addColumn('uuid', 'varchar(36)', (c) => c.notNull())
          .addColumn('cause', 'varchar(32)', (c) => c.notNull())
          .addColumn('actor', 'varchar(64)', (c) => c.notNull())
          .addColumn('taken_at', 'varchar(32)', (c) => c.notNull())
          .addColumn('item_count', 'integer', (c) => c.notNull())
          .addColumn('slots_used', 'integer', (c) => c.notNull())
          .addColumn('inventory', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('inventory_snapshots_uuid').on('inventory_snapshots').columns(['uuid', 'id']).execute();
      },
    },
];

export const INVROLLBACK_TABLES = defineTables(INVROLLBACK_MIGRATIONS, {
  /** `inventory`: the player's inventory as JSON. */
  inventory_snapshots: {
    id: col.int().generated(),
    uuid: col.text(),
    cause: col.text(),
    actor: col.text(),
    taken_at: col.text(),
    item_count: col.int(),
    slots_used: col.int(),
    inventory: col.text(),
  },
});
export type InvRollbackDb = DbOf<typeof INVROLLBACK_TABLES>;

export interface SnapshotRow {
  id: number;
  uuid: string;
  cause: string;
  actor: string;
  takenAt: string;
  itemCount: number;
  slotsUsed: number;
}

const rowOf = (r: Pick<RowOf<typeof INVROLLBACK_TABLES, 'inventory_snapshots'>, (typeof SUMMARY)[number]>): SnapshotRow => ({
  id: Number(r.id),
  uuid: String(r.uuid),
  cause: String(r.cause),
  actor: String(r.actor),
  takenAt: String(r.taken_at),
  itemCount: Number(r.item_count),
  slotsUsed: Number(r.slots_used),
});

/** The largest snapshot id: PostgreSQL's serial (a 32-bit integer) numbers no further. */
const MAX_ID = 2_147_483_647;

const SUMMARY = ['id', 'uuid', 'cause', 'actor', 'taken_at', 'item_count', 'slots_used'] as const;

export function createInvRollbackStore(root: Db) {
  const db = INVROLLBACK_TABLES.on(root);
  const readAll = prepareQuery(db, (q, p: { uuid: string }) =>
    q.selectFrom('inventory_snapshots').select(SUMMARY).where('uuid', '=', p.uuid).orderBy('id', 'desc'),
  );
  const readOne = prepareQuery(db, (q, p: { uuid: string; id: number }) =>
    q.selectFrom('inventory_snapshots').selectAll().where('uuid', '=', p.uuid).where('id', '=', p.id),
  );

  async function list(tx: InvRollbackDb, uuid: string): Promise<SnapshotRow[]> {
    return (await readAll.all(tx, { uuid })).map(rowOf);
  }

  async function get(tx: InvRollbackDb, uuid: string, id: number): Promise<{ row: SnapshotRow; inventory: PlayerInventory } | undefined> {
    // No snapshot has a larger id: PostgreSQL's serial ends there (and refuses to compare with a
    // larger number), so both databases answer "no such snapshot" alike.
    if (id > MAX_ID) return undefined;
    const r = await readOne.first(tx, { uuid, id });
    return r && { row: rowOf(r), inventory: JSON.parse(String(r.inventory)) as PlayerInventory };
  }

  async function insert(tx: InvRollbackDb, s: Omit<SnapshotRow, 'id'>, inventory: PlayerInventory): Promise<SnapshotRow> {
    const r = await tx
      .insertInto('inventory_snapshots')
      .values({
        uuid: s.uuid,
        cause: s.cause,
        actor: s.actor,
        taken_at: s.takenAt,
        item_count: s.itemCount,
        slots_used: s.slotsUsed,
        inventory: JSON.stringify(inventory),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ...s, id: Number(r.id) };
  }

  /** Removes the player's snapshots beyond the newest `keep`; answers how many went. */
  async function prune(tx: InvRollbackDb, uuid: string, keep: number): Promise<number> {
    const ids = (await list(tx, uuid)).slice(keep).map((r) => r.id);
    if (ids.length === 0) return 0;
    const r = await tx.deleteFrom('inventory_snapshots').where('uuid', '=', uuid).where('id', 'in', ids).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  return { db, list, get, insert, prune };
}

export type InvRollbackStore = ReturnType<typeof createInvRollbackStore>;
