// All SQL of the trade: the journal of items the trade holds for their owners. While a trade is
// open, a trader's row holds what they put into the window; when a trade ends, a row holds what is
// owed to a player and could not be given yet (they left, or had no room). A row disappears once
// its items are given. After a crash, every row is given back to its owner at their next join, so
// items in a window at the moment of the crash return to whoever put them in.

import type { Db, Migration } from '../../core/storage/db.ts';
import { prepareQuery } from '../../core/storage/prepared-query.ts';
import type { ItemStack } from '../../platform/platform.ts';
import { col, defineTables, type DbOf } from '../../core/storage/tables.ts';

export const TRADE_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-trade-journal',
    async up(db) {
      await db.schema
        .createTable('trade_journal')
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull())
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('items', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('trade_journal_pk', ['uuid', 'kind'])
        .execute();
    },
  },
];

export const TRADE_TABLES = defineTables(TRADE_MIGRATIONS, {
  /** `items`: the stacks as JSON. */
  trade_journal: { uuid: col.text(), kind: col.text<JournalKind>(), items: col.text(), updated_at: col.text() },
});
export type TradeDb = DbOf<typeof TRADE_TABLES>;

/** offer: what the player has put into an open trade window; owed: what is waiting to be given to them. */
export type JournalKind = 'offer' | 'owed';

export function createTradeStore(root: Db) {
  const db = TRADE_TABLES.on(root);
  const readOne = prepareQuery(db, (q, p: { uuid: string; kind: JournalKind }) =>
    q.selectFrom('trade_journal').select('items').where('uuid', '=', p.uuid).where('kind', '=', p.kind),
  );
  const deleteOne = prepareQuery(db, (q, p: { uuid: string; kind: JournalKind }) => q.deleteFrom('trade_journal').where('uuid', '=', p.uuid).where('kind', '=', p.kind));

  /** What the journal holds for a player (empty when nothing): in an open window, or owed. */
  async function held(tx: TradeDb, uuid: string, kind: JournalKind): Promise<ItemStack[]> {
    const r = await readOne.first(tx, { uuid, kind });
    return r ? (JSON.parse(String(r.items)) as ItemStack[]) : [];
  }

  /** Writes what the journal holds for a player (nothing removes the row). */
  async function hold(tx: TradeDb, uuid: string, kind: JournalKind, items: readonly ItemStack[], at: string): Promise<void> {
    if (items.length === 0) {
      await deleteOne.run(tx, { uuid, kind });
      return;
    }
    const text = JSON.stringify(items);
    await tx
      .insertInto('trade_journal')
      .values({ uuid, kind, items: text, updated_at: at })
      .onConflict((oc) => oc.columns(['uuid', 'kind']).doUpdateSet({ items: text, updated_at: at }))
      .execute();
  }

  /** Every player the journal holds items for. */
  async function owners(): Promise<string[]> {
    const rows = await db.selectFrom('trade_journal').select('uuid').execute();
    return rows.map((r) => String(r.uuid));
  }

  return { held, hold, owners };
}

export type TradeStore = ReturnType<typeof createTradeStore>;
