// Several servers sharing one PostgreSQL database: tokens and the rate limit are shared.
// Needs the local PostgreSQL server (test/support/postgres.ts: skipped without one, except in CI).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { KyselyPlugin } from 'kysely';
import { sql, type Database } from '../core/storage/db.ts';
import { withPostgres } from '../../test/support/postgres.ts';
import { http, startHarness, tempDir, type Harness } from './test-support.ts';

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The counts a server reads back from the shared rate-limit table (`rest_rate_windows`) at each
 * exchange, seen through a plugin on its database: `read(n)` resolves once it has read a count of n
 * or more, and so has taken in what the other servers had written by then.
 */
function rateCountsRead() {
  const counts: number[] = [];
  let waiters: Array<() => void> = [];
  const onRateTable = new WeakSet<object>();
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      if (JSON.stringify(node).includes('"rest_rate_windows"')) onRateTable.add(queryId);
      return node;
    },
    async transformResult({ result, queryId }) {
      if (onRateTable.has(queryId)) {
        for (const row of result.rows) if ('count' in row) counts.push(Number(row.count));
        const woken = waiters;
        waiters = [];
        for (const w of woken) w();
      }
      return result;
    },
  };
  return {
    open: (openDb: () => Database) => (): Database => {
      const database = openDb();
      return { ...database, db: database.db.withPlugin(plugin) };
    },
    read(n: number): Promise<void> {
      let timer: NodeJS.Timeout | undefined;
      return new Promise<void>((resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no count of ${n} read within 5 s: ${counts.join(' ')}`)), 5000);
        const check = () => (counts.some((c) => c >= n) ? resolve() : waiters.push(check));
        check();
      }).finally(() => clearTimeout(timer));
    },
  };
}

describe('core-rest on PostgreSQL', () => {
  it('shares tokens and the rate limit between two servers', (t) =>
    withPostgres(t, 'rest', async (openDb) => {
    const conf = 'enabled = true\nport = 0\nrequests-per-minute = 6\n';
    const tuning = { tokenRefreshMs: 100, rateLimitFlushMs: 50 };
    let a: Harness | undefined;
    let b: Harness | undefined;
    try {
      const readByB = rateCountsRead();
      a = await startHarness({ dir: tempDir(), openDb, conf, tuning });
      b = await startHarness({ dir: tempDir(), openDb: readByB.open(openDb), conf, tuning });
      const A = a;
      const B = b;
      const secret = await A.token('shared');
      const row = await sql`SELECT digest FROM rest_tokens WHERE label = 'shared'`.execute(A.database.db);
      assert.equal(row.rows.length, 1);
      await until(async () => (await http(B.port, 'GET', '/api/v1/status', { token: secret })).status === 200, 'B to learn the token');
      for (let i = 0; i < 3; i++) assert.equal((await http(A.port, 'GET', '/api/v1/status', { token: secret })).status, 200);
      // B has admitted 1 and, once it has read the shared count of 4, knows A admitted 3: two more fit in the shared minute of 6.
      await readByB.read(4);
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
