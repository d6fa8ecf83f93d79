// Kysely's driver for SQLite through node:sqlite, with group commit.
//
// One connection, taken in turn under a first-in first-out lock. Durability is WAL with
// synchronous=NORMAL (db.ts). A commit costs more than the statements of a deposit (measured on
// the benchmark machine: a deposit's transaction 175 µs of which 43 µs the COMMIT alone, at most
// 5,700 a second on the loop before HTTP and events), so transactions commit in groups:
//
//   - the first transaction of a group opens it (BEGIN IMMEDIATE); each transaction is a savepoint
//     inside it, so one that fails rolls back alone;
//   - a transaction that has done its work releases its savepoint and hands the connection on at
//     once, but its `execute` resolves only when the group has committed;
//   - the group commits at the end of the turn of the loop (setImmediate), after every transaction
//     begun in that turn has joined it: one COMMIT for all of them. If the COMMIT fails, every
//     transaction of the group fails (none was answered) and the group is rolled back.
//   - a statement outside a transaction that writes, run while a group is open, is part of the group
//     and resolves when it commits, like a transaction; run while none is, it commits at once (in a
//     group of its own).
// So nothing is answered as done before it is committed, and a burst of writes costs one commit.
// A read outside a transaction sees the open group's changes (one connection): for at most a turn
// of the loop it may see a change that is not yet durable.
//
// The loop never waits on the file's lock. node:sqlite is synchronous, so SQLite's own busy wait
// (busy_timeout) would stop the whole server, the game included, while another program holds the
// write lock. Instead a group opens with BEGIN IMMEDIATE (taking the write lock at once, busy_timeout
// 0, so nothing in the group can meet the lock later), and when the lock is held elsewhere the
// writes waiting for it retry every RETRY_MS, the connection free for reads meanwhile; after
// LOCK_WAIT_MS each fails with SQLITE_BUSY (a storage fault, src/core/storage/storage-errors.ts).
//
// When a statement fails with a fault of the storage (a full disk, an I/O error), SQLite undoes the
// statement, or sometimes the whole transaction: then the group is lost, and every transaction of it
// fails (none was answered). Errors of a statement are marked with the database file for the log.

import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { CompiledQuery, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
import { CommitGroup, FifoLock } from './sqlite-commit-group.ts';
import type { DbTiming } from './db-timing.ts';

export { LOCK_WAIT_MS, RETRY_MS } from './sqlite-commit-group.ts';

type Bindable = null | number | bigint | string | Uint8Array;

export function bind(values: ReadonlyArray<unknown>): Bindable[] {
  return values.map((v) => {
    if (v === undefined || v === null) return null;
    if (typeof v === 'boolean') return v ? 1 : 0;
    if (v instanceof Date) return v.toISOString();
    if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'string' || v instanceof Uint8Array) return v;
    throw new TypeError(`cannot bind a ${typeof v} to an SQLite parameter`);
  });
}

/** A statement prepared once, and whether it answers rows (read once: `columns()` allocates). */
export interface SqliteStatement {
  readonly st: StatementSync;
  readonly returnsRows: boolean;
}

export function prepareSqlite(db: DatabaseSync, text: string): SqliteStatement {
  const st = db.prepare(text);
  return { st, returnsRows: st.columns().length > 0 };
}

/** Whether a statement may change the database (anything but a plain select). */
export function writesData(text: string): boolean {
  return !/^\s*select\b/i.test(text);
}
/** The connection and its state shared by every turn at it. */
interface Shared {
  readonly db: DatabaseSync;
  readonly statements: Map<string, SqliteStatement>;
  readonly group: CommitGroup;
  readonly timing: DbTiming;
}

/** One turn at the SQLite connection (from acquire to release), with a cache of prepared statements. */
class NodeSqliteConnection implements DatabaseConnection {
  readonly #shared: Shared;
  /** Inside a transaction (a savepoint of the group). */
  member = false;
  /** The transaction handed the connection on when it committed its savepoint. */
  handedOn = false;
  /** A statement outside a transaction wrote. */
  wrote = false;
  /** ... and opened the group itself (no transaction had): it commits the group at once. */
  alone = false;
  constructor(shared: Shared) {
    this.#shared = shared;
  }
  #prepare(text: string): SqliteStatement {
    const { statements, db } = this.#shared;
    let st = statements.get(text);
    if (!st) {
      if (statements.size >= 1000) statements.clear();
      st = prepareSqlite(db, text);
      statements.set(text, st);
    }
    return st;
  }
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { group } = this.#shared;
    if (!this.member && writesData(query.sql)) {
      if (!this.wrote) this.alone = !group.isOpen;
      const opening = group.open();
      if (opening !== undefined) await opening;
      this.wrote = true;
    }
    const timer = this.#shared.timing.timer;
    const start = timer === undefined ? 0 : performance.now();
    try {
      const { st, returnsRows } = this.#prepare(query.sql);
      const params = bind(query.parameters);
      if (returnsRows) return { rows: st.all(...params) as R[] };
      const { changes, lastInsertRowid } = st.run(...params);
      return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
    } catch (e) {
      throw group.failed(e);
    } finally {
      if (timer !== undefined) timer(writesData(query.sql) ? 'write' : 'read', (performance.now() - start) / 1000);
    }
  }
  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { st } = this.#prepare(query.sql);
    try {
      for (const row of st.iterate(...bind(query.parameters))) yield { rows: [row as R] };
    } catch (e) {
      throw this.#shared.group.failed(e);
    }
  }
}

const SAVEPOINT = 'core_member';

class NodeSqliteDriver implements Driver {
  readonly #file: string;
  readonly #timing: DbTiming;
  readonly #lock = new FifoLock();
  #shared: Shared | undefined;
  #direct: SqliteDirect | undefined;
  constructor(file: string, timing: DbTiming) {
    this.#file = file;
    this.#timing = timing;
  }
  async init(): Promise<void> {
    const db = new DatabaseSync(this.#file);
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
    db.exec('PRAGMA foreign_keys = ON');
    // No busy wait on the loop: a group waits for the write lock without blocking (see the top).
    db.exec('PRAGMA busy_timeout = 0');
    const group = new CommitGroup(db, this.#lock, this.#file, this.#timing);
    this.#shared = { db, statements: new Map(), group, timing: this.#timing };
    this.#direct = {
      db,
      timing: this.#timing,
      lock: this.#lock,
      isOpen: () => group.isOpen,
      open: () => group.open(),
      committed: () => group.committed(),
      commitNow: () => group.commitNow(),
      failed: (e) => group.failed(e),
    };
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.lock();
    return new NodeSqliteConnection(this.#shared!);
  }
  async beginTransaction(c: DatabaseConnection): Promise<void> {
    const { db, group } = this.#shared!;
    const opening = group.open();
    if (opening !== undefined) await opening;
    db.exec(`SAVEPOINT ${SAVEPOINT}`);
    (c as NodeSqliteConnection).member = true;
  }
  async commitTransaction(c: DatabaseConnection): Promise<void> {
    const conn = c as NodeSqliteConnection;
    const { db, group } = this.#shared!;
    db.exec(`RELEASE ${SAVEPOINT}`);
    const done = group.committed();
    conn.handedOn = true;
    this.#lock.unlock();
    await done;
  }
  async rollbackTransaction(c: DatabaseConnection): Promise<void> {
    const conn = c as NodeSqliteConnection;
    // Handed on: its group's COMMIT failed and the whole group was rolled back.
    if (conn.handedOn) return;
    const { db, group } = this.#shared!;
    // SQLite rolled back the whole group after a fault of the storage: no savepoint is left.
    if (!group.isOpen || !db.isTransaction) {
      group.failed(new Error('SQLite rolled back the transaction group after an error'));
      return;
    }
    db.exec(`ROLLBACK TO ${SAVEPOINT}`);
    db.exec(`RELEASE ${SAVEPOINT}`);
    // What others of the group wrote still commits at the end of the turn.
    group.schedule();
  }
  async releaseConnection(c: DatabaseConnection): Promise<void> {
    const conn = c as NodeSqliteConnection;
    if (conn.handedOn) return;
    const { group } = this.#shared!;
    const wait = conn.wrote ? (conn.alone ? group.commitNow() : group.committed()) : undefined;
    this.#lock.unlock();
    if (wait) await wait;
  }
  async destroy(): Promise<void> {
    this.#direct = undefined;
    this.#shared?.group.flush();
    this.#shared?.db.close();
  }
  /** The connection itself, once opened (Kysely opens it with the first query) and until closed. */
  direct(): SqliteDirect | undefined {
    return this.#direct;
  }
}

/**
 * What a prepared query (src/core/storage/prepared-query.ts) needs to run a statement on the SQLite
 * connection without Kysely's per-query machinery: the connection, and its lock, which a
 * transaction holds from begin to commit and every query outside a transaction takes for its run;
 * the group a write outside a transaction opens or joins, and the commit it then waits for.
 */
export interface SqliteDirect {
  readonly db: DatabaseSync;
  /** Where a prepared query's run is timed (src/core/storage/db-timing.ts). */
  readonly timing: DbTiming;
  readonly lock: Pick<FifoLock, 'tryLock' | 'lock' | 'unlock'>;
  /** Whether a group is open (a write outside a transaction joins it, else commits its own at once). */
  isOpen(): boolean;
  /** Before a write outside a transaction, with the lock held: opens the group (see CommitGroup.open). */
  open(): Promise<void> | undefined;
  /** After a write that joined the open group: settles once the group committed. */
  committed(): Promise<void> | undefined;
  /** After a write that opened the group, with the lock held: commits it now. */
  commitNow(): Promise<void> | undefined;
  /** A statement failed: the group is failed if SQLite rolled it back; returns the error marked with the file. */
  failed(e: unknown): unknown;
}

/** Kysely's SQLite dialect (its SQL, adapter and introspection) over node:sqlite. */
export class NodeSqliteDialect extends SqliteDialect {
  readonly #file: string;
  /** The timer of this database's calls (src/core/storage/db-timing.ts), set by `timeDatabase`. */
  readonly timing: DbTiming = { timer: undefined };
  driver: NodeSqliteDriver | undefined;
  constructor(file: string) {
    super({ database: { close() {}, prepare() { throw new Error('unused'); } } });
    this.#file = file;
  }
  override createDriver(): Driver {
    this.driver = new NodeSqliteDriver(this.#file, this.timing);
    return this.driver;
  }
}
