// A full disk under the economy, through the Remote Access Service over real HTTP and an in-game
// command, on the real kernel and its real SQLite file. The full condition is SQLite's own
// ("database or disk is full", SQLITE_FULL), made by capping the file at the pages it has
// (PRAGMA max_page_count on the server's connection): deposits arrive until one needs a page the
// file may not grow by. Each write is answered done or declined `failed`, and the file holds
// exactly the ones answered done; reads go on; one log line; writes work again once the cap is lifted.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { sqliteDirect } from '../src/core/storage/db.ts';
import { startTestKernel, type TestKernel } from './support/test-kernel.ts';
import { startKernelAddon, type KernelAddon } from './support/rest-addon.ts';
import { http } from '../src/rest/test-support.ts';
import { economyModule } from '../src/modules/economy/index.ts';

const FULL = "The server's disk is full, so the request was not carried out; try again later.";

describe('economy on a full disk', () => {
  let t: TestKernel;
  let rest: KernelAddon;
  let writer: string;
  let ann: string;
  let ben: string;

  before(async () => {
    t = await startTestKernel({ modules: [economyModule] });
    rest = await startKernelAddon(t);
    writer = await rest.token('writer', 'read,write');
    ann = (await t.join('Ann')).uuid;
    ben = (await t.join('Ben')).uuid;
  });
  after(async () => {
    await rest?.stop();
    await t?.close();
  });

  const post = (path: string, body: object) => http(rest.port, 'POST', `/api/v1${path}`, { token: writer, body });
  const balance = async (uuid: string) => (await http(rest.port, 'GET', `/api/v1/players/${uuid}/balance`, { token: writer })).json.data.amount as number;
  const setCap = (pages: number | 'now') => {
    const db = sqliteDirect(t.database.db)!.db;
    const n = pages === 'now' ? (db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count : pages;
    db.exec(`PRAGMA max_page_count = ${n}`);
  };
  /** The deposit rows of the ledger (by amount in cents) and the audit entries of deposits, read by a connection of its own. */
  const stored = () => {
    const db = new DatabaseSync(join(t.dir, 'core.db'), { readOnly: true });
    try {
      const rows = db.prepare(`select delta from economy_ledger where kind = 'deposit'`).all() as { delta: number }[];
      const audited = db.prepare(`select count(*) as n from core_audit where action = 'economy.deposit'`).get() as { n: number };
      return { deposits: rows.map((r) => Number(r.delta)).sort((a, b) => a - b), audited: Number(audited.n) };
    } finally {
      db.close();
    }
  };

  it('answers each deposit done or declined, the file holding exactly those done; reads, the game command and the log tell it; writes work again with room', async (ctx) => {
    setCap('now');
    const before = t.log.lines.length;
    const done: number[] = [];
    const declined: number[] = [];
    // Batches of ten concurrent deposits, each of its own amount (cents), until some are declined.
    let cents = 100;
    for (let batch = 0; batch < 200 && declined.length === 0; batch++) {
      const amounts = Array.from({ length: 10 }, () => ++cents);
      const answers = await Promise.all(amounts.map((c) => post(`/players/${ann}/balance/deposit`, { amount: c / 100 })));
      answers.forEach((r, i) => {
        assert.equal(r.status, 200, r.text);
        if (r.json.ok === true) done.push(amounts[i]!);
        else {
          assert.deepEqual(r.json, { ok: false, code: 'failed', message: FULL });
          declined.push(amounts[i]!);
        }
      });
    }
    assert.ok(declined.length > 0, 'the file filled up');
    ctx.diagnostic(`${done.length} deposits done, ${declined.length} declined`);
    // The file holds the deposits answered done, each with its audit entry, and none declined.
    const s = stored();
    assert.deepEqual(s.deposits, done);
    assert.equal(s.audited, done.length);
    // Reads are answered, and the balance is the start plus what was done.
    const expected = 10_000 + done.reduce((a, b) => a + b, 0);
    assert.equal(Math.round((await balance(ann)) * 100), expected);
    // A transfer declined too: neither side moves.
    const transfer = await post('/economy/transfer', { from: ann, to: ben, amount: 1 });
    assert.deepEqual(transfer.json, { ok: false, code: 'failed', message: FULL });
    assert.deepEqual([Math.round((await balance(ann)) * 100), await balance(ben)], [expected, 100]);
    // A player paying in the game is told.
    await t.platform.run(ann, 'pay Ben 1');
    assert.equal(t.platform.messagesOf(ann).at(-1), FULL);
    assert.equal(await balance(ben), 100);
    // Each deposit done has its line saying who did it (src/core/log/audit-lines.ts), a declined one none.
    const said = t.log.lines.slice(before).filter((l) => / INFO \S+ economy\.deposit Ann: /.test(l));
    assert.equal(said.length, done.length);
    // One line for the routes (the others within ten seconds are counted into the next), one for the command; no stack.
    const lines = t.log.lines.slice(before).filter((l) => !said.includes(l));
    const file = join(t.dir, 'core.db');
    assert.deepEqual(
      lines.map((l) => l.replace(/^.* ERROR /, 'ERROR ')),
      [
        `ERROR POST /players/:uuid/balance/deposit declined: the disk of the database ${file} is full (database or disk is full)`,
        `ERROR [commands] command "pay Ben 1" run by Ann declined: the disk of the database ${file} is full (database or disk is full)`,
      ],
    );
    // A deposit sent with an Idempotency-Key is declined the same way, and its key stays free for the retry.
    const keyed = () => http(rest.port, 'POST', `/api/v1/players/${ann}/balance/deposit`, { token: writer, body: { amount: 5 }, headers: { 'idempotency-key': 'full-disk-1' } });
    const refused = await keyed();
    assert.equal(refused.status, 200, refused.text);
    assert.deepEqual(refused.json, { ok: false, code: 'failed', message: FULL });
    // Room again: writes work, the keyed retry applies once.
    setCap(1_073_741_823);
    const retried = await keyed();
    assert.equal(retried.json.ok, true, retried.text);
    assert.equal((await keyed()).headers['idempotent-replayed'], 'true');
    assert.equal(Math.round((await balance(ann)) * 100), expected + 500);
    const again = await post(`/players/${ann}/balance/deposit`, { amount: 1 });
    assert.equal(again.json.ok, true, again.text);
    const paid = await post('/economy/transfer', { from: ann, to: ben, amount: 1 });
    assert.equal(paid.json.ok, true, paid.text);
    assert.equal(await balance(ben), 101);
  });
});
