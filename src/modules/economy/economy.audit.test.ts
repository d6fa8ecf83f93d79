import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Actor } from '../../core/kernel/actor.ts';
import { sql } from '../../core/storage/db.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { value } from '../../../test/support/results.ts';
import { economyModule } from './index.ts';

const SHOP: Actor = { kind: 'rest', label: 'shop' };

// Each change of money and its audit entry commit in one transaction: both or neither.
describe('economy audit entries', () => {
  let t: TestKernel;
  let ann: string;
  let ben: string;

  before(async () => {
    t = await startTestKernel({ modules: [economyModule] });
    ann = (await t.join('Ann')).uuid;
    ben = (await t.join('Ben')).uuid;
    value(await t.kernel.api.economy.deposit(ann, 10, null, SHOP));
    value(await t.kernel.api.economy.deposit(ben, 10, null, SHOP));
  });
  after(() => t.close());

  const audited = async () => Number((await sql<{ n: number }>`select count(*) as n from core_audit`.execute(t.database.db)).rows[0]!.n);
  const ledger = async () => Number((await sql<{ n: number }>`select count(*) as n from economy_ledger`.execute(t.database.db)).rows[0]!.n);

  it('writes one entry per deposit, withdrawal, bank move and set (one that changes nothing too), and two per transfer', async () => {
    const eco = t.kernel.api.economy;
    const before = await audited();
    value(await eco.deposit(ann, 1, null, SHOP));
    value(await eco.withdraw(ann, 1, null, SHOP));
    value(await eco.bankDeposit(ann, 1, null, SHOP));
    value(await eco.bankWithdraw(ann, 1, null, SHOP));
    value(await eco.set(ann, 50, null, SHOP));
    value(await eco.set(ann, 50, null, SHOP)); // already 50: still audited
    value(await eco.transfer(ann, ben, 5, null, SHOP));
    assert.equal((await audited()) - before, 8);
  });

  it('applies no change when its audit entry cannot be written', async () => {
    const eco = t.kernel.api.economy;
    const balance = value(await eco.balance(ann, null)).amount;
    const rows = await ledger();
    const db = t.database.db;
    if (t.database.kind === 'sqlite') {
      await sql`create trigger refuse_audit before insert on core_audit begin select raise(abort, 'the audit log is full'); end`.execute(db);
    } else {
      await sql`create function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'the audit log is full'; end $$`.execute(db);
      await sql`create trigger refuse_audit before insert on core_audit for each row execute function refuse_audit()`.execute(db);
    }
    try {
      await assert.rejects(eco.deposit(ann, 3, null, SHOP), /the audit log is full/);
      await assert.rejects(eco.transfer(ann, ben, 3, null, SHOP), /the audit log is full/);
      await assert.rejects(eco.set(ann, 1, null, SHOP), /the audit log is full/);
    } finally {
      if (t.database.kind === 'sqlite') await sql`drop trigger refuse_audit`.execute(db);
      else await sql`drop function refuse_audit cascade`.execute(db);
    }
    assert.equal(value(await eco.balance(ann, null)).amount, balance, 'the balance is as it was');
    assert.equal(await ledger(), rows, 'no ledger row was written');
    value(await eco.deposit(ann, 3, null, SHOP));
    assert.equal(value(await eco.balance(ann, null)).amount, balance + 3);
  });
});
