// Items on the ground and mobs on the real server, with bots as the players and a real event
// stream: a bot throws items out and /purge removes them from its sight; the spawn rules of
// itemworld.conf keep a denied mob from appearing (for /spawnmob and spawn eggs alike) and stop at
// the world's cap; the automatic purge after `core reload`, with its warning; /mobrules.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Bot } from './support/bots.ts';
import { never, waitFor, waitForMessage } from './support/bots.ts';
import { startScene, type RestServer, type Scene, type Subscription } from './support/rest-server.ts';

const require = createRequire(import.meta.url);
const Vec3 = (createRequire(require.resolve('mineflayer'))('vec3') as { Vec3: new (x: number, y: number, z: number) => import('vec3').Vec3 }).Vec3;

const CONF = `purge-interval-seconds = 0
purge-warning-seconds = 0

[mobs]
deny = ["zombie"]

[mobs.world]
cap = 3
`;

/** mineflayer's placing without waiting for a block to appear (a spawn egg places none). */
type PlacingBot = Bot & { _genericPlace(on: unknown, face: unknown, options: { swingArm?: 'right'; forceLook?: boolean }): Promise<unknown> };

describe('items on the ground and mobs on the real server', () => {
  let scene: Scene;
  let rs: RestServer;
  let events: Subscription;
  let ann: Bot;

  const lying = (bot: Bot) => Object.values(bot.entities).filter((e) => e.name === 'item');
  const seenMobs = (bot: Bot, type: string) => Object.values(bot.entities).filter((e) => e.name === type);
  /** Ctrl+Q on a hotbar slot with no screen open: the whole stack is thrown out. */
  const throwSlot = async (bot: Bot, hotbar: number) => {
    bot.setQuickBarSlot(hotbar);
    await waitFor(() => bot.quickBarSlot === hotbar, 'the slot selected');
    bot._client.write('block_dig', { status: 3, location: { x: 0, y: 0, z: 0 }, face: 0, sequence: 0 });
  };

  before(async () => {
    ({ rs, events, ann } = scene = await startScene(['itemworld.*'], { config: { 'core/itemworld.conf': CONF } }));
    await rs.console('perm grant Ann core.itemworld.*', /core\.itemworld/);
  });
  after(() => scene?.close());

  it('/purge removes the items a bot threw out: the bot sees them go, and entity-purge says what and who', async () => {
    ann.chat('/kit starter');
    await waitFor(() => ann.inventory.items().some((i) => i.name === 'bread'), 'Ann holds the bread');
    const sword = ann.inventory.items().find((i) => i.name === 'stone_sword')!;
    const bread = ann.inventory.items().find((i) => i.name === 'bread')!;
    await throwSlot(ann, sword.slot - 36);
    await throwSlot(ann, bread.slot - 36);
    await waitFor(() => lying(ann).length === 2, 'Ann sees the sword and the bread on the ground');

    const told = waitForMessage(ann, /^Removed 2 item stacks \(17 items\) from world\./);
    ann.chat('/purge items world');
    await told;
    await waitFor(() => lying(ann).length === 0, 'the items gone from Ann\'s sight');
    const e = await events.next('itemworld.entity-purge');
    assert.deepEqual(
      [e.data.what, e.data.world, e.data.items, e.data['item-count'], e.data.mobs, e.data.trigger, e.data.actor],
      ['items', 'world', 2, 17, 0, 'command', 'Ann'],
    );
  });

  it('/spawnmob: a denied type never appears (mob-spawn refused); an allowed one does, with mob-spawn allowed', async () => {
    const refused = waitForMessage(ann, /The spawn rules of world do not allow zombie\./);
    ann.chat('/spawnmob zombie');
    await refused;
    await never(() => seenMobs(ann, 'zombie').length > 0, 'a zombie', 1000);
    const no = await events.next('itemworld.mob-spawn', (d) => d.type === 'zombie');
    assert.deepEqual([no.data.allowed, no.data.refusal, no.data.cause, no.data['player-name']], [false, 'type-denied', 'command', 'Ann']);

    const spawned = waitForMessage(ann, /^Spawned 2 × cow\./);
    ann.chat('/spawnmob cow 2');
    await spawned;
    await waitFor(() => seenMobs(ann, 'cow').length === 2, 'Ann sees two cows');
    const yes = await events.next('itemworld.mob-spawn', (d) => d.type === 'cow');
    const at = ann.entity.position;
    const where = yes.data.location as { world: string; x: number; z: number };
    assert.deepEqual([yes.data.allowed, yes.data.refusal, yes.data.cause, yes.data['player-id'], where.world], [true, null, 'command', ann.player.uuid, 'world']);
    assert.ok(Math.abs(where.x - at.x) < 2 && Math.abs(where.z - at.z) < 2, 'spawned where Ann stands');
  });

  it('stops at the world\'s cap of 3 mobs and says so; /mobrules shows the rules', async () => {
    const told = waitForMessage(ann, /^Spawned 1 × pig\. world holds its cap of 3 mobs already\./);
    ann.chat('/spawnmob pig 4');
    await told;
    await waitFor(() => seenMobs(ann, 'pig').length === 1, 'Ann sees one pig');
    await never(() => seenMobs(ann, 'pig').length > 1, 'a second pig', 750);
    const capped = await events.next('itemworld.mob-spawn', (d) => d.type === 'pig' && d.allowed === false);
    assert.equal(capped.data.refusal, 'cap-reached');
    const rules = waitForMessage(ann, /^Mob rules of world: allowed: every type; denied: zombie; at most 3 \(3 now\)\./);
    ann.chat('/mobrules');
    await rules;
  });

  it('/purge mobs removes the mobs from the bot\'s sight', async () => {
    const told = waitForMessage(ann, /^Removed 3 mobs from every world\./);
    ann.chat('/purge mobs');
    await told;
    await waitFor(() => seenMobs(ann, 'cow').length === 0 && seenMobs(ann, 'pig').length === 0, 'the mobs gone from Ann\'s sight');
    const e = await events.next('itemworld.entity-purge', (d) => d.what === 'mobs');
    assert.deepEqual([e.data.world, e.data.mobs, e.data.items], [null, 3, 0]);
  });

  it('spawn eggs go through the same rules: a zombie egg spawns nothing and is kept, a sheep egg spawns a sheep and is used up', async () => {
    // Eggs are given in creative mode (the client sets its slots), then used in survival.
    await rs.console('gamemode creative Ann', /creative/i);
    await waitFor(() => ann.game.gameMode === 'creative', 'Ann in creative mode');
    const Item = require(createRequire(require.resolve('mineflayer')).resolve('prismarine-item'))(ann.registry) as new (type: number, count: number) => unknown;
    await ann.creative.setInventorySlot(36, new Item(ann.registry.itemsByName.zombie_spawn_egg!.id, 1) as never);
    await ann.creative.setInventorySlot(37, new Item(ann.registry.itemsByName.sheep_spawn_egg!.id, 2) as never);
    await rs.console('gamemode survival Ann', /survival/i);
    await waitFor(() => ann.game.gameMode === 'survival', 'Ann in survival mode');
    // The first solid block below the spot two blocks beside Ann.
    const beside = ann.entity.position.floored().offset(2, 0, 0);
    const ground = [1, 0, -1, -2, -3, -4].map((dy) => ann.blockAt(beside.offset(0, dy, 0))).find((b) => b?.boundingBox === 'block' && ann.blockAt(b.position.offset(0, 1, 0))?.boundingBox === 'empty');
    assert.ok(ground, 'solid ground beside Ann');
    const use = async (hotbar: number, egg: string) => {
      ann.setQuickBarSlot(hotbar);
      await waitFor(() => ann.heldItem?.name === egg, `Ann holds a ${egg}`);
      await (ann as PlacingBot)._genericPlace(ground, new Vec3(0, 1, 0), { swingArm: 'right', forceLook: true });
    };

    await use(0, 'zombie_spawn_egg');
    const no = await events.next('itemworld.mob-spawn', (d) => d.type === 'zombie' && d.cause === 'spawn-egg');
    assert.deepEqual([no.data.allowed, no.data.refusal, no.data['player-name']], [false, 'type-denied', 'Ann']);
    await never(() => seenMobs(ann, 'zombie').length > 0 || ann.inventory.slots[36]?.name !== 'zombie_spawn_egg', 'a zombie, or the egg used up', 750);

    await use(1, 'sheep_spawn_egg');
    const yes = await events.next('itemworld.mob-spawn', (d) => d.type === 'sheep');
    assert.deepEqual([yes.data.allowed, yes.data.cause, yes.data['player-id'], yes.data['player-name']], [true, 'spawn-egg', ann.player.uuid, 'Ann']);
    await waitFor(() => seenMobs(ann, 'sheep').length === 1, 'Ann sees the sheep');
    await waitFor(() => ann.inventory.slots[37]?.count === 1, 'one sheep egg used up');
  });

  it('after core reload, the automatic purge warns everyone, then removes the items on the ground', async () => {
    await rs.console('kit give Ann starter', /Gave the kit Starter to Ann/);
    await waitFor(() => ann.inventory.items().some((i) => i.name === 'bread'), 'Ann holds bread again');
    await throwSlot(ann, ann.inventory.items().find((i) => i.name === 'bread')!.slot - 36);
    await waitFor(() => lying(ann).length === 1, 'the bread on the ground');
    // Ann steps back out of pickup reach (the game picks an item up within 1.75 blocks once its
    // 2-second delay is over; on a busy machine a thrown item may not fly that far), still seeing it.
    const item = lying(ann)[0]!.position;
    const p = ann.entity.position;
    const away = { x: Math.floor(item.x) + (p.x >= item.x ? 5.5 : -4.5), z: Math.floor(item.z) + (p.z >= item.z ? 5.5 : -4.5) };
    await rs.console(`tp Ann ${away.x} ${Math.floor(p.y) + 3} ${away.z}`, /Teleported Ann/);
    await waitFor(() => Math.abs(ann.entity.position.x - away.x) < 0.01, 'Ann out of reach of the bread');
    assert.equal(lying(ann).length, 1, 'the bread still lying there');

    writeFileSync(join(scene.dataDir, 'core', 'itemworld.conf'), CONF.replace('purge-interval-seconds = 0', 'purge-interval-seconds = 10').replace('purge-warning-seconds = 0', 'purge-warning-seconds = 5'));
    // The warning tells the whole seconds left when a once-a-second check first finds 5 or fewer: 5,
    // or 4 when that check came late (a busy machine).
    const warned = waitForMessage(ann, /^Items on the ground will be removed in [45] seconds\./, 15000);
    const removed = waitForMessage(ann, /^Removed 1 item stack \(16 items\)\./, 25000);
    await rs.console('core reload', /itemworld\.conf: changed/);
    await warned;
    // The warning comes first, and the purge after it still finds the bread (16 items) lying there.
    await removed;
    await waitFor(() => lying(ann).length === 0, 'the bread gone from Ann\'s sight');
    const e = await events.next('itemworld.entity-purge', (d) => d.trigger === 'schedule');
    assert.deepEqual([e.data.what, e.data.world, e.data.items, e.data['item-count'], e.data.actor], ['items', null, 1, 16, null]);
  });
});
