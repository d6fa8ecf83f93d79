// All SQL of the homes: one row per occupied slot, keyed by player and slot. Labels are unique per
// player regardless of case (label_lower carries a unique index; NULLs never collide).

import type { Db, Migration } from '../../core/storage/db.ts';
import { prepareQuery } from '../../core/storage/prepared-query.ts';
import type { Location } from '../../platform/platform.ts';
import type { Visibility } from './homes.schemas.ts';
import { LOCATION_COLUMNS, locationOfRow, withLocationColumns } from '../../core/values/location.ts';
import { col, defineTables, type DbOf, type TablesIn, type RowOf } from '../../core/storage/tables.ts';
import type { Updateable } from 'kysely';

export const HOMES_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-homes',
    async up(db) {
      await db.schema
        .createTable('homes')
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull())
        .addColumn('slot', 'integer', (c) => c.notNull())
        .addColumn('label', 'varchar(32)')
        .addColumn('label_lower', 'varchar(32)')
        .$call(withLocationColumns)
        .addColumn('icon', 'varchar(64)', (c) => c.notNull())
        .addColumn('visibility', 'varchar(8)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('homes_pk', ['uuid', 'slot'])
        .execute();
      await db.schema.createIndex('homes_label').unique().on('homes').columns(['uuid', 'label_lower']).execute();
    },
  },
];

export const HOMES_TABLES = defineTables(HOMES_MIGRATIONS, {
  homes: {
    uuid: col.text(),
    slot: col.int(),
    label: col.text().nullable(),
    label_lower: col.text().nullable(),
    ...LOCATION_COLUMNS,
    icon: col.text(),
    visibility: col.text<Visibility>(),
    created_at: col.text(),
    updated_at: col.text(),
  },
});
export type HomesDb = DbOf<typeof HOMES_TABLES>;
type HomesTable = TablesIn<typeof HOMES_TABLES>['homes'];

export interface HomeRow {
  slot: number;
  label: string | null;
  location: Location;
  icon: string;
  visibility: Visibility;
  createdAt: string;
  updatedAt: string;
}

function rowOf(r: RowOf<typeof HOMES_TABLES, 'homes'>): HomeRow {
  return {
    slot: Number(r.slot),
    label: r.label === null ? null : String(r.label),
    location: locationOfRow(r),
    icon: String(r.icon),
    visibility: r.visibility === 'public' ? 'public' : 'private',
    createdAt: String(r.created_at),
    updatedAt: String(r.updated_at),
  };
}

export function createHomesStore(root: Db) {
  const db = HOMES_TABLES.on(root);
  // The reads of every request, built once (src/core/storage/prepared-query.ts).
  const readAll = prepareQuery(db, (q, p: { uuid: string }) => q.selectFrom('homes').selectAll().where('uuid', '=', p.uuid).orderBy('slot'));
  const readSlot = prepareQuery(db, (q, p: { uuid: string; slot: number }) =>
    q.selectFrom('homes').selectAll().where('uuid', '=', p.uuid).where('slot', '=', p.slot),
  );
  const readLabel = prepareQuery(db, (q, p: { uuid: string; labelLower: string }) =>
    q.selectFrom('homes').selectAll().where('uuid', '=', p.uuid).where('label_lower', '=', p.labelLower),
  );
  const deleteSlot = prepareQuery(db, (q, p: { uuid: string; slot: number }) =>
    q.deleteFrom('homes').where('uuid', '=', p.uuid).where('slot', '=', p.slot),
  );

  async function list(tx: HomesDb, uuid: string): Promise<HomeRow[]> {
    return (await readAll.all(tx, { uuid })).map(rowOf);
  }

  async function get(tx: HomesDb, uuid: string, slot: number): Promise<HomeRow | undefined> {
    const r = await readSlot.first(tx, { uuid, slot });
    return r && rowOf(r);
  }

  async function byLabel(tx: HomesDb, uuid: string, label: string): Promise<HomeRow | undefined> {
    const r = await readLabel.first(tx, { uuid, labelLower: label.toLowerCase() });
    return r && rowOf(r);
  }

  async function insert(tx: HomesDb, uuid: string, home: HomeRow): Promise<void> {
    const { location: l } = home;
    await tx
      .insertInto('homes')
      .values({
        uuid,
        slot: home.slot,
        label: home.label,
        label_lower: home.label?.toLowerCase() ?? null,
        ...l,
        icon: home.icon,
        visibility: home.visibility,
        created_at: home.createdAt,
        updated_at: home.updatedAt,
      })
      .execute();
  }

  /** Changes some fields of an occupied slot; false when the slot is empty. */
  async function update(
    tx: HomesDb,
    uuid: string,
    slot: number,
    at: string,
    change: { location?: Location; label?: string | null; icon?: string; visibility?: Visibility },
  ): Promise<boolean> {
    const set: Updateable<HomesTable> = { updated_at: at };
    if (change.location) Object.assign(set, { ...change.location });
    if (change.label !== undefined) {
      set.label = change.label;
      set.label_lower = change.label?.toLowerCase() ?? null;
    }
    if (change.icon !== undefined) set.icon = change.icon;
    if (change.visibility !== undefined) set.visibility = change.visibility;
    const r = await tx.updateTable('homes').set(set).where('uuid', '=', uuid).where('slot', '=', slot).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async function remove(tx: HomesDb, uuid: string, slot: number): Promise<boolean> {
    return (await deleteSlot.run(tx, { uuid, slot })) > 0;
  }

  return { db, list, get, byLabel, insert, update, remove };
}

export type HomesStore = ReturnType<typeof createHomesStore>;
