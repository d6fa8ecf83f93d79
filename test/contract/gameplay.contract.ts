// The contract of players acting in the world: walking, hurting each other, breaking and placing
// blocks and using items fire the platform's events, and a handler's cancel() undoes each for the
// player (their client included).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BlockPos, HarnessPlayer, PlatformHarness } from './harness.ts';
import { playerName, type Contract } from './platform.contract.ts';
import type { PlatformEvents } from '../../src/platform/platform.ts';

function sameBlock(a: BlockPos, b: BlockPos): boolean {
  return Math.floor(a.x) === Math.floor(b.x) && Math.floor(a.y) === Math.floor(b.y) && Math.floor(a.z) === Math.floor(b.z);
}

type PlayerEvent = 'move' | 'damage' | 'itemUse' | 'blockBreak' | 'blockPlace' | 'signEdit';

/**
 * Cancels every `event` of the player while `act` runs and until one has come (the harness's
 * platform outlives every case, so the handler goes after).
 */
export async function cancelling<E extends PlayerEvent>(h: PlatformHarness, event: E, uuid: string, act: () => Promise<void>): Promise<void> {
  let cancelled = 0;
  const handler = (e: PlatformEvents[E]) => {
    if (e.player.uuid !== uuid) return;
    cancelled += 1;
    e.cancel();
  };
  h.platform.on(event, handler);
  try {
    await act();
    await h.until(() => cancelled > 0, `a ${event} event to cancel`);
  } finally {
    h.platform.off(event, handler);
  }
}

/**
 * The ground (a solid block with air above, as the client sees it) in a column near the player:
 * `dx`, `dz` blocks away, or the next columns east when that one will not do. Waits until the
 * client has the blocks (a bot receives them after it joins).
 */
/** Plants a player walks through (`grass_block` is ground). */
const PLANTS = /(^|_)grass$|fern$|^dandelion$|^poppy$|flower|tulip|orchid|allium|bluet|daisy|bush$/;

export async function groundNear(h: PlatformHarness, p: HarnessPlayer, dx: number, dz: number): Promise<BlockPos> {
  // The columns asked for first (then east of it), then every column within reach around the
  // player, nearest first: the terrain is generated afresh each run, and the spawn may stand on a
  // rise, beside a drop or by water on the side asked for.
  const around: Array<[number, number]> = [];
  for (let ox = -3; ox <= 3; ox++) for (let oz = -3; oz <= 3; oz++) if (ox !== 0 || oz !== 0) around.push([ox, oz]);
  around.sort((a, b) => a[0] ** 2 + a[1] ** 2 - (b[0] ** 2 + b[1] ** 2));
  const columns: Array<[number, number]> = [...Array.from({ length: 8 }, (_, step): [number, number] => [dx + step, dz]), ...around];
  const find = (): BlockPos | undefined => {
    const at = p.clientPosition();
    for (const [cx, cz] of columns) {
      const x = Math.floor(at.x) + cx;
      const z = Math.floor(at.z) + cz;
      for (let y = Math.floor(at.y) + 2; y >= Math.floor(at.y) - 4; y--) {
        const material = p.clientBlock({ x, y, z });
        // Grass and flowers are replaced by a block placed on them: look at the ground below. A
        // sign another case placed is no ground (a click on it opens its editor).
        if (material === 'air' || PLANTS.test(material) || material.endsWith('_sign')) continue;
        if (!/water|lava/.test(material) && p.clientBlock({ x, y: y + 1, z }) === 'air') return { x, y, z };
        break;
      }
    }
    return undefined;
  };
  await h.until(() => find() !== undefined, `ground near ${p.player.name}`);
  return find()!;
}

export const gameplayContract: Contract = (h) => {
  describe('players acting in the world', () => {
    it('reports a walk into another block as a move, from where the player was to where they are', async () => {
      const moves = h().record('move');
      const p = await h().join(playerName('Walker'));
      const start = h().platform.location(p.player.uuid)!;
      await p.walk();
      await h().until(() => moves.some((m) => m.player.uuid === p.player.uuid), 'the move event');
      const move = moves.find((m) => m.player.uuid === p.player.uuid)!;
      assert.ok(sameBlock(move.from, start), 'from is where the walk started');
      assert.ok(!sameBlock(move.from, move.to), 'to is another block');
      assert.equal(move.to.world, start.world);
      await h().until(() => !sameBlock(h().platform.location(p.player.uuid)!, start), 'the platform to follow the player');
      await p.leave();
    });

    it('sends a player whose move is cancelled back to where they were', async () => {
      const p = await h().join(playerName('Held'));
      const start = h().platform.location(p.player.uuid)!;
      // Cancelled until the client is back: a bot still drifting after its walk would otherwise
      // make an uncancelled move once the handler has gone.
      await cancelling(h(), 'move', p.player.uuid, async () => {
        await p.walk();
        await h().until(() => sameBlock(p.clientPosition(), start), 'the client to be back where it started');
      });
      assert.ok(sameBlock(h().platform.location(p.player.uuid)!, start), 'the platform has them where they started');
      await p.leave();
    });

    it('reports a hit by another player as damage with the attacker, and health drops by its amount', async () => {
      const damage = h().record('damage');
      const victim = await h().join(playerName('Victim'));
      const hitter = await h().join(playerName('Hitter'));
      const before = h().platform.vitals(victim.player.uuid)!.health;
      await hitter.attack(victim);
      await h().until(() => damage.some((d) => d.player.uuid === victim.player.uuid), 'the damage event');
      const hit = damage.find((d) => d.player.uuid === victim.player.uuid)!;
      assert.equal(hit.cause, 'player');
      assert.equal(hit.attacker?.uuid, hitter.player.uuid);
      assert.ok(hit.amount > 0);
      await h().until(() => h().platform.vitals(victim.player.uuid)!.health === before - hit.amount, 'the health to drop');
      await h().until(() => victim.clientHealth() === before - hit.amount, 'the client to show the lower health');
      await hitter.leave();
      await victim.leave();
    });

    it('keeps the health of a player whose damage is cancelled', async () => {
      const victim = await h().join(playerName('Shielded'));
      const hitter = await h().join(playerName('Striker'));
      const before = h().platform.vitals(victim.player.uuid)!.health;
      await cancelling(h(), 'damage', victim.player.uuid, () => hitter.attack(victim));
      assert.equal(h().platform.vitals(victim.player.uuid)!.health, before);
      assert.equal(victim.clientHealth(), before);
      await hitter.leave();
      await victim.leave();
    });

    it('reports a broken block with its material, and the block is gone', async () => {
      const breaks = h().record('blockBreak');
      const p = await h().join(playerName('Digger'));
      h().platform.setGameMode(p.player.uuid, 'creative');
      const at = await groundNear(h(), p, 2, 0);
      const material = p.clientBlock(at);
      await p.dig(at);
      await h().until(() => breaks.some((b) => b.player.uuid === p.player.uuid), 'the blockBreak event');
      const broken = breaks.find((b) => b.player.uuid === p.player.uuid)!;
      assert.deepEqual(broken.block, { world: h().platform.location(p.player.uuid)!.world, ...at, material });
      await h().until(() => p.clientBlock(at) === 'air', 'the client to see the block gone');
      await p.leave();
    });

    it('keeps a block whose break is cancelled, as the client sees it', async () => {
      const p = await h().join(playerName('Keeper'));
      h().platform.setGameMode(p.player.uuid, 'creative');
      const at = await groundNear(h(), p, 2, 2);
      const material = p.clientBlock(at);
      await cancelling(h(), 'blockBreak', p.player.uuid, () => p.dig(at));
      await h().until(() => p.clientBlock(at) === material, 'the client to see the block again');
      await p.leave();
    });

    it('reports a placed block with its material, and the player sees it', async () => {
      const places = h().record('blockPlace');
      const p = await h().join(playerName('Builder'));
      assert.equal(h().platform.setInventorySlot(p.player.uuid, 0, { material: 'oak_planks', count: 4 }), true);
      const on = await groundNear(h(), p, 2, -2);
      await p.placeOn(on);
      await h().until(() => places.some((e) => e.player.uuid === p.player.uuid), 'the blockPlace event');
      const placed = places.find((e) => e.player.uuid === p.player.uuid)!;
      assert.deepEqual(placed.block, { world: h().platform.location(p.player.uuid)!.world, x: on.x, y: on.y + 1, z: on.z, material: 'oak_planks' });
      await h().until(() => p.clientBlock({ ...on, y: on.y + 1 }) === 'oak_planks', 'the client to see the planks');
      await h().until(() => h().platform.playerInventory(p.player.uuid)!.storage[0]?.count === 3, 'one plank used');
      await p.leave();
    });

    it('places nothing and keeps the item when the placing is cancelled', async () => {
      const p = await h().join(playerName('Refused'));
      h().platform.setInventorySlot(p.player.uuid, 0, { material: 'oak_planks', count: 4 });
      const on = await groundNear(h(), p, -3, 2);
      const above = { ...on, y: on.y + 1 };
      const before = p.clientBlock(above);
      await cancelling(h(), 'blockPlace', p.player.uuid, () => p.placeOn(on));
      await h().until(() => p.clientBlock(above) === before, 'the client to see the place as it was');
      assert.equal(h().platform.playerInventory(p.player.uuid)!.storage[0]?.count, 4);
      await p.leave();
    });

    it('answers the highest block of a column as the client sees it, and a block placed on it is the new top', async () => {
      const p = await h().join(playerName('Climber'));
      const world = h().platform.location(p.player.uuid)!.world;
      const on = await groundNear(h(), p, -2, -3);
      /** The highest block the client shows in the column that is not air or a plant. */
      const clientTop = (): BlockPos & { material: string } => {
        for (let y = 319; y >= -64; y--) {
          const material = p.clientBlock({ ...on, y });
          if (material !== 'air' && !PLANTS.test(material)) return { x: on.x, y, z: on.z, material };
        }
        throw new Error('the client shows an empty column');
      };
      assert.deepEqual(await h().platform.highestBlock(world, on.x + 0.5, on.z + 0.5), { world, ...clientTop() });
      const top = clientTop();
      assert.equal(h().platform.setInventorySlot(p.player.uuid, 0, { material: 'oak_planks', count: 1 }), true);
      await p.placeOn(top);
      await h().until(() => p.clientBlock({ ...top, y: top.y + 1 }) === 'oak_planks', 'the client to see the planks');
      assert.deepEqual(await h().platform.highestBlock(world, on.x, on.z), { world, x: on.x, y: top.y + 1, z: on.z, material: 'oak_planks' });
      assert.equal(await h().platform.highestBlock('no_such_world', on.x, on.z), undefined);
      await p.leave();
    });

    it('reports an item used in the main hand, with the item', async () => {
      const uses = h().record('itemUse');
      const p = await h().join(playerName('User'));
      h().platform.setInventorySlot(p.player.uuid, 0, { material: 'bread', count: 2 });
      await h().until(() => h().platform.playerInventory(p.player.uuid)!.storage[0]?.material === 'bread', 'the bread in the hand');
      await p.useItem();
      await h().until(() => uses.some((u) => u.player.uuid === p.player.uuid), 'the itemUse event');
      const use = uses.find((u) => u.player.uuid === p.player.uuid)!;
      assert.equal(use.hand, 'main');
      assert.equal(use.item?.material, 'bread');
      assert.equal(use.item?.count, 2);
      await p.leave();
    });

    it('respawns a player who died where the respawn locator says, and reports it', async () => {
      const deaths = h().record('death');
      const respawns = h().record('respawn');
      const p = await h().join(playerName('Phoenix'));
      const ground = await groundNear(h(), p, 3, 0);
      const world = h().platform.location(p.player.uuid)!.world;
      const place = { world, x: ground.x + 0.5, y: ground.y + 1, z: ground.z + 0.5, yaw: 90, pitch: 0 };
      const asked: Array<{ uuid: string; died: string }> = [];
      h().platform.setRespawnLocator((player, died) => {
        asked.push({ uuid: player.uuid, died: died.world });
        return place;
      });
      try {
        await p.dieAndRespawn();
      } finally {
        h().platform.setRespawnLocator(undefined);
      }
      assert.deepEqual(asked, [{ uuid: p.player.uuid, died: world }]);
      assert.ok(deaths.some((d) => d.player.uuid === p.player.uuid), 'the death event came first');
      const back = respawns.find((r) => r.player.uuid === p.player.uuid)!;
      assert.ok(sameBlock(back.location, place), `respawned at ${JSON.stringify(back.location)}, not ${JSON.stringify(place)}`);
      assert.equal(h().platform.vitals(p.player.uuid)!.health, 20);
      await h().until(() => sameBlock(p.clientPosition(), place), 'the client to stand at the respawn place');
      await p.leave();
    });
  });
};
