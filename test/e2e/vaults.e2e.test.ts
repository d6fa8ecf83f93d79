// Vaults over real HTTP and a real event stream against the real server, with bots as the players:
// every vaults route, the vault's chest window on the bot's screen, an item the bot moves in,
// vault.open and vault.contents-change, /pv, and the contents after a restart on the same data.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Bot } from './support/bots.ts';
import { joinBot, nextEvent, quit, sleep, waitFor } from './support/bots.ts';
import { startScene, type HttpAnswer, type RestServer, type Scene, type Subscription } from './support/rest-server.ts';

interface BotWindow {
  id: number;
  title: unknown;
  slots: Array<{ name: string; count: number } | null>;
  inventoryStart: number;
}

describe('vaults over the Remote Access Service', () => {
  let scene: Scene;
  /** The scene's server and stream, until the restart replaces them. */
  let rs: RestServer;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: Bot;
  let annId: string;
  /** Every answer of a vaults route, to check that none holds an item. */
  const answers: HttpAnswer[] = [];

  const call = async (method: 'GET' | 'POST', path: string, token: string, body?: unknown) => {
    const r = await rs.call(method, path, token, body);
    answers.push(r);
    return r;
  };
  const vaults = (path = '') => `/players/${annId}/vaults${path}`;
  const opened = (bot: Bot) => nextEvent<BotWindow>(bot, 'windowOpen');

  before(async () => {
    ({ rs, writer, reader, events, ann } = scene = await startScene(['vault.*']));
    annId = ann.player.uuid;
  });
  after(async () => {
    events?.close();
    await scene?.close();
  });

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

  it('opens a vault on the owner’s screen: the bot sees a 54-slot chest window; vault.open is on the stream', async () => {
    // Something to put in: the starter kit's bread.
    assert.equal((await rs.call('POST', `/players/${annId}/kits/starter/give`, writer)).json.ok, true);
    await waitFor(() => ann.inventory.items().some((i) => i.name === 'bread'), 'Ann to hold bread');
    const window = opened(ann);
    const r = await call('POST', vaults('/1/open'), writer);
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    assert.deepEqual([r.json.data.index, r.json.data.name, r.json.data['item-count']], [1, null, 0]);
    const w = await window;
    assert.deepEqual([w.slots.length, w.inventoryStart], [90, 54]);
    assert.match(JSON.stringify(w.title), /Vault 1/);
    assert.ok(w.slots.slice(0, 54).every((s) => s === null));
    const e = await events.next('vault.open', (d) => d['player-id'] === annId && d.index === 1);
    assert.deepEqual([e.data['player-name'], e.data.created, e.data['item-count']], ['Ann', true, 0]);
  });

  it('stores the item the bot moves into the vault and tells the new count on the stream, never the item', async () => {
    const w = ann.currentWindow as unknown as BotWindow;
    const from = w.slots.findIndex((s, i) => i >= w.inventoryStart && s?.name === 'bread');
    assert.ok(from >= 54, 'the bread shows in the window’s inventory part');
    await ann.moveSlotItem(from, 0);
    const e = await events.next('vault.contents-change', (d) => d['player-id'] === annId && d.index === 1 && d['item-count'] === 16);
    assert.deepEqual([e.data['previous-item-count'], Object.keys(e.data).sort()], [0, ['index', 'item-count', 'occurred-at', 'player-id', 'player-name', 'previous-item-count', 'server']]);
    const one = await call('GET', vaults('/1'), reader);
    assert.deepEqual([one.json.data['item-count'], one.json.data['slots-used']], [16, 1]);
    const closed = nextEvent(ann, 'windowClose');
    ann.closeWindow(ann.currentWindow!);
    await closed;
    assert.equal(ann.inventory.items().some((i) => i.name === 'bread'), false, 'the bread left the bot’s inventory');
  });

  it('declines opening for an offline owner with player-offline, and beyond the limit with refused', async () => {
    const cat = await joinBot(rs.server.gamePort, 'Cat');
    const catId = cat.player.uuid;
    await quit(cat);
    let r = await call('POST', `/players/${catId}/vaults/1/open`, writer);
    for (let i = 0; i < 100 && r.json.code !== 'player-offline'; i++) {
      await sleep(50);
      r = await call('POST', `/players/${catId}/vaults/1/open`, writer);
    }
    assert.deepEqual([r.status, r.json.ok, r.json.code], [200, false, 'player-offline']);
    const beyond = await call('POST', vaults('/3/open'), writer);
    assert.deepEqual([beyond.status, beyond.json.code], [200, 'refused']);
    assert.match(beyond.json.message, /vaults 1 to 2/);
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
    await call('POST', vaults('/1/label'), writer, { icon: 'Minecraft:Bread' });
  });

  it('opens with /pv 1 in game, titled by its name, with what was stored', async () => {
    const window = opened(ann);
    ann.chat('/pv 1');
    const w = await window;
    assert.match(JSON.stringify(w.title), /Food/);
    assert.deepEqual([w.slots[0]?.name, w.slots[0]?.count], ['bread', 16]);
    await events.next('vault.open', (d) => d['player-id'] === annId && d.index === 1 && d.created === false);
    const list = await call('GET', vaults(), reader);
    assert.deepEqual(list.json.data.vaults.map((v: { index: number; name: string; icon: string }) => [v.index, v.name, v.icon]), [[1, 'Food', 'bread']]);
    const closed = nextEvent(ann, 'windowClose');
    ann.closeWindow(ann.currentWindow!);
    await closed;
  });

  it('keeps the contents across a restart of the server on the same data: /pv 1 shows the bread again', async () => {
    events.close();
    rs = await scene.restart();
    events = await rs.subscribe(writer, ['vault.*']);
    ann = await joinBot(rs.server.gamePort, 'Ann');
    const window = opened(ann);
    ann.chat('/pv 1');
    const w = await window;
    assert.deepEqual([w.slots[0]?.name, w.slots[0]?.count], ['bread', 16]);
    const one = await call('GET', vaults('/1'), reader);
    assert.deepEqual([one.json.data.name, one.json.data['item-count']], ['Food', 16]);
  });

  it('deletes a vault and its contents, closing its open window; deleting it again is not-found', async () => {
    const closed = nextEvent(ann, 'windowClose');
    const r = await call('POST', vaults('/1/delete'), writer);
    assert.deepEqual([r.json.ok, r.json.data.index, r.json.data.name, r.json.data['item-count']], [true, 1, 'Food', 16]);
    await closed;
    const gone = await call('GET', vaults('/1'), reader);
    assert.deepEqual([gone.status, gone.json.code], [200, 'not-found']);
    const again = await call('POST', vaults('/1/delete'), writer);
    assert.deepEqual([again.status, again.json.code], [200, 'not-found']);
    assert.equal((await call('GET', vaults(), reader)).json.data.count, 0);
    const window = opened(ann);
    await call('POST', vaults('/1/open'), writer);
    const w = await window;
    assert.ok(w.slots.slice(0, 54).every((s) => s === null), 'a new vault 1 starts empty');
  });

  it('needs the write scope for writes', async () => {
    const r = await call('POST', vaults('/1/open'), reader);
    assert.deepEqual([r.status, r.json.scope], [403, 'write']);
  });

  it('never answers with vault contents or an item', () => {
    assert.ok(answers.length > 20);
    for (const a of answers) assert.doesNotMatch(JSON.stringify(a.json), /"material"|"items"|"contents"|components|itemId/, JSON.stringify(a.json));
    for (const e of events.received) assert.doesNotMatch(JSON.stringify(e), /"material"|"items"|components/);
  });
});
