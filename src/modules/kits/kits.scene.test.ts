// Kits over real HTTP and a real event stream, on the in-process scene (the whole plugin on the fake
// platform, test/support/scene.ts): every kits route, the kit.claim event, the items given into the
// players' inventories, the cost charged from the wallet (read back over REST), the cooldown, and
// /kit as players and the console use it. What a player holds of it in the real game:
// test/e2e/areas/kits.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer, type Subscription } from '../../../test/support/scene.ts';
import type { HttpAnswer } from '../../../test/support/scene.ts';

describe('kits over the Remote Access Service (in process)', () => {
  let scene: KernelScene;
  let rs: SceneRest;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: ScenePlayer;
  let ben: ScenePlayer;
  let annId: string;
  let benId: string;
  /** Every answer of a kits route, to check that none holds an item. */
  const answers: HttpAnswer[] = [];

  const call = async (method: 'GET' | 'POST', path: string, token: string, body?: unknown) => {
    const r = await rs.call(method, path, token, body);
    answers.push(r);
    return r;
  };
  /** How many of a material the player holds (online or not: the fake keeps a leaver's inventory). */
  const count = (uuid: string, material: string) => (scene.t.platform.inventories.get(uuid) ?? []).reduce((n, s) => n + (s?.material === material ? s.count : 0), 0);
  const balance = async (uuid: string) => (await rs.call('GET', `/players/${uuid}/balance`, reader)).json.data.amount as number;

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startKernelScene(['kit.*', 'economy.wallet-debit']));
    annId = ann.uuid;
    benId = ben.uuid;
  });
  after(() => scene?.close());

  it('lists the kits of the kits.conf written on first start: how many items, cooldown, cost, permission', async () => {
    const r = await call('GET', '/kits', reader);
    assert.deepEqual(r.json, {
      ok: true,
      data: {
        kits: [
          { id: 'starter', name: 'Starter', 'item-count': 17, 'cooldown-seconds': 3600, cost: null, permission: null },
          { id: 'vip', name: 'VIP', 'item-count': 3, 'cooldown-seconds': 86400, cost: { currency: 'coins', amount: 50 }, permission: 'core.kit.vip' },
        ],
      },
    });
  });

  it('reads one kit; an unknown kit is declined with not-found, a malformed id is 400', async () => {
    assert.equal((await call('GET', '/kits/STARTER', reader)).json.data.id, 'starter');
    const none = await call('GET', '/kits/nope', reader);
    assert.deepEqual([none.status, none.json.ok, none.json.code], [200, false, 'not-found']);
    const bad = await call('GET', '/kits/no%20pe', reader);
    assert.deepEqual([bad.status, bad.json.field], [400, 'id']);
  });

  it("tells every kit with the player's cooldown and whether they may claim it", async () => {
    const r = await call('GET', `/players/${annId.replaceAll('-', '').toUpperCase()}/kits`, reader);
    assert.deepEqual(
      r.json.data.kits.map((k: Record<string, unknown>) => [(k.kit as { id: string }).id, k['cooldown-remaining-seconds'], k['can-claim'], k['why-not'], k['last-claimed-at']]),
      [
        ['starter', 0, true, null, null],
        ['vip', 0, false, 'no-permission', null],
      ],
    );
    const unknown = await call('GET', '/players/00000000-0000-0000-0000-0000000000aa/kits', reader);
    assert.deepEqual([unknown.status, unknown.json.code], [200, 'not-found']);
    const bad = await call('GET', '/players/not-a-uuid/kits', reader);
    assert.deepEqual([bad.status, bad.json.field], [400, 'uuid']);
  });

  it('gives a kit into the inventory ignoring permission and cost, without a cooldown or kit.claim', async () => {
    const r = await call('POST', `/players/${annId}/kits/vip/give`, writer);
    assert.deepEqual(r.json.data, { kit: (await call('GET', '/kits/vip', reader)).json.data, 'player-id': annId, 'player-name': 'Ann' });
    assert.deepEqual([count(annId, 'diamond'), count(annId, 'diamond_sword')], [2, 1]);
    const sword = scene.t.platform.inventory(annId)!.find((s) => s?.material === 'diamond_sword');
    assert.deepEqual([sword?.name, sword?.enchantments], ['VIP Blade', { sharpness: 3 }]);
    assert.ok(ann.messages.includes('You received the kit VIP.'), ann.messages.join('\n'));
    assert.equal(await balance(annId), 100);
    const standing = await call('GET', `/players/${annId}/kits`, reader);
    assert.equal(standing.json.data.kits[1]['last-claimed-at'], null);
    assert.equal(scene.t.emittedNamed('kit.claim').length, 0);
  });

  it('claims a kit: the items arrive, kit.claim is on the stream, a second claim is refused with the seconds left', async () => {
    const r = await call('POST', `/players/${annId}/kits/starter/claim`, writer);
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    assert.deepEqual([r.json.data.paid, r.json.data['player-name']], [null, 'Ann']);
    assert.equal(Date.parse(r.json.data['next-claim-at']) - Date.parse(r.json.data['claimed-at']), 3600_000);
    assert.deepEqual([count(annId, 'bread'), count(annId, 'stone_sword')], [16, 1]);
    const e = await events.next('kit.claim', (d) => d['player-id'] === annId && d.kit === 'starter');
    assert.deepEqual([e.data['player-name'], e.data.cost], ['Ann', null]);
    assert.match(String(e.data['occurred-at']), /^\d{4}-\d\d-\d\dT/);

    const again = await call('POST', `/players/${annId}/kits/starter/claim`, writer);
    assert.deepEqual([again.status, again.json.ok, again.json.code], [200, false, 'refused']);
    // The clock stands still: exactly the cooldown is left.
    assert.equal(again.json.message, 'Ann can claim the kit Starter again in 1 h.');
    assert.equal(count(annId, 'bread'), 16, 'no second bread stack');
    const standing = await call('GET', `/players/${annId}/kits`, reader);
    assert.deepEqual([standing.json.data.kits[0]['can-claim'], standing.json.data.kits[0]['why-not']], [false, 'cooldown']);
    assert.equal(standing.json.data.kits[0]['cooldown-remaining-seconds'], 3600);
  });

  it('refuses a kit without its permission; with it, the claim charges the cost (balance read over REST)', async () => {
    const no = await call('POST', `/players/${annId}/kits/vip/claim`, writer);
    assert.deepEqual([no.json.ok, no.json.code], [false, 'refused']);
    assert.match(no.json.message, /needs the permission core\.kit\.vip/);
    await rs.console(`perm grant Ann core.kit.vip`, /core\.kit\.vip/);
    const r = await call('POST', `/players/${annId}/kits/vip/claim`, writer);
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    assert.deepEqual(r.json.data.paid, { currency: 'coins', amount: 50 });
    assert.equal(await balance(annId), 50);
    const e = await events.next('kit.claim', (d) => d['player-id'] === annId && d.kit === 'vip');
    assert.deepEqual(e.data.cost, { currency: 'coins', amount: 50 });
    const debit = await events.next('economy.wallet-debit', (d) => d['player-id'] === annId);
    assert.deepEqual(debit.data.amount, { currency: 'coins', amount: 50 });
    assert.equal(count(annId, 'diamond'), 4, 'two more diamonds');
    assert.ok(ann.messages.includes('You claimed the kit VIP for $50.00.'), ann.messages.join('\n'));
  });

  it('declines a claim the player cannot pay with insufficient-funds, giving and charging nothing', async () => {
    await rs.call('POST', `/players/${benId}/balance/set`, writer, { amount: 10 });
    await rs.console(`perm grant Ben core.kit.vip`, /core\.kit\.vip/);
    const r = await call('POST', `/players/${benId}/kits/vip/claim`, writer);
    assert.deepEqual([r.status, r.json.ok, r.json.code], [200, false, 'insufficient-funds']);
    assert.equal(await balance(benId), 10);
    assert.equal(count(benId, 'diamond'), 0, 'no diamonds for Ben');
    const standing = await call('GET', `/players/${benId}/kits`, reader);
    assert.equal(standing.json.data.kits[1]['why-not'], 'insufficient-funds');
  });

  it('declines give and claim for an offline player with player-offline, an unknown kit with not-found', async () => {
    const cat = await scene.join('Cat');
    const catId = cat.uuid;
    cat.quit();
    for (const action of ['give', 'claim']) {
      const r = await call('POST', `/players/${catId}/kits/starter/${action}`, writer);
      assert.deepEqual([r.json.ok, r.json.code], [false, 'player-offline'], action);
    }
    assert.equal(count(catId, 'bread'), 0);
    assert.equal((await call('POST', `/players/${annId}/kits/nope/claim`, writer)).json.code, 'not-found');
    const standing = await call('GET', `/players/${catId}/kits`, reader);
    assert.deepEqual(standing.json.data.kits.map((k: { 'why-not': string }) => k['why-not']), ['player-offline', 'player-offline']);
  });

  it('claims with /kit <id> in game and lists with /kit; the console gives with /kit give', async () => {
    await ben.run('/kit starter', /^You claimed the kit Starter\.$/);
    assert.equal(count(benId, 'bread'), 16);
    await events.next('kit.claim', (d) => d['player-id'] === benId && d.kit === 'starter');
    await ben.run('/kit', /^starter \(Starter\): 17 items, free - in 1 h$/);
    assert.ok(ben.messages.includes('vip (VIP): 3 items, $50.00 - you cannot afford it'), ben.messages.join('\n'));
    await rs.console('kit give Ben starter', /^You gave the kit Starter to Ben\.$/);
    assert.equal(count(benId, 'bread'), 32, 'the given bread too');
  });

  it('needs the write scope to give or claim', async () => {
    const r = await call('POST', `/players/${annId}/kits/starter/give`, reader);
    assert.deepEqual([r.status, r.json.scope], [403, 'write']);
    assert.equal(count(annId, 'bread'), 16);
  });

  it('never answers with an item, and kit.claim came only from claims', async () => {
    assert.ok(answers.length > 15);
    for (const a of answers) assert.doesNotMatch(JSON.stringify(a.json), /material|bread|stone_sword|diamond_sword|"diamond"|VIP Blade/, JSON.stringify(a.json));
    await scene.t.settle();
    const claims = events.received.filter((e) => e.event === 'kit.claim').map((e) => `${e.data['player-name']} ${e.data.kit}`);
    assert.deepEqual(claims, ['Ann starter', 'Ann vip', 'Ben starter']);
  });

  it('records REST, in-game and console writes in the audit log with their actors', async () => {
    const rows = await scene.query<{ actor: string; action: string }>("SELECT actor, action FROM core_audit WHERE action LIKE 'kit.%' ORDER BY id");
    assert.deepEqual(
      rows.map((r) => `${r.actor} ${r.action}`),
      ['core-rest/writer kit.give', 'core-rest/writer kit.claim', 'core-rest/writer kit.claim', 'Ben kit.claim', 'console kit.give'],
    );
  });
});
