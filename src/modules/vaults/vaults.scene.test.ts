// Vaults over real HTTP and a real event stream, on the in-process scene (the whole plugin on the
// fake platform, test/support/scene.ts): every vaults route, the vault's chest window on the owner's
// screen, an item the owner moves in, vault.open and vault.contents-change, /pv, and the contents
// after a restart of the kernel on the same data. What a player sees of it in the real game:
// test/e2e/areas/vaults.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer, type Subscription } from '../../../test/support/scene.ts';
import { plain, type FakeChest } from '../../../test/support/fake-platform.ts';
import type { HttpAnswer } from '../../../test/support/scene.ts';
import type { StreamEvent } from '../../../test/support/event-subscription.ts';

describe('vaults over the Remote Access Service (in process)', () => {
  let scene: KernelScene;
  let rs: SceneRest;
  let writer: string;
  let reader: string;
  /** The writer's stream, until the restart replaces it. */
  let events: Subscription;
  let ann: ScenePlayer;
  let annId: string;
  /** Every answer of a vaults route, to check that none holds an item. */
  const answers: HttpAnswer[] = [];
  /** The events of the streams the restart ended. */
  const earlier: StreamEvent[] = [];

  const call = async (method: 'GET' | 'POST', path: string, token: string, body?: unknown) => {
    const r = await rs.call(method, path, token, body);
    answers.push(r);
    return r;
  };
  const vaults = (path = '') => `/players/${annId}/vaults${path}`;
  /** The chest window open on Ann's screen. */
  const window = (): FakeChest => {
    const w = scene.t.platform.chestOf(annId);
    assert.ok(w, 'Ann has a chest window open');
    return w;
  };
  const count = (material: string) => (scene.t.platform.inventory(annId) ?? []).reduce((n, s) => n + (s?.material === material ? s.count : 0), 0);

  before(async () => {
    ({ rs, writer, reader, events, ann } = scene = await startKernelScene(['vault.*']));
    annId = ann.uuid;
  });
  after(() => scene?.close());

  it('lists no vaults, a count of 0, the limit 2 and the row size 6 of vaults.conf', async () => {
    const r = await call('GET', vaults(), reader);
    assert.deepEqual([r.status, r.json], [200, { ok: true, data: { vaults: [], count: 0, limit: 2, 'row-size': 6, 'slots-per-vault': 54 } }]);
    const unknown = await call('GET', '/players/00000000-0000-0000-0000-0000000000aa/vaults', reader);
    assert.deepEqual([unknown.status, unknown.json.code], [200, 'not-found']);
  });

  it('declines a vault not opened yet with not-found, and refuses a bad index with 400', async () => {
    const none = await call('GET', vaults('/1'), reader);
    assert.deepEqual([none.status, none.json.ok, none.json.code], [200, false, 'not-found']);
    for (const index of ['0', 'x', '1.5', '1001']) {
      const bad = await call('GET', vaults(`/${index}`), reader);
      assert.deepEqual([bad.status, bad.json.field], [400, 'index'], index);
    }
  });

  it('opens a vault on the owner’s screen: a 54-slot chest window; vault.open is on the stream', async () => {
    // Something to put in: the starter kit's bread.
    assert.equal((await rs.call('POST', `/players/${annId}/kits/starter/give`, writer)).json.ok, true);
    assert.equal(count('bread'), 16);
    const r = await call('POST', vaults('/1/open'), writer);
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    assert.deepEqual([r.json.data.index, r.json.data.name, r.json.data['item-count']], [1, null, 0]);
    const w = window();
    assert.deepEqual([w.rows, w.items.length], [6, 54]);
    assert.equal(plain(w.title), 'Vault 1');
    assert.ok(w.items.every((s) => s === null));
    const e = await events.next('vault.open', (d) => d['player-id'] === annId && d.index === 1);
    assert.deepEqual([e.data['player-name'], e.data.created, e.data['item-count']], ['Ann', true, 0]);
  });

  it('stores the item the owner moves into the vault and tells the new count on the stream, never the item', async () => {
    // Ann moves her bread from her inventory into the first slot, as her clicks would.
    const inventory = scene.t.platform.inventory(annId)!;
    const from = inventory.findIndex((s) => s?.material === 'bread');
    const bread = inventory[from]!;
    inventory[from] = null;
    scene.t.platform.setInventory(annId, inventory);
    scene.t.platform.changeChest(annId, [bread]);
    const e = await events.next('vault.contents-change', (d) => d['player-id'] === annId && d.index === 1 && d['item-count'] === 16);
    assert.deepEqual([e.data['previous-item-count'], Object.keys(e.data).sort()], [0, ['index', 'item-count', 'occurred-at', 'player-id', 'player-name', 'previous-item-count', 'server']]);
    const one = await call('GET', vaults('/1'), reader);
    assert.deepEqual([one.json.data['item-count'], one.json.data['slots-used']], [16, 1]);
    scene.t.platform.closeChest(annId);
    await scene.t.settle();
    assert.equal(scene.t.platform.chestOf(annId), undefined, 'the window closed');
    assert.equal(count('bread'), 0, 'the bread is in the vault, not the inventory');
    assert.equal(scene.t.emittedNamed('vault.contents-change').length, 1, 'closing unchanged stores nothing more');
  });

  it('declines opening for an offline owner with player-offline, and beyond the limit with refused', async () => {
    const cat = await scene.join('Cat');
    const catId = cat.uuid;
    cat.quit();
    const r = await call('POST', `/players/${catId}/vaults/1/open`, writer);
    assert.deepEqual([r.status, r.json.ok, r.json.code], [200, false, 'player-offline']);
    const beyond = await call('POST', vaults('/3/open'), writer);
    assert.deepEqual([beyond.status, beyond.json.code], [200, 'refused']);
    assert.match(beyond.json.message, /vaults 1 to 2/);
    assert.equal(scene.t.platform.chestOf(annId), undefined, 'no window opened');
  });

  it('labels by rule 6: a field left out is unchanged, null clears it, neither is 400, an unknown material is refused', async () => {
    const named = await call('POST', vaults('/1/label'), writer, { name: 'Food' });
    assert.deepEqual([named.json.data.name, named.json.data.icon], ['Food', null]);
    const icon = await call('POST', vaults('/1/label'), writer, { icon: 'bread' });
    assert.deepEqual([icon.json.data.name, icon.json.data.icon, icon.json.data['item-count']], ['Food', 'bread', 16]);
    const cleared = await call('POST', vaults('/1/label'), writer, { icon: null });
    assert.deepEqual([cleared.json.data.name, cleared.json.data.icon], ['Food', null]);
    const neither = await call('POST', vaults('/1/label'), writer, {});
    assert.deepEqual([neither.status, neither.json.code, neither.json.field], [400, 'bad-request', 'body']);
    const empty = await call('POST', vaults('/1/label'), writer);
    assert.equal(empty.status, 400);
    const unknownMaterial = await call('POST', vaults('/1/label'), writer, { icon: 'breadd' });
    assert.deepEqual([unknownMaterial.status, unknownMaterial.json.ok, unknownMaterial.json.code], [200, false, 'refused']);
    const badName = await call('POST', vaults('/1/label'), writer, { name: '' });
    assert.deepEqual([badName.status, badName.json.field], [400, 'name']);
    const missing = await call('POST', vaults('/2/label'), writer, { name: 'X' });
    assert.deepEqual([missing.status, missing.json.code], [200, 'not-found']);
    assert.equal((await call('GET', vaults('/1'), reader)).json.data.name, 'Food');
    const namespaced = await call('POST', vaults('/1/label'), writer, { icon: 'Minecraft:Bread' });
    assert.equal(namespaced.json.data.icon, 'bread');
  });

  it('opens with /pv 1 in game, titled by its name, with what was stored', async () => {
    await ann.chat('/pv 1');
    const w = window();
    assert.equal(plain(w.title), 'Food');
    assert.deepEqual([w.items[0]?.material, w.items[0]?.count], ['bread', 16]);
    await events.next('vault.open', (d) => d['player-id'] === annId && d.index === 1 && d.created === false);
    const list = await call('GET', vaults(), reader);
    assert.deepEqual(list.json.data.vaults.map((v: { index: number; name: string; icon: string }) => [v.index, v.name, v.icon]), [[1, 'Food', 'bread']]);
    await ann.run('/pv', /^1 \(Food\) \[bread\]: 16 items in 1 slots$/);
    scene.t.platform.closeChest(annId);
  });

  it('keeps the contents across a restart of the kernel on the same data: /pv 1 shows the bread again', async () => {
    earlier.push(...events.received);
    await scene.restart();
    events = await rs.subscribe(writer, ['vault.*']);
    ann = await scene.join('Ann');
    await ann.chat('/pv 1');
    const w = window();
    assert.deepEqual([w.items[0]?.material, w.items[0]?.count], ['bread', 16]);
    const one = await call('GET', vaults('/1'), reader);
    assert.deepEqual([one.json.data.name, one.json.data['item-count']], ['Food', 16]);
  });

  it('deletes a vault and its contents, closing its open window; deleting it again is not-found', async () => {
    const w = window();
    const r = await call('POST', vaults('/1/delete'), writer);
    assert.deepEqual([r.json.ok, r.json.data.index, r.json.data.name, r.json.data['item-count']], [true, 1, 'Food', 16]);
    assert.deepEqual([w.open, w.closedBecause], [false, 'server']);
    const gone = await call('GET', vaults('/1'), reader);
    assert.deepEqual([gone.status, gone.json.code], [200, 'not-found']);
    const again = await call('POST', vaults('/1/delete'), writer);
    assert.deepEqual([again.status, again.json.code], [200, 'not-found']);
    assert.equal((await call('GET', vaults(), reader)).json.data.count, 0);
    await call('POST', vaults('/1/open'), writer);
    assert.ok(window().items.every((s) => s === null), 'a new vault 1 starts empty');
  });

  it('needs the write scope for writes', async () => {
    const r = await call('POST', vaults('/1/open'), reader);
    assert.deepEqual([r.status, r.json.scope], [403, 'write']);
  });

  it('never answers with vault contents or an item', () => {
    assert.ok(answers.length > 20);
    for (const a of answers) assert.doesNotMatch(JSON.stringify(a.json), /"material"|"items"|"contents"|components|itemId/, JSON.stringify(a.json));
    const all = [...earlier, ...events.received];
    assert.ok(all.some((e) => e.event === 'vault.contents-change'));
    for (const e of all) assert.doesNotMatch(JSON.stringify(e), /"material"|"items"|components/);
  });
});
