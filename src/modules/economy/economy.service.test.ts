import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE, type Actor } from '../../core/kernel/actor.ts';
import { InvalidInput } from '../../core/values/invalid-input.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { economyModule } from './index.ts';
import type { EconomyService } from './economy.service.ts';
import { value } from '../../../test/support/results.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { sql } from '../../core/storage/db.ts';
import { ECONOMY_TABLES } from './economy.store.ts';

const REST: Actor = { kind: 'rest', label: 'shop' };


describe('economy', () => {
  let t: TestKernel;
  let eco: EconomyService;
  let alice: string;
  let bob: string;

  before(async () => {
    t = await startTestKernel({ modules: [economyModule] });
    eco = t.kernel.api.economy;
    alice = (await t.join('Alice')).uuid;
    bob = (await t.join('Bob')).uuid;
  });
  after(() => t.close());

  describe('economy.currencies', () => {
    it('lists the currencies of the default economy.conf with their places and starting balance', () => {
      const c = value(eco.currencies());
      assert.equal(c.default, 'coins');
      assert.deepEqual(
        c.currencies.map((x) => [x.name, x['decimal-places'], x['starting-balance'].amount, x.default]),
        [
          ['coins', 2, 100, true],
          ['gems', 0, 0, false],
        ],
      );
    });
  });

  describe('economy.toMinor and economy.toMoney (money other areas keep)', () => {
    it('converts exactly in the currency named, or the default one', () => {
      assert.deepEqual(eco.toMinor(19.99, 'coins'), { ok: true, currency: 'coins', minor: 1999 });
      assert.deepEqual(eco.toMinor(7), { ok: true, currency: 'coins', minor: 700 });
      assert.deepEqual(eco.toMinor(3, 'gems'), { ok: true, currency: 'gems', minor: 3 });
      assert.deepEqual(eco.toMoney(1999, 'coins'), { currency: 'coins', amount: 19.99 });
    });

    it('says what is wrong with an amount the currency cannot hold, and leaves the sign to the caller', () => {
      assert.deepEqual(eco.toMinor(0.5, 'gems'), { ok: false, problem: 'has more than 0 decimal places (gems has 0 decimal places)' });
      assert.deepEqual(eco.toMinor(-2.5, 'coins'), { ok: true, currency: 'coins', minor: -250 });
    });

    it('counts a currency no longer in economy.conf in whole units, both ways', () => {
      assert.deepEqual(eco.toMoney(12, 'shells'), { currency: 'shells', amount: 12 });
      assert.deepEqual(eco.toMinor(12, 'shells'), { ok: true, currency: 'shells', minor: 12 });
    });
  });

  describe('economy.balance', () => {
    it('gives a new player the starting balance of each currency', async () => {
      const carol = (await t.join('Carol')).uuid;
      assert.deepEqual(value(await eco.balance(carol)), { currency: 'coins', amount: 100 });
      assert.deepEqual(value(await eco.balances(carol)).balances, [
        { currency: 'coins', amount: 100 },
        { currency: 'gems', amount: 0 },
      ]);
    });

    it('accepts the undashed upper-case uuid', async () => {
      const r = await eco.balance(alice.replaceAll('-', '').toUpperCase());
      assert.equal(r.ok, true);
    });

    it('declines with not-found for a player the server has never seen', async () => {
      const r = await eco.balance('00000000-0000-0000-0000-000000000001');
      assert.equal(r.ok, false);
      assert.equal(!r.ok && r.code, 'not-found');
    });

    it('refuses a currency that does not exist, naming the field', async () => {
      await assert.rejects(eco.balance(alice, 'doubloons'), (e: unknown) => e instanceof InvalidInput && e.field === 'currency');
    });
  });

  describe('economy.deposit and withdraw', () => {
    it('adds decimal amounts exactly', async () => {
      const start = value(await eco.balance(bob)).amount;
      value(await eco.deposit(bob, 0.1, null, REST));
      const r = value(await eco.deposit(bob, 0.2, null, REST));
      assert.equal(r.balance.amount, Math.round((start + 0.3) * 100) / 100);
      assert.equal(String(r.balance.amount), (start + 0.3).toFixed(2).replace(/\.?0+$/, ''));
    });

    it('refuses an amount with more places than the currency, a negative amount, or zero', async () => {
      for (const [amount, currency] of [
        [0.001, 'coins'],
        [1.5, 'gems'],
        [-1, 'coins'],
        [0, 'coins'],
      ] as const) {
        await assert.rejects(eco.deposit(alice, amount, currency, REST), (e: unknown) => e instanceof InvalidInput && e.field === 'amount', `${amount} ${currency}`);
      }
    });

    it('declines a withdrawal beyond the balance with insufficient-funds, changes nothing, and emits wallet-reject', async () => {
      const before = value(await eco.balance(alice)).amount;
      const r = await eco.withdraw(alice, before + 1, null, REST);
      assert.equal(!r.ok && r.code, 'insufficient-funds');
      assert.equal(value(await eco.balance(alice)).amount, before);
      const reject = t.emittedNamed('economy.wallet-reject').at(-1);
      assert.equal(reject?.data['player-id'], alice);
      assert.deepEqual(reject?.data.amount, { currency: 'coins', amount: before + 1 });
    });

    it('emits wallet-credit and wallet-debit with the money, the new balance and the transaction id', async () => {
      const credit = value(await eco.deposit(alice, 12.5, 'coins', REST));
      const e = t.emittedNamed('economy.wallet-credit').at(-1);
      assert.deepEqual(e?.data, {
        'player-id': alice,
        'player-name': 'Alice',
        amount: { currency: 'coins', amount: 12.5 },
        balance: credit.balance,
        'transaction-id': credit['transaction-id'],
        'occurred-at': t.clock.now().toISOString(),
      });
      const debit = value(await eco.withdraw(alice, 2.5, 'coins', REST));
      assert.equal(t.emittedNamed('economy.wallet-debit').at(-1)?.data['transaction-id'], debit['transaction-id']);
      assert.equal(debit.balance.amount, credit.balance.amount - 2.5);
    });

    it('records the write in the audit log as core-rest/<label>', async () => {
      value(await eco.deposit(alice, 1, null, REST));
      const [last] = await t.kernel.api.audit.history(alice, 1);
      assert.equal(last?.actor, 'core-rest/shop');
      assert.equal(last?.action, 'economy.deposit');
    });
  });

  describe('economy.set', () => {
    it('sets the balance, reporting the previous one, and allows zero', async () => {
      value(await eco.set(bob, 40, 'coins', CONSOLE));
      const r = value(await eco.set(bob, 0, 'coins', CONSOLE));
      assert.deepEqual(r['previous-balance'], { currency: 'coins', amount: 40 });
      assert.deepEqual(r.balance, { currency: 'coins', amount: 0 });
    });

    it('writes nothing and emits nothing when the balance already holds the amount', async () => {
      const before = t.emitted.length;
      const r = value(await eco.set(bob, 0, 'coins', CONSOLE));
      assert.equal(r['transaction-id'], null);
      assert.equal(t.emitted.length, before);
    });
  });

  describe('economy.transfer', () => {
    it('moves money from one wallet to the other', async () => {
      value(await eco.set(alice, 50, 'coins', CONSOLE));
      value(await eco.set(bob, 5, 'coins', CONSOLE));
      const r = value(await eco.transfer(alice, bob, 20.25, null, REST));
      assert.deepEqual([r.from.balance.amount, r.to.balance.amount], [29.75, 25.25]);
    });

    it('changes neither side when the sender lacks the funds', async () => {
      const r = await eco.transfer(bob, alice, 1000, null, REST);
      assert.equal(!r.ok && r.code, 'insufficient-funds');
      assert.equal(value(await eco.balance(alice)).amount, 29.75);
      assert.equal(value(await eco.balance(bob)).amount, 25.25);
    });

    it('refuses a transfer to oneself', async () => {
      await assert.rejects(eco.transfer(alice, alice, 1, null, REST), (e: unknown) => e instanceof InvalidInput && e.field === 'to');
    });

    it('never creates or loses money over thousands of concurrent transfers', async () => {
      const names = ['P1', 'P2', 'P3', 'P4'];
      const ids: string[] = [];
      for (const n of names) ids.push((await t.join(n)).uuid);
      for (const id of ids) value(await eco.set(id, 2, 'coins', CONSOLE));
      const totalBefore = await eco.totalInWallets('coins');
      const outcomes = await Promise.all(
        Array.from({ length: 2000 }, (_, i) => {
          const from = ids[i % 4]!;
          const to = ids[(i * 7 + 1) % 4]!;
          return from === to ? Promise.resolve(null) : eco.transfer(from, to, (((i % 9) + 1) * 37) / 100, 'coins', REST);
        }),
      );
      const done = outcomes.filter((o) => o?.ok).length;
      const declined = outcomes.filter((o) => o && !o.ok && o.code === 'insufficient-funds').length;
      assert.ok(done > 100 && declined > 0, `expected both successes and declines, got ${done} and ${declined}`);
      assert.equal(await eco.totalInWallets('coins'), totalBefore);
      const sum = (await Promise.all(ids.map((id) => eco.balance(id)))).reduce((s, r) => s + Math.round(value(r).amount * 100), 0);
      assert.equal(sum, 800);
      for (const id of ids) assert.ok(value(await eco.balance(id)).amount >= 0);
    });
  });

  describe('balances read between writes', () => {
    const stored = async (uuid: string) =>
      Number((await ECONOMY_TABLES.on(t.database.db).selectFrom('economy_wallets').select('balance').where('uuid', '=', uuid).where('currency', '=', 'coins').executeTakeFirstOrThrow()).balance);

    it('answers the balance the database holds after a transfer that rolled back, though it was read just before', async () => {
      const giver = (await t.join('Giver')).uuid;
      const rich = (await t.join('Rich')).uuid;
      value(await eco.set(giver, 10, 'coins', CONSOLE));
      value(await eco.set(rich, 90071992547409.9, 'coins', CONSOLE));
      assert.equal(value(await eco.balance(giver)).amount, 10);
      // The debit of the giver is written, then the credit overflows: both roll back.
      const r = await eco.transfer(giver, rich, 1, null, REST);
      assert.equal(!r.ok && r.code, 'refused');
      assert.equal(value(await eco.balance(giver)).amount, 10);
      assert.equal(await stored(giver), 1000);
      for (const uuid of [giver, rich]) t.platform.quit(uuid);
    });

    it('answers every balance as the database holds it after reads, deposits and transfers interleave', async () => {
      const ids: string[] = [];
      for (const n of ['R1', 'R2', 'R3']) ids.push((await t.join(n)).uuid);
      for (const id of ids) value(await eco.set(id, 1, 'coins', CONSOLE));
      const answers = await Promise.all(
        Array.from({ length: 900 }, (_, i) => {
          const id = ids[i % 3]!;
          if (i % 3 === 0) return eco.balance(id);
          if (i % 3 === 1) return eco.deposit(id, 0.01, null, REST);
          return eco.transfer(id, ids[(i + 1) % 3]!, 0.02, null, REST);
        }),
      );
      assert.ok(answers.some((a) => !a.ok), 'some transfers were declined');
      for (const id of ids) assert.equal(Math.round(value(await eco.balance(id)).amount * 100), await stored(id));
      for (const id of ids) t.platform.quit(id);
    });
  });

  describe('economy.top', () => {
    it('ranks wallets of a currency from the richest, with names, up to the limit', async () => {
      value(await eco.set(alice, 1_000_000, 'gems', CONSOLE));
      value(await eco.set(bob, 7, 'gems', CONSOLE));
      const top = value(await eco.top(2, 'gems'));
      assert.deepEqual(
        top.rows.map((r) => [r.rank, r['player-name'], r.balance.amount]),
        [
          [1, 'Alice', 1_000_000],
          [2, 'Bob', 7],
        ],
      );
    });
  });

  describe('economy banks and loans', () => {
    it('moves money into the bank and back, emitting bank-deposit and bank-withdraw', async () => {
      value(await eco.set(alice, 30, 'coins', CONSOLE));
      const d = value(await eco.bankDeposit(alice, 10, null, CONSOLE));
      assert.deepEqual([d.balance.amount, d['bank-balance'].amount], [20, 10]);
      const w = value(await eco.bankWithdraw(alice, 4, null, CONSOLE));
      assert.deepEqual([w.balance.amount, w['bank-balance'].amount], [24, 6]);
      assert.equal(t.emittedNamed('economy.bank-deposit').at(-1)?.data['player-id'], alice);
      assert.deepEqual(t.emittedNamed('economy.bank-withdraw').at(-1)?.data['bank-balance'], { currency: 'coins', amount: 6 });
      const over = await eco.bankWithdraw(alice, 7, null, CONSOLE);
      assert.equal(!over.ok && over.code, 'insufficient-funds');
    });

    it('pays a loan into the wallet up to the configured maximum, and takes repayments', async () => {
      value(await eco.set(bob, 0, 'coins', CONSOLE));
      const taken = value(await eco.takeLoan(bob, 600, null, CONSOLE));
      assert.deepEqual([taken.balance.amount, taken.outstanding.amount], [600, 600]);
      const refused = await eco.takeLoan(bob, 500, null, CONSOLE);
      assert.equal(!refused.ok && refused.code, 'refused');
      assert.equal(t.emittedNamed('economy.loan-disburse').at(-1)?.data['player-id'], bob);
      const repaid = value(await eco.repayLoan(bob, 100, null, CONSOLE));
      assert.equal(repaid.outstanding.amount, 500);
      const all = value(await eco.repayLoan(bob, 'all', null, CONSOLE));
      assert.deepEqual([all.outstanding.amount, all.balance.amount], [0, 0]);
      assert.deepEqual(t.emittedNamed('economy.loan-repay').at(-1)?.data.outstanding, { currency: 'coins', amount: 0 });
      const none = await eco.repayLoan(bob, 1, null, CONSOLE);
      assert.equal(!none.ok && none.code, 'not-found');
    });

    it('refuses loans in a currency whose max-loan is 0', async () => {
      const r = await eco.takeLoan(bob, 1, 'gems', CONSOLE);
      assert.equal(!r.ok && r.code, 'refused');
    });
  });

  describe('economy commands', () => {
    it('/pay moves money and tells both players', async () => {
      value(await eco.set(alice, 10, 'coins', CONSOLE));
      value(await eco.set(bob, 0, 'coins', CONSOLE));
      t.platform.clearMessages();
      await t.platform.run(alice, 'pay Bob 2.50');
      assert.equal(value(await eco.balance(bob)).amount, 2.5);
      assert.deepEqual(t.platform.messagesOf(alice), ['You paid Bob $2.50. Your balance is now $7.50.']);
      assert.deepEqual(t.platform.messagesOf(bob), ['Alice paid you $2.50.']);
      const [last] = await t.kernel.api.audit.history(bob, 1);
      assert.equal(last?.actor, 'Alice');
    });

    it('/pay beyond the balance tells the player and moves nothing', async () => {
      t.platform.clearMessages();
      await t.platform.run(alice, 'pay Bob 1000');
      assert.deepEqual(t.platform.messagesOf(alice), ['You hold $7.50, less than $1,000.00.']);
      assert.equal(value(await eco.balance(bob)).amount, 2.5);
    });

    it('/pay with too many decimal places names the problem', async () => {
      t.platform.clearMessages();
      await t.platform.run(alice, 'pay Bob 0.001');
      assert.match(t.platform.messagesOf(alice).join('\n'), /more than 2 decimal places/);
    });

    it('/eco give at the console credits the player as console, and tells them what arrived', async () => {
      t.platform.clearMessages();
      await t.platform.run('console', 'eco give Bob 5');
      assert.equal(value(await eco.balance(bob)).amount, 7.5);
      assert.ok(t.platform.consoleText().includes('You gave $5.00 to Bob; their balance is now $7.50.'), t.platform.consoleText().join('\n'));
      assert.deepEqual(t.platform.messagesOf(bob), ['You received $5.00 from the server.']);
      const [last] = await t.kernel.api.audit.history(bob, 1);
      assert.equal(last?.actor, 'console');
    });

    it('/eco is refused to a player without core.economy.admin', async () => {
      t.platform.clearMessages();
      await t.platform.run(alice, 'eco give Alice 1000');
      assert.match(t.platform.messagesOf(alice).join('\n'), /permission/i);
      assert.equal(value(await eco.balance(alice)).amount, 7.5);
    });

    it('/pay names a word that is no amount and a player who never joined, and moves nothing', async () => {
      const before = value(await eco.balance(bob)).amount;
      t.platform.clearMessages();
      await t.platform.run(alice, 'pay Bob ten');
      await t.platform.run(alice, 'pay Nobody 1');
      await t.platform.run(alice, 'pay Bob');
      assert.deepEqual(t.platform.messagesOf(alice), [
        '"ten" is not an amount: write a number such as 5 or 2.50.',
        'No player named Nobody has ever joined this server.',
        'Usage: /pay <player> <amount> [currency]',
      ]);
      assert.equal(value(await eco.balance(bob)).amount, before);
    });

    it('/balance <currency> shows one\'s own balance in it; a player\'s needs core.economy.balance.others', async () => {
      t.platform.clearMessages();
      await t.platform.run(alice, 'balance gems');
      await t.platform.run(alice, 'balance Bob');
      const gems = eco.format(value(await eco.balance(alice, 'gems')));
      assert.deepEqual(t.platform.messagesOf(alice), [`Your balance is ${gems}.`, 'You may not see the balances of other players (core.economy.balance.others).']);
      assert.deepEqual(t.platform.complete(alice, 'balance g'), ['gems']);
    });

    it('/balance and /baltop show formatted amounts', async () => {
      t.platform.clearMessages();
      await t.platform.run(alice, 'balance');
      await t.platform.run(alice, 'baltop');
      const said = t.platform.messagesOf(alice).join('\n');
      assert.match(said, /^Your balance is \$7\.50\.$/m);
      assert.match(said, /1\. \w+: /);
    });
  });
});

describe('economy.conf', () => {
  it('stops the start with a message naming the file, line and key when a value is wrong', async () => {
    const beforeStart = (configDir: string) =>
      writeFileSync(join(configDir, 'economy.conf'), 'default-currency = "coins"\n[currencies.coins]\ndecimal-places = 9\n');
    await assert.rejects(startTestKernel({ modules: [economyModule], beforeStart }), /economy\.conf line 3, key "currencies\.coins\.decimal-places": must be a whole number from 0 to 4/);
  });

  it('keeps balances across a restart', async () => {
    const t = await startTestKernel({ modules: [economyModule] });
    const dave = (await t.join('Dave')).uuid;
    value(await t.kernel.api.economy.deposit(dave, 11.11, null, CONSOLE));
    await t.restart();
    assert.equal(value(await t.kernel.api.economy.balance(dave)).amount, 111.11);
    await t.close();
  });
});

describe('economy on PostgreSQL', () => {
  it('deposits, withdraws, refuses an overdraft, transfers and reads what another server wrote', (ctx) =>
    withPostgres(ctx, 'economy', async (openDb) => {
      const k = await startTestKernel({ modules: [economyModule], openDb });
      try {
        const e = k.kernel.api.economy;
        const ann = (await k.join('Ann')).uuid;
        const ben = (await k.join('Ben')).uuid;
        assert.equal(value(await e.deposit(ann, 0.25, null, REST)).balance.amount, 100.25);
        assert.equal(value(await e.withdraw(ann, 10, null, REST)).balance.amount, 90.25);
        const over = await e.withdraw(ann, 1000, null, REST);
        assert.equal(!over.ok && over.code, 'insufficient-funds');
        const moved = value(await e.transfer(ann, ben, 40.25, null, REST));
        assert.deepEqual([moved.from.balance.amount, moved.to.balance.amount], [50, 140.25]);
        assert.equal(value(await e.balance(ben)).amount, 140.25);
        // Another server sharing the database pays Ben: this server answers it at once.
        await sql`UPDATE economy_wallets SET balance = balance + 100 WHERE uuid = ${ben} AND currency = 'coins'`.execute(k.database.db);
        assert.equal(value(await e.balance(ben)).amount, 141.25);
      } finally {
        await k.close();
      }
    }));
});
