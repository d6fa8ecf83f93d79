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
// The queries of a request are built once (src/core/storage/prepared-query.ts), which runs them on the
// SQLite connection directly, under the same lock as Kysely's queries and transactions. On SQLite
// the transactions of a turn of the loop commit together (src/core/storage/sqlite-driver.ts).

import { Kysely, PostgresDialect, sql, type Dialect, type QueryExecutor } from 'kysely';
import { NodeSqliteDialect, type SqliteDirect } from './sqlite-driver.ts';
import pg from 'pg';
import type { DbTimer } from './db-timing.ts';
import { col, defineTables } from './tables.ts';

/**
 * The database as the kernel holds it and hands it to modules: no table known. A store sees its own
 * tables through its declaration (`HOMES_TABLES.on(db)`, src/core/storage/tables.ts), so that a misspelt
 * table or column fails `tsc`.
 */
export type Db = Kysely<NoTables>;

/**
 * A handle of a database opened here, or of a transaction of it, seen with whatever tables: for
 * what needs to know only which database or transaction it is (every Kysely handle is one).
 */
export interface DbHandle {
  readonly isTransaction: boolean;
  getExecutor(): QueryExecutor;
}

/** No table: a migration names its tables as it makes them; queries go through a declaration. */
// biome-ignore lint/complexity/noBannedTypes: the empty database type, as Kysely spells it.
export type NoTables = {};

export type DbKind = 'sqlite' | 'postgres';
export type DbConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface Database {
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
}

export { bind, prepareSqlite, type SqliteDirect, type SqliteStatement } from './sqlite-driver.ts';

// Keyed by the handle itself, which a store's typed view of it is (src/core/storage/tables.ts).
const sqliteDialects = new WeakMap<DbHandle, NodeSqliteDialect>();
const sqliteFiles = new WeakMap<DbHandle, string>();
/** The URL each PostgreSQL database was opened with: a LISTEN needs a connection of its own (network-signals.ts). */
const postgresUrls = new WeakMap<DbHandle, string>();

/** Whether `db` (whatever tables it is seen with) is an SQLite database opened by `openDatabase` (one server per data folder writes it). */
export function isSqlite(db: DbHandle): boolean {
  return sqliteDialects.has(db);
}

/** The SQLite connection of a database opened by `openDatabase`, once open; undefined for PostgreSQL. */
export function sqliteDirect(db: DbHandle): SqliteDirect | undefined {
  return sqliteDialects.get(db)?.driver?.direct();
}

/** The file of an SQLite database opened by `openDatabase`; undefined for PostgreSQL. */
export function sqliteFile(database: Database): string | undefined {
  return sqliteFiles.get(database.db);
}

/** The connection URL of a PostgreSQL database opened by `openDatabase`; undefined for SQLite. */
export function postgresUrl(db: DbHandle): string | undefined {
  return postgresUrls.get(db);
}

export function openDatabase(config: DbConfig): Database {
  const dialect: Dialect =
    config.kind === 'sqlite'
      ? new NodeSqliteDialect(config.file)
      : new PostgresDialect({ pool: new pg.Pool({ connectionString: config.url, max: 10 }) });
  const db: Db = new Kysely({ dialect });
  if (dialect instanceof NodeSqliteDialect) sqliteDialects.set(db, dialect);
  if (config.kind === 'sqlite') sqliteFiles.set(db, config.file);
  if (config.kind === 'postgres') postgresUrls.set(db, config.url);
  return { db, kind: config.kind, close: () => db.destroy() };
}

/**
 * Times this database's calls into `timer` (undefined: stops), for the metrics. Only SQLite is
 * timed (src/core/storage/db-timing.ts); false for PostgreSQL.
 */
export function timeDatabase(database: Database, timer: DbTimer | undefined): boolean {
  const dialect = sqliteDialects.get(database.db);
  if (dialect === undefined) return false;
  dialect.timing.timer = timer;
  return true;
}

export interface Migration {
  /** Unique within the module, applied in array order. */
  name: string;
  up(db: Db, kind: DbKind): Promise<void>;
}

// The migrations each module applied to a database in this run, in the order they were first
// applied (so a module comes after those it depends on): `core copy-to-postgres` runs the same
// migrations on the PostgreSQL database it copies into (src/core/storage/postgres-copy.ts).
const applied = new WeakMap<Db, Map<string, Migration[]>>();

function remember(db: Db, module: string, migrations: readonly Migration[]): void {
  let sets = applied.get(db);
  if (sets === undefined) applied.set(db, (sets = new Map()));
  const list = sets.get(module) ?? [];
  // A module may migrate in parts (the add-on's tokens, idempotency keys, rate limit).
  for (const m of migrations) if (!list.some((l) => l.name === m.name)) list.push(m);
  sets.set(module, list);
}

/** Every module's migrations `migrate` applied to this database in this run, in first-applied order. */
export function appliedMigrationSets(database: Database): ReadonlyArray<readonly [string, readonly Migration[]]> {
  return [...(applied.get(database.db) ?? new Map<string, Migration[]>())];
}

async function migrationsTable(db: Db): Promise<void> {
  await db.schema
    .createTable('core_migrations')
    .ifNotExists()
    .addColumn('module', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('applied_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('core_migrations_pk', ['module', 'name'])
    .execute();
}

/** The table `migrate` records each applied migration in, made before any module's migrations. */
export const MIGRATIONS_TABLES = defineTables([{ name: '000-migrations', up: migrationsTable }], {
  core_migrations: { module: col.text(), name: col.text(), applied_at: col.text() },
});

async function appliedNames(db: Db, module: string): Promise<Set<string>> {
  const rows = await MIGRATIONS_TABLES.on(db).selectFrom('core_migrations').select('name').where('module', '=', module).execute();
  return new Set(rows.map((r) => String(r.name)));
}

async function apply(tx: Db, kind: DbKind, module: string, m: Migration): Promise<void> {
  await m.up(tx, kind);
  await MIGRATIONS_TABLES.on(tx).insertInto('core_migrations').values({ module, name: m.name, applied_at: new Date().toISOString() }).execute();
}

/** Applies a module's migrations that are not applied yet, each in its own transaction. */
export async function migrate(database: Database, module: string, migrations: readonly Migration[]): Promise<void> {
  const { db } = database;
  remember(db, module, migrations);
  await migrationsTable(db);
  const done = await appliedNames(db, module);
  for (const m of migrations) {
    if (done.has(m.name)) continue;
    await db.transaction().execute((tx) => apply(tx, database.kind, module, m));
  }
}

/**
 * Moves the records of applied migrations from one module name to another, in one transaction:
 * a module that was part of the kernel (teleport's, recorded as `core.teleport`) keeps its
 * migrations applied under its own name. A record the new name already has is dropped from the
 * old one. Nothing to move (a new database, or moved at an earlier start) changes nothing.
 */
export async function renameMigrationRecords(database: Database, from: string, to: string): Promise<void> {
  await migrationsTable(database.db);
  await database.db.transaction().execute(async (tx) => {
    const records = MIGRATIONS_TABLES.on(tx);
    const kept = await appliedNames(tx, to);
    if (kept.size > 0) await records.deleteFrom('core_migrations').where('module', '=', from).where('name', 'in', [...kept]).execute();
    await records.updateTable('core_migrations').set({ module: to }).where('module', '=', from).execute();
  });
}

/**
 * `migrate` inside a transaction the caller holds (PostgreSQL changes its schema transactionally):
 * the copy into PostgreSQL creates the tables and fills them all or nothing.
 */
export async function migrateInTransaction(tx: Db, kind: DbKind, module: string, migrations: readonly Migration[]): Promise<void> {
  await migrationsTable(tx);
  const done = await appliedNames(tx, module);
  for (const m of migrations) if (!done.has(m.name)) await apply(tx, kind, module, m);
}

export { sql };
