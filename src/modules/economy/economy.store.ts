// All SQL of the economy. Balances are integers of minor units. Every change is one conditional
// UPDATE (`balance + delta` kept within 0 and MAX_MINOR), so two servers sharing a PostgreSQL
// database can never overdraw an account between a read and a write, and each change writes a
// ledger row whose id is the transaction id.

import { sql, type Db, type Migration } from '../../core/db.ts';
import { MAX_MINOR } from '../../core/money.ts';

export type Account = 'wallet' | 'bank' | 'loan';
const TABLE: Record<Account, string> = { wallet: 'economy_wallets', bank: 'economy_banks', loan: 'economy_loans' };

export const ECONOMY_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-accounts-and-ledger',
    async up(db, kind) {
      for (const table of Object.values(TABLE)) {
        await db.schema
          .createTable(table)
          .addColumn('uuid', 'varchar(36)', (c) => c.notNull())
          .addColumn('currency', 'varchar(32)', (c) => c.notNull())
          .addColumn('balance', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint(`${table}_pk`, ['uuid', 'currency'])
          .execute();
      }
      await db.schema.createIndex('economy_wallets_top').on('economy_wallets').columns(['currency', 'balance']).execute();
      await db.schema
        .createTable('economy_ledger')
        .addColumn('id', kind === 'postgres' ? 'bigserial' : 'integer', (c) =>
          kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('at', 'varchar(32)', (c) => c.notNull())
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull())
        .addColumn('currency', 'varchar(32)', (c) => c.notNull())
        .addColumn('account', 'varchar(8)', (c) => c.notNull())
        .addColumn('delta', 'bigint', (c) => c.notNull())
        .addColumn('balance_after', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'varchar(32)', (c) => c.notNull())
        .addColumn('actor', 'varchar(64)', (c) => c.notNull())
        .execute();
    },
  },
];

export interface LedgerEntry {
  id: number;
  balance: number;
}

export function createEconomyStore(db: Db) {
  /** Opens an account with `initial` minor units if it does not exist; true when it was opened now. */
  async function open(tx: Db, account: Account, uuid: string, currency: string, initial: number): Promise<boolean> {
    const r = await tx
      .insertInto(TABLE[account])
      .values({ uuid, currency, balance: initial })
      .onConflict((oc) => oc.columns(['uuid', 'currency']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  async function balanceOf(tx: Db, account: Account, uuid: string, currency: string): Promise<number | undefined> {
    const row = await tx
      .selectFrom(TABLE[account])
      .select('balance')
      .where('uuid', '=', uuid)
      .where('currency', '=', currency)
      .executeTakeFirst();
    return row === undefined ? undefined : Number(row.balance);
  }

  /**
   * Adds `delta` (negative to take) when the result stays within 0 and MAX_MINOR, and writes the
   * ledger row. Undefined when the account lacks the funds (or would overflow) or does not exist.
   */
  async function change(
    tx: Db,
    at: string,
    account: Account,
    uuid: string,
    currency: string,
    delta: number,
    kind: string,
    actor: string,
  ): Promise<LedgerEntry | undefined> {
    const updated = await tx
      .updateTable(TABLE[account])
      .set({ balance: sql`balance + ${delta}` })
      .where('uuid', '=', uuid)
      .where('currency', '=', currency)
      .where(sql`balance + ${delta}`, '>=', 0)
      .where(sql`balance + ${delta}`, '<=', MAX_MINOR)
      .returning('balance')
      .executeTakeFirst();
    if (updated === undefined) return undefined;
    const balance = Number(updated.balance);
    const entry = await tx
      .insertInto('economy_ledger')
      .values({ at, uuid, currency, account, delta, balance_after: balance, kind, actor })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(entry.id), balance };
  }

  async function top(currency: string, limit: number): Promise<Array<{ uuid: string; name: string; balance: number }>> {
    const rows = await db
      .selectFrom('economy_wallets as w')
      .innerJoin('core_players as p', 'p.uuid', 'w.uuid')
      .select(['w.uuid as uuid', 'p.name as name', 'w.balance as balance'])
      .where('w.currency', '=', currency)
      .orderBy('w.balance', 'desc')
      .orderBy('p.name_lower', 'asc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ uuid: String(r.uuid), name: String(r.name), balance: Number(r.balance) }));
  }

  async function wallets(uuid: string): Promise<Map<string, number>> {
    const rows = await db.selectFrom('economy_wallets').select(['currency', 'balance']).where('uuid', '=', uuid).execute();
    return new Map(rows.map((r) => [String(r.currency), Number(r.balance)]));
  }

  /** Sum of every wallet, bank and outstanding loan of a currency (for tests of conservation). */
  async function total(account: Account, currency: string): Promise<number> {
    const row = await db
      .selectFrom(TABLE[account])
      .select(sql<string | number | null>`sum(balance)`.as('total'))
      .where('currency', '=', currency)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  return { open, balanceOf, change, top, wallets, total };
}

export type EconomyStore = ReturnType<typeof createEconomyStore>;
