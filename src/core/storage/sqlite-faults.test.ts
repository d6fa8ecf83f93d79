// The SQLite driver when the file cannot be written (src/core/storage/sqlite-driver.ts): another program
// holding the write lock, and a write the operating system refuses, at a COMMIT and in the middle
// of a transaction. Nothing is answered as done unless committed, nothing half-applied stays, and
// the event loop never stops while a lock is waited for. "Committed" is read the way a crash would
// see it: through a connection of its own.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { pathToFileURL } from 'node:url';
import { openDatabase, sql, sqliteDirect, type Database } from './db.ts';
import { prepareQuery } from './prepared-query.ts';
import { col, defineTables, type DbOf } from './tables.ts';

/** The table these tests write: `create table t (id integer primary key, v text not null)`. */
const T_TABLES = defineTables([], { t: { id: col.int(), v: col.text() } });
import { LOCK_WAIT_MS } from './sqlite-driver.ts';
import { storageFault } from './storage-errors.ts';

describe('SQLite writes while another program holds the write lock', () => {
  let dir: string;
  let file: string;
  let database: Database;
  let db: DbOf<typeof T_TABLES>;
  let other: DatabaseSync;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'core-lock-'));
    file = join(dir, 'core.db');
    database = openDatabase({ kind: 'sqlite', file });
    await sql`create table t (id integer primary key, v text not null)`.execute(database.db);
    db = T_TABLES.on(database.db);
    other = new DatabaseSync(file);
  });
  after(async () => {
    other.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const committed = (id: number) => other.prepare('select v from t where id = ?').get(id) !== undefined;
  const insert = (id: number) => db.transaction().execute((tx) => tx.insertInto('t').values({ id, v: 'x' }).execute());

  /**
   * The longest the loop stood still while `fn` ran (between two runs of a 10 ms timer), and how
   * long `fn` took. SQLite's own busy wait would stop the loop for the whole wait (5 s); the bounds
   * below leave room for a loaded machine.
   */
  async function loopDuring<T>(fn: () => Promise<T>): Promise<{ value: PromiseSettledResult<T>; stalledMs: number; ms: number }> {
    const started = performance.now();
    let last = started;
    let stalledMs = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      stalledMs = Math.max(stalledMs, now - last);
      last = now;
    }, 10);
    const [value] = await Promise.allSettled([fn()]);
    clearInterval(timer);
    const ended = performance.now();
    return { value: value!, stalledMs: Math.max(stalledMs, ended - last), ms: ended - started };
  }

  it('waits without stopping the loop, serves reads meanwhile, and commits once the lock is freed', async () => {
    await insert(1);
    other.exec('BEGIN IMMEDIATE');
    const read = prepareQuery(db, (q, p: { id: number }) => q.selectFrom('t').select('v').where('id', '=', p.id));
    setTimeout(() => other.exec('ROLLBACK'), 1000);
    const r = await loopDuring(async () => {
      const write = insert(2);
      const readAt = performance.now();
      assert.equal((await read.first(db, { id: 1 }))?.v, 'x');
      const readMs = performance.now() - readAt;
      await write;
      return readMs;
    });
    assert.equal(r.value.status, 'fulfilled');
    assert.ok(r.value.status === 'fulfilled' && r.value.value < 800, 'the read was answered while the write waited');
    assert.ok(r.ms >= 950, `the write waited for the lock (${Math.round(r.ms)} ms)`);
    assert.ok(r.stalledMs < 800, `the loop kept turning (it stood still ${Math.round(r.stalledMs)} ms at most)`);
    assert.equal(committed(2), true);
  });

  it(`fails every write after ${LOCK_WAIT_MS / 1000} s with a storage fault naming the file, commits none of them, and writes again once the lock is freed`, async () => {
    other.exec('BEGIN IMMEDIATE');
    const plain = prepareQuery(db, (q, p: { id: number }) => q.insertInto('t').values({ id: p.id, v: 'plain' }));
    let r: Awaited<ReturnType<typeof loopDuring<PromiseSettledResult<unknown>[]>>>;
    try {
      r = await loopDuring(() => Promise.allSettled([insert(10), insert(11), plain.run(db, { id: 12 }), db.insertInto('t').values({ id: 13, v: 'k' }).execute()]));
    } finally {
      other.exec('ROLLBACK');
    }
    const results = r.value.status === 'fulfilled' ? r.value.value : [];
    assert.deepEqual(results.map((x) => x.status), ['rejected', 'rejected', 'rejected', 'rejected']);
    for (const x of results) {
      const fault = storageFault((x as PromiseRejectedResult).reason);
      assert.equal(fault?.kind, 'locked');
      assert.match(fault.log, new RegExp(`^the database ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is locked by another program \\(database is locked; waited 5\\.\\d s for its write lock\\)$`));
    }
    assert.ok(r.ms >= LOCK_WAIT_MS - 50 && r.ms < LOCK_WAIT_MS + 2000, `declined after the wait (${Math.round(r.ms)} ms)`);
    assert.ok(r.stalledMs < 1000, `the loop kept turning (it stood still ${Math.round(r.stalledMs)} ms at most)`);
    assert.deepEqual([10, 11, 12, 13].map(committed), [false, false, false, false]);
    await insert(14);
    assert.equal(committed(14), true);
  });

  it('fails every transaction of a group SQLite rolled back whole, commits none, and the next group commits', async () => {
    // What SQLite does after some faults of the storage (a failed write of the cache, an I/O
    // error): it rolls back the whole transaction, the group of the turn. Made here by a ROLLBACK
    // on the connection before a statement fails.
    const direct = sqliteDirect(database.db)!;
    const results = await Promise.allSettled([
      insert(20),
      db.transaction().execute(async (tx) => {
        await tx.insertInto('t').values({ id: 21, v: 'x' }).execute();
        direct.db.exec('ROLLBACK');
        await sql`insert into no_such_table values (1)`.execute(tx);
      }),
      insert(22),
    ]);
    assert.deepEqual(results.map((x) => x.status), ['rejected', 'rejected', 'fulfilled']);
    assert.deepEqual([20, 21, 22].map(committed), [false, false, true]);
    await insert(23);
    assert.equal(committed(23), true);
  });
});

/**
 * The child: a database under a file-size limit (RLIMIT_FSIZE, set by the shell before node
 * starts: no privilege needed). Writes groups of transactions until a write fails, then reports
 * what each transaction was answered, as JSON lines.
 */
function childScript(dbUrl: string, faultsUrl: string): string {
  return `
import { openDatabase, sql, sqliteDirect } from ${JSON.stringify(dbUrl)};
import { storageFault } from ${JSON.stringify(faultsUrl)};
const [file, mode] = process.argv.slice(2);
const database = openDatabase({ kind: 'sqlite', file });
await sql\`create table t (id integer primary key, v text not null)\`.execute(database.db);
// A small cache: a big transaction writes its pages to the WAL before its COMMIT.
if (mode === 'spill') sqliteDirect(database.db).db.exec('PRAGMA cache_size = 8');
const report = (o) => process.stdout.write(JSON.stringify(o) + '\\n');
let id = 0;
for (let round = 0; round < 1000; round++) {
  const big = mode === 'spill' && round > 0 ? 1 : 0;
  const ids = [];
  const txs = [];
  for (let i = 0; i < 4; i++) {
    const mine = ++id;
    ids.push(mine);
    // In spill mode the second transaction of a group writes 300 KB: it cannot wait for the COMMIT.
    const size = big && i === 1 ? 300 : 1;
    txs.push(database.db.transaction().execute(async (tx) => {
      for (let k = 0; k < size; k++) await tx.insertInto('t').values({ id: mine * 1000 + k, v: 'x'.repeat(1000) }).execute();
    }));
  }
  const settled = await Promise.allSettled(txs);
  const failed = settled.filter((s) => s.status === 'rejected');
  report({ ids, answers: settled.map((s) => s.status === 'fulfilled' ? 'done' : storageFault(s.reason)?.kind ?? String(s.reason)) });
  if (failed.length) break;
}
// Reads still answer after the failure.
const count = await database.db.selectFrom('t').select(sql\`count(*)\`.as('n')).executeTakeFirst();
report({ read: Number(count.n) });
await database.close();
`;
}

describe('SQLite writes the operating system refuses (a file-size limit: EFBIG, as a full disk refuses a write)', () => {
  async function run(mode: 'commit' | 'spill'): Promise<{ rounds: Array<{ ids: number[]; answers: string[] }>; read: number; rows: number; present: Set<number> }> {
    const dir = mkdtempSync(join(tmpdir(), 'core-fsize-'));
    try {
      const file = join(dir, 'core.db');
      const script = join(dir, 'child.mjs');
      writeFileSync(script, childScript(pathToFileURL(join(import.meta.dirname, 'db.ts')).href, pathToFileURL(join(import.meta.dirname, 'storage-errors.ts')).href));
      // 400 blocks of 512 bytes: the WAL may grow to 200 KB.
      const child = spawn('sh', ['-c', 'ulimit -S -f 400 && exec "$0" "$@"', process.execPath, script, file, mode], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
      assert.equal(code, 0, `the child ended cleanly:\n${out}`);
      const lines = out.trim().split('\n').map((l) => JSON.parse(l) as { ids?: number[]; answers?: string[]; read?: number });
      const db = new DatabaseSync(file, { readOnly: true });
      const ids = (db.prepare('select id from t').all() as { id: number }[]).map((r) => Number(r.id));
      db.close();
      const present = new Set(ids.map((id) => Math.floor(id / 1000)));
      return { rounds: lines.filter((l) => l.ids) as Array<{ ids: number[]; answers: string[] }>, read: lines.at(-1)?.read ?? -1, rows: ids.length, present };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  /** Every transaction answered done is in the file, every one declined is not, and each decline is a storage fault. */
  function assertAnswersMatchFile(rounds: Array<{ ids: number[]; answers: string[] }>, present: Set<number>): void {
    for (const r of rounds) {
      r.ids.forEach((id, i) => {
        const answer = r.answers[i];
        if (answer === 'done') assert.ok(present.has(id), `transaction ${id} was answered done but is not in the file`);
        else {
          assert.equal(answer, 'io', `transaction ${id} was declined as a storage fault`);
          assert.ok(!present.has(id), `transaction ${id} was declined but is in the file`);
        }
      });
    }
  }

  it('fails every transaction of the group whose COMMIT the OS refused, keeps every group committed before, and still reads', async () => {
    const { rounds, read, rows, present } = await run('commit');
    assert.deepEqual(rounds.at(-1)!.answers, ['io', 'io', 'io', 'io'], 'the whole group is declined');
    assert.ok(rounds.length > 1, 'groups were committed before the limit');
    assertAnswersMatchFile(rounds, present);
    assert.equal(read, rows, 'a read after the failure answers what the file holds');
  });

  it('fails the whole group when a big transaction cannot write its pages ahead of the COMMIT (the one before it included), and commits none of it', async () => {
    const { rounds, read, rows, present } = await run('spill');
    // The first transaction was done and waited for the group's COMMIT; the second failed writing
    // its pages and SQLite rolled back the group: both declined. Those after it form a new group.
    assert.deepEqual(rounds.at(-1)!.answers.slice(0, 2), ['io', 'io']);
    assertAnswersMatchFile(rounds, present);
    assert.equal(read, rows, 'a read after the failure answers what the file holds');
  });
});
