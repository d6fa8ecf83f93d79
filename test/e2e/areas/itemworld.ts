// Items on the ground and mobs against the real game (the commands, the events and the automatic
// purge on the manual clock: src/modules/itemworld/itemworld.scene.test.ts): a bot throws items out
// and /purge takes them out of its sight; the spawn rules of itemworld.conf keep a denied mob from
// appearing, for /spawnmob and spawn eggs alike (the egg kept, where an allowed one is used up), and
// stop at the world's cap; /mobrules.

import { after, before, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import type { Bot } from '../support/bots.ts';
import { waitFor, waitForMessage } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

const require = createRequire(import.meta.url);
const mineflayerRequire = createRequire(require.resolve('mineflayer'));
const Vec3 = (mineflayerRequire('vec3') as { Vec3: new (x: number, y: number, z: number) => import('vec3').Vec3 }).Vec3;

const CONF = `purge-interval-seconds = 0
purge-warning-seconds = 0

[mobs]
deny = ["zombie"]

[mobs.world]
cap = 3
`;

/** mineflayer's placing without waiting for a block to appear (a spawn egg places none). */
type PlacingBot = Bot & { _genericPlace(on: unknown, face: unknown, options: { swingArm?: 'right'; forceLook?: boolean }): Promise<unknown> };

const lying = (bot: Bot) => Object.values(bot.entities).filter((e) => e.name === 'item');
const seenMobs = (bot: Bot, type: string) => Object.values(bot.entities).filter((e) => e.name === type);

/** Ctrl+Q on a hotbar slot with no screen open: the whole stack is thrown out. */
async function throwSlot(bot: Bot, hotbar: number): Promise<void> {
  bot.setQuickBarSlot(hotbar);
  await waitFor(() => bot.quickBarSlot === hotbar, 'the slot selected');
  bot._client.write('block_dig', { status: 3, location: { x: 0, y: 0, z: 0 }, face: 0, sequence: 0 });
}

/** The hotbar slot (0-8) holding an item of that name. */
function hotbarSlotOf(bot: Bot, name: string): number {
  const item = bot.inventory.items().find((i) => i.name === name && i.slot >= 36);
  assert.ok(item, `${bot.username} holds ${name} in the hotbar`);
  return item.slot - 36;
}

async function run(bot: Bot, line: string, reply: RegExp): Promise<string> {
  const read = waitForMessage(bot, reply);
  bot.chat(line);
  return read;
}

export const itemworldPart: AreaPart = {
  name: 'itemworld',
  config: { 'core/itemworld.conf': CONF },
  tests(scene) {
    before(async () => {
      const { rs } = scene();
      await rs.console('perm grant Ann core.itemworld.*', /Granted core\.itemworld\.\* to Ann/);
      // Other parts may have left items or mobs about: the counts below start from none.
      await rs.console('purge all', /Removed .* from every world/);
    });
    after(async () => {
      const { rs } = scene();
      await rs.console('purge all', /Removed .* from every world/);
      await rs.console('perm revoke Ann core.itemworld.*', /core\.itemworld/);
    });

    it('/purge removes the items a bot threw out: the bot sees them go, and entity-purge says what and who', async () => {
      const { events, ann } = scene();
      await run(ann, '/kit starter', /Starter/);
      await waitFor(() => ann.inventory.items().some((i) => i.name === 'bread'), 'Ann holds the bread');
      await throwSlot(ann, hotbarSlotOf(ann, 'stone_sword'));
      await throwSlot(ann, hotbarSlotOf(ann, 'bread'));
      await waitFor(() => lying(ann).length === 2, 'Ann sees the sword and the bread on the ground');

      await run(ann, '/purge items world', /^Removed 2 item stacks \(17 items\) from world\./);
      await waitFor(() => lying(ann).length === 0, 'the items gone from Ann’s sight');
      const e = await events.next('itemworld.entity-purge', (d) => d.trigger === 'command' && d.actor === 'Ann');
      assert.deepEqual(
        [e.data.what, e.data.world, e.data.items, e.data['item-count'], e.data.mobs],
        ['items', 'world', 2, 17, 0],
      );
    });

    it('/spawnmob: a denied zombie never appears, two cows do, the cap of 3 stops the pigs at one; /mobrules; /purge mobs takes them out of sight', async () => {
      const { events, ann } = scene();
      // A mob is sent to the players near as it spawns, before the command answers: the answer is the fence.
      await run(ann, '/spawnmob zombie', /The spawn rules of world do not allow zombie\./);
      assert.equal(seenMobs(ann, 'zombie').length, 0, 'no zombie');
      const no = await events.next('itemworld.mob-spawn', (d) => d.type === 'zombie' && d.cause === 'command');
      assert.deepEqual([no.data.allowed, no.data.refusal, no.data['player-name']], [false, 'type-denied', 'Ann']);

      await run(ann, '/spawnmob cow 2', /^Spawned 2 × cow\./);
      await waitFor(() => seenMobs(ann, 'cow').length === 2, 'Ann sees two cows');
      const yes = await events.next('itemworld.mob-spawn', (d) => d.type === 'cow');
      const at = ann.entity.position;
      const where = yes.data.location as { world: string; x: number; z: number };
      assert.deepEqual([yes.data.allowed, yes.data['player-id'], where.world], [true, ann.player.uuid, 'world']);
      assert.ok(Math.abs(where.x - at.x) < 2 && Math.abs(where.z - at.z) < 2, 'spawned where Ann stands');

      await run(ann, '/spawnmob pig 4', /^Spawned 1 × pig\. world holds its cap of 3 mobs already\./);
      assert.equal(seenMobs(ann, 'pig').length, 1, 'one pig, and no second');
      await run(ann, '/mobrules', /^Mob rules of world: allowed: every type; denied: zombie; at most 3 \(3 now\)\./);

      await run(ann, '/purge mobs', /^Removed 3 mobs from every world\./);
      await waitFor(() => seenMobs(ann, 'cow').length === 0 && seenMobs(ann, 'pig').length === 0, 'the mobs gone from Ann’s sight');
      const e = await events.next('itemworld.entity-purge', (d) => d.what === 'mobs' && d.actor === 'Ann');
      assert.deepEqual([e.data.world, e.data.mobs], [null, 3]);
    });

    it('spawn eggs go through the same rules: a zombie egg spawns nothing and is kept, a sheep egg spawns a sheep and is used up', async () => {
      const { rs, events, ann } = scene();
      // Eggs are given in creative mode (the client sets its slots), then used in survival.
      await rs.console('gamemode creative Ann', /creative/i);
      await waitFor(() => ann.game.gameMode === 'creative', 'Ann in creative mode');
      const Item = require(mineflayerRequire.resolve('prismarine-item'))(ann.registry) as new (type: number, count: number) => unknown;
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

      // One egg at a time: the game reads the held slot only once it handled the use before.
      await use(0, 'zombie_spawn_egg');
      const no = await events.next('itemworld.mob-spawn', (d) => d.type === 'zombie' && d.cause === 'spawn-egg');
      assert.deepEqual([no.data.allowed, no.data.refusal, no.data['player-name']], [false, 'type-denied', 'Ann']);
      await use(1, 'sheep_spawn_egg');
      const yes = await events.next('itemworld.mob-spawn', (d) => d.type === 'sheep');
      assert.deepEqual([yes.data.allowed, yes.data.cause, yes.data['player-id'], yes.data['player-name']], [true, 'spawn-egg', ann.player.uuid, 'Ann']);
      await waitFor(() => seenMobs(ann, 'sheep').length === 1, 'Ann sees the sheep');
      await waitFor(() => ann.inventory.slots[37]?.count === 1, 'one sheep egg used up');
      // The zombie egg was handled first: what it did was sent before the sheep and its egg's count.
      assert.equal(seenMobs(ann, 'zombie').length, 0, 'no zombie');
      assert.deepEqual([ann.inventory.slots[36]?.name, ann.inventory.slots[36]?.count], ['zombie_spawn_egg', 1], 'the zombie egg kept');

      // Ann's hands as they were: the eggs thrown out (the after hook's purge takes them and the sheep).
      await throwSlot(ann, 0);
      await throwSlot(ann, 1);
      await waitFor(() => ann.inventory.slots[36] === null && ann.inventory.slots[37] === null, 'the eggs thrown out');
    });
  },
};
