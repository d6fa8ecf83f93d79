// Copies a server's SQLite database into an empty PostgreSQL database: `core copy-to-postgres`
// (src/core/storage/copy-command.ts, docs/network.md).
//
// All or nothing, and nothing at all when refused. The SQLite side is read in one read transaction
// on a connection of its own (WAL: the server goes on writing meanwhile, unseen by the copy, and the
// copy never holds the server's connection). The PostgreSQL side is one transaction: every module's
// migrations (so the tables have PostgreSQL's types, as a server started on it would make them),
// the rows in batches, the id sequences moved past the copied ids, and a count of every table; a
// refusal, a value that does not fit or a lost connection rolls it all back. Between batches the
// copy awaits PostgreSQL, so the game's ticks go on; each SQLite read is one batch.
//
// Refused before any change: a URL that is not PostgreSQL's, a server that cannot be reached, a
// target that holds rows in any of the tables copied, SQLite tables of a module this server does not
// know. No message repeats the URL: it may hold a password (describeUrl names host and database).

import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateInTransaction, MIGRATIONS_TABLES, sql, type Db, type Migration } from './db.ts';
import { toPostgres, ValueMismatch, type SqliteValue, type TargetColumn } from './postgres-copy-values.ts';
import { messageOf } from '../text/sentence.ts';
import { describeUrl, isPostgresUrl } from '../../network-config.ts';

export type MigrationSet = readonly [module: string, migrations: readonly Migration[]];

export interface CopyOptions {
  /** The server's SQLite file (core/core.db). */
  sqliteFile: string;
  /** The PostgreSQL database to copy into. */
  url: string;
  /** The migrations this server applied in this run, in order (`appliedMigrationSets`). */
  applied: readonly MigrationSet[];
  /** Every module this server knows, on or off: an off module's tables in SQLite are copied too. */
  known: readonly MigrationSet[];
  /** A line of progress, as the copy goes. */
  progress(line: string): void;
  /** Rows per INSERT (default 500; fewer for wide tables, within PostgreSQL's 65,535 parameters). */
  batchRows?: number;
  connectTimeoutMs?: number;
}

export interface TableCopied {
  table: string;
  rows: number;
}

export type CopyOutcome =
  | { ok: true; where: string; tables: TableCopied[]; rows: number; ms: number }
  | { ok: false; message: string };

const MIGRATIONS_TABLE = 'core_migrations';
const PROGRESS_EVERY = 20_000;

/** A reason to stop that the operator is told as it is (the transaction is rolled back). */
class CopyRefused extends Error {}

export async function copySqliteToPostgres(o: CopyOptions): Promise<CopyOutcome> {
  if (!isPostgresUrl(o.url)) {
    return { ok: false, message: 'That is not a PostgreSQL URL: it must start postgres:// or postgresql:// and name a host, such as postgres://core:secret@db.example:5432/core.' };
  }
  const where = describeUrl(o.url);
  const started = Date.now();
  const pool = new pg.Pool({ connectionString: o.url, max: 1, connectionTimeoutMillis: o.connectTimeoutMs ?? 10_000 });
  // A connection that breaks while idle is reported by the pool as an event; the copy's own query
  // fails with it too, which is where it is told.
  pool.on('error', () => {});
  const db: Db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  let source: Source | undefined;
  try {
    source = openSource(o.sqliteFile);
    const sets = chooseSets(o, source.modules());
    if (!sets.ok) return { ok: false, message: sets.message };
    try {
      await sql`select 1`.execute(db);
    } catch (e) {
      return { ok: false, message: `Cannot connect to PostgreSQL at ${where}: ${redact(messageOf(e), o.url)}. Nothing was copied.` };
    }
    const tables = source.tables();
    const total = tables.reduce((n, t) => n + t.rows, 0);
    o.progress(`Copying ${total} rows of ${tables.length} tables from SQLite into PostgreSQL at ${where}.`);
    const from = source;
    const copied = await db.transaction().execute(async (tx) => {
      await refuseUnlessEmpty(tx, tables, where);
      for (const [module, migrations] of sets.value) await migrateInTransaction(tx, 'postgres', module, migrations);
      const columns = await targetColumns(tx);
      const out: TableCopied[] = [];
      for (const t of orderForCopy(tables)) {
        const cols = columnsFor(t, columns.get(t.name));
        // A migration may have put rows of its own in a table; the copy makes it the SQLite one.
        if (t.name !== MIGRATIONS_TABLE) await sql`delete from ${sql.table(t.name)}`.execute(tx);
        await copyTable(tx, from, t, cols, o);
        await moveSequences(tx, t.name, columns.get(t.name) ?? []);
        await verify(tx, from, t);
        out.push({ table: t.name, rows: t.rows });
      }
      return out;
    });
    return { ok: true, where, tables: copied, rows: total, ms: Date.now() - started };
  } catch (e) {
    if (e instanceof CopyRefused) return { ok: false, message: e.message };
    return { ok: false, message: `The copy into PostgreSQL at ${where} failed and was rolled back, nothing was copied: ${redact(messageOf(e), o.url)}` };
  } finally {
    source?.close();
    await db.destroy().catch(() => {});
  }
}

// ---- the SQLite side -------------------------------------------------------------------------

interface SourceTable {
  name: string;
  columns: string[];
  rows: number;
}

interface Source {
  tables(): SourceTable[];
  /** The modules named in the source's core_migrations. */
  modules(): Set<string>;
  rows(table: SourceTable): StatementSync;
  close(): void;
}

/** A read-only connection in one read transaction: every read sees the database as it was at the first. */
function openSource(file: string): Source {
  const db = new DatabaseSync(file, { readOnly: true });
  db.exec('BEGIN');
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  let tables: SourceTable[] | undefined;
  return {
    tables() {
      tables ??= (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name").all() as { name: string }[]).map(
        ({ name }) => ({
          name,
          columns: (db.prepare(`PRAGMA table_info(${quote(name)})`).all() as { name: string }[]).map((c) => c.name),
          rows: Number((db.prepare(`SELECT count(*) AS n FROM ${quote(name)}`).get() as { n: number }).n),
        }),
      );
      return tables;
    },
    modules() {
      const has = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '${MIGRATIONS_TABLE}'`).get();
      if (!has) return new Set();
      return new Set((db.prepare(`SELECT DISTINCT module FROM ${MIGRATIONS_TABLE}`).all() as { module: string }[]).map((r) => r.module));
    },
    rows(table) {
      const st = db.prepare(`SELECT ${table.columns.map(quote).join(', ')} FROM ${quote(table.name)}`);
      // Integers as bigint: a 64-bit value keeps every digit.
      st.setReadBigInts(true);
      st.setReturnArrays(true);
      return st;
    },
    close() {
      try {
        db.exec('COMMIT');
      } finally {
        db.close();
      }
    },
  };
}

/** The migrations to run on the target: this run's, then those of known modules that are off now but left tables. */
function chooseSets(o: CopyOptions, inSource: ReadonlySet<string>): { ok: true; value: MigrationSet[] } | { ok: false; message: string } {
  const sets: MigrationSet[] = [...o.applied];
  const have = new Set(sets.map(([m]) => m));
  for (const [module, migrations] of o.known) {
    if (inSource.has(module) && !have.has(module)) {
      sets.push([module, migrations]);
      have.add(module);
    }
  }
  const unknown = [...inSource].filter((m) => !have.has(m)).sort();
  if (unknown.length) {
    return { ok: false, message: `The SQLite database holds tables of ${unknown.join(', ')}, which this server does not know, so it cannot make them in PostgreSQL. Nothing was copied.` };
  }
  return { ok: true, value: sets };
}

// ---- the PostgreSQL side ---------------------------------------------------------------------

/** Rows of tables named at run time: a column name to its value. */
type CopiedTables = Record<string, Record<string, unknown>>;

/**
 * The target as the copy writes it: tables named at run time, those the SQLite file holds, which no
 * declaration (src/core/storage/tables.ts) can name. Each of a row's columns was checked against the
 * target's before the row is written (`columnsFor`). The one view of the database whose tables are
 * not declared.
 */
function copiedTables(tx: Db): Kysely<CopiedTables> {
  return tx as unknown as Kysely<CopiedTables>;
}

async function refuseUnlessEmpty(tx: Db, tables: readonly SourceTable[], where: string): Promise<void> {
  const existing = new Set(
    (await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = current_schema()`.execute(tx)).rows.map((r) => r.table_name),
  );
  const full: string[] = [];
  for (const t of tables) {
    if (t.name === MIGRATIONS_TABLE || !existing.has(t.name)) continue;
    const r = await sql<{ any: boolean }>`select exists (select 1 from ${sql.table(t.name)}) as any`.execute(tx);
    if (r.rows[0]?.any) full.push(t.name);
  }
  if (full.length) {
    const shown = full.length > 5 ? `${full.slice(0, 5).join(', ')} and ${full.length - 5} more` : full.join(', ');
    throw new CopyRefused(`PostgreSQL at ${where} already holds Core data (rows in ${shown}); the copy goes only into an empty database. Nothing was copied.`);
  }
}

/** A target column, and whether a sequence gives its values (serial, bigserial, identity). */
interface PgColumn extends TargetColumn {
  serial: boolean;
}

async function targetColumns(tx: Db): Promise<Map<string, PgColumn[]>> {
  const r = await sql<{ table_name: string; column_name: string; data_type: string; character_maximum_length: number | null; column_default: string | null; is_identity: string }>`
    select table_name, column_name, data_type, character_maximum_length, column_default, is_identity
    from information_schema.columns where table_schema = current_schema() order by table_name, ordinal_position`.execute(tx);
  const out = new Map<string, PgColumn[]>();
  for (const c of r.rows) {
    const list = out.get(c.table_name) ?? [];
    list.push({ name: c.column_name, type: c.data_type, maxLength: c.character_maximum_length, serial: (c.column_default?.startsWith('nextval(') ?? false) || c.is_identity === 'YES' });
    out.set(c.table_name, list);
  }
  return out;
}

/** The target's column for each of the source table's, in the source's order; refuses a table or column PostgreSQL lacks. */
function columnsFor(t: SourceTable, target: readonly TargetColumn[] | undefined): TargetColumn[] {
  if (target === undefined) {
    throw new CopyRefused(`The table ${t.name} of the SQLite database has no table in PostgreSQL after every module's migrations ran; nothing was copied.`);
  }
  return t.columns.map((name) => {
    const c = target.find((x) => x.name === name);
    if (c === undefined) throw new CopyRefused(`The column ${t.name}.${name} of the SQLite database has no column in PostgreSQL after every module's migrations ran; nothing was copied.`);
    return c;
  });
}

/** core_migrations last: the modules' tables first, in name order. */
function orderForCopy(tables: readonly SourceTable[]): SourceTable[] {
  return [...tables.filter((t) => t.name !== MIGRATIONS_TABLE), ...tables.filter((t) => t.name === MIGRATIONS_TABLE)];
}

async function copyTable(tx: Db, source: Source, t: SourceTable, cols: readonly TargetColumn[], o: CopyOptions): Promise<void> {
  const perBatch = Math.max(1, Math.min(o.batchRows ?? 500, Math.floor(30_000 / Math.max(1, cols.length))));
  const rows = source.rows(t).iterate() as Iterator<SqliteValue[]>;
  let done = 0;
  let told = 0;
  for (;;) {
    const batch: Record<string, unknown>[] = [];
    while (batch.length < perBatch) {
      const next = rows.next();
      if (next.done) break;
      batch.push(rowFor(t, cols, next.value, done + batch.length + 1));
    }
    if (batch.length === 0) break;
    let insert = copiedTables(tx).insertInto(t.name).values(batch);
    if (t.name === MIGRATIONS_TABLE) {
      // The target's migrations were recorded just now: the SQLite dates of the same migrations win.
      insert = insert.onConflict((c) => c.columns(['module', 'name']).doUpdateSet({ applied_at: sql`excluded.applied_at` }));
    }
    await insert.execute();
    done += batch.length;
    if (done - told >= PROGRESS_EVERY && done < t.rows) {
      told = done;
      o.progress(`${t.name}: ${done} of ${t.rows} rows…`);
    }
  }
  o.progress(`${t.name}: ${done} rows copied.`);
}

function rowFor(t: SourceTable, cols: readonly TargetColumn[], values: SqliteValue[], n: number): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  cols.forEach((c, i) => {
    try {
      row[c.name] = toPostgres(values[i] ?? null, c);
    } catch (e) {
      if (e instanceof ValueMismatch) throw new CopyRefused(`The table ${t.name}, row ${n}, column ${c.name} ${e.message}; nothing was copied. Fix the row in SQLite and copy again.`);
      throw e;
    }
  });
  return row;
}

/** Moves each id sequence past the largest id copied, so the next row inserted gets a new id. */
async function moveSequences(tx: Db, table: string, columns: readonly PgColumn[]): Promise<void> {
  const quoted = `"${table.replaceAll('"', '""')}"`;
  for (const c of columns) {
    if (!c.serial) continue;
    await sql`select setval(pg_get_serial_sequence(${quoted}, ${c.name}), coalesce(max(${sql.ref(c.name)}), 0) + 1, false) from ${sql.table(table)}`.execute(tx);
  }
}

async function verify(tx: Db, source: Source, t: SourceTable): Promise<void> {
  if (t.name === MIGRATIONS_TABLE) {
    // The target may record more migrations than SQLite (a module's that never ran there); every SQLite one must be there.
    const recorded = await MIGRATIONS_TABLES.on(tx).selectFrom('core_migrations').select(['module', 'name']).execute();
    const have = new Set(recorded.map((r) => `${r.module}/${r.name}`));
    const missing = [...(source.rows(t).iterate() as Iterator<SqliteValue[]> & Iterable<SqliteValue[]>)].filter(
      (r) => !have.has(`${String(r[t.columns.indexOf('module')])}/${String(r[t.columns.indexOf('name')])}`),
    );
    if (missing.length) throw new Error(`${MIGRATIONS_TABLE} lacks ${missing.length} of the SQLite database's migrations after the copy`);
    return;
  }
  const r = await sql<{ n: string }>`select count(*) as n from ${sql.table(t.name)}`.execute(tx);
  const n = Number(r.rows[0]?.n);
  if (n !== t.rows) throw new Error(`${t.name} holds ${n} rows in PostgreSQL after the copy, not the ${t.rows} of SQLite`);
}

/** A driver's message without the URL's password, should it ever repeat it. */
function redact(message: string, url: string): string {
  let password = '';
  try {
    password = new URL(url).password;
  } catch {
    return message;
  }
  if (password === '') return message;
  let out = message.replaceAll(password, '…');
  try {
    out = out.replaceAll(decodeURIComponent(password), '…');
  } catch {
    // a password that is not valid percent-encoding was replaced as written
  }
  return out;
}
