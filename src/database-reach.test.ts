import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { openDatabase } from './core/storage/db.ts';
import { checkPostgresReachable } from './database-reach.ts';
import { POSTGRES_URL } from '../test/support/test-database.ts';

/** The check's message; `beforeClose` runs before the pool closes (which waits for a pending connection). */
async function failure(url: string, timeoutMs?: number, beforeClose?: () => void): Promise<string> {
  const database = openDatabase({ kind: 'postgres', url });
  try {
    await checkPostgresReachable(database, url, timeoutMs);
  } catch (e) {
    assert.equal((e as Error).name, 'StartupError');
    return (e as Error).message;
  } finally {
    beforeClose?.();
    await database.close().catch(() => {});
  }
  assert.fail('the check passed');
}

describe('checkPostgresReachable', () => {
  it('names a refused host and port, without the user or password', async () => {
    const m = await failure('postgres://core:hunter2@127.0.0.1:1/core');
    assert.match(m, /^the PostgreSQL database at postgres:\/\/127\.0\.0\.1:1\/core \(core\/network\.conf, key "database"\) cannot be used: nothing accepts connections there/);
    assert.doesNotMatch(m, /hunter2|core:/);
  });

  it('gives up on a host that accepts the connection and never answers', async () => {
    const sockets: Array<{ destroy(): void }> = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as { port: number }).port;
    const hangUp = () => {
      for (const s of sockets) s.destroy();
      silent.close();
    };
    const m = await failure(`postgres://core:hunter2@127.0.0.1:${port}/core`, 300, hangUp);
    assert.match(m, /the host does not answer: check the host, the port and any firewall between$/);
  });

  it('tells a database that does not exist on a server that runs', async () => {
    const m = await failure(POSTGRES_URL.replace(/\/test$/, '/core_no_such_database'));
    assert.match(m, /postgres:\/\/127\.0\.0\.1:5432\/core_no_such_database .*that database does not exist/);
  });

  it('passes when PostgreSQL answers', async () => {
    const database = openDatabase({ kind: 'postgres', url: POSTGRES_URL });
    try {
      await checkPostgresReachable(database, POSTGRES_URL);
    } finally {
      await database.close();
    }
  });
});
