// Which database the tests run on: SQLite (the default) or, with CORE_TEST_DATABASE=postgres, the
// local PostgreSQL server (127.0.0.1:5432, database `test`). `npm test` runs the suite once each way
// (scripts/test-passes.ts). On PostgreSQL every kernel and every real server gets a schema of its
// own, named `core_t_...` so that the runner can sweep what a crashed test process left behind.

import pg from 'pg';
import type { DbKind } from '../../src/core/db.ts';

export const TEST_DATABASE: DbKind = process.env.CORE_TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

export const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** The prefix of every schema the tests make: the runner drops leftovers by it. */
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

/** Drops every schema the tests made that is still there (left by a test process that crashed); how many. */
export async function dropLeftoverSchemas(): Promise<number> {
  return admin(async (c) => {
    const { rows } = await c.query<{ nspname: string }>(`SELECT nspname FROM pg_namespace WHERE nspname LIKE $1`, [`${TEST_SCHEMA_PREFIX}%`]);
    for (const r of rows) await c.query(`DROP SCHEMA IF EXISTS ${r.nspname} CASCADE`);
    return rows.length;
  });
}
