// Rows kept in memory where this process is the only writer of the database (docs/decisions.md,
// "Data access"). On SQLite one server owns the data folder, so a row it read stays true until it
// writes the row itself: a store whose requests read the same rows again and again (known players,
// balances) keeps them here, and forgets a row before each write of it. On PostgreSQL other servers
// write the same tables, so the memory stays empty and every read goes to the database.
//
// The store's part: `get` before reading; `mark()` before the database read and `remember(key,
// mark, value)` after it (a write of any row since the mark voids it: the value may predate it);
// `forget(key)` before every write of the row, inside or outside a transaction (a rolled-back write
// only costs a read). A read inside a transaction is never remembered: it may see what is not
// committed yet.

import { isSqlite, type DbHandle } from './db.ts';

export interface RowMemory<V> {
  get(key: string): V | undefined;
  /** Taken before a database read whose result may be remembered. */
  mark(): number;
  remember(key: string, mark: number, value: V): void;
  forget(key: string): void;
}

export function rowMemory<V>(db: DbHandle, options: { limit?: number } = {}): RowMemory<V> {
  const limit = options.limit ?? 10_000;
  const rows = isSqlite(db) ? new Map<string, V>() : undefined;
  let writes = 0;
  return {
    get: (key) => rows?.get(key),
    mark: () => writes,
    remember(key, mark, value) {
      if (rows === undefined || mark !== writes) return;
      // The oldest row read goes first: a lookup costs no bookkeeping.
      if (rows.size >= limit && !rows.has(key)) rows.delete(rows.keys().next().value as string);
      rows.set(key, value);
    },
    forget(key) {
      writes++;
      rows?.delete(key);
    },
  };
}
