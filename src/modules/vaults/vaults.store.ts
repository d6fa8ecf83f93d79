// All SQL of the vaults: one row per vault a player has opened (its label and icon), and one row
// per occupied slot holding the item stack as JSON (the platform's full form, so nothing of an item
// is lost) with its material and count beside it for counting.

import type { Db, Migration } from '../../core/storage/db.ts';
import { prepareQuery } from '../../core/storage/prepared-query.ts';
import type { ItemStack } from '../../platform/platform.ts';
import { col, defineTables, type DbOf, type RowOf } from '../../core/storage/tables.ts';

export const VAULTS_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-vaults',
    async up(db) {
      await db.schema
        .createTable('vaults')
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull())
        .addColumn('idx', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(32)')
        .addColumn('icon', 'varchar(64)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('vaults_pk', ['uuid', 'idx'])
        .execute();
      await db.schema
        .createTable('vault_items')
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull())
        .addColumn('idx', 'integer', (c) => c.notNull())
        .addColumn('slot', 'integer', (c) => c.notNull())
        .addColumn('material', 'varchar(64)', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('item', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('vault_items_pk', ['uuid', 'idx', 'slot'])
        .execute();
    },
  },
];

export const VAULTS_TABLES = defineTables(VAULTS_MIGRATIONS, {
  vaults: { uuid: col.text(), idx: col.int(), name: col.text().nullable(), icon: col.text().nullable(), created_at: col.text(), updated_at: col.text() },
  /** `item` is the stack as JSON. */
  vault_items: { uuid: col.text(), idx: col.int(), slot: col.int(), material: col.text(), count: col.int(), item: col.text() },
});
export type VaultsDb = DbOf<typeof VAULTS_TABLES>;

export interface VaultRow {
  index: number;
  name: string | null;
  icon: string | null;
  createdAt: string;
  updatedAt: string;
  /** All items in it, stacks together, and the slots they take. */
  itemCount: number;
  slotsUsed: number;
}

type Counts = { itemCount: number; slotsUsed: number };

export function createVaultsStore(root: Db) {
  const db = VAULTS_TABLES.on(root);
  // The reads of every request, built once (src/core/storage/prepared-query.ts).
  const countAll = prepareQuery(db, (q, p: { uuid: string }) =>
    q
      .selectFrom('vault_items')
      .select((eb) => ['idx', eb.fn.sum<number>('count').as('items'), eb.fn.countAll<number>().as('slots')])
      .where('uuid', '=', p.uuid)
      .groupBy('idx'),
  );
  const countOne = prepareQuery(db, (q, p: { uuid: string; index: number }) =>
    q
      .selectFrom('vault_items')
      .select((eb) => ['idx', eb.fn.sum<number>('count').as('items'), eb.fn.countAll<number>().as('slots')])
      .where('uuid', '=', p.uuid)
      .where('idx', '=', p.index)
      .groupBy('idx'),
  );
  const readAll = prepareQuery(db, (q, p: { uuid: string }) => q.selectFrom('vaults').selectAll().where('uuid', '=', p.uuid).orderBy('idx'));
  const readOne = prepareQuery(db, (q, p: { uuid: string; index: number }) =>
    q.selectFrom('vaults').selectAll().where('uuid', '=', p.uuid).where('idx', '=', p.index),
  );
  const readItems = prepareQuery(db, (q, p: { uuid: string; index: number; size: number }) =>
    q.selectFrom('vault_items').select(['slot', 'item']).where('uuid', '=', p.uuid).where('idx', '=', p.index).where('slot', '<', p.size),
  );

  async function counts(tx: VaultsDb, uuid: string, index?: number): Promise<Map<number, Counts>> {
    const rows = index === undefined ? await countAll.all(tx, { uuid }) : await countOne.all(tx, { uuid, index });
    return new Map(rows.map((r) => [Number(r.idx), { itemCount: Number(r.items), slotsUsed: Number(r.slots) }]));
  }

  const rowOf = (r: RowOf<typeof VAULTS_TABLES, 'vaults'>, c: Counts | undefined): VaultRow => ({
    index: Number(r.idx),
    name: r.name === null ? null : String(r.name),
    icon: r.icon === null ? null : String(r.icon),
    createdAt: String(r.created_at),
    updatedAt: String(r.updated_at),
    itemCount: c?.itemCount ?? 0,
    slotsUsed: c?.slotsUsed ?? 0,
  });

  async function list(tx: VaultsDb, uuid: string): Promise<VaultRow[]> {
    const rows = await readAll.all(tx, { uuid });
    const c = await counts(tx, uuid);
    return rows.map((r) => rowOf(r, c.get(Number(r.idx))));
  }

  async function get(tx: VaultsDb, uuid: string, index: number): Promise<VaultRow | undefined> {
    const r = await readOne.first(tx, { uuid, index });
    return r && rowOf(r, (await counts(tx, uuid, index)).get(index));
  }

  async function insert(tx: VaultsDb, uuid: string, index: number, at: string): Promise<VaultRow> {
    await tx.insertInto('vaults').values({ uuid, idx: index, name: null, icon: null, created_at: at, updated_at: at }).execute();
    return { index, name: null, icon: null, createdAt: at, updatedAt: at, itemCount: 0, slotsUsed: 0 };
  }

  async function update(tx: VaultsDb, uuid: string, index: number, at: string, change: { name?: string | null; icon?: string | null }): Promise<void> {
    await tx.updateTable('vaults').set({ ...change, updated_at: at }).where('uuid', '=', uuid).where('idx', '=', index).execute();
  }

  /** Removes a vault and its contents; false when there was none. */
  async function remove(tx: VaultsDb, uuid: string, index: number): Promise<boolean> {
    await tx.deleteFrom('vault_items').where('uuid', '=', uuid).where('idx', '=', index).execute();
    const r = await tx.deleteFrom('vaults').where('uuid', '=', uuid).where('idx', '=', index).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** The contents, slot by slot, of slots 0 to size - 1 (others, left from more rows, are kept). */
  async function contents(tx: VaultsDb, uuid: string, index: number, size: number): Promise<Array<ItemStack | null>> {
    const rows = await readItems.all(tx, { uuid, index, size });
    const out = Array<ItemStack | null>(size).fill(null);
    for (const r of rows) out[Number(r.slot)] = JSON.parse(String(r.item)) as ItemStack;
    return out;
  }

  /** Writes slots 0 to items.length - 1 as given (the vault's own row gets `at` as its change). */
  async function setContents(tx: VaultsDb, uuid: string, index: number, items: ReadonlyArray<ItemStack | null>, at: string): Promise<void> {
    await tx.deleteFrom('vault_items').where('uuid', '=', uuid).where('idx', '=', index).where('slot', '<', items.length).execute();
    const rows = items.flatMap((item, slot) => (item ? [{ uuid, idx: index, slot, material: item.material, count: item.count, item: JSON.stringify(item) }] : []));
    if (rows.length > 0) await tx.insertInto('vault_items').values(rows).execute();
    await tx.updateTable('vaults').set({ updated_at: at }).where('uuid', '=', uuid).where('idx', '=', index).execute();
  }

  return { db, list, get, insert, update, remove, contents, setContents };
}
