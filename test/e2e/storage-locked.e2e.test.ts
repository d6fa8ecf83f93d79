// A locked database file under the real server (`node src/main.ts`): another program (this test,
// through a connection of its own) holds the write lock on data/core/core.db while deposits, a
// transfer and an in-game /pay arrive. The server waits up to 5 s for the lock without stopping
// (reads and the game go on), then declines each with `failed` naming the cause, logs one line
// naming the file, and has applied nothing; once the lock is released it writes again, and a
// write whose lock is released during its wait is done.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { joinBot, quit, waitForMessage, type Bot } from './support/bots.ts';
import { startRestServer, type RestServer } from './support/rest-server.ts';
import { within } from './support/network-pair.ts';
import { newDataDir } from './support/server-process.ts';

const LOCKED = "The server's database is locked by another program, so the request was not carried out; try again later.";

describe('a database file locked by another program', () => {
  const dataDir = newDataDir();
  const file = join(dataDir, 'core', 'core.db');
  let rs: RestServer;
  let token: string;
  let ada: Bot;
  let bo: string;
  let other: DatabaseSync;

  before(async () => {
    rs = await startRestServer({ dataDir });
    token = await rs.token('writer', 'read,write');
    const b = await joinBot(rs.server.gamePort, 'Bo', { viewDistance: 2 });
    bo = b.player.uuid;
    await quit(b);
    ada = await joinBot(rs.server.gamePort, 'Ada', { viewDistance: 2 });
    other = new DatabaseSync(file);
    // The lock below waits for a write of the server's under way (a join's, say) to end, as another
    // program would, rather than failing at once (a loaded run saw "database is locked" there).
    other.exec('PRAGMA busy_timeout = 10000');
  });
  after(async () => {
    other?.close();
    if (ada) await quit(ada);
    await rs?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const balance = async (uuid: string) => (await rs.call('GET', `/players/${uuid}/balance`, token)).json.data.amount as number;
  /** A deposit of 6 to Bo sent with an Idempotency-Key. */
  const keyed = () => rs.call('POST', `/players/${bo}/balance/deposit`, token, { amount: 6 }, { 'idempotency-key': 'locked-1' });
  const ledgerRows = () => Number((other.prepare('select count(*) as n from economy_ledger').get() as { n: number }).n);

  it('declines each write after 5 s with failed, serving reads and the game meanwhile, logs one line naming the file, and applies nothing', { timeout: 60_000 }, async () => {
    const adaId = ada.player.uuid;
    const rowsBefore = ledgerRows();
    const mark = rs.server.lines.length;
    other.exec('BEGIN IMMEDIATE');
    let answered: Array<{ status: number; json: Record<string, unknown> }>;
    let readMs: number;
    let waitedMs: number;
    try {
      const started = performance.now();
      const writes = Promise.all([
        rs.call('POST', `/players/${adaId}/balance/deposit`, token, { amount: 1 }),
        rs.call('POST', `/players/${adaId}/balance/deposit`, token, { amount: 2 }),
        rs.call('POST', `/players/${bo}/balance/deposit`, token, { amount: 3 }),
        rs.call('POST', '/economy/transfer', token, { from: adaId, to: bo, amount: 4 }),
        // Its key is claimed in the same locked file: declined the same way, the key left free.
        keyed(),
      ]);
      const told = waitForMessage(ada, /locked by another program/, 15_000);
      ada.chat('/pay Bo 5');
      // While the writes wait (their five connections open at the server, no answer yet): a read is
      // answered at once, and the game answers a command.
      await within(5000, 'the five writes to reach the server', async () => {
        const status = await rs.console('coreapi status', /connections open: \d+/);
        return Number(/connections open: (\d+)/.exec(status)?.[1]) >= 5;
      });
      const readAt = performance.now();
      assert.equal(await balance(adaId), 100);
      readMs = performance.now() - readAt;
      const shown = waitForMessage(ada, /Your balance is \$100\.00\./, 3000);
      ada.chat('/balance');
      await shown;
      answered = await writes;
      waitedMs = performance.now() - started;
      assert.equal(await told, LOCKED);
    } finally {
      other.exec('ROLLBACK');
    }
    assert.ok(readMs < 1000, `the read was answered during the wait (${Math.round(readMs)} ms)`);
    for (const a of answered) assert.deepEqual([a.status, a.json], [200, { ok: false, code: 'failed', message: LOCKED }]);
    assert.ok(waitedMs >= 4900 && waitedMs < 10_000, `declined after the 5 s wait, before the 10 s upstream timeout (${Math.round(waitedMs)} ms)`);
    assert.deepEqual([await balance(adaId), await balance(bo)], [100, 100], 'nothing applied');
    assert.equal(ledgerRows(), rowsBefore, 'no ledger row');
    // One line for the routes (the three others within ten seconds are counted into the next), one
    // for the command (and one for the token's last use, a write of its own); each names the file
    // and the cause, and no stack follows.
    const lines = rs.server.lines.slice(mark).filter((l) => / ERROR /.test(l) || /^\s+at /.test(l));
    const cause = `the database ${file} is locked by another program (database is locked; waited 5.`;
    const text = lines.join('\n');
    assert.deepEqual(lines.filter((l) => !l.includes(cause)), [], 'every error line is the locked file, without a stack');
    assert.equal(lines.filter((l) => /ERROR \[core-rest\] POST \S+ declined: /.test(l)).length, 1, text);
    assert.equal(lines.filter((l) => l.includes('command "pay Bo 5" run by Ada declined: ')).length, 1, text);

    // The lock released: writes work again.
    const again = await rs.call('POST', `/players/${adaId}/balance/deposit`, token, { amount: 1 });
    assert.equal(again.json.ok, true, JSON.stringify(again.json));
    assert.equal(await balance(adaId), 101);
    // The keyed deposit's retry is applied, once.
    assert.equal((await keyed()).json.ok, true);
    assert.equal((await keyed()).headers['idempotent-replayed'], 'true');
    assert.equal(await balance(bo), 106);
  });

  it('does a write whose lock is released while it waits', { timeout: 30_000 }, async () => {
    other.exec('BEGIN IMMEDIATE');
    // The scenario: the lock is released 1 s into the write's wait of up to 5 s (it retries every 20 ms).
    setTimeout(() => other.exec('ROLLBACK'), 1000);
    const started = performance.now();
    const r = await rs.call('POST', `/players/${bo}/balance/deposit`, token, { amount: 7 });
    const ms = performance.now() - started;
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    assert.ok(ms >= 900 && ms < 4000, `done once the lock was released (${Math.round(ms)} ms)`);
    assert.equal(await balance(bo), 113);
  });
});
