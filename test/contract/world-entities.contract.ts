// The world entities contract: items on the ground and mobs as players' clients show them, listed
// and removed by the platform; mob spawns with their cancellable `mobSpawn` and `mobSpawned`
// events. Run on the fake and on flying-squid with bots (see platform.contract.ts).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Location } from '../../src/platform/platform.ts';
import { playerName, type Contract } from './platform.contract.ts';
import type { PlatformHarness } from './harness.ts';

/** A spot near the spawn, so that every client has it in sight. */
function near(h: PlatformHarness, dx: number, dz: number): Location {
  const s = h.platform.spawnLocation();
  return { ...s, x: s.x + dx, z: s.z + dz, yaw: 0, pitch: 0 };
}

export const worldEntitiesContract: Contract = (h) => {
  describe('items on the ground and mobs', () => {
    it('spawns a mob the player sees, lists it with its type and world after mobSpawn and mobSpawned, and removes it from sight', async () => {
      const before = h().record('mobSpawn');
      const after = h().record('mobSpawned');
      const p = await h().join(playerName('MobSeer'));
      const at = near(h(), 2, 2);
      const r = h().platform.spawnMob({ type: 'minecraft:Cow', location: at, cause: 'command', player: p.player });
      assert.ok(r.ok, r.ok ? '' : r.message);
      assert.deepEqual(
        before.map((e) => [e.type, e.location.world, e.cause, e.player?.name]),
        [['cow', at.world, 'command', p.player.name]],
      );
      assert.deepEqual(after.map((e) => [e.id, e.type, e.cause]), [[r.id, 'cow', 'command']]);
      const listed = h().platform.worldEntities(at.world).find((e) => e.id === r.id);
      assert.ok(listed && listed.kind === 'mob' && listed.type === 'cow' && listed.location.world === at.world, JSON.stringify(listed));
      assert.equal(h().platform.worldEntities('no_such_world').length, 0);
      await h().until(() => p.seenInWorld().some((e) => e.kind === 'mob' && e.name === 'cow'), `${p.player.name} sees the cow`);

      assert.equal(h().platform.removeWorldEntity(r.id), true);
      assert.equal(h().platform.removeWorldEntity(r.id), false, 'gone already');
      assert.equal(h().platform.worldEntities().some((e) => e.id === r.id), false);
      await h().until(() => !p.seenInWorld().some((e) => e.kind === 'mob' && e.name === 'cow'), `${p.player.name} no longer sees the cow`);
      await p.leave();
    });

    it('spawns nothing when a mobSpawn handler cancels: the answer is cancelled and no mobSpawned follows', async () => {
      const after = h().record('mobSpawned');
      const veto = (e: { type: string; cancel(): void }) => {
        if (e.type === 'pig') e.cancel();
      };
      h().platform.on('mobSpawn', veto);
      try {
        const r = h().platform.spawnMob({ type: 'pig', location: near(h(), -2, 2) });
        assert.deepEqual(r.ok ? r : r.reason, 'cancelled');
        assert.equal(after.length, 0);
        assert.equal(h().platform.worldEntities().some((e) => e.kind === 'mob' && e.type === 'pig'), false);
      } finally {
        h().platform.off('mobSpawn', veto);
      }
    });

    it('refuses a type that is no mob and a world that is not loaded, naming what is wrong', async () => {
      const stone = h().platform.spawnMob({ type: 'stone', location: near(h(), 0, 3) });
      assert.ok(!stone.ok && stone.reason === 'invalid' && /stone/.test(stone.message), JSON.stringify(stone));
      const item = h().platform.spawnMob({ type: 'item', location: near(h(), 0, 3) });
      assert.ok(!item.ok && item.reason === 'invalid', JSON.stringify(item));
      const world = h().platform.spawnMob({ type: 'cow', location: { ...near(h(), 0, 3), world: 'atlantis' } });
      assert.ok(!world.ok && world.reason === 'invalid' && /atlantis/.test(world.message), JSON.stringify(world));
    });

    it('lists an item a player threw out with its material and count, and removes it from sight', async () => {
      const p = await h().join(playerName('Thrower'));
      const given = h().platform.giveItems(p.player.uuid, [{ material: 'pumpkin_pie', count: 5 }]);
      assert.deepEqual(given, { given: true });
      await p.dropFirstSlot();
      const pie = () => h().platform.worldEntities().find((e) => e.kind === 'item' && e.material === 'pumpkin_pie');
      await h().until(() => pie() !== undefined, 'the pie on the ground');
      const lying = pie()!;
      assert.ok(lying.kind === 'item' && lying.count === 5 && lying.location.world === h().platform.location(p.player.uuid)?.world, JSON.stringify(lying));
      await h().until(() => p.seenInWorld().some((e) => e.kind === 'item' && e.name === 'pumpkin_pie'), `${p.player.name} sees the pie`);
      assert.equal(h().platform.removeWorldEntity(lying.id), true);
      await h().until(() => !p.seenInWorld().some((e) => e.kind === 'item' && e.name === 'pumpkin_pie'), `${p.player.name} no longer sees the pie`);
      assert.equal(pie(), undefined);
      await p.leave();
    });
  });
};
