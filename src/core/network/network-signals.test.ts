import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { POSTGRES_URL, withPostgres } from '../../../test/support/postgres.ts';
import { openDatabase } from '../storage/db.ts';
import { memoryLogger } from '../log/log.ts';
import { createNetworkSignals, type SignalData } from './network-signals.ts';
import { within } from '../../../test/support/within.ts';

describe('network signals', () => {
  it('on PostgreSQL: a signal reaches the other server with the sender’s name, not the sender; one in a rolled-back transaction never', (ctx) =>
    withPostgres(ctx, 'signals', async (openDb) => {
      const dbA = openDb();
      const dbB = openDb();
      const a = await createNetworkSignals({ database: dbA, serverName: 'lobby', log: memoryLogger() });
      const b = await createNetworkSignals({ database: dbB, serverName: 'survival', log: memoryLogger() });
      try {
        const heardA: SignalData[] = [];
        const heardB: Array<[SignalData, string]> = [];
        a.on('tokens', (d) => void heardA.push(d));
        b.on('tokens', (d, from) => void heardB.push([d, from]));
        b.on('other', () => assert.fail('a handler of another channel ran'));
        await a.publish('tokens', { label: 'panel' });
        await dbA.db
          .transaction()
          .execute(async (tx) => {
            await a.publish('tokens', { label: 'never' }, tx);
            throw new Error('roll back');
          })
          .catch(() => {});
        await dbA.db.transaction().execute((tx) => a.publish('tokens', { label: 'committed' }, tx));
        await within(1000, () => heardB.length === 2, 'both committed signals heard');
        assert.deepEqual(heardB, [[{ label: 'panel' }, 'lobby'], [{ label: 'committed' }, 'lobby']]);
        assert.deepEqual(heardA, [], 'a server does not hear itself');
        assert.equal(a.shared, true);
      } finally {
        await a.close();
        await b.close();
        await dbA.close();
        await dbB.close();
      }
    }));

  it('on PostgreSQL: a dropped listening connection is logged, comes back, re-reads, and hears again', (ctx) =>
    withPostgres(ctx, 'signals_drop', async (openDb) => {
      const dbA = openDb();
      const dbB = openDb();
      const log = memoryLogger();
      const a = await createNetworkSignals({ database: dbA, serverName: 'lobby', log: memoryLogger() });
      const b = await createNetworkSignals({ database: dbB, serverName: 'survival', log, retryMs: 50 });
      const admin = new pg.Client({ connectionString: POSTGRES_URL });
      await admin.connect();
      try {
        let rereads = 0;
        const heard: SignalData[] = [];
        b.onReconnect(() => void rereads++);
        b.on('bans', (d) => void heard.push(d));
        await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'core-signals-survival'`);
        await within(3000, () => rereads === 1, 'the reconnect handler ran');
        assert.ok(log.lines.some((l) => l.includes('lost the connection that hears the other servers')), log.lines.join('\n'));
        assert.ok(log.lines.some((l) => l.includes('hearing the other servers of the network again')));
        await a.publish('bans', { uuid: 'x' });
        await within(1000, () => heard.length === 1, 'a signal after the reconnect');
      } finally {
        await admin.end();
        await a.close();
        await b.close();
        await dbA.close();
        await dbB.close();
      }
    }));

  it('on SQLite: publishing does nothing and is not shared', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'core-signals-'));
    const database = openDatabase({ kind: 'sqlite', file: join(dir, 'core.db') });
    try {
      const s = await createNetworkSignals({ database, serverName: 'solo', log: memoryLogger() });
      assert.equal(s.shared, false);
      await s.publish('tokens', { label: 'x' });
      await s.close();
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
