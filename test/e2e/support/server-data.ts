// Reads a real server's tables directly, on whichever database the pass runs (test/support/test-database.ts):
// its SQLite file read-only, or its PostgreSQL schema. For what no route shows, such as the audit
// log's rows. Queries use `?` placeholders, as SQLite does; PostgreSQL gets them numbered.

import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import pg from 'pg';
import { databaseUrlOf } from './server-process.ts';

export async function readServerData<T>(dataDir: string, query: string, ...args: Array<string | number>): Promise<T[]> {
  const url = databaseUrlOf(dataDir);
  if (url === undefined) {
    const conn = new DatabaseSync(join(dataDir, 'core', 'core.db'), { readOnly: true });
    try {
      return conn.prepare(query).all(...args) as T[];
    } finally {
      conn.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let n = 0;
    const { rows } = await client.query(query.replace(/\?/g, () => `$${++n}`), args);
    return rows as T[];
  } finally {
    await client.end();
  }
}
