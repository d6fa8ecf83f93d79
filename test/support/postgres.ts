// Runs a test against the local PostgreSQL server (127.0.0.1:5432, database `test`) in a schema of
// its own, dropped afterwards. Without a server the test is skipped on a developer's machine and
// fails in CI (CI=true), where .ci/run starts the server: a PostgreSQL test never passes unseen.

import type { TestContext } from 'node:test';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/core/storage/db.ts';
import { POSTGRES_URL, TEST_SCHEMA_PREFIX } from './test-database.ts';

export { POSTGRES_URL };

export async function withPostgres(t: TestContext, name: string, run: (openDb: () => Database, schema: string) => Promise<void>): Promise<void> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await admin.connect();
  } catch (e) {
    if (process.env.CI) throw new Error(`PostgreSQL at 127.0.0.1:5432 is needed in CI: ${e instanceof Error ? e.message : String(e)}`);
    t.skip('no PostgreSQL server at 127.0.0.1:5432');
    return;
  }
  const schema = `${TEST_SCHEMA_PREFIX}${name}_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE SCHEMA ${schema}`);
  try {
    await run(
      () => openDatabase({ kind: 'postgres', url: `${POSTGRES_URL}?options=-c%20search_path%3D${schema}` }),
      schema,
    );
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}
