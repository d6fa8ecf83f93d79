// Trade over real HTTP and a real event stream, on the in-process scene (the whole plugin on the
// fake platform, test/support/scene.ts): /trade, /trade accept (and /trade <name> back), the shared
// window of each (the other side's items shown, the frame locked, the confirm buttons), the swap in
// both inventories, trade.complete; closing the window, /trade cancel, /trade deny and a trader
// leaving, with the items back and trade.cancel; both read routes. What the players see of it in
// the real game: test/e2e/areas/trade.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer, type Subscription } from '../../../test/support/scene.ts';
import { plain, type FakeChest } from '../../../test/support/fake-platform.ts';
import { OTHER_BUTTON, OWN_BUTTON, SIZE } from './trade.layout.ts';

/** Slots of the trade window: each side's first offer slot, and the divider between them. */
const OWN_FIRST = 0;
const OTHER_FIRST = 5;
const DIVIDER = 4;

describe('trade over the Remote Access Service (in process)', () => {
  let scene: KernelScene;
  let rs: SceneRest;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: ScenePlayer;
  let ben: ScenePlayer;
  let annId: string;
  let benId: string;

  const windowOf = (p: ScenePlayer): FakeChest | undefined => scene.t.platform.chestOf(p.uuid);
  /** What the player holds of an item (online or not: the fake keeps a leaver's inventory). */
  const count = (p: ScenePlayer, material: string) => (scene.t.platform.inventories.get(p.uuid) ?? []).reduce((n, s) => n + (s?.material === material ? s.count : 0), 0);
  /** The player moves their first stack of that item into their own first trade slot, as a click would; answers its count. */
  async function offer(p: ScenePlayer, material: string): Promise<number> {
    const inventory = scene.t.platform.inventory(p.uuid)!;
    const from = inventory.findIndex((s) => s?.material === material);
    assert.ok(from >= 0, `${p.name} has ${material} to offer`);
    const stack = inventory[from]!;
    inventory[from] = null;
    scene.t.platform.setInventory(p.uuid, inventory);
    const items = [...windowOf(p)!.items];
    items[OWN_FIRST] = stack;
    scene.t.platform.changeChest(p.uuid, items);
    await scene.t.settle();
    return stack.count;
  }
  async function openTrade(accept: string): Promise<void> {
    await ann.run('/trade Ben', /^Trade request sent to Ben; it expires in 60 seconds\./);
    assert.ok(ben.messages.some((m) => /^Ann wants to trade with you\. \[Accept\] or \/trade accept within 60 seconds\.$/.test(m)), ben.messages.join('\n'));
    await ben.chat(accept);
    assert.ok(windowOf(ann)?.open && windowOf(ben)?.open, 'the window is open to both');
  }

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startKernelScene(['trade.*']));
    annId = ann.uuid;
    benId = ben.uuid;
    for (const id of [annId, benId]) assert.equal((await rs.call('POST', `/players/${id}/kits/starter/give`, writer)).json.ok, true);
    assert.deepEqual([count(ann, 'bread'), count(ben, 'bread')], [16, 16]);
  });
  after(() => scene?.close());

  it('answers no trades and null for a player without one (not 404); not-found for a player never seen', async () => {
    const all = await rs.call('GET', '/trades', reader);
    assert.deepEqual([all.status, all.json], [200, { ok: true, data: { trades: [], count: 0 } }]);
    const none = await rs.call('GET', `/players/${annId}/trade`, reader);
    assert.deepEqual([none.status, none.json], [200, { ok: true, data: null }]);
    const unknown = await rs.call('GET', '/players/00000000-0000-0000-0000-0000000000aa/trade', reader);
    assert.deepEqual([unknown.status, unknown.json.code], [200, 'not-found']);
    const bad = await rs.call('GET', '/players/nope/trade', reader);
    assert.deepEqual([bad.status, bad.json.field], [400, 'uuid']);
  });

  it('/trade and /trade accept open the window to both; each sees the other’s offer, the frame stays, both confirm and the items swap', async () => {
    await openTrade('/trade accept');
    const a = windowOf(ann)!;
    assert.equal(plain(a.title), 'Trade: you | Ben');
    assert.equal(plain(windowOf(ben)!.title), 'Trade: you | Ann');
    assert.deepEqual([a.rows, a.items.length], [4, SIZE]);
    assert.deepEqual([a.items[OWN_BUTTON]?.material, a.items[OTHER_BUTTON]?.material, a.items[DIVIDER]?.material], ['red_wool', 'red_wool', 'gray_stained_glass_pane']);
    const open = await rs.call('GET', '/trades', reader);
    assert.deepEqual(open.json.data.trades.map((t: Record<string, unknown>) => [t['player-name'], t['partner-name']]), [['Ann', 'Ben']]);
    const mine = await rs.call('GET', `/players/${benId}/trade`, reader);
    assert.equal(mine.json.data.id, open.json.data.trades[0].id);

    await offer(ann, 'stone_sword');
    assert.equal(windowOf(ben)!.items[OTHER_FIRST]?.material, 'stone_sword', 'Ben sees Ann’s sword on his right');
    await offer(ben, 'bread');
    assert.equal(windowOf(ann)!.items[OTHER_FIRST]?.material, 'bread', 'Ann sees Ben’s bread on her right');
    // The divider is locked: a click on it leaves it where it is.
    scene.t.platform.clickChest(annId, DIVIDER);
    const moved = [...windowOf(ann)!.items];
    moved[DIVIDER] = null;
    scene.t.platform.changeChest(annId, moved);
    assert.equal(windowOf(ann)!.items[DIVIDER]?.material, 'gray_stained_glass_pane', 'the divider stays');
    assert.equal(windowOf(ben)!.items[DIVIDER]?.material, 'gray_stained_glass_pane');
    // Ben's side is locked for Ann: taking his bread leaves it with him.
    const taken = [...windowOf(ann)!.items];
    taken[OTHER_FIRST] = null;
    scene.t.platform.changeChest(annId, taken);
    assert.equal(windowOf(ann)!.items[OTHER_FIRST]?.material, 'bread');
    assert.equal(windowOf(ben)!.items[OWN_FIRST]?.count, 16, 'Ben’s bread stays in his side');
    const counts = await rs.call('GET', `/players/${annId}/trade`, reader);
    assert.deepEqual([counts.json.data['player-item-count'], counts.json.data['partner-item-count']], [1, 16]);

    const confirmed = ben.waitForMessage(/Ann confirmed the trade/);
    scene.t.platform.clickChest(annId, OWN_BUTTON);
    await confirmed;
    assert.equal(windowOf(ben)!.items[OTHER_BUTTON]?.material, 'lime_wool', 'Ben sees Ann’s button turn green');
    const annWindow = windowOf(ann)!;
    scene.t.platform.clickChest(benId, OWN_BUTTON);
    assert.equal(annWindow.open, false, 'Ann’s window closed');
    const done = await events.next('trade.complete', (d) => d['player-id'] === annId);
    assert.deepEqual([done.data['partner-id'], done.data['player-item-count'], done.data['partner-item-count']], [benId, 1, 16]);
    assert.deepEqual([count(ann, 'bread'), count(ann, 'stone_sword')], [32, 0], 'Ann holds Ben’s bread and no sword');
    assert.deepEqual([count(ben, 'bread'), count(ben, 'stone_sword')], [0, 2], 'Ben holds both swords');
    assert.ok(ann.messages.includes('Trade with Ben complete.'));
    assert.equal((await rs.call('GET', '/trades', reader)).json.data.count, 0);
  });

  it('closing the window cancels the trade: the items go back to their owner; trade.cancel', async () => {
    await openTrade('/trade Ann');
    const offered = await offer(ann, 'bread');
    assert.equal(offered, 32);
    assert.equal(windowOf(ben)!.items[OTHER_FIRST]?.material, 'bread', 'Ben sees Ann’s bread');
    assert.equal(count(ann, 'bread'), 0, 'the bread left Ann’s inventory');
    const told = ann.waitForMessage(/Ben closed the trade window/);
    scene.t.platform.closeChest(benId);
    await told;
    const e = await events.next('trade.cancel', (d) => d.reason === 'closed');
    assert.deepEqual([e.data['cancelled-by'], e.data['player-item-count']], [benId, 32]);
    assert.equal(count(ann, 'bread'), 32, 'Ann has her bread back');
    assert.equal(windowOf(ann), undefined, 'Ann’s window closed');
    assert.deepEqual((await rs.call('GET', `/players/${annId}/trade`, reader)).json.data, null);
  });

  it('/trade cancel ends an open trade; /trade deny turns a request down', async () => {
    await openTrade('/trade accept Ann');
    await offer(ben, 'stone_sword');
    const told = ben.waitForMessage(/Ann cancelled the trade/);
    await ann.chat('/trade cancel');
    await told;
    await events.next('trade.cancel', (d) => d.reason === 'cancelled' && d['cancelled-by'] === annId);
    assert.equal(count(ben, 'stone_sword'), 2, 'Ben has his sword back');
    assert.equal(windowOf(ben), undefined);

    await ann.run('/trade Ben', /Trade request sent to Ben/);
    const denied = ann.waitForMessage(/Ben turned down your trade request/);
    await ben.run('/trade deny', /^Turned down the trade request from Ann\.$/);
    await denied;
    await ben.run('/trade accept', /You have no trade request\./);
    assert.equal((await rs.call('GET', '/trades', reader)).json.data.count, 0);
  });

  it('a trader who quits ends the trade: the other gets their items back at once, the quitter finds theirs on rejoining', async () => {
    await openTrade('/trade accept');
    await offer(ann, 'bread');
    await offer(ben, 'stone_sword');
    assert.equal(windowOf(ann)!.items[OTHER_FIRST]?.material, 'stone_sword', 'Ann sees Ben’s sword');
    const told = ann.waitForMessage(/Ben left the game/);
    ben.quit();
    await told;
    const e = await events.next('trade.cancel', (d) => d.reason === 'quit');
    assert.equal(e.data['cancelled-by'], benId);
    assert.equal(count(ann, 'bread'), 32, 'Ann has her bread back');
    assert.equal(windowOf(ann), undefined);
    ben = await scene.join('Ben');
    await scene.t.until(() => count(ben, 'stone_sword') === 2, 'Ben to find both swords on rejoining');
    assert.equal((await rs.call('GET', '/trades', reader)).json.data.count, 0);
  });
});
