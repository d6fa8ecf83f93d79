// Storage: Kysely over SQLite (embedded, the default) or PostgreSQL (for networks of servers).
//
// SQLite is Node's built-in `node:sqlite`, not better-sqlite3: the project pins Node 24 while the
// machines' system Node is 20 and native addons are built against the system headers, so a native
// addon would not load under the pinned runtime (docs/decisions.md). Durability: WAL with
// synchronous=NORMAL: a committed write survives the process being killed (kill -9); only an
// operating-system crash or power loss may roll back the last commits, never corrupt the file.
//
// Each module owns its tables and its ordered migrations; `migrate` applies those not yet applied,
// each in its own transaction, and records them in `core_migrations`.
//
// The queries of a request are built once (src/core/prepared-query.ts), which runs them on the
// SQLite connection directly, under the same lock as Kysely's queries and transactions.

import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql, type Dialect } from 'kysely';
import type { DatabaseConnection, Driver, QueryResult } from 'kysely';
import pg from 'pg';

/** The database handle modules receive. Modules type their own tables through `db.withTables<T>()`. */
// biome-ignore lint: the schema is open: each module declares its own tables.
export type Db = Kysely<any>;

export type DbKind = 'sqlite' | 'postgres';
export type DbConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface Database {
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
}

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

/**
 * A first-in first-out lock: each release hands the connection to exactly the next waiter.
 * (Kysely's own SQLite mutex wakes every waiter on each release, which costs O(n²) when thousands
 * of operations queue at once, as they do under a burst of concurrent transfers.)
 */
class FifoLock {
  #held = false;
  readonly #waiters: Array<() => void> = [];
  /** Takes the lock when it is free; false (and nothing queued) when it is held. */
  tryLock(): boolean {
    if (this.#held) return false;
    this.#held = true;
    return true;
  }
  lock(): Promise<void> {
    if (this.tryLock()) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }
  unlock(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#held = false;
  }
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

/** The one connection to an SQLite file through node:sqlite, with a cache of prepared statements. */
class NodeSqliteConnection implements DatabaseConnection {
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, SqliteStatement>();
  constructor(db: DatabaseSync) {
    this.#db = db;
  }
  #prepare(text: string): SqliteStatement {
    let st = this.#statements.get(text);
    if (!st) {
      if (this.#statements.size >= 1000) this.#statements.clear();
      st = prepareSqlite(this.#db, text);
      this.#statements.set(text, st);
    }
    return st;
  }
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { st, returnsRows } = this.#prepare(query.sql);
    const params = bind(query.parameters);
    if (returnsRows) return { rows: st.all(...params) as R[] };
    const { changes, lastInsertRowid } = st.run(...params);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }
  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { st } = this.#prepare(query.sql);
    for (const row of st.iterate(...bind(query.parameters))) yield { rows: [row as R] };
  }
}

class NodeSqliteDriver implements Driver {
  readonly #file: string;
  readonly #lock = new FifoLock();
  #db: DatabaseSync | undefined;
  #connection: NodeSqliteConnection | undefined;
  #direct: SqliteDirect | undefined;
  constructor(file: string) {
    this.#file = file;
  }
  async init(): Promise<void> {
    const db = new DatabaseSync(this.#file);
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
    db.exec('PRAGMA foreign_keys = ON');
    db.exec('PRAGMA busy_timeout = 5000');
    this.#db = db;
    this.#connection = new NodeSqliteConnection(db);
    this.#direct = { db, lock: this.#lock };
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.lock();
    return this.#connection!;
  }
  async beginTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(): Promise<void> {
    this.#lock.unlock();
  }
  async destroy(): Promise<void> {
    this.#direct = undefined;
    this.#db?.close();
  }
  /** The connection itself, once opened (Kysely opens it with the first query) and until closed. */
  direct(): SqliteDirect | undefined {
    return this.#direct;
  }
}

/**
 * What a prepared query (src/core/prepared-query.ts) needs to run a statement on the SQLite
 * connection without Kysely's per-query machinery: the connection, and its lock, which a
 * transaction holds from begin to commit and every query outside a transaction takes for its run.
 */
export interface SqliteDirect {
  readonly db: DatabaseSync;
  readonly lock: Pick<FifoLock, 'tryLock' | 'lock' | 'unlock'>;
}

/** Kysely's SQLite dialect (its SQL, adapter and introspection) over node:sqlite. */
class NodeSqliteDialect extends SqliteDialect {
  readonly #file: string;
  driver: NodeSqliteDriver | undefined;
  constructor(file: string) {
    super({ database: { close() {}, prepare() { throw new Error('unused'); } } });
    this.#file = file;
  }
  override createDriver(): Driver {
    this.driver = new NodeSqliteDriver(this.#file);
    return this.driver;
  }
}

const sqliteDialects = new WeakMap<Db, NodeSqliteDialect>();

/** Whether `db` is an SQLite database opened by `openDatabase` (one server per data folder writes it). */
export function isSqlite(db: Db): boolean {
  return sqliteDialects.has(db);
}

/** The SQLite connection of a database opened by `openDatabase`, once open; undefined for PostgreSQL. */
export function sqliteDirect(db: Db): SqliteDirect | undefined {
  return sqliteDialects.get(db)?.driver?.direct();
}

export function openDatabase(config: DbConfig): Database {
  const dialect: Dialect =
    config.kind === 'sqlite'
      ? new NodeSqliteDialect(config.file)
      : new PostgresDialect({ pool: new pg.Pool({ connectionString: config.url, max: 10 }) });
  const db: Db = new Kysely({ dialect });
  if (dialect instanceof NodeSqliteDialect) sqliteDialects.set(db, dialect);
  return { db, kind: config.kind, close: () => db.destroy() };
}

export interface Migration {
  /** Unique within the module, applied in array order. */
  name: string;
  up(db: Db, kind: DbKind): Promise<void>;
}

/** Applies a module's migrations that are not applied yet, each in its own transaction. */
export async function migrate(database: Database, module: string, migrations: readonly Migration[]): Promise<void> {
  const { db } = database;
  await db.schema
    .createTable('core_migrations')
    .ifNotExists()
    .addColumn('module', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('applied_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('core_migrations_pk', ['module', 'name'])
    .execute();
  const done = new Set(
    (await db.selectFrom('core_migrations').select('name').where('module', '=', module).execute()).map((r) => String(r.name)),
  );
  for (const m of migrations) {
    if (done.has(m.name)) continue;
    await db.transaction().execute(async (tx) => {
      await m.up(tx, database.kind);
      await tx
        .insertInto('core_migrations')
        .values({ module, name: m.name, applied_at: new Date().toISOString() })
        .execute();
    });
  }
}

export { sql };
