// Every row of every table of a server's database, read beside the running server, and the
// difference between two such snapshots. For tests that prove a request changed nothing. On SQLite
// WAL lets a reader see the last commit without stopping the writer; on PostgreSQL (the server's
// own schema) a snapshot is one REPEATABLE READ transaction.

import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';

/** Per table, its rows as JSON texts, sorted (a table is a multiset of rows). */
export type Snapshot = Map<string, string[]>;

export interface TableChange {
  table: string;
  added: string[];
  removed: string[];
}

export interface SnapshotReader {
  /** Every row of every table now. */
  read(): Promise<Snapshot>;
  /** A count that moves whenever the server writes (SQLite: its commits; PostgreSQL: its statements that change a table). */
  version(): Promise<number>;
  close(): Promise<void>;
}

const text = (row: Record<string, unknown>) =>
  JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v instanceof Uint8Array ? `bytes:${Buffer.from(v).toString('base64')}` : v));

/** The columns of `table` that `ignore` leaves out. */
const skipped = (ignore: readonly string[], table: string) => ignore.filter((c) => c.startsWith(`${table}.`)).map((c) => c.slice(table.length + 1));
/** Whether `ignore` leaves the whole table out (its name without a column). */
const ignoredTable = (ignore: readonly string[], table: string) => ignore.includes(table);

/**
 * A read-only connection to the database file. `ignore` names columns left out of every row,
 * `table.column`, or whole tables, `table`: bookkeeping the server writes on its own (a token's
 * last use, the shared rate limit's counts).
 */
export function snapshotReader(file: string, ignore: readonly string[] = []): SnapshotReader {
  const db = new DatabaseSync(file, { readOnly: true });
  const version = db.prepare('PRAGMA data_version');
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
  return {
    async read() {
      const out: Snapshot = new Map();
      db.exec('BEGIN');
      try {
        for (const { name } of tables.all() as { name: string }[]) {
          if (ignoredTable(ignore, name)) continue;
          const skip = skipped(ignore, name);
          const rows = (db.prepare(`SELECT * FROM "${name.replaceAll('"', '""')}"`).all() as Record<string, unknown>[]).map((r) => {
            for (const c of skip) delete r[c];
            return text(r);
          });
          out.set(name, rows.sort());
        }
      } finally {
        db.exec('COMMIT');
      }
      return out;
    },
    version: async () => Number((version.get() as { data_version: number }).data_version),
    close: async () => db.close(),
  };
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The base tables of the client's schema (its search_path), by name. */
async function tablesOf(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ t: string }>(
    `SELECT table_name AS t FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return rows.map((r) => r.t);
}

/** Every row of every table of the client's schema, in one REPEATABLE READ snapshot. */
async function snapshotOf(client: pg.Client, ignore: readonly string[]): Promise<Snapshot> {
  const out: Snapshot = new Map();
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    for (const name of await tablesOf(client)) {
      if (ignoredTable(ignore, name)) continue;
      const skip = skipped(ignore, name);
      const { rows } = await client.query<Record<string, unknown>>(`SELECT * FROM ${quote(name)}`);
      out.set(
        name,
        rows
          .map((r) => {
            for (const c of skip) delete r[c];
            return text(r);
          })
          .sort(),
      );
    }
  } finally {
    await client.query('COMMIT');
  }
  return out;
}

/** Every row of every table of the PostgreSQL schema the URL names (its search_path), once. */
export async function readPostgresTables(url: string, ignore: readonly string[] = []): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await snapshotOf(client, ignore);
  } finally {
    await client.end();
  }
}

/** The counter the PostgreSQL reader's triggers move: a sequence, so that it takes no lock the server's writes would wait on. */
const COUNTER = 'core_t_changes';

/**
 * A connection to the server's PostgreSQL schema (the URL's search_path). PostgreSQL has no count
 * of commits, so a statement-level trigger on each of the schema's tables moves a sequence: its
 * tables must all exist (the server started) before this is called.
 */
export async function postgresSnapshotReader(url: string, ignore: readonly string[] = []): Promise<SnapshotReader> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE SEQUENCE IF NOT EXISTS ${COUNTER}`);
  await client.query(`CREATE OR REPLACE FUNCTION ${COUNTER}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM nextval('${COUNTER}'); RETURN NULL; END $$`);
  for (const t of await tablesOf(client)) {
    await client.query(`CREATE OR REPLACE TRIGGER ${COUNTER} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${quote(t)} FOR EACH STATEMENT EXECUTE FUNCTION ${COUNTER}()`);
  }
  return {
    read: () => snapshotOf(client, ignore),
    // A fresh sequence shows last_value 1 before and after its first nextval: is_called tells them apart.
    version: async () => {
      const row = (await client.query<{ n: string; called: boolean }>(`SELECT last_value AS n, is_called AS called FROM ${COUNTER}`)).rows[0];
      return row?.called ? Number(row.n) : 0;
    },
    close: () => client.end(),
  };
}

/** What changed from `before` to `after`, table by table (tables unchanged are left out). */
export function snapshotDiff(before: Snapshot, after: Snapshot): TableChange[] {
  const changes: TableChange[] = [];
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    const counts = new Map<string, number>();
    for (const r of before.get(table) ?? []) counts.set(r, (counts.get(r) ?? 0) + 1);
    const added: string[] = [];
    for (const r of after.get(table) ?? []) {
      const n = counts.get(r) ?? 0;
      if (n > 0) counts.set(r, n - 1);
      else added.push(r);
    }
    const removed = [...counts].flatMap(([r, n]) => Array<string>(n).fill(r));
    if (added.length || removed.length) changes.push({ table, added, removed });
  }
  return changes;
}

/** One line per changed table, at most a few rows each: for an assertion's message. */
export function describeDiff(changes: readonly TableChange[]): string {
  return changes
    .map((c) => `${c.table}: +${c.added.length} -${c.removed.length} ${[...c.added.slice(0, 2).map((r) => `+${r}`), ...c.removed.slice(0, 2).map((r) => `-${r}`)].join(' ')}`)
    .join('\n');
}
