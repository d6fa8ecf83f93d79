import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DatabaseSync } from 'node:sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memoryLogger } from '../log/log.ts';
import { FAULT_LOG_INTERVAL_MS, fromDatabase, storageFault, storageFaultLog } from './storage-errors.ts';

/** The error node:sqlite throws for a statement, as it throws it. */
function sqliteError(run: (db: DatabaseSync, other: DatabaseSync) => void): unknown {
  const dir = mkdtempSync(join(tmpdir(), 'core-faults-'));
  const db = new DatabaseSync(join(dir, 'f.db'));
  const other = new DatabaseSync(join(dir, 'f.db'));
  try {
    db.exec('PRAGMA journal_mode = WAL; create table t (v text)');
    run(db, other);
  } catch (e) {
    return e;
  } finally {
    db.close();
    other.close();
    rmSync(dir, { recursive: true, force: true });
  }
  throw new Error('the statement did not fail');
}

describe('storageFault: which errors mean the database cannot be used', () => {
  it('reads a locked file and a full database from the errors node:sqlite throws, naming the file when the driver marked it', () => {
    const locked = sqliteError((db, other) => {
      other.exec('PRAGMA busy_timeout = 0; BEGIN IMMEDIATE');
      db.exec('PRAGMA busy_timeout = 0; BEGIN IMMEDIATE');
    });
    const fault = storageFault(fromDatabase(locked, '/srv/data/core/core.db', 5000));
    assert.equal(fault?.kind, 'locked');
    assert.equal(fault?.log, 'the database /srv/data/core/core.db is locked by another program (database is locked; waited 5.0 s for its write lock)');
    assert.equal(fault?.message, "The server's database is locked by another program, so the request was not carried out; try again later.");

    const full = sqliteError((db) => {
      db.exec(`PRAGMA max_page_count = ${(db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count}`);
      db.prepare('insert into t values (?)').run('x'.repeat(100_000));
    });
    assert.equal(storageFault(full)?.kind, 'full');
    assert.equal(storageFault(full)?.log, 'the disk of the database is full (database or disk is full)');
  });

  it('reads the other SQLite faults by their primary result code, extended codes included', () => {
    const sqlite = (errcode: number, message: string) => Object.assign(new Error(message), { code: 'ERR_SQLITE_ERROR', errcode });
    assert.equal(storageFault(sqlite(778, 'disk I/O error'))?.kind, 'io'); // SQLITE_IOERR_WRITE
    assert.equal(storageFault(sqlite(8, 'attempt to write a readonly database'))?.kind, 'read-only');
    assert.equal(storageFault(sqlite(11, 'database disk image is malformed'))?.kind, 'damaged');
    assert.equal(storageFault(sqlite(14, 'unable to open database file'))?.kind, 'io');
  });

  it('reads PostgreSQL faults: SQLSTATEs of a lost connection, a full disk, a shutdown, and a refused connection', () => {
    const pg = (code: string) => Object.assign(new Error('pg'), { code, severity: 'FATAL' });
    assert.equal(storageFault(pg('08006'))?.kind, 'unreachable');
    assert.equal(storageFault(pg('57P01'))?.kind, 'unreachable');
    assert.equal(storageFault(pg('53100'))?.kind, 'full');
    assert.equal(storageFault(pg('53300'))?.kind, 'unreachable');
    assert.equal(storageFault(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))?.log, 'the database cannot be reached (connect ECONNREFUSED 127.0.0.1:5432)');
    assert.equal(storageFault(new Error('Connection terminated unexpectedly'))?.kind, 'unreachable');
  });

  it('leaves every other error to be a bug: a constraint, a syntax error, a PostgreSQL unique violation, a plain Error, a string', () => {
    const constraint = sqliteError((db) => {
      db.exec('create table u (id integer primary key)');
      db.exec('insert into u values (1); insert into u values (1)');
    });
    assert.equal(storageFault(constraint), undefined);
    assert.equal(storageFault(sqliteError((db) => db.exec('selec 1'))), undefined);
    assert.equal(storageFault(Object.assign(new Error('duplicate key'), { code: '23505', severity: 'ERROR' })), undefined);
    assert.equal(storageFault(new Error('the ledger row was not written')), undefined);
    assert.equal(storageFault('database is locked'), undefined);
    assert.equal(storageFault(undefined), undefined);
  });
});

describe('storageFaultLog', () => {
  it('logs one line a cause every ten seconds, and counts the declines left out into the next', () => {
    const log = memoryLogger();
    let now = 0;
    const report = storageFaultLog(log, () => now);
    const locked = storageFault(fromDatabase(Object.assign(new Error('database is locked'), { code: 'ERR_SQLITE_ERROR', errcode: 5 }), '/d/core.db'))!;
    const full = storageFault(Object.assign(new Error('database or disk is full'), { code: 'ERR_SQLITE_ERROR', errcode: 13 }))!;
    report('POST /a', locked);
    report('POST /b', locked);
    report('POST /c', full);
    now = FAULT_LOG_INTERVAL_MS - 1;
    report('POST /d', locked);
    now = FAULT_LOG_INTERVAL_MS;
    report('POST /e', locked);
    assert.deepEqual(
      log.lines.map((l) => l.replace(/^.*ERROR /, '')),
      [
        'POST /a declined: the database /d/core.db is locked by another program (database is locked)',
        'POST /c declined: the disk of the database is full (database or disk is full)',
        'POST /e declined: the database /d/core.db is locked by another program (database is locked); 2 more declined for this since the last line',
      ],
    );
  });
});
