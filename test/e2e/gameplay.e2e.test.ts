// Player events, the whole inventory and worlds made at run time on the real flying-squid platform,
// as mineflayer 1.21.4 bots see them; every packet the server writes is checked against the 1.21.4
// protocol on the way out.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type { EventEmitter } from 'node:events';
import { startFlyingSquid, type FlyingSquidPlatform } from '../../src/platform/flying-squid/index.ts';
import { packetProblems } from '../../src/platform/flying-squid/packet-check.ts';
import { memoryLogger } from '../../src/core/log/log.ts';
import type { PlatformEvents } from '../../src/platform/platform.ts';
import { offlineUuid } from '../support/fake-platform.ts';
import { joinBot, loginSettled, nextEvent, quit, quitAll, waitFor, type Bot } from './support/bots.ts';

const require = createRequire(import.meta.url);
const { Vec3 } = createRequire(require.resolve('mineflayer'))('vec3') as { Vec3: new (x: number, y: number, z: number) => import('vec3').Vec3 };

const level = (createRequire(require.resolve('flying-squid'))('prismarine-provider-anvil') as {
  level: { writeLevel(path: string, value: { RandomSeed: [number, number]; Version: { Name: string }; generatorName: string }): Promise<void> };
}).level;

/**
 * Starts the platform with every written packet checked; `problems` collects what is wrong. The
 * default world has a fixed seed, so every run meets the same terrain.
 */
async function start(folder: string, problems: Set<string>): Promise<FlyingSquidPlatform> {
  const world = join(folder, 'world');
  if (!existsSync(join(world, 'level.dat'))) {
    mkdirSync(world, { recursive: true });
    await level.writeLevel(join(world, 'level.dat'), { RandomSeed: [20261123, 0], Version: { Name: '1.21.4' }, generatorName: 'default' });
  }
  return startFlyingSquid({
    port: 0,
    onlineMode: false,
    worldDir: join(folder, 'world'),
    viewDistance: 3,
    log: memoryLogger(),
    packetObserver: (_player, name, params) => {
      if (name === 'map_chunk' || name === 'keep_alive') return;
      for (const p of packetProblems(name, params)) problems.add(p);
    },
  });
}

/** Whether a position is a spawn (where a player put there stands, without falling). */
function atSpawn(p: { x: number; y: number; z: number }, spawn: { x: number; y: number; z: number }): boolean {
  return Math.abs(p.x - spawn.x) < 0.01 && Math.abs(p.y - spawn.y) < 0.01 && Math.abs(p.z - spawn.z) < 0.01;
}

/** Cancels every `event` while `run` runs, and returns those cancelled. */
async function cancellingAll<E extends 'move' | 'blockBreak'>(platform: FlyingSquidPlatform, event: E, run: (seen: Array<PlatformEvents[E]>) => Promise<void>): Promise<Array<PlatformEvents[E]>> {
  const seen: Array<PlatformEvents[E]> = [];
  const handler = (e: PlatformEvents[E]) => {
    seen.push(e);
    e.cancel();
  };
  platform.on(event, handler);
  try {
    await run(seen);
  } finally {
    platform.off(event, handler);
  }
  return seen;
}

/** A full solid block with air above near the bot (in the columns around its feet). */
function groundNear(bot: Bot): import('vec3').Vec3 {
  const feet = bot.entity.position.floored();
  for (let r = 1; r < 6; r++) {
    for (const [dx, dz] of [[r, 0], [0, r], [-r, 0], [0, -r]] as const) {
      for (let dy = 2; dy >= -5; dy--) {
        const block = bot.blockAt(feet.offset(dx, dy, dz));
        if (!block || block.name === 'air') continue;
        if (block.boundingBox === 'block' && bot.blockAt(block.position.offset(0, 1, 0))?.name === 'air') return block.position;
        break;
      }
    }
  }
  throw new Error(`no ground near ${bot.username}`);
}

/** A bot that has joined, with flying-squid's login position resent (a later move is its own). */
async function player(platform: FlyingSquidPlatform, name: string): Promise<Bot> {
  const bot = await joinBot(platform.port, name);
  await loginSettled(bot);
  await waitFor(() => bot.blockAt(bot.entity.position.offset(0, -1, 0)) !== null, `${name} to have the ground`);
  return bot;
}

describe('player events, whole inventories and run-time worlds with bots', () => {
  const folder = mkdtempSync(join(tmpdir(), 'core-gameplay-e2e-'));
  const problems = new Set<string>();
  let platform: FlyingSquidPlatform;

  before(async () => {
    platform = await start(folder, problems);
  });

  after(async () => {
    await quitAll();
    await platform?.shutdown('test over');
  });

  it('shows armour, the off-hand and the selected slot the platform sets to the player, and the equipment to others', async () => {
    const alice = await player(platform, 'Armoured');
    const bob = await player(platform, 'Onlooker');
    const uuid = offlineUuid('Armoured');
    await waitFor(() => Object.values(bob.entities).some((e) => e.username === 'Armoured'), 'Onlooker to see Armoured');
    assert.equal(
      platform.setPlayerInventory(uuid, {
        storage: [null, null, null, { material: 'iron_sword', count: 1, name: 'Pointy' }],
        armor: { head: { material: 'diamond_helmet', count: 1 }, chest: { material: 'iron_chestplate', count: 1 }, legs: { material: 'golden_leggings', count: 1 }, feet: { material: 'leather_boots', count: 1 } },
        offHand: { material: 'shield', count: 1 },
        selectedSlot: 3,
      }),
      true,
    );
    await waitFor(() => alice.inventory.slots[5]?.name === 'diamond_helmet' && alice.inventory.slots[45]?.name === 'shield', 'Armoured to see the helmet and shield');
    assert.deepEqual(
      [5, 6, 7, 8].map((s) => alice.inventory.slots[s]?.name),
      ['diamond_helmet', 'iron_chestplate', 'golden_leggings', 'leather_boots'],
    );
    await waitFor(() => alice.quickBarSlot === 3, 'the fourth hotbar slot to be selected');
    assert.equal(alice.heldItem?.name, 'iron_sword');
    const seen = () => Object.values(bob.entities).find((e) => e.username === 'Armoured');
    // Equipment slots: 0 main hand, 1 off-hand, 2 feet, 3 legs, 4 chest, 5 head.
    await waitFor(() => seen()?.equipment[5]?.name === 'diamond_helmet', 'Onlooker to see the helmet');
    assert.equal(seen()?.equipment[1]?.name, 'shield');
    assert.equal(seen()?.equipment[0]?.name, 'iron_sword');
    await quit(alice);
    await quit(bob);
  });

  it('shows armour set while a chest is open once the chest closes', async () => {
    const bot = await player(platform, 'Browsing');
    const uuid = offlineUuid('Browsing');
    const opened = nextEvent(bot, 'windowOpen');
    platform.openChest(uuid, { title: 'Crate', rows: 1, items: [] });
    await opened;
    assert.equal(platform.setInventorySlot(uuid, 'head', { material: 'turtle_helmet', count: 1 }), true);
    assert.equal(platform.setInventorySlot(uuid, 0, { material: 'apple', count: 7 }), true);
    bot.closeWindow(bot.currentWindow!);
    await waitFor(() => bot.inventory.slots[5]?.name === 'turtle_helmet', 'the helmet in the inventory screen');
    assert.equal(bot.inventory.slots[36]?.count, 7);
    await quit(bot);
  });

  it('shows a block whose break was cancelled again, in its exact state', async () => {
    const bot = await player(platform, 'Breaker');
    const uuid = offlineUuid('Breaker');
    const at = groundNear(bot);
    const before = bot.blockAt(at)!;
    platform.setGameMode(uuid, 'creative');
    await waitFor(() => bot.game.gameMode === 'creative', 'creative mode');
    const breaks = await cancellingAll(platform, 'blockBreak', async (seen) => {
      void bot.dig(before, true).catch(() => {});
      await waitFor(() => seen.length > 0, 'the blockBreak event');
      await waitFor(() => bot.blockAt(at)?.stateId === before.stateId, 'the block back in its state');
    });
    assert.deepEqual(breaks[0]!.block, { world: 'world', x: at.x, y: at.y, z: at.z, material: before.name });
    await quit(bot);
  });

  it('sends a player whose move is cancelled back, where the platform still has them', async () => {
    const bot = await player(platform, 'Leashed');
    const uuid = offlineUuid('Leashed');
    const start = bot.entity.position.floored();
    const moves = await cancellingAll(platform, 'move', async (seen) => {
      bot.setControlState('forward', true);
      bot.setControlState('jump', true);
      await waitFor(() => seen.length > 0, 'a move to cancel');
      bot.clearControlStates();
      await waitFor(() => bot.entity.position.floored().equals(start), 'the bot back where it started', 5000);
    });
    const at = platform.location(uuid)!;
    assert.deepEqual([Math.floor(at.x), Math.floor(at.y), Math.floor(at.z)], [start.x, start.y, start.z]);
    assert.deepEqual([Math.floor(moves[0]!.from.x), Math.floor(moves[0]!.from.y), Math.floor(moves[0]!.from.z)], [start.x, start.y, start.z]);
    await quit(bot);
  });

  it('moves a bot into a created flat world, which it receives as a new level with its chunks', async () => {
    const made = await platform.createWorld('arena', { generator: 'flat', seed: 5 });
    assert.equal(made.ok, true);
    const bot = await player(platform, 'Traveller');
    const uuid = offlineUuid('Traveller');
    const respawned = nextEvent<{ worldState: { name: string; dimension: number } }>(bot._client as unknown as EventEmitter, 'respawn');
    const chunk = nextEvent(bot._client as unknown as EventEmitter, 'map_chunk');
    const spawn = platform.spawnLocation('arena');
    assert.equal(await platform.teleport(uuid, spawn), true);
    const respawn = await respawned;
    assert.equal(respawn.worldState.name, 'core:arena');
    await chunk;
    await waitFor(() => Math.abs(bot.entity.position.y - spawn.y) < 0.01 && bot.blockAt(bot.entity.position.offset(0, -1, 0))?.name === 'grass_block', 'the bot on the flat world\'s grass');
    assert.equal(bot.game.dimension, 'overworld');
    assert.equal(bot.blockAt(bot.entity.position.offset(0, -2, 0))?.name, 'dirt');
    assert.equal(platform.location(uuid)?.world, 'arena');

    const back = nextEvent<{ worldState: { name: string } }>(bot._client as unknown as EventEmitter, 'respawn');
    assert.deepEqual((await platform.unloadWorld('arena')).ok, true);
    assert.equal((await back).worldState.name, 'minecraft:overworld');
    const home = platform.spawnLocation();
    await waitFor(() => atSpawn(bot.entity.position, home), 'the bot at the default spawn');
    assert.equal(platform.location(uuid)?.world, 'world');
    await quit(bot);
  });

  it('has written no malformed packet', () => {
    assert.deepEqual([...problems], []);
  });
});

describe('a created world across a restart', () => {
  const folder = mkdtempSync(join(tmpdir(), 'core-worlds-e2e-'));
  const problems = new Set<string>();
  let platform: FlyingSquidPlatform | undefined;

  after(async () => {
    await quitAll();
    await platform?.shutdown('test over');
  });

  it('keeps a block placed in it, and a player who left in it comes back at the default spawn', async () => {
    platform = await start(folder, problems);
    assert.equal((await platform.createWorld('keep', { generator: 'flat', seed: 9 })).ok, true);
    const bot = await player(platform, 'Mason');
    const uuid = offlineUuid('Mason');
    const spawn = platform.spawnLocation('keep');
    const entered = nextEvent(bot._client as unknown as EventEmitter, 'respawn');
    assert.equal(await platform.teleport(uuid, spawn), true);
    await entered;
    await waitFor(() => bot.blockAt(new Vec3(spawn.x + 2, spawn.y - 1, spawn.z))?.name === 'grass_block', 'the bot to have the world\'s ground');
    platform.setInventorySlot(uuid, 0, { material: 'gold_block', count: 1 });
    await waitFor(() => bot.heldItem?.name === 'gold_block', 'the gold block in hand');
    const ground = bot.blockAt(new Vec3(Math.floor(spawn.x) + 2, Math.floor(spawn.y) - 1, Math.floor(spawn.z)))!;
    await bot.placeBlock(ground, new Vec3(0, 1, 0));
    const placedAt = ground.position.offset(0, 1, 0);
    await quit(bot);
    await waitFor(() => platform!.player(uuid) === undefined, 'Mason to leave');
    await platform.shutdown('restart');

    platform = await start(folder, problems);
    assert.deepEqual(platform.worlds(), ['world', 'world_nether'], 'a created world waits to be loaded');
    assert.deepEqual(await platform.storedWorlds(), ['keep']);
    const again = await player(platform, 'Mason');
    const home = platform.spawnLocation();
    assert.equal(platform.location(uuid)?.world, 'world');
    assert.ok(atSpawn(again.entity.position, home), 'back at the default spawn');
    assert.deepEqual(await platform.loadWorld('keep'), { ok: true, world: { name: 'keep', generator: 'flat', seed: 9, builtIn: false } });
    const returned = nextEvent(again._client as unknown as EventEmitter, 'respawn');
    assert.equal(await platform.teleport(uuid, platform.spawnLocation('keep')), true);
    await returned;
    // The world's chunks reach the bot after the respawn: on a busy machine that can take a while.
    await waitFor(() => again.blockAt(placedAt) !== null, 'the bot to have the chunk of the gold block', 30000);
    assert.equal(again.blockAt(placedAt)?.name, 'gold_block', 'the gold block still there');
    await quit(again);
    assert.deepEqual([...problems], []);
  });
});
