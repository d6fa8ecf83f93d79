// Which database the tests run on: SQLite (the default) or, with CORE_TEST_DATABASE=postgres, the
// local PostgreSQL server (127.0.0.1:5432, database `test`). `npm test` runs the suite once each way
// (scripts/test-passes.ts). On PostgreSQL every kernel and every real server gets a schema of its
// own, named `core_t_...` so that the runner can sweep what a crashed test process left behind.

import pg from 'pg';
import type { DbKind } from '../../src/core/storage/db.ts';

export const TEST_DATABASE: DbKind = process.env.CORE_TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

export const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** The prefix of every schema the tests make: the runner drops those whose test process is gone. */
export const TEST_SCHEMA_PREFIX = 'core_t_';

let counter = 0;

export interface TestSchema {
  schema: string;
  /** A URL whose connections see only this schema (search_path), as a server's network.conf names it. */
  url: string;
  drop(): Promise<void>;
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await client.connect();
  } catch (e) {
    throw new Error(`the PostgreSQL pass needs the server at 127.0.0.1:5432 (database test): ${e instanceof Error ? e.message : String(e)}`);
  }
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty schema; `drop()` removes it with everything in it. */
export async function createTestSchema(label: string): Promise<TestSchema> {
  const schema = `${TEST_SCHEMA_PREFIX}${label.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${process.pid}_${Date.now()}_${counter++}`;
  await admin((c) => c.query(`CREATE SCHEMA ${schema}`));
  let dropped = false;
  return {
    schema,
    url: schemaUrl(schema),
    async drop() {
      if (dropped) return;
      dropped = true;
      await admin((c) => c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
    },
  };
}

export function schemaUrl(schema: string): string {
  return `${POSTGRES_URL}?options=-c%20search_path%3D${schema}`;
}

/** Whether the test process that made the schema (its pid is in the name) is gone. */
function orphaned(schema: string): boolean {
  const pid = Number(/_(\d+)_\d{13}(?:_\d+)?$/.exec(schema)?.[1]);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Drops the schemas the tests made whose test process is gone (it crashed, or was killed before
 * its cleanup); how many. A schema of a test still running, here or in another run, stays.
 */
export async function dropLeftoverSchemas(): Promise<number> {
  return admin(async (c) => {
    const { rows } = await c.query<{ nspname: string }>(`SELECT nspname FROM pg_namespace WHERE nspname LIKE $1`, [`${TEST_SCHEMA_PREFIX}%`]);
    const left = rows.map((r) => r.nspname).filter(orphaned);
    for (const schema of left) await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    return left.length;
  });
}
