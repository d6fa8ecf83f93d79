// All SQL of the economy. Balances are integers of minor units. Every change is one conditional
// UPDATE (`balance + delta` kept within 0 and MAX_MINOR), so two servers sharing a PostgreSQL
// database can never overdraw an account between a read and a write, and each change writes a
// ledger row whose id is the transaction id. A change touching several rows first locks them all
// (`lock`: SELECT … FOR UPDATE) in one order, accounts then uuids, so two servers moving money
// between the same accounts in opposite directions wait for each other instead of deadlocking, and
// a read-then-write (a set, a loan) sees no change between its read and its write.

import { isSqlite, sql, type Db, type Migration } from '../../core/storage/db.ts';
import { prepareQuery } from '../../core/storage/prepared-query.ts';
import { rowMemory, type RowMemory } from '../../core/storage/row-memory.ts';
import { MAX_MINOR } from '../../core/values/money.ts';
import { col, defineTables, type DbOf } from '../../core/storage/tables.ts';
import { PLAYERS_TABLES } from '../../core/players/players.ts';

export type Account = 'wallet' | 'bank' | 'loan';
const TABLE = { wallet: 'economy_wallets', bank: 'economy_banks', loan: 'economy_loans' } as const satisfies Record<Account, string>;
type AccountTable = (typeof TABLE)[Account];

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

/** An account's balance of a currency, in minor units. */
const ACCOUNT = { uuid: col.text(), currency: col.text(), balance: col.bigint() };

export const ECONOMY_TABLES = defineTables(ECONOMY_MIGRATIONS, {
  economy_wallets: ACCOUNT,
  economy_banks: ACCOUNT,
  economy_loans: ACCOUNT,
  economy_ledger: {
    id: col.bigint().generated(),
    at: col.text(),
    uuid: col.text(),
    currency: col.text(),
    account: col.text<Account>(),
    delta: col.bigint(),
    balance_after: col.bigint(),
    kind: col.text(),
    actor: col.text(),
  },
});
/** The store's view: its tables, and the known players for the names of the top list. */
const VIEW = ECONOMY_TABLES.and(PLAYERS_TABLES);
export type EconomyDb = DbOf<typeof VIEW>;

export interface LedgerEntry {
  id: number;
  balance: number;
}

export function createEconomyStore(root: Db) {
  const db = VIEW.on(root);
  // The statements of every request, built once per account table (src/core/storage/prepared-query.ts).
  const perAccount = <T>(make: (table: AccountTable) => T): Record<Account, T> => ({
    wallet: make(TABLE.wallet),
    bank: make(TABLE.bank),
    loan: make(TABLE.loan),
  });
  const openAccount = perAccount((table) =>
    prepareQuery(db, (q, p: { uuid: string; currency: string; initial: number }) =>
      q
        .insertInto(table)
        .values({ uuid: p.uuid, currency: p.currency, balance: p.initial })
        .onConflict((oc) => oc.columns(['uuid', 'currency']).doNothing()),
    ),
  );
  const readBalance = perAccount((table) =>
    prepareQuery(db, (q, p: { uuid: string; currency: string }) =>
      q.selectFrom(table).select('balance').where('uuid', '=', p.uuid).where('currency', '=', p.currency),
    ),
  );
  const addToBalance = perAccount((table) =>
    prepareQuery(db, (q, p: { uuid: string; currency: string; delta: number }) =>
      q
        .updateTable(table)
        .set({ balance: sql`balance + ${p.delta}` })
        .where('uuid', '=', p.uuid)
        .where('currency', '=', p.currency)
        .where(sql`balance + ${p.delta}`, '>=', 0)
        .where(sql`balance + ${p.delta}`, '<=', MAX_MINOR)
        .returning('balance'),
    ),
  );
  const writeLedger = prepareQuery(
    db,
    (q, p: { at: string; uuid: string; currency: string; account: Account; delta: number; balance: number; kind: string; actor: string }) =>
      q
        .insertInto('economy_ledger')
        .values({ at: p.at, uuid: p.uuid, currency: p.currency, account: p.account, delta: p.delta, balance_after: p.balance, kind: p.kind, actor: p.actor })
        .returning('id'),
  );
  const readWallets = prepareQuery(db, (q, p: { uuid: string }) =>
    q.selectFrom('economy_wallets').select(['currency', 'balance']).where('uuid', '=', p.uuid),
  );
  const readTop = prepareQuery(db, (q, p: { currency: string; limit: number }) =>
    q
      .selectFrom('economy_wallets as w')
      .innerJoin('core_players as p', 'p.uuid', 'w.uuid')
      .select(['w.uuid as uuid', 'p.name as name', 'w.balance as balance'])
      .where('w.currency', '=', p.currency)
      .orderBy('w.balance', 'desc')
      .orderBy('p.name_lower', 'asc')
      .limit(p.limit),
  );

  // Balances read outside a transaction stay in memory on SQLite until this store writes them
  // (src/core/storage/row-memory.ts): a balance read then costs no database read at all. One memory per
  // account and currency, keyed by the player's uuid: a lookup builds no key string to hash.
  const memories: Record<Account, Map<string, RowMemory<number>>> = { wallet: new Map(), bank: new Map(), loan: new Map() };
  function memoryOf(account: Account, currency: string): RowMemory<number> {
    let m = memories[account].get(currency);
    if (m === undefined) {
      m = rowMemory<number>(db);
      memories[account].set(currency, m);
    }
    return m;
  }

  // SQLite has one writer: a transaction there already excludes every other; it has no FOR UPDATE.
  const rowLocks = !isSqlite(db);
  const ORDER: readonly Account[] = ['wallet', 'bank', 'loan'];

  /** Locks the rows a transaction will change, in the one order every transaction uses. */
  async function lock(tx: EconomyDb, currency: string, rows: ReadonlyArray<{ account: Account; uuid: string }>): Promise<void> {
    if (!rowLocks) return;
    for (const account of ORDER) {
      const uuids = [...new Set(rows.filter((r) => r.account === account).map((r) => r.uuid))].sort();
      if (uuids.length === 0) continue;
      await tx.selectFrom(TABLE[account]).select('uuid').where('currency', '=', currency).where('uuid', 'in', uuids).orderBy('uuid').forUpdate().execute();
    }
  }

  /** Opens an account with `initial` minor units if it does not exist; true when it was opened now. */
  async function open(tx: EconomyDb, account: Account, uuid: string, currency: string, initial: number): Promise<boolean> {
    memoryOf(account, currency).forget(uuid);
    return (await openAccount[account].run(tx, { uuid, currency, initial })) > 0;
  }

  async function balanceOf(tx: EconomyDb, account: Account, uuid: string, currency: string): Promise<number | undefined> {
    if (tx !== db) {
      // Inside a transaction: its own view, never remembered (it may not commit).
      const row = await readBalance[account].first(tx, { uuid, currency });
      return row === undefined ? undefined : Number(row.balance);
    }
    const memory = memoryOf(account, currency);
    const held = memory.get(uuid);
    if (held !== undefined) return held;
    const mark = memory.mark();
    const row = await readBalance[account].first(db, { uuid, currency });
    if (row === undefined) return undefined;
    const balance = Number(row.balance);
    memory.remember(uuid, mark, balance);
    return balance;
  }

  /**
   * Adds `delta` (negative to take) when the result stays within 0 and MAX_MINOR, and writes the
   * ledger row. Undefined when the account lacks the funds (or would overflow) or does not exist.
   */
  async function change(
    tx: EconomyDb,
    at: string,
    account: Account,
    uuid: string,
    currency: string,
    delta: number,
    kind: string,
    actor: string,
  ): Promise<LedgerEntry | undefined> {
    memoryOf(account, currency).forget(uuid);
    const updated = await addToBalance[account].first(tx, { uuid, currency, delta });
    if (updated === undefined) return undefined;
    const balance = Number(updated.balance);
    const entry = await writeLedger.first(tx, { at, uuid, currency, account, delta, balance, kind, actor });
    if (entry === undefined) throw new Error('the ledger row was not written');
    return { id: Number(entry.id), balance };
  }

  async function top(currency: string, limit: number): Promise<Array<{ uuid: string; name: string; balance: number }>> {
    const rows = await readTop.all(db, { currency, limit });
    return rows.map((r) => ({ uuid: String(r.uuid), name: String(r.name), balance: Number(r.balance) }));
  }

  async function wallets(uuid: string): Promise<Map<string, number>> {
    const rows = await readWallets.all(db, { uuid });
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

  return { db, open, lock, balanceOf, change, top, wallets, total };
}

export type EconomyStore = ReturnType<typeof createEconomyStore>;
