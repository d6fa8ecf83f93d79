// Trades on the test kernel and the fake platform: requests, the shared window (each side's own
// slots, locked frame and buttons), confirmations taken back by any change, the swap, every way a
// trade is cancelled with the items back to their owners, the journal across a restart, and reads.

import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { declined, invalid, value } from '../../../test/support/results.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import type { ItemStack, Location } from '../../platform/platform.ts';
import { teleportModule } from '../teleport/index.ts';
import { tradeModule } from './index.ts';
import { OTHER_SLOTS, OWN_BUTTON, OWN_SLOTS, SIZE } from './trade.layout.ts';
import type { TradeService } from './trade.service.ts';
import { createTradeStore, TRADE_TABLES } from './trade.store.ts';

const spot = (x: number, world = 'world'): Location => ({ world, x, y: 64, z: 0, yaw: 0, pitch: 0 });
const NEVER_SEEN = '00000000-0000-0000-0000-0000000000ab';
const bread = (count: number): ItemStack => ({ material: 'bread', count });
const gold = (count: number): ItemStack => ({ material: 'gold_ingot', count });

describe('trade', () => {
  let t: TestKernel;
  let trade: TradeService;
  let ann: string;
  let ben: string;

  before(async () => {
    t = await startTestKernel({ modules: [teleportModule, tradeModule], beforeStart: (dir) => writeFileSync(join(dir, 'trade.conf'), 'request-expiry-seconds = 30\nmax-distance = 10\n') });
    trade = t.kernel.api.trade;
  });
  after(() => t.close());
  afterEach(async () => {
    for (const p of t.platform.onlinePlayers()) t.platform.quit(p.uuid);
    await trade.settled();
  });

  async function pair(annItems: ItemStack[] = [bread(10)], benItems: ItemStack[] = [gold(3)]): Promise<void> {
    ann = (await t.join('Ann')).uuid;
    ben = (await t.join('Ben')).uuid;
    await t.platform.teleport(ann, spot(0.5));
    await t.platform.teleport(ben, spot(3.5));
    t.platform.setInventory(ann, annItems);
    t.platform.setInventory(ben, benItems);
    t.platform.clearMessages();
  }
  /** The player moves a stack from their inventory into their side of the window, as a click would. */
  function put(uuid: string, index: number, item: ItemStack): void {
    const inv = t.platform.inventory(uuid)!;
    const at = inv.findIndex((s) => s?.material === item.material);
    const left = inv[at]!.count - item.count;
    inv[at] = left > 0 ? { ...inv[at]!, count: left } : null;
    t.platform.setInventory(uuid, inv);
    const chest = [...t.platform.chestOf(uuid)!.items];
    chest[OWN_SLOTS[index]!] = item;
    t.platform.changeChest(uuid, chest);
  }
  const count = (uuid: string, material: string) => (t.platform.inventory(uuid) ?? t.platform.inventories.get(uuid)!).reduce((n, s) => n + (s?.material === material ? s.count : 0), 0);
  async function opened(): Promise<void> {
    await pair();
    await t.platform.run(ann, '/trade Ben');
    await t.platform.run(ben, '/trade accept');
  }

  it('/trade sends a request that /trade accept turns into a window for both, each seeing their own side on the left', async () => {
    await pair();
    await t.platform.run(ann, '/trade Ben');
    assert.ok(t.platform.messagesOf(ann).includes('Trade request sent to Ben; it expires in 30 seconds. Withdraw it with /trade cancel.'));
    assert.ok(t.platform.messagesOf(ben).some((m) => m.startsWith('Ann wants to trade with you.')));
    assert.equal(value(trade.list()).count, 0, 'a request is not a trade yet');
    await t.platform.run(ben, '/trade accept');
    const a = t.platform.chestOf(ann)!;
    const b = t.platform.chestOf(ben)!;
    assert.equal(a.title, 'Trade: you | Ben');
    assert.equal(b.title, 'Trade: you | Ann');
    assert.equal(a.items.length, SIZE);
    assert.equal(a.items[OWN_BUTTON]?.material, 'red_wool');
    const list = value(trade.list());
    assert.deepEqual(list.trades.map((x) => [x['player-name'], x['partner-name'], x['player-confirmed']]), [['Ann', 'Ben', false]]);
    assert.equal(value(await trade.tradeOf(ben))?.id, list.trades[0]!.id);
  });

  it('/trade <name> back accepts a request already received', async () => {
    await pair();
    await t.platform.run(ann, '/trade Ben');
    await t.platform.run(ben, '/trade Ann');
    assert.ok(t.platform.chestOf(ann) && t.platform.chestOf(ben));
    assert.ok(t.platform.messagesOf(ben).includes('Trading with Ann.'));
  });

  it('refuses a trade with oneself, with a player too far away or in another world, and an unknown accept', async () => {
    await pair();
    declined(trade.request(ann, ann), 'refused');
    await t.platform.teleport(ben, spot(50));
    declined(trade.request(ann, ben), 'refused');
    await t.platform.teleport(ben, spot(1, 'world_nether'));
    declined(trade.request(ann, ben), 'refused');
    declined(trade.accept(ben), 'not-found');
    await t.platform.run(ben, '/trade accept');
    assert.ok(t.platform.messagesOf(ben).includes('You have no trade request.'));
  });

  it('each side shows in the other window; locked slots do not change; both confirm and the items swap', async () => {
    await opened();
    put(ann, 0, bread(10));
    put(ben, 2, gold(3));
    assert.deepEqual(t.platform.chestOf(ben)!.items[OTHER_SLOTS[0]!], bread(10), 'Ben sees Ann’s bread on his right');
    assert.deepEqual(t.platform.chestOf(ann)!.items[OTHER_SLOTS[2]!], gold(3));
    // Ann tries to take Ben's gold out of his side: refused.
    const grab = [...t.platform.chestOf(ann)!.items];
    grab[OTHER_SLOTS[2]!] = null;
    t.platform.changeChest(ann, grab);
    assert.deepEqual(t.platform.chestOf(ann)!.items[OTHER_SLOTS[2]!], gold(3));
    t.platform.clickChest(ann, OWN_BUTTON);
    assert.equal(value(trade.list()).trades[0]!['player-confirmed'], true);
    assert.equal(t.platform.chestOf(ann)!.items[OWN_BUTTON]?.material, 'lime_wool');
    assert.ok(t.platform.messagesOf(ben).includes('Ann confirmed the trade.'));
    t.platform.clickChest(ben, OWN_BUTTON);
    await trade.settled();
    assert.equal(t.platform.chestOf(ann), undefined);
    assert.equal(t.platform.chestOf(ben), undefined);
    assert.deepEqual([count(ann, 'gold_ingot'), count(ann, 'bread'), count(ben, 'bread'), count(ben, 'gold_ingot')], [3, 0, 10, 0]);
    const done = t.emittedNamed('trade.complete').at(-1)!.data;
    assert.deepEqual([done['player-name'], done['partner-name'], done['player-item-count'], done['partner-item-count']], ['Ann', 'Ben', 10, 3]);
    assert.equal(value(trade.list()).count, 0);
    assert.equal(value(await trade.tradeOf(ann)), null);
  });

  it('a change after a confirmation takes both confirmations back', async () => {
    await opened();
    const completed = t.emittedNamed('trade.complete').length;
    t.platform.clickChest(ann, OWN_BUTTON);
    put(ben, 0, gold(1));
    const now = value(trade.list()).trades[0]!;
    assert.deepEqual([now['player-confirmed'], now['partner-confirmed']], [false, false]);
    assert.ok(t.platform.messagesOf(ann).includes('The offer changed: confirm again.'));
    t.platform.clickChest(ben, OWN_BUTTON);
    assert.equal(t.emittedNamed('trade.complete').length, completed, 'only Ben confirmed now');
    t.platform.clickChest(ann, OWN_BUTTON);
    assert.equal(t.emittedNamed('trade.complete').length, completed + 1, 'confirmed again by both: complete');
  });

  for (const [how, reason, act] of [
    ['/trade cancel', 'cancelled', async () => t.platform.run(ben, '/trade cancel')],
    ['closing the window', 'closed', async () => t.platform.closeChest(ben)],
    ['quitting', 'quit', async () => t.platform.quit(ben)],
    ['moving away', 'moved-away', async () => void t.platform.move(ben, spot(40.5))],
    ['a teleport away', 'moved-away', async () => void (await t.kernel.api.teleport.teleport(ben, spot(200.5), { cause: 'command', warmupSeconds: 0 }))],
  ] as const) {
    it(`${how} cancels the trade and every item goes back to its owner`, async () => {
      await opened();
      put(ann, 0, bread(4));
      put(ben, 0, gold(2));
      const before = t.emittedNamed('trade.cancel').length;
      await act();
      await trade.settled();
      assert.equal(t.platform.chestOf(ann), undefined);
      assert.equal(count(ann, 'bread'), 10);
      if (reason !== 'quit') assert.equal(count(ben, 'gold_ingot'), 3);
      const ev = t.emittedNamed('trade.cancel').slice(before);
      assert.deepEqual(ev.map((e) => [e.data.reason, e.data['cancelled-by']]), [[reason, ben]]);
      assert.ok(t.platform.messagesOf(ann).some((m) => m.endsWith('the trade is off and your items are back.')));
      if (reason === 'quit') {
        // Ben was offline: his gold waits in the journal and comes back when he joins.
        await t.join('Ben');
        await trade.settled();
        assert.equal(count(ben, 'gold_ingot'), 3);
      }
    });
  }

  it('items in an open window are journalled as they are put in, and a journal left by a crash is given back at the next join', async () => {
    const store = createTradeStore(t.database.db);
    await opened();
    put(ann, 0, bread(6));
    await trade.settled();
    assert.deepEqual(await store.held(TRADE_TABLES.on(t.database.db), ann, 'offer'), [bread(6)]);
    await t.platform.run(ann, '/trade cancel');
    await trade.settled();
    assert.deepEqual(await store.held(TRADE_TABLES.on(t.database.db), ann, 'offer'), [], 'the trade ended: nothing is held');
    // What a crash leaves: Ann's offer still in the journal; she joins after the restart (the fake
    // platform starts over with empty inventories).
    t.platform.quit(ann);
    await store.hold(TRADE_TABLES.on(t.database.db), ann, 'offer', [bread(6)], new Date().toISOString());
    await t.restart();
    trade = t.kernel.api.trade;
    await t.join('Ann');
    await trade.settled();
    assert.equal(count(ann, 'bread'), 6);
    assert.ok(t.platform.messagesOf(ann).includes('6 items from an unfinished trade were given back to you.'));
    assert.deepEqual(await store.held(TRADE_TABLES.on(t.database.db), ann, 'offer'), []);
  });

  it('a swap with no room for the other side is refused and both confirmations are taken back', async () => {
    await pair([bread(10)], [gold(3), ...Array.from({ length: 35 }, () => ({ material: 'stone', count: 64 }))]);
    await t.platform.run(ann, '/trade Ben');
    await t.platform.run(ben, '/trade accept');
    put(ann, 0, bread(10));
    t.platform.clickChest(ann, OWN_BUTTON);
    t.platform.clickChest(ben, OWN_BUTTON);
    assert.equal(value(trade.list()).count, 1);
    assert.ok(t.platform.messagesOf(ann).includes('Ben has no room for what Ann offers: make room, then confirm again.'));
  });

  it('/trade deny and an expired request end the request; /trade cancel withdraws one', async () => {
    await pair();
    await t.platform.run(ann, '/trade Ben');
    await t.platform.run(ben, '/trade deny');
    assert.ok(t.platform.messagesOf(ann).includes('Ben turned down your trade request.'));
    await t.platform.run(ann, '/trade Ben');
    await t.clock.advance(31);
    assert.ok(t.platform.messagesOf(ann).includes('Your trade request to Ben expired.'));
    declined(trade.accept(ben), 'not-found');
    await t.platform.run(ann, '/trade Ben');
    await t.platform.run(ann, '/trade cancel');
    assert.ok(t.platform.messagesOf(ben).includes('Ann withdrew their trade request.'));
    declined(trade.cancel(ann), 'not-found');
  });

  it('reads: null for a player without a trade, not-found for one never seen, 400-style refusal of a bad uuid', async () => {
    await pair();
    assert.equal(value(await trade.tradeOf(ann)), null);
    declined(await trade.tradeOf(NEVER_SEEN), 'not-found');
    await assert.rejects(trade.tradeOf('nope'), invalid('uuid'));
  });

  it('stopping the module cancels open trades with the items back', async () => {
    await opened();
    put(ann, 0, bread(2));
    await trade.stop();
    assert.equal(count(ann, 'bread'), 10);
    assert.equal(t.emittedNamed('trade.cancel').at(-1)!.data.reason, 'stopped');
    assert.equal(t.events.problems.length, 0);
  });
});

describe('trade journal on PostgreSQL', () => {
  it('journals an offer, clears it when the trade ends, and gives owed items at the next join', (ctx) =>
    withPostgres(ctx, 'trade', async (openDb) => {
      const k = await startTestKernel({ modules: [tradeModule], openDb });
      try {
        const store = createTradeStore(k.database.db);
        const ann = (await k.join('Ann')).uuid;
        const ben = (await k.join('Ben')).uuid;
        k.platform.setInventory(ann, [bread(5)]);
        await k.platform.run(ann, '/trade Ben');
        await k.platform.run(ben, '/trade accept');
        k.platform.setInventory(ann, []);
        const chest = [...k.platform.chestOf(ann)!.items];
        chest[OWN_SLOTS[0]!] = bread(5);
        k.platform.changeChest(ann, chest);
        await k.kernel.api.trade.settled();
        assert.deepEqual(await store.held(TRADE_TABLES.on(k.database.db), ann, 'offer'), [bread(5)]);
        k.platform.quit(ann);
        await k.kernel.api.trade.settled();
        assert.deepEqual(await store.held(TRADE_TABLES.on(k.database.db), ann, 'offer'), []);
        await store.hold(TRADE_TABLES.on(k.database.db), ann, 'owed', [gold(2)], new Date().toISOString());
        await store.hold(TRADE_TABLES.on(k.database.db), ann, 'owed', [gold(3)], new Date().toISOString());
        await k.join('Ann');
        await k.kernel.api.trade.settled();
        assert.equal(k.platform.inventory(ann)!.reduce((n, s) => n + (s?.material === 'gold_ingot' ? s.count : 0), 0), 3);
        assert.deepEqual(await store.held(TRADE_TABLES.on(k.database.db), ann, 'owed'), []);
      } finally {
        await k.close();
      }
    }));
});
