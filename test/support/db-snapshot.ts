// Every row of every table of a server's SQLite database, read beside the running server (WAL lets
// a reader see the last commit without stopping the writer), and the difference between two such
// snapshots. For tests that prove a request changed nothing.

import { DatabaseSync } from 'node:sqlite';

/** Per table, its rows as JSON texts, sorted (a table is a multiset of rows). */
export type Snapshot = Map<string, string[]>;

export interface TableChange {
  table: string;
  added: string[];
  removed: string[];
}

export interface SnapshotReader {
  /** Every row of every table now. */
  read(): Snapshot;
  /** SQLite's count of commits by other connections: it moves only when the server committed. */
  version(): number;
  close(): void;
}

/**
 * A read-only connection to the database file. `ignore` names columns left out of every row,
 * `table.column`: bookkeeping the server writes on its own (a token's last use).
 */
export function snapshotReader(file: string, ignore: readonly string[] = []): SnapshotReader {
  const db = new DatabaseSync(file, { readOnly: true });
  const version = db.prepare('PRAGMA data_version');
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
  const text = (row: Record<string, unknown>) =>
    JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v instanceof Uint8Array ? `bytes:${Buffer.from(v).toString('base64')}` : v));
  return {
    read() {
      const out: Snapshot = new Map();
      db.exec('BEGIN');
      try {
        for (const { name } of tables.all() as { name: string }[]) {
          const skip = ignore.filter((c) => c.startsWith(`${name}.`)).map((c) => c.slice(name.length + 1));
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
    version: () => Number((version.get() as { data_version: number }).data_version),
    close: () => db.close(),
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
