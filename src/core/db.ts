// Storage: Kysely over SQLite (embedded, the default) or PostgreSQL (for networks of servers).
//
// SQLite is Node's built-in `node:sqlite`, not better-sqlite3: the project pins Node 24 while the
// machines' system Node is 20 and native addons are built against the system headers, so a native
// addon would not load under the pinned runtime (docs/decisions.md). Durability: WAL with
// synchronous=FULL, so a committed write survives kill -9 and power loss.
//
// Each module owns its tables and its ordered migrations; `migrate` applies those not yet applied,
// each in its own transaction, and records them in `core_migrations`.

import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { Kysely, PostgresDialect, SqliteDialect, sql, type Dialect } from 'kysely';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
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

function bind(values: ReadonlyArray<unknown>): Bindable[] {
  return values.map((v) => {
    if (v === undefined || v === null) return null;
    if (typeof v === 'boolean') return v ? 1 : 0;
    if (v instanceof Date) return v.toISOString();
    if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'string' || v instanceof Uint8Array) return v;
    throw new TypeError(`cannot bind a ${typeof v} to an SQLite parameter`);
  });
}

/** Adapts node:sqlite to the statement interface Kysely's SQLite driver expects. */
function nodeSqlite(file: string): SqliteDatabase {
  const database = new DatabaseSync(file);
  database.exec('PRAGMA journal_mode = WAL');
  database.exec('PRAGMA synchronous = FULL');
  database.exec('PRAGMA foreign_keys = ON');
  database.exec('PRAGMA busy_timeout = 5000');
  return {
    close: () => database.close(),
    prepare(text: string): SqliteStatement {
      const st: StatementSync = database.prepare(text);
      return {
        reader: st.columns().length > 0,
        all: (p) => st.all(...bind(p)),
        run: (p) => {
          const r = st.run(...bind(p));
          return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
        },
        iterate: (p) => st.iterate(...bind(p)) as IterableIterator<unknown>,
      };
    },
  };
}

export function openDatabase(config: DbConfig): Database {
  let dialect: Dialect;
  if (config.kind === 'sqlite') {
    const database = nodeSqlite(config.file);
    dialect = new SqliteDialect({ database });
  } else {
    dialect = new PostgresDialect({ pool: new pg.Pool({ connectionString: config.url, max: 10 }) });
  }
  const db: Db = new Kysely({ dialect });
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
