// Kits over real HTTP and a real event stream against the real server, with bots as the players:
// every kits route, the kit.claim event, items arriving in the bots' inventories, the cost charged
// from the wallet (read back over REST), and /kit as players and the console use it.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Bot } from './support/bots.ts';
import { joinBot, never, quit, sleep, waitFor, waitForMessage } from './support/bots.ts';
import { startScene, type HttpAnswer, type RestServer, type Scene, type Subscription } from './support/rest-server.ts';
import { readServerData } from './support/server-data.ts';

describe('kits over the Remote Access Service', () => {
  let scene: Scene;
  let rs: RestServer;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: Bot;
  let ben: Bot;
  let annId: string;
  let benId: string;
  /** Every answer of a kits route, to check that none holds an item. */
  const answers: HttpAnswer[] = [];

  const call = async (method: 'GET' | 'POST', path: string, token: string, body?: unknown) => {
    const r = await rs.call(method, path, token, body);
    answers.push(r);
    return r;
  };
  const count = (bot: Bot, name: string) => bot.inventory.items().filter((i) => i.name === name).reduce((n, i) => n + i.count, 0);
  const balance = async (uuid: string) => (await rs.call('GET', `/players/${uuid}/balance`, reader)).json.data.amount as number;

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startScene(['kit.*', 'economy.wallet-debit']));
    annId = ann.player.uuid;
    benId = ben.player.uuid;
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

  it('gives a kit into the bot’s inventory ignoring permission and cost, without a cooldown or kit.claim', async () => {
    const r = await call('POST', `/players/${annId}/kits/vip/give`, writer);
    assert.deepEqual(r.json.data, { kit: (await call('GET', '/kits/vip', reader)).json.data, 'player-id': annId, 'player-name': 'Ann' });
    await waitFor(() => count(ann, 'diamond') === 2 && count(ann, 'diamond_sword') === 1, 'Ann to hold the VIP items');
    const sword = ann.inventory.items().find((i) => i.name === 'diamond_sword')!;
    assert.match(JSON.stringify(sword.customName), /VIP Blade/);
    assert.equal(await balance(annId), 100);
    const standing = await call('GET', `/players/${annId}/kits`, reader);
    assert.equal(standing.json.data.kits[1]['last-claimed-at'], null);
  });

  it('claims a kit: the items arrive, kit.claim is on the stream, a second claim is refused with the seconds left', async () => {
    const r = await call('POST', `/players/${annId}/kits/starter/claim`, writer);
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    assert.deepEqual([r.json.data.paid, r.json.data['player-name']], [null, 'Ann']);
    assert.equal(Date.parse(r.json.data['next-claim-at']) - Date.parse(r.json.data['claimed-at']), 3600_000);
    await waitFor(() => count(ann, 'bread') === 16 && count(ann, 'stone_sword') === 1, 'Ann to hold the starter items');
    const e = await events.next('kit.claim', (d) => d['player-id'] === annId && d.kit === 'starter');
    assert.deepEqual([e.data['player-name'], e.data.cost], ['Ann', null]);
    assert.match(String(e.data['occurred-at']), /^\d{4}-\d\d-\d\dT/);

    const again = await call('POST', `/players/${annId}/kits/starter/claim`, writer);
    assert.deepEqual([again.status, again.json.ok, again.json.code], [200, false, 'refused']);
    assert.match(again.json.message, /\((3599|3600) seconds\)/);
    await never(() => count(ann, 'bread') > 16, 'a second bread stack');
    const standing = await call('GET', `/players/${annId}/kits`, reader);
    assert.deepEqual([standing.json.data.kits[0]['can-claim'], standing.json.data.kits[0]['why-not']], [false, 'cooldown']);
    assert.ok(standing.json.data.kits[0]['cooldown-remaining-seconds'] > 3590);
  });

  it('refuses a kit without its permission; with it, the claim charges the cost (balance read over REST)', async () => {
    const no = await call('POST', `/players/${annId}/kits/vip/claim`, writer);
    assert.deepEqual([no.json.ok, no.json.code], [false, 'refused']);
    await rs.console(`perm grant Ann core.kit.vip`, /core\.kit\.vip/);
    const r = await call('POST', `/players/${annId}/kits/vip/claim`, writer);
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    assert.deepEqual(r.json.data.paid, { currency: 'coins', amount: 50 });
    assert.equal(await balance(annId), 50);
    const e = await events.next('kit.claim', (d) => d['player-id'] === annId && d.kit === 'vip');
    assert.deepEqual(e.data.cost, { currency: 'coins', amount: 50 });
    await events.next('economy.wallet-debit', (d) => d['player-id'] === annId);
    await waitFor(() => count(ann, 'diamond') === 4, 'Ann to hold two more diamonds');
  });

  it('declines a claim the player cannot pay with insufficient-funds, giving and charging nothing', async () => {
    await rs.call('POST', `/players/${benId}/balance/set`, writer, { amount: 10 });
    await rs.console(`perm grant Ben core.kit.vip`, /core\.kit\.vip/);
    const r = await call('POST', `/players/${benId}/kits/vip/claim`, writer);
    assert.deepEqual([r.status, r.json.ok, r.json.code], [200, false, 'insufficient-funds']);
    assert.equal(await balance(benId), 10);
    await never(() => count(ben, 'diamond') > 0, 'diamonds for Ben');
    const standing = await call('GET', `/players/${benId}/kits`, reader);
    assert.equal(standing.json.data.kits[1]['why-not'], 'insufficient-funds');
  });

  it('declines give and claim for an offline player with player-offline, an unknown kit with not-found', async () => {
    const cat = await joinBot(rs.server.gamePort, 'Cat');
    const catId = cat.player.uuid;
    await quit(cat);
    // The server sees the connection end a moment after the bot does.
    for (let i = 0; i < 100 && (await rs.call('GET', `/players/${catId}/kits`, reader)).json.data.kits[0]['why-not'] !== 'player-offline'; i++) await sleep(50);
    for (const action of ['give', 'claim']) {
      const r = await call('POST', `/players/${catId}/kits/starter/${action}`, writer);
      assert.deepEqual([r.json.ok, r.json.code], [false, 'player-offline'], action);
    }
    assert.equal((await call('POST', `/players/${annId}/kits/nope/claim`, writer)).json.code, 'not-found');
    const standing = await call('GET', `/players/${catId}/kits`, reader);
    assert.deepEqual(standing.json.data.kits.map((k: { 'why-not': string }) => k['why-not']), ['player-offline', 'player-offline']);
  });

  it('claims with /kit <id> in game and lists with /kit; the console gives with /kit give', async () => {
    ben.chat('/kit starter');
    await waitFor(() => count(ben, 'bread') === 16, 'Ben to hold the bread');
    await events.next('kit.claim', (d) => d['player-id'] === benId && d.kit === 'starter');
    const listed = waitForMessage(ben, /^starter \(Starter\): 17 items, free - in /);
    ben.chat('/kit');
    await listed;
    await rs.console('kit give Ben starter', /Gave the kit Starter to Ben/);
    await waitFor(() => count(ben, 'bread') === 32, 'Ben to hold the given bread too');
  });

  it('needs the write scope to give or claim', async () => {
    const r = await call('POST', `/players/${annId}/kits/starter/give`, reader);
    assert.deepEqual([r.status, r.json.scope], [403, 'write']);
  });

  it('never answers with an item, and kit.claim came only from claims', async () => {
    assert.ok(answers.length > 15);
    for (const a of answers) assert.doesNotMatch(JSON.stringify(a.json), /material|bread|stone_sword|diamond_sword|"diamond"|VIP Blade/, JSON.stringify(a.json));
    const claims = events.received.filter((e) => e.event === 'kit.claim').map((e) => `${e.data['player-name']} ${e.data.kit}`);
    assert.deepEqual(claims, ['Ann starter', 'Ann vip', 'Ben starter']);
  });

  it('records REST, in-game and console writes in the audit log with their actors', async () => {
    const rows = await readServerData<{ actor: string; action: string }>(rs.server.dataDir, "SELECT actor, action FROM core_audit WHERE action LIKE 'kit.%' ORDER BY id");
    assert.deepEqual(
      rows.map((r) => `${r.actor} ${r.action}`),
      ['core-rest/writer kit.give', 'core-rest/writer kit.claim', 'core-rest/writer kit.claim', 'Ben kit.claim', 'console kit.give'],
    );
  });
});
