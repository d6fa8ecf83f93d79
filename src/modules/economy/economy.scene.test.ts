// The economy over real HTTP and a real event stream, on the in-process scene (the whole plugin on
// the fake platform, test/support/scene.ts): every economy route, every economy event, and the
// economy commands players run. What a player sees of it in the real game: test/e2e/areas/economy.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer, type Subscription } from '../../../test/support/scene.ts';

describe('economy over the Remote Access Service (in process)', () => {
  let scene: KernelScene;
  let rs: SceneRest;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: ScenePlayer;
  let ben: ScenePlayer;
  let annId: string;
  let benId: string;

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startKernelScene(['economy.*']));
    annId = ann.uuid;
    benId = ben.uuid;
  });
  after(() => scene?.close());

  it('lists the currencies of economy.conf', async () => {
    const r = await rs.call('GET', '/economy/currencies', reader);
    assert.equal(r.status, 200);
    assert.equal(r.json.ok, true);
    assert.equal(r.json.data.default, 'coins');
    assert.deepEqual(r.json.data.currencies[0]['starting-balance'], { currency: 'coins', amount: 100 });
  });

  it('answers a balance as a money, for the dashed and undashed uuid alike', async () => {
    const dashed = await rs.call('GET', `/players/${annId}/balance`, reader);
    const undashed = await rs.call('GET', `/players/${annId.replaceAll('-', '').toUpperCase()}/balance?currency=coins`, reader);
    assert.deepEqual(dashed.json, { ok: true, data: { currency: 'coins', amount: 100 } });
    assert.deepEqual(undashed.json, dashed.json);
    const all = await rs.call('GET', `/players/${annId}/balances`, reader);
    assert.deepEqual(all.json.data.balances, [
      { currency: 'coins', amount: 100 },
      { currency: 'gems', amount: 0 },
    ]);
  });

  it('declines with not-found for a player the server has never seen', async () => {
    const r = await rs.call('GET', '/players/00000000-0000-0000-0000-0000000000aa/balance', reader);
    assert.equal(r.status, 200);
    assert.equal(r.json.ok, false);
    assert.equal(r.json.code, 'not-found');
  });

  it('deposits, tells the credit on the event stream and to the player, who sees the new balance in game', async () => {
    const told = ann.waitForMessage(/^You received \$25\.50 from the server\.$/);
    const r = await rs.call('POST', `/players/${annId}/balance/deposit`, writer, { amount: 25.5 });
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    assert.deepEqual(r.json.data.balance, { currency: 'coins', amount: 125.5 });
    const e = await events.next('economy.wallet-credit', (d) => d['transaction-id'] === r.json.data['transaction-id']);
    assert.equal(e.data['player-id'], annId);
    assert.equal(e.data['player-name'], 'Ann');
    assert.deepEqual(e.data.amount, { currency: 'coins', amount: 25.5 });
    assert.match(String(e.data['occurred-at']), /^\d{4}-\d\d-\d\dT/);
    await told;
    await ann.run('/balance', /^Your balance is \$125\.50\.$/);
  });

  it('refuses an amount with too many decimal places, a negative one or zero with 400 naming amount', async () => {
    for (const amount of [0.001, -5, 0]) {
      const r = await rs.call('POST', `/players/${annId}/balance/deposit`, writer, { amount });
      assert.equal(r.status, 400, `amount ${amount}`);
      assert.equal(r.json.code, 'bad-request');
      assert.equal(r.json.field, 'amount');
    }
    const unknown = await rs.call('POST', `/players/${annId}/balance/deposit`, writer, { amount: 1, currency: 'doubloons' });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.json.field, 'currency');
  });

  it('withdraws, and declines beyond the balance with insufficient-funds and a wallet-reject event', async () => {
    const ok = await rs.call('POST', `/players/${annId}/balance/withdraw`, writer, { amount: 5.5 });
    assert.deepEqual(ok.json.data.balance, { currency: 'coins', amount: 120 });
    await events.next('economy.wallet-debit', (d) => d['transaction-id'] === ok.json.data['transaction-id']);
    const no = await rs.call('POST', `/players/${annId}/balance/withdraw`, writer, { amount: 1000 });
    assert.deepEqual([no.status, no.json.ok, no.json.code], [200, false, 'insufficient-funds']);
    const reject = await events.next('economy.wallet-reject', (d) => d['player-id'] === annId);
    assert.deepEqual(reject.data.amount, { currency: 'coins', amount: 1000 });
  });

  it('sets a balance, zero allowed', async () => {
    const r = await rs.call('POST', `/players/${benId}/balance/set`, writer, { amount: 0 });
    assert.deepEqual(r.json.data['previous-balance'], { currency: 'coins', amount: 100 });
    assert.deepEqual(r.json.data.balance, { currency: 'coins', amount: 0 });
  });

  it('transfers between players, both sides or neither', async () => {
    const r = await rs.call('POST', '/economy/transfer', writer, { from: annId, to: benId, amount: 20 });
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    assert.deepEqual([r.json.data.from.balance.amount, r.json.data.to.balance.amount], [100, 20]);
    const no = await rs.call('POST', '/economy/transfer', writer, { from: benId, to: annId, amount: 21 });
    assert.equal(no.json.code, 'insufficient-funds');
    const ben2 = await rs.call('GET', `/players/${benId}/balance`, reader);
    assert.equal(ben2.json.data.amount, 20);
  });

  it('answers whether a player can afford an amount', async () => {
    const yes = await rs.call('GET', `/players/${annId}/balance/afford?amount=100`, reader);
    const no = await rs.call('GET', `/players/${annId}/balance/afford?amount=100.01`, reader);
    assert.deepEqual([yes.json.data.affordable, no.json.data.affordable], [true, false]);
    const bad = await rs.call('GET', `/players/${annId}/balance/afford`, reader);
    assert.equal(bad.status, 400);
    assert.equal(bad.json.field, 'amount');
  });

  it('ranks the richest with their names, limit from 1 to 100', async () => {
    const r = await rs.call('GET', '/economy/top?limit=2', reader);
    assert.deepEqual(
      r.json.data.rows.map((x: { 'player-name': string; balance: { amount: number } }) => [x['player-name'], x.balance.amount]),
      [
        ['Ann', 100],
        ['Ben', 20],
      ],
    );
    for (const limit of ['0', '101', 'x']) {
      const bad = await rs.call('GET', `/economy/top?limit=${limit}`, reader);
      assert.equal(bad.status, 400, `limit=${limit}`);
      assert.equal(bad.json.field, 'limit');
    }
  });

  it('needs the write scope for writes', async () => {
    const r = await rs.call('POST', `/players/${annId}/balance/deposit`, reader, { amount: 1 });
    assert.equal(r.status, 403);
    assert.equal(r.json.scope, 'write');
  });

  it('records REST writes in the audit log as core-rest/<label>', async () => {
    // The history route belongs to moderation: read the audit table itself.
    const rows = await scene.query<{ actor: string; action: string }>("SELECT actor, action FROM core_audit WHERE target = ? AND action LIKE 'economy.%' ORDER BY id", annId);
    assert.ok(rows.some((r) => r.actor === 'core-rest/writer' && r.action === 'economy.deposit'), JSON.stringify(rows));
  });

  it('carries bank and loan events from what players do in game', async () => {
    await ann.run('/bank deposit 10', /^You put \$10\.00 in your bank\. Bank: \$10\.00, wallet: /);
    const bd = await events.next('economy.bank-deposit', (d) => d['player-id'] === annId);
    assert.deepEqual(bd.data['bank-balance'], { currency: 'coins', amount: 10 });
    await ann.chat('/bank withdraw 4');
    const bw = await events.next('economy.bank-withdraw', (d) => d['player-id'] === annId);
    assert.deepEqual(bw.data['bank-balance'], { currency: 'coins', amount: 6 });

    await ben.chat('/loan take 50');
    const ld = await events.next('economy.loan-disburse', (d) => d['player-id'] === benId);
    assert.deepEqual(ld.data.outstanding, { currency: 'coins', amount: 50 });
    await ben.chat('/loan repay all');
    const lr = await events.next('economy.loan-repay', (d) => d['player-id'] === benId);
    assert.deepEqual(lr.data.outstanding, { currency: 'coins', amount: 0 });
  });

  it('lets a player pay another in game, and both see it', async () => {
    const told = ben.waitForMessage(/Ann paid you \$3\.00/);
    await ann.chat('/pay Ben 3');
    await told;
    const r = await rs.call('GET', `/players/${benId}/balance`, reader);
    assert.equal(r.json.data.amount, 23);
  });
});
