import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { openDatabase, sql, type Database } from './db.ts';
import { prepareQuery } from './prepared-query.ts';
import { col, defineTables, type DbOf } from './tables.ts';

/** The table these tests write: `create table t (id integer primary key, v text not null)`. */
const T_TABLES = defineTables([], { t: { id: col.int(), v: col.text() } });

// Group commit (sqlite-driver.ts): the transactions of a turn commit together, and nothing is
// answered as done before it is committed. "Committed" is checked the way a crash would: through a
// second connection to the file, which sees only committed rows.
describe('SQLite transactions commit in groups', () => {
  let dir: string;
  let database: Database;
  let db: DbOf<typeof T_TABLES>;
  let other: DatabaseSync;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'core-group-'));
    database = openDatabase({ kind: 'sqlite', file: join(dir, 'core.db') });
    await sql`create table t (id integer primary key, v text not null)`.execute(database.db);
    db = T_TABLES.on(database.db);
    other = new DatabaseSync(join(dir, 'core.db'));
  });
  after(async () => {
    other.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const committed = (id: number) => other.prepare('select v from t where id = ?').get(id) !== undefined;

  /** COMMIT statements run on the server's connection while `fn` runs. */
  async function commitsDuring(fn: () => Promise<unknown>): Promise<number> {
    let commits = 0;
    const exec = DatabaseSync.prototype.exec;
    const prepare = DatabaseSync.prototype.prepare;
    const count = (text: string) => {
      if (/^\s*commit\b/i.test(text)) commits++;
    };
    DatabaseSync.prototype.exec = function (this: DatabaseSync, text: string) {
      count(text);
      return exec.call(this, text);
    };
    DatabaseSync.prototype.prepare = function (this: DatabaseSync, text: string) {
      count(text);
      return prepare.call(this, text);
    };
    try {
      await fn();
    } finally {
      DatabaseSync.prototype.exec = exec;
      DatabaseSync.prototype.prepare = prepare;
    }
    return commits;
  }

  it('answers each of 20 transactions begun in one turn only once it is committed, all in the same turn', async () => {
    let turn = 0;
    let counting = true;
    const count = () => {
      turn++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const seen: Array<{ id: number; committed: boolean; turn: number }> = [];
    const commits = await commitsDuring(() => Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db
          .transaction()
          .execute((tx) => tx.insertInto('t').values({ id: 100 + i, v: 'x' }).execute())
          .then(() => seen.push({ id: 100 + i, committed: committed(100 + i), turn })),
      ),
    ));
    counting = false;
    assert.equal(seen.length, 20);
    assert.deepEqual(seen.filter((s) => !s.committed), [], 'answered before it was committed');
    assert.equal(new Set(seen.map((s) => s.turn)).size, 1, 'all answered in one turn');
    assert.equal(commits, 1, 'one COMMIT for the 20');
  });

  it('rolls back a transaction that fails, alone: the others of its turn commit', async () => {
    const results = await Promise.allSettled([
      db.transaction().execute((tx) => tx.insertInto('t').values({ id: 200, v: 'a' }).execute()),
      db.transaction().execute(async (tx) => {
        await tx.insertInto('t').values({ id: 201, v: 'b' }).execute();
        throw new Error('changed its mind');
      }),
      db.transaction().execute((tx) => tx.insertInto('t').values({ id: 202, v: 'c' }).execute()),
    ]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    );
    assert.deepEqual([committed(200), committed(201), committed(202)], [true, false, true]);
  });

  it('answers a write outside a transaction, made while a group is open, once the group committed', async () => {
    const insert = prepareQuery(db, (q, p: { id: number }) => q.insertInto('t').values({ id: p.id, v: 'plain' }));
    const inGroup = db.transaction().execute((tx) => tx.insertInto('t').values({ id: 300, v: 'tx' }).execute());
    await new Promise((r) => setTimeout(r, 0)); // the transaction has joined its group; the group is not committed yet
    const prepared = insert.run(db, { id: 301 }).then(() => committed(301));
    const built = db.insertInto('t').values({ id: 302, v: 'kysely' }).execute().then(() => committed(302));
    assert.deepEqual(await Promise.all([prepared, built]), [true, true]);
    await inGroup;
    assert.equal(committed(300), true);
  });

  it('answers a read at once while a group is open, without waiting for its commit', async () => {
    const read = prepareQuery(db, (q, p: { id: number }) => q.selectFrom('t').select('v').where('id', '=', p.id));
    const inGroup = db.transaction().execute((tx) => tx.insertInto('t').values({ id: 400, v: 'late' }).execute());
    // Stay in this turn of the loop: the transaction begins and inserts in microtasks, and its group
    // commits only at the turn's end (setImmediate). A timer here could fire after that commit.
    for (let i = 0; i < 200; i++) await Promise.resolve();
    assert.equal((await read.first(db, { id: 400 }))?.v, 'late', 'the group is open: the server\'s connection sees its write');
    const row = await read.first(db, { id: 200 });
    assert.equal(row?.v, 'a');
    assert.equal(committed(400), false, 'the read did not wait for the group');
    await inGroup;
    assert.equal(committed(400), true);
  });
});
