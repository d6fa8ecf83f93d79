// The declared tables (src/core/storage/tables.ts) are the tables the migrations make. Every declaration is
// found among the exports of the source files that call `defineTables`, so a new store is checked
// the day it is written. On the pass's database (SQLite, or a PostgreSQL schema of its own), each
// declaration's migrations, run alone, make exactly its tables, each column with the name, type,
// nullability and generation declared; and a kernel with every module makes no table that no
// declaration declares.

import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { openDatabase, type Database, type Db } from '../src/core/storage/db.ts';
import { isTables, type SqlFamily, type TableColumns, type Tables } from '../src/core/storage/tables.ts';
import { ALL_MODULES } from '../src/modules/index.ts';
import { createTestSchema, TEST_DATABASE, type TestSchema } from './support/test-database.ts';
import { startTestKernel } from './support/test-kernel.ts';

const SRC = join(import.meta.dirname, '..', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );
}

interface Declared {
  /** Where: `modules/homes/homes.store.ts HOMES_TABLES`. */
  where: string;
  tables: Tables<TableColumns>;
}

/** Every table declaration exported by a source file. */
async function declarations(): Promise<Declared[]> {
  const out: Declared[] = [];
  for (const file of sourceFiles(SRC)) {
    if (!readFileSync(file, 'utf8').includes('defineTables(')) continue;
    const exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) {
      if (isTables(value)) out.push({ where: `${relative(SRC, file).split(sep).join('/')} ${name}`, tables: value });
    }
  }
  return out;
}

/** A column as the database holds it. */
interface ActualColumn {
  name: string;
  /** `rowid` for SQLite's rowid, which fits an integer or a bigint. */
  family: SqlFamily | 'rowid' | string;
  nullable: boolean;
  /**
   * The database gives a value when an insert leaves it out (a default, a sequence, SQLite's
   * AUTOINCREMENT rowid); `either` for SQLite's plain rowid, which a store may give or leave out.
   */
  generated: boolean | 'either';
}

function familyOf(type: string): SqlFamily | string {
  const t = type.toLowerCase();
  if (t === 'text' || t.startsWith('varchar') || t === 'character varying') return 'text';
  if (t === 'integer') return 'integer';
  if (t === 'bigint') return 'bigint';
  if (t === 'double precision') return 'double';
  return t;
}

async function tableNames(db: Db): Promise<Set<string>> {
  const rows =
    TEST_DATABASE === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(db);
  return new Set(rows.rows.map((r) => r.name));
}

async function columnsOf(db: Db, table: string): Promise<ActualColumn[]> {
  if (TEST_DATABASE === 'sqlite') {
    const { rows } = await sql<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>`
      select name, type, "notnull", dflt_value, pk from pragma_table_info(${table})`.execute(db);
    // A lone INTEGER PRIMARY KEY is the rowid: SQLite gives it a value when an insert leaves it out.
    const keys = rows.filter((r) => r.pk > 0);
    const rowid = keys.length === 1 && keys[0]!.type.toLowerCase() === 'integer' ? keys[0]!.name : undefined;
    const made = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
    const autoincrement = /\bautoincrement\b/i.test(made.rows[0]?.sql ?? '');
    return rows.map((r) => ({
      name: r.name,
      // The rowid is a 64-bit integer: an id PostgreSQL makes serial (integer) or bigserial (bigint).
      family: r.name === rowid ? 'rowid' : familyOf(r.type),
      // SQLite lets a key other than the rowid hold NULL unless told NOT NULL; no store ever writes one.
      nullable: r.notnull === 0 && r.pk === 0,
      generated: r.dflt_value !== null || (r.name === rowid && (autoincrement || 'either')),
    }));
  }
  const { rows } = await sql<{ name: string; type: string; is_nullable: string; column_default: string | null }>`
    select column_name as name, data_type as type, is_nullable, column_default from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db);
  return rows.map((r) => ({ name: r.name, family: familyOf(r.type), nullable: r.is_nullable === 'YES', generated: r.column_default !== null }));
}

/** What differs between a declared table and the table in the database, one sentence each. */
function differences(table: string, declared: TableColumns[string], actual: readonly ActualColumn[]): string[] {
  const out: string[] = [];
  for (const a of actual) {
    const d = declared[a.name];
    if (d === undefined) {
      out.push(`${table}.${a.name} is made by the migrations but not declared`);
      continue;
    }
    const family = a.family === 'rowid' ? d.family === 'integer' || d.family === 'bigint' : d.family === a.family;
    if (!family) out.push(`${table}.${a.name} is declared ${d.family}, the migrations make it ${a.family}`);
    if (d.isNullable !== a.nullable) out.push(`${table}.${a.name} is declared ${d.isNullable ? 'nullable' : 'NOT NULL'}, the migrations make it ${a.nullable ? 'nullable' : 'NOT NULL'}`);
    if (a.generated !== 'either' && d.isGenerated !== a.generated) {
      out.push(`${table}.${a.name} is declared ${d.isGenerated ? 'generated' : 'not generated'}, the database ${a.generated ? 'fills it when an insert leaves it out' : 'gives it no value of its own'}`);
    }
  }
  for (const name of Object.keys(declared)) {
    if (!actual.some((a) => a.name === name)) out.push(`${table}.${name} is declared but the migrations make no such column`);
  }
  return out;
}

describe('the declared tables', () => {
  let found: Declared[];
  let database: Database;
  let schema: TestSchema | undefined;
  let dir: string | undefined;

  before(async () => {
    found = await declarations();
    if (TEST_DATABASE === 'sqlite') {
      dir = mkdtempSync(join(tmpdir(), 'core-tables-'));
      database = openDatabase({ kind: 'sqlite', file: join(dir, 'tables.db') });
    } else {
      schema = await createTestSchema('tables');
      database = openDatabase({ kind: 'postgres', url: schema.url });
    }
  });

  after(async () => {
    await database.close();
    await schema?.drop();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('are found in the source: the kernel’s, every module’s that keeps data, and the add-on’s', () => {
    const declared = new Set(found.flatMap((d) => Object.keys(d.tables.tables)));
    for (const table of ['core_migrations', 'core_players', 'core_audit', 'homes', 'economy_wallets', 'rest_tokens']) {
      assert.ok(declared.has(table), `${table} is declared`);
    }
  });

  it('declare each table once', () => {
    const by = new Map<string, string[]>();
    for (const d of found) for (const table of Object.keys(d.tables.tables)) by.set(table, [...(by.get(table) ?? []), d.where]);
    assert.deepEqual(
      [...by].filter(([, where]) => where.length > 1).map(([table, where]) => `${table} is declared in ${where.join(' and ')}`),
      [],
    );
  });

  it('are, each, exactly what its migrations make, column by column', async () => {
    const problems: string[] = [];
    for (const d of found) {
      const before = await tableNames(database.db);
      for (const m of d.tables.migrations) await database.db.transaction().execute((tx) => m.up(tx, database.kind));
      const made = [...(await tableNames(database.db))].filter((t) => !before.has(t)).sort();
      const declared = Object.keys(d.tables.tables).sort();
      for (const t of made) if (!declared.includes(t)) problems.push(`${d.where}: the migrations make ${t}, which it does not declare`);
      for (const t of declared) {
        if (!made.includes(t)) {
          problems.push(`${d.where}: declares ${t}, which its migrations do not make`);
          continue;
        }
        problems.push(...differences(t, d.tables.tables[t]!, await columnsOf(database.db, t)).map((p) => `${d.where}: ${p}`));
      }
    }
    assert.deepEqual(problems, []);
  });

  it('cover every table a kernel with every module makes', async () => {
    const t = await startTestKernel({ modules: ALL_MODULES });
    try {
      const declared = new Set(found.flatMap((d) => Object.keys(d.tables.tables)));
      const undeclared = [...(await tableNames(t.database.db))].filter((name) => !declared.has(name)).sort();
      assert.deepEqual(undeclared, [], 'tables no store declares');
    } finally {
      await t.close();
    }
  });
});
