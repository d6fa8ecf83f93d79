// Several servers sharing one PostgreSQL database: tokens and the rate limit are shared.
// Needs the local PostgreSQL server (test/support/postgres.ts: skipped without one, except in CI).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from '../core/db.ts';
import { withPostgres } from '../../test/support/postgres.ts';
import { http, startHarness, tempDir, type Harness } from './test-support.ts';

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('core-rest on PostgreSQL', () => {
  it('shares tokens and the rate limit between two servers', (t) =>
    withPostgres(t, 'rest', async (openDb) => {
    const conf = 'enabled = true\nport = 0\nrequests-per-minute = 6\n';
    const tuning = { tokenRefreshMs: 100, rateLimitFlushMs: 50 };
    let a: Harness | undefined;
    let b: Harness | undefined;
    try {
      a = await startHarness({ dir: tempDir(), openDb, conf, tuning });
      b = await startHarness({ dir: tempDir(), openDb, conf, tuning });
      const A = a;
      const B = b;
      const secret = await A.token('shared');
      const row = await sql`SELECT digest FROM rest_tokens WHERE label = 'shared'`.execute(A.database.db);
      assert.equal(row.rows.length, 1);
      await until(async () => (await http(B.port, 'GET', '/api/v1/status', { token: secret })).status === 200, 'B to learn the token');
      for (let i = 0; i < 3; i++) assert.equal((await http(A.port, 'GET', '/api/v1/status', { token: secret })).status, 200);
      await new Promise((r) => setTimeout(r, 250));
      // B has admitted 1 and knows A admitted 3: two more fit in the shared minute of 6.
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await http(B.port, 'GET', '/api/v1/status', { token: secret })).status);
      assert.deepEqual(statuses, [200, 200, 429]);
      await A.commands.run('coreapi token revoke shared');
      await until(async () => (await http(B.port, 'GET', '/api/v1/status', { token: secret })).status === 401, 'B to learn of the revocation');
    } finally {
      await a?.close();
      await b?.close();
    }
  }));
});
