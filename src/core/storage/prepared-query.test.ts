import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDatabase, sql, type Database } from './db.ts';
import { prepareQuery } from './prepared-query.ts';
import { col, defineTables, type DbOf } from './tables.ts';
import { withPostgres } from '../../../test/support/postgres.ts';

const ACCOUNTS = [
  {
    name: '001-accounts',
    async up(db: Database['db']) {
      await db.schema
        .createTable('pq_accounts')
        .addColumn('owner', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('balance', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .execute();
    },
  },
];

const ACCOUNTS_TABLES = defineTables(ACCOUNTS, { pq_accounts: { owner: col.text(), balance: col.bigint(), kind: col.text() } });

/** The queries of a small store, as a module builds them: once, with named parameters. */
function accountsStore(db: DbOf<typeof ACCOUNTS_TABLES>) {
  return {
    open: prepareQuery(db, (q, p: { owner: string; balance: number }) =>
      q.insertInto('pq_accounts').values({ owner: p.owner, balance: p.balance, kind: 'wallet' }).onConflict((oc) => oc.column('owner').doNothing()),
    ),
    read: prepareQuery(db, (q, p: { owner: string }) => q.selectFrom('pq_accounts').select(['owner', 'balance', 'kind']).where('owner', '=', p.owner)),
    richest: prepareQuery(db, (q, p: { limit: number }) =>
      q.selectFrom('pq_accounts').select(['owner', 'balance']).where('kind', '=', 'wallet').orderBy('balance', 'desc').orderBy('owner').limit(p.limit),
    ),
    add: prepareQuery(db, (q, p: { owner: string; delta: number }) =>
      q
        .updateTable('pq_accounts')
        .set({ balance: sql`balance + ${p.delta}` })
        .where('owner', '=', p.owner)
        .where(sql`balance + ${p.delta}`, '>=', 0)
        .returning('balance'),
    ),
  };
}

async function onSqlite(run: (database: Database) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'core-prepared-'));
  const database = openDatabase({ kind: 'sqlite', file: join(dir, 'core.db') });
  try {
    await run(database);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same behaviour on both databases. */
async function behaves(database: Database): Promise<void> {
  const db = ACCOUNTS_TABLES.on(database.db);
  await migrate(database, 'pq', ACCOUNTS);
  const s = accountsStore(db);

  assert.equal(await s.open.run(db, { owner: 'ann', balance: 10 }), 1);
  assert.equal(await s.open.run(db, { owner: 'ann', balance: 99 }), 0, 'an existing account is not opened again');
  await s.open.run(db, { owner: 'ben', balance: 30 });
  await s.open.run(db, { owner: 'cy', balance: 20 });

  const ann = await s.read.first(db, { owner: 'ann' });
  assert.deepEqual({ ...ann, balance: Number(ann?.balance) }, { owner: 'ann', balance: 10, kind: 'wallet' });
  assert.equal(await s.read.first(db, { owner: 'nobody' }), undefined);
  assert.deepEqual(
    (await s.richest.all(db, { limit: 2 })).map((r) => [r.owner, Number(r.balance)]),
    [
      ['ben', 30],
      ['cy', 20],
    ],
  );

  // A parameter used twice (the new balance and its check) takes the one value.
  assert.equal(Number((await s.add.first(db, { owner: 'ann', delta: 5 }))?.balance), 15);
  assert.equal(await s.add.first(db, { owner: 'ann', delta: -16 }), undefined, 'a debit beyond the balance changes nothing');

  // Inside a transaction: the transaction's own writes are read, and a rollback undoes them.
  await assert.rejects(
    db.transaction().execute(async (tx) => {
      await s.add.first(tx, { owner: 'ben', delta: -30 });
      assert.equal(Number((await s.read.first(tx, { owner: 'ben' }))?.balance), 0);
      throw new Error('roll back');
    }),
    /roll back/,
  );
  assert.equal(Number((await s.read.first(db, { owner: 'ben' }))?.balance), 30);
}

describe('prepareQuery', () => {
  it('reads, writes and returns rows on SQLite, in and out of transactions', () => onSqlite(behaves));

  it('does the same on PostgreSQL', (t: TestContext) =>
    withPostgres(t, 'prepared', async (openDb) => {
      const database = openDb();
      try {
        await behaves(database);
      } finally {
        await database.close();
      }
    }));

  it('waits on SQLite for a transaction in progress instead of running inside it', () =>
    onSqlite(async (database) => {
      const db = ACCOUNTS_TABLES.on(database.db);
      await migrate(database, 'pq', ACCOUNTS);
      const s = accountsStore(db);
      await s.open.run(db, { owner: 'ann', balance: 10 });
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const order: string[] = [];
      const tx = db.transaction().execute(async (t) => {
        await s.add.first(t, { owner: 'ann', delta: 5 });
        await held;
        order.push('transaction ends');
        throw new Error('roll back');
      });
      // Outside the transaction: it must neither see the uncommitted 15 nor be rolled back with it.
      const outside = (async () => {
        await new Promise((r) => setImmediate(r));
        const p = s.add.first(db, { owner: 'ann', delta: 1 });
        release();
        const row = await p;
        order.push('outside write');
        return Number(row?.balance);
      })();
      await assert.rejects(tx, /roll back/);
      assert.equal(await outside, 11);
      assert.deepEqual(order, ['transaction ends', 'outside write']);
      assert.equal(Number((await s.read.first(db, { owner: 'ann' }))?.balance), 11);
    }));

  it('refuses, when it is built, a query that computes with a parameter', () =>
    onSqlite(async (database) => {
      const db = ACCOUNTS_TABLES.on(database.db);
      assert.throws(
        () => prepareQuery(db, (q, p: { name: string }) => q.selectFrom('pq_accounts').selectAll().where('owner', '=', p.name.toLowerCase())),
        /could not be built once \(use each parameter as a value only\)/,
      );
    }));
});
