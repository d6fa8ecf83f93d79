// Items on the live flying-squid platform as real mineflayer 1.21.4 bots meet them: giving items,
// chest windows whose clicks the server decides, and the player's own inventory (moves, drops,
// kept across a rejoin and a restart); every packet the server writes checked against the 1.21.4
// protocol on the way out.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type { EventEmitter } from 'node:events';
import { startFlyingSquid, type FlyingSquidPlatform } from '../../src/platform/flying-squid/index.ts';
import { memoryLogger } from '../../src/core/log/log.ts';
import type { ItemStack } from '../../src/platform/platform.ts';
import { offlineUuid } from '../support/fake-platform.ts';
import { fence, joinBot, nextEvent, quit, quitAll, waitFor, type Bot } from './support/bots.ts';
import { nbt, packetChecker, tempWorld } from './support/platform-e2e.ts';

const require = createRequire(import.meta.url);

/**
 * Sends a click on an empty slot that claims it now holds 64 diamonds (which no click can make),
 * and resolves with the window_items the server answers with.
 */
function claimDiamonds(bot: Bot, windowId: number, stateId: number, slot: number): Promise<{ windowId: number; items: unknown[] }> {
  const diamondId = (require('minecraft-data') as (v: string) => { itemsByName: Record<string, { id: number }> })('1.21.4').itemsByName.diamond!.id;
  const resent = nextEvent<{ windowId: number; items: unknown[] }>(bot._client as unknown as EventEmitter, 'window_items');
  bot._client.write('window_click', {
    windowId,
    stateId,
    slot,
    mouseButton: 0,
    mode: 0,
    changedSlots: [{ location: slot, item: { itemCount: 64, itemId: diamondId, addedComponentCount: 0, removedComponentCount: 0, components: [], removeComponents: [] } }],
    cursorItem: { itemCount: 0 },
  });
  return resent;
}

describe('the flying-squid platform: items and chest windows', () => {
  let platform: FlyingSquidPlatform;
  const { problems, observe } = packetChecker();
  let frank: Bot;
  let uuid: string;
  const named = (bot: Bot, name: string) => bot.inventory.items().filter((i) => i.name === name);
  const total = (bot: Bot, name: string) => named(bot, name).reduce((n, i) => n + i.count, 0);
  /** The plain text of an item's custom_name component as the bot received it. */
  const customName = (item: object) => JSON.stringify(nbt.simplify((item as { componentMap?: Map<string, { data: unknown }> }).componentMap?.get('custom_name')?.data ?? null));

  before(async () => {
    platform = await startFlyingSquid({ port: 0, onlineMode: false, worldDir: await tempWorld(), viewDistance: 3, log: memoryLogger(), packetObserver: observe });
    frank = await joinBot(platform.port, 'Frank');
    uuid = offlineUuid('Frank');
  });
  after(async () => {
    await quitAll();
    await platform?.shutdown('test over');
  });

  it('gives items into the inventory, hotbar first, stacks split at their size, a custom name and enchantments kept', async () => {
    const outcome = platform.giveItems(uuid, [
      { material: 'bread', count: 70 },
      { material: 'diamond_sword', count: 1, name: 'Excalibur', enchantments: { sharpness: 5 } },
    ]);
    assert.deepEqual(outcome, { given: true });
    await waitFor(() => total(frank, 'bread') === 70 && named(frank, 'diamond_sword').length === 1, 'Frank to hold 70 bread and the sword');
    const sword = named(frank, 'diamond_sword')[0]!;
    assert.match(customName(sword), /Excalibur/);
    assert.deepEqual(sword.enchants, { enchantments: [{ id: 32, level: 5 }], showTooltip: true });
    const inv = platform.inventory(uuid)!;
    assert.deepEqual(
      inv.slice(0, 4).map((s) => s && [s.material, s.count, s.name ?? null]),
      [['bread', 64, null], ['bread', 6, null], ['diamond_sword', 1, 'Excalibur'], null],
    );
    assert.deepEqual(inv[2]!.enchantments, { sharpness: 5 });
    assert.equal(platform.inventory(offlineUuid('Nobody')), undefined);
    assert.deepEqual(platform.giveItems(offlineUuid('Nobody'), [{ material: 'bread', count: 1 }]), { given: false, reason: 'offline' });
  });

  it('opens a chest window the bot sees with its rows and contents, and reports items the bot moves in and out', async () => {
    const changes: Array<Array<{ material: string; count: number } | null>> = [];
    const closes: string[] = [];
    const opened = nextEvent<{ slots: unknown[]; inventoryStart: number; title: unknown }>(frank, 'windowOpen');
    const handle = platform.openChest(uuid, {
      title: 'Vault 1',
      rows: 6,
      items: [{ material: 'diamond', count: 2 }],
      onChange: (items) => changes.push(items),
      onClose: (_items, reason) => closes.push(reason),
    })!;
    const window = await opened;
    assert.deepEqual([window.slots.length, window.inventoryStart], [90, 54]);
    assert.match(JSON.stringify(window.title), /Vault 1/);
    const w = frank.currentWindow!;
    assert.deepEqual([w.slots[0]?.name, w.slots[0]?.count], ['diamond', 2]);
    assert.equal(handle.open, true);

    // The bread stack of hotbar slot 0 is window slot 54 + 27; it goes into chest slot 5.
    await frank.moveSlotItem(54 + 27, 5);
    await waitFor(() => changes.some((c) => c[5]?.material === 'bread'), 'the chest to report the bread');
    assert.deepEqual([changes.at(-1)![5]!.count, changes.at(-1)![0]!.material], [64, 'diamond']);
    assert.equal(platform.inventory(uuid)![0], null, 'the bread left the inventory');

    // The diamonds come out by a shift-click into the inventory.
    await frank.clickWindow(0, 0, 1);
    await waitFor(() => changes.at(-1)![0] === null, 'the chest to report the diamonds gone');
    await waitFor(() => (platform.inventory(uuid) ?? []).some((s) => s?.material === 'diamond' && s.count === 2), 'the diamonds in the inventory');

    const closed = nextEvent(frank, 'windowClose');
    frank.closeWindow(frank.currentWindow!);
    await closed;
    await waitFor(() => closes.length === 1, 'the close to be reported');
    assert.deepEqual([closes[0], handle.open], ['closed', false]);
    await waitFor(() => total(frank, 'diamond') === 2 && total(frank, 'bread') === 6, 'the bot’s inventory after the window');
  });

  it('decides clicks itself: a click claiming items that are not there changes nothing and the window is sent again', async () => {
    const changes: unknown[] = [];
    const opened = nextEvent(frank, 'windowOpen');
    const handle = platform.openChest(uuid, { title: 'Chest', rows: 3, items: [], onChange: (items) => changes.push(items) })!;
    await opened;
    const windowId = frank.currentWindow!.id;
    const again = await claimDiamonds(frank, windowId, 1, 4);
    assert.deepEqual([again.windowId, again.items.length], [windowId, 27 + 36]);
    // The window is sent again once the server has decided the click: a change would have come first.
    assert.deepEqual(changes, [], 'the chest did not change');
    const closed = nextEvent(frank, 'windowClose');
    handle.close();
    await closed;
    assert.equal(handle.open, false);
  });

  it('gives nothing when the items do not all fit', async () => {
    const free = platform.inventory(uuid)!.filter((s) => s === null).length;
    assert.deepEqual(platform.giveItems(uuid, [{ material: 'stone', count: 64 * free }]), { given: true });
    await waitFor(() => total(frank, 'stone') === 64 * free, 'the stone');
    assert.equal(platform.canHold(uuid, [{ material: 'apple', count: 1 }]), false);
    assert.deepEqual(platform.giveItems(uuid, [{ material: 'apple', count: 1 }]), { given: false, reason: 'no-room' });
    assert.equal(platform.canHold(uuid, [{ material: 'bread', count: 58 }]), true, 'bread still tops up its stack');
    // Whatever the refused gift sent Frank has reached him once the server answers him.
    await fence(frank);
    assert.equal(total(frank, 'apple'), 0, 'no apple arrived');
  });

  it('wrote only packets that match the 1.21.4 protocol', () => {
    assert.deepEqual([...problems], []);
  });
});

describe("items in the player's own inventory: moved, dropped and kept", () => {
  let worldDir: string;
  const { problems, observe } = packetChecker();
  const start = () => startFlyingSquid({ port: 0, onlineMode: false, worldDir, viewDistance: 2, log: memoryLogger(), packetObserver: observe });
  let platform: FlyingSquidPlatform;
  const sword = { material: 'diamond_sword', count: 1, name: 'Excalibur', enchantments: { sharpness: 5 } };

  /** The stacks of a material the bot holds, and those lying in the world as the bot sees them. */
  const held = (bot: Bot, name: string) => bot.inventory.items().filter((i) => i.name === name).reduce((n, i) => n + i.count, 0);
  const lying = (bot: Bot, name: string) =>
    Object.values(bot.entities)
      .filter((e) => e.name === 'item')
      .map((e) => e.getDroppedItem())
      .filter((i) => i?.name === name);
  const lyingCount = (bot: Bot, name: string) => lying(bot, name).reduce((n, i) => n + i!.count, 0);
  const nameOf = (item: object) => {
    const data = (item as { componentMap?: Map<string, { data: unknown }> }).componentMap?.get('custom_name')?.data;
    return data === undefined ? '(no custom name)' : JSON.stringify(nbt.simplify(data));
  };
  const SHARPNESS_5 = { enchantments: [{ id: 32, level: 5 }], showTooltip: true };
  /** platform.inventory's index of a window-0 slot: the hotbar (36-44) is 0-8, the main inventory keeps its number. */
  const storageIndex = (windowSlot: number) => (windowSlot >= 36 ? windowSlot - 36 : windowSlot);

  /** Joins a bot, gives it the items and waits until it holds them, runs the test body, and quits it. */
  async function holding(name: string, items: ItemStack[], body: (bot: Bot, uuid: string) => Promise<void>): Promise<void> {
    const bot = await joinBot(platform.port, name);
    const uuid = offlineUuid(name);
    try {
      assert.deepEqual(platform.giveItems(uuid, items), { given: true });
      await waitFor(() => items.every((i) => held(bot, i.material) >= i.count), `${name} to hold what was given`);
      await body(bot, uuid);
    } finally {
      await quit(bot);
    }
  }

  before(async () => {
    worldDir = await tempWorld();
    platform = await start();
  });

  after(async () => {
    await quitAll();
    await platform?.shutdown('test over');
  });

  it('tracks moves inside the inventory: pick up and place, shift-click and a number key, as the player sees them', async () => {
    await holding('Gina', [sword], async (gina, uuid) => {
      assert.equal(gina.inventory.slots[36]?.name, 'diamond_sword', 'the sword in hotbar slot 0');
      const at = () => platform.inventory(uuid)!.flatMap((s, i) => (s ? [[i, s.material]] : []));
      const seen = () => gina.inventory.items().map((i) => [storageIndex(i.slot), i.name]);

      await gina.clickWindow(36, 0, 0);
      await gina.clickWindow(20, 0, 0);
      await waitFor(() => platform.inventory(uuid)![20]?.material === 'diamond_sword', `the server to see the sword in slot 20 (it sees ${JSON.stringify(at())})`);
      assert.deepEqual(at(), [[20, 'diamond_sword']]);
      assert.equal(platform.inventory(uuid)![20]!.name, 'Excalibur', 'moved whole');

      // Shift-click: from the main inventory into the hotbar.
      await gina.clickWindow(20, 0, 1);
      await waitFor(() => platform.inventory(uuid)![0]?.material === 'diamond_sword', `the server to see the sword back in the hotbar (${JSON.stringify(at())})`);
      await waitFor(() => JSON.stringify(seen()) === JSON.stringify(at()), `the bot to see what the server sees (${JSON.stringify(seen())} / ${JSON.stringify(at())})`);

      // Number key 5: hotbar slot 0 trades places with hotbar slot 4.
      await gina.clickWindow(36, 4, 2);
      await waitFor(() => platform.inventory(uuid)![4]?.material === 'diamond_sword', `the server to see the sword in hotbar slot 4 (${JSON.stringify(at())})`);
      await waitFor(() => JSON.stringify(seen()) === JSON.stringify(at()), `the bot to see what the server sees (${JSON.stringify(seen())} / ${JSON.stringify(at())})`);
    });
  });

  it('answers a click that claims items that are not there with the whole inventory, and changes nothing', async () => {
    await holding('Ivy', [{ material: 'bread', count: 3 }], async (ivy, uuid) => {
      const again = await claimDiamonds(ivy, 0, 0, 20);
      assert.deepEqual([again.windowId, again.items.length], [0, 46]);
      assert.deepEqual(platform.inventory(uuid)!.flatMap((s, i) => (s ? [[i, s.material, s.count]] : [])), [[0, 'bread', 3]]);
    });
  });

  it('Q over a slot throws one item out as one item entity, Ctrl+Q the rest: nothing is copied', async () => {
    await holding('Jay', [{ material: 'bread', count: 10 }], async (jay, uuid) => {
      const total = () => held(jay, 'bread') + lyingCount(jay, 'bread');

      await jay.clickWindow(36, 0, 4);
      // flying-squid 1.12 left the slot full and spawned a copy, which came back half a second later.
      await waitFor(() => lying(jay, 'bread').length === 1, 'one item entity of bread');
      // The slot as the server left it after the click has reached Jay once it answers him.
      await fence(jay);
      assert.equal(total(), 10, 'no more bread than was given');
      assert.deepEqual([lyingCount(jay, 'bread'), held(jay, 'bread'), platform.inventory(uuid)![0]!.count], [1, 9, 9]);

      await jay.clickWindow(36, 1, 4);
      await waitFor(() => held(jay, 'bread') === 0 && platform.inventory(uuid)![0] === null, 'the hotbar slot empty');
      await waitFor(() => lyingCount(jay, 'bread') >= 9, 'the stack in the world');
      await fence(jay);
      assert.equal(total(), 10, 'no more bread than was given');
    });
  });

  it('throws a named, enchanted stack whole (out of the window, and Q in the world) and gives it back whole when picked up', async () => {
    await holding('Kim', [sword, { material: 'apple', count: 4 }], async (kim, uuid) => {
      // tossStack: picks the stack up on the cursor and clicks outside the window.
      await kim.tossStack(kim.inventory.slots[36]!);
      await waitFor(() => lying(kim, 'diamond_sword').length === 1, 'the sword in the world');
      const thrown = lying(kim, 'diamond_sword')[0]!;
      assert.match(nameOf(thrown), /Excalibur/);
      assert.deepEqual(thrown.enchants, SHARPNESS_5);
      assert.equal(platform.inventory(uuid)![0], null);

      // Q with no screen open (the digging packet) drops one of the held stack.
      // (Each test drops its own material: what earlier tests dropped still lies by the spawn.)
      // The server reads the slot change before the drop: one connection, read in order.
      kim.setQuickBarSlot(1);
      kim._client.write('block_dig', { status: 4, location: { x: 0, y: 0, z: 0 }, face: 0, sequence: 0 });
      await waitFor(() => lyingCount(kim, 'apple') === 1 && platform.inventory(uuid)![1]?.count === 3, 'one apple dropped from the hand');
      await waitFor(() => held(kim, 'apple') === 3, 'the bot told it holds 3');

      // Standing on the sword picks it up after vanilla's delay, components and all. (The bot's own
      // physics may carry it off, e.g. out of water, and flying-squid takes a client's position
      // even before the teleport is confirmed: it is sent again until the pickup.)
      const entity = Object.values(kim.entities).find((e) => e.name === 'item' && e.getDroppedItem()?.name === 'diamond_sword')!;
      const end = Date.now() + 8000;
      while (held(kim, 'diamond_sword') === 0 && Date.now() < end) {
        await platform.teleport(uuid, { ...platform.spawnLocation(), x: entity.position.x, y: entity.position.y, z: entity.position.z });
        await waitFor(() => held(kim, 'diamond_sword') > 0, 'Kim to pick the sword up', 250).catch(() => {});
      }
      assert.equal(held(kim, 'diamond_sword'), 1, 'the sword picked up');
      await waitFor(() => lying(kim, 'diamond_sword').length === 0, 'the sword gone from the world');
      const back = kim.inventory.items().find((i) => i.name === 'diamond_sword')!;
      assert.match(nameOf(back), /Excalibur/);
      assert.deepEqual(back.enchants, SHARPNESS_5);
      const onServer = platform.inventory(uuid)!.find((s) => s?.material === 'diamond_sword')!;
      assert.deepEqual([onServer.name, onServer.enchantments], ['Excalibur', { sharpness: 5 }]);
    });
  });

  it('keeps a named, enchanted item where the player put it across a rejoin, and saves it as it changes', async () => {
    const uuid = offlineUuid('Hana');
    const file = join(worldDir, 'core-inventories', `${uuid}.json`);
    const hana = await joinBot(platform.port, 'Hana');
    platform.giveItems(uuid, [sword, { material: 'cooked_beef', count: 5 }]);
    await waitFor(() => held(hana, 'diamond_sword') === 1 && held(hana, 'cooked_beef') === 5, 'the sword and the beef');
    await hana.clickWindow(36, 0, 0);
    await hana.clickWindow(20, 0, 0);
    await waitFor(() => platform.inventory(uuid)![20]?.material === 'diamond_sword', 'the sword in slot 20');
    // Written while the player is online (a crash loses nothing already saved).
    await waitFor(() => existsSync(file) && /Excalibur/.test(readFileSync(file, 'utf8')), 'the inventory file to hold the sword');
    await quit(hana);
    await waitFor(() => platform.player(uuid) === undefined, 'Hana gone');

    const again = await joinBot(platform.port, 'Hana');
    await waitFor(() => again.inventory.slots[20]?.name === 'diamond_sword', 'the sword back in slot 20');
    assert.match(nameOf(again.inventory.slots[20]!), /Excalibur/);
    assert.deepEqual(again.inventory.slots[20]!.enchants, SHARPNESS_5);
    assert.equal(again.inventory.slots[37]?.count, 5, 'the beef in hotbar slot 1');
    const inv = platform.inventory(uuid)!;
    assert.deepEqual([inv[20]!.name, inv[20]!.enchantments, inv[1]!.count], ['Excalibur', { sharpness: 5 }, 5]);
  });

  it('keeps it across a restart on the same world folder', async () => {
    const uuid = offlineUuid('Hana');
    await platform.shutdown('restart');
    platform = await start();
    const hana = await joinBot(platform.port, 'Hana');
    await waitFor(() => hana.inventory.slots[20]?.name === 'diamond_sword', 'the sword back in slot 20 after the restart');
    assert.match(nameOf(hana.inventory.slots[20]!), /Excalibur/);
    assert.deepEqual(hana.inventory.slots[20]!.enchants, SHARPNESS_5);
    assert.deepEqual(platform.inventory(uuid)![20]!.enchantments, { sharpness: 5 });
    // The join may start a save (written to a temporary file, then renamed): none may stay behind.
    const temporary = () => readdirSync(join(worldDir, 'core-inventories')).filter((f) => !f.endsWith('.json'));
    await waitFor(() => temporary().length === 0, `no temporary file left (${temporary().join(', ')})`);
  });

  it('wrote only packets that match the 1.21.4 protocol', () => {
    assert.deepEqual([...problems], []);
  });
});
