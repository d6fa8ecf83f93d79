// Two servers on one PostgreSQL database (two kernels, two pools of connections): transfers,
// deposits, withdrawals and sets started on both at once against the same wallets stay atomic:
// no call fails on a deadlock, no money is lost or made, no balance goes below zero, and every
// balance is what its ledger rows add up to.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CONSOLE } from '../../core/kernel/actor.ts';
import { sql } from '../../core/storage/db.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { value } from '../../../test/support/results.ts';
import { economyModule } from './index.ts';

/** A repeatable sequence of numbers in [0, 1), so a failure can be run again as it was. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

async function twoServers(openDb: () => import('../../core/storage/db.ts').Database): Promise<[TestKernel, TestKernel]> {
  const lobby = await startTestKernel({ modules: [economyModule], openDb, serverName: 'lobby' });
  try {
    return [lobby, await startTestKernel({ modules: [economyModule], openDb, serverName: 'survival' })];
  } catch (e) {
    await lobby.close();
    throw e;
  }
}

async function ledgerMatches(k: TestKernel): Promise<void> {
  const rows = await sql<{ uuid: string; balance: string; ledger: string | null }>`
    SELECT w.uuid, w.balance, (SELECT sum(delta) FROM economy_ledger l WHERE l.uuid = w.uuid AND l.currency = w.currency AND l.account = 'wallet') AS ledger
    FROM economy_wallets w WHERE w.currency = 'coins'`.execute(k.database.db);
  for (const r of rows.rows) assert.equal(Number(r.ledger ?? 0), Number(r.balance), `the ledger of ${r.uuid} adds up to its balance`);
}

describe('economy across servers sharing PostgreSQL', () => {
  it('many opposing transfers, deposits and withdrawals on two servers at once conserve money and never overdraw', (ctx) =>
    withPostgres(ctx, 'eco_net', async (openDb) => {
      const [lobby, survival] = await twoServers(openDb);
      try {
        const names = ['Ann', 'Ben', 'Cid'];
        const uuids: string[] = [];
        for (const n of names) uuids.push((await lobby.join(n)).uuid);
        for (const n of names) await survival.join(n);
        // A join opens the wallets in the background; on a loaded machine a PostgreSQL round trip can
        // outlast the harness's settle, so wait for them (opening is idempotent: this waits, or opens).
        for (const u of uuids) await lobby.kernel.api.economy.openWallets(u);
        const start = await lobby.kernel.api.economy.totalInWallets('coins');
        assert.equal(start, 300 * 100, 'three wallets of 100 coins (in cents)');

        const random = seeded(15);
        let made = 0;
        const calls: Array<Promise<void>> = [];
        for (let i = 0; i < 240; i++) {
          const eco = (i % 2 === 0 ? lobby : survival).kernel.api.economy;
          const from = uuids[Math.floor(random() * 3)]!;
          const to = uuids.find((u) => u !== from && random() < 0.5) ?? uuids.find((u) => u !== from)!;
          const amount = 1 + Math.floor(random() * 60);
          const kind = random();
          if (kind < 0.8) {
            calls.push(eco.transfer(from, to, amount, null, CONSOLE).then((r) => assert.ok(r.ok || r.code === 'insufficient-funds', String(!r.ok && r.message))));
          } else if (kind < 0.9) {
            calls.push(eco.deposit(from, amount, null, CONSOLE).then((r) => {
              value(r);
              made += amount * 100;
            }));
          } else {
            calls.push(
              eco.withdraw(from, amount, null, CONSOLE).then((r) => {
                if (r.ok) made -= amount * 100;
                else assert.equal(r.code, 'insufficient-funds');
              }),
            );
          }
        }
        await Promise.all(calls);

        assert.equal(await survival.kernel.api.economy.totalInWallets('coins'), start + made, 'no coin lost or made');
        for (const u of uuids) assert.ok(value(await lobby.kernel.api.economy.balance(u)).amount >= 0, 'no balance below zero');
        await ledgerMatches(lobby);
      } finally {
        await survival.close();
        await lobby.close();
      }
    }));

  it('a set on one server and deposits on the other at once: the balance is the set amount plus the deposits after it', (ctx) =>
    withPostgres(ctx, 'eco_net_set', async (openDb) => {
      const [lobby, survival] = await twoServers(openDb);
      try {
        const ann = (await lobby.join('Ann')).uuid;
        await survival.join('Ann');
        const calls: Array<Promise<unknown>> = [];
        for (let i = 0; i < 20; i++) {
          calls.push(survival.kernel.api.economy.deposit(ann, 1, null, CONSOLE).then(value));
          if (i === 10) calls.push(lobby.kernel.api.economy.set(ann, 500, null, CONSOLE).then(value));
        }
        await Promise.all(calls);
        await ledgerMatches(lobby);
        const balance = value(await lobby.kernel.api.economy.balance(ann)).amount;
        assert.ok(balance >= 500 && balance <= 520, `500 and the deposits that came after the set: ${balance}`);
      } finally {
        await survival.close();
        await lobby.close();
      }
    }));
});
