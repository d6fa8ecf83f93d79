// The spawn module on a test kernel with teleport alone: /spawn waits out the server's warm-up while
// staff send others at once, the moves are teleports with cause `spawn`, nothing moves a new player
// while no spawn is set, the module takes its respawn locator off the platform when it stops, and
// with respawn-at-home a player who dies comes back at their first home.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { CONSOLE } from '../../core/kernel/actor.ts';
import { homesModule } from '../homes/index.ts';
import { teleportModule } from '../teleport/index.ts';
import { spawnModule } from './index.ts';

describe('the spawn on a kernel with a teleport warm-up', () => {
  let t: TestKernel;
  before(async () => {
    t = await startTestKernel({
      modules: [teleportModule, spawnModule],
      beforeStart: (dir) => writeFileSync(join(dir, 'core.conf'), 'teleport-warmup-seconds = 3\n'),
    });
  });
  after(() => t.close());

  it('leaves a new player where they joined while no spawn is set', async () => {
    const p = await t.join('Dora');
    await t.settle();
    assert.equal(t.platform.teleports.filter((m) => m.uuid === p.uuid).length, 0);
  });

  it('moves a player by their own /spawn after the warm-up, as a teleport with cause spawn', async () => {
    const p = t.platform.player(t.platform.playerByName('Dora')!.uuid)!;
    const spawn = t.platform.spawnLocation('world');
    t.platform.gameplay.move(p.uuid, { ...spawn, x: spawn.x + 9 });
    const done = t.platform.run(p.uuid, '/spawn');
    await t.settle();
    assert.equal(t.platform.location(p.uuid)!.x, spawn.x + 9, 'still waiting');
    t.clock.advance(3);
    await done;
    assert.equal(t.platform.location(p.uuid)!.x, spawn.x);
    assert.equal(t.platform.messagesOf(p.uuid).at(-1), 'Welcome to the spawn of world.');
    assert.equal(t.emittedNamed('teleport.player-teleport').at(-1)?.data.cause, 'spawn');
  });

  it('sends another player at once, recording the sender in the audit log', async () => {
    const p = t.platform.playerByName('Dora')!;
    const spawn = t.platform.spawnLocation('world');
    t.platform.gameplay.move(p.uuid, { ...spawn, z: spawn.z + 7 });
    const r = await t.kernel.api.spawn.teleport(p.uuid, CONSOLE);
    assert.equal(r.ok, true);
    assert.equal(t.platform.location(p.uuid)!.z, spawn.z);
    const history = await t.kernel.api.audit.history(p.uuid, 5);
    assert.deepEqual([history[0]?.action, history[0]?.actor, (history[0]?.details as { cause: string }).cause], ['teleport', 'console', 'spawn']);
  });

  it('places respawns through the platform while on, and takes the locator off when it stops', async () => {
    assert.notEqual(t.platform.respawnLocator, undefined);
    await t.close();
    assert.equal(t.platform.respawnLocator, undefined);
  });
});

describe('the spawn with respawn-at-home', () => {
  let t: TestKernel;
  before(async () => {
    t = await startTestKernel({
      modules: [teleportModule, homesModule, spawnModule],
      beforeStart: (dir) => writeFileSync(join(dir, 'spawn.conf'), 'respawn-at-home = true\n'),
    });
  });
  after(() => t.close());

  const dieAndRespawn = async (uuid: string) => {
    t.platform.gameplay.damage(uuid, 20, { cause: 'command' });
    assert.equal(await t.platform.gameplay.respawn(uuid), true);
  };

  it('respawns a player without a home at the spawn, and one with homes at their first home', async () => {
    const p = await t.join('Eve');
    const spawn = t.platform.spawnLocation('world');
    t.platform.gameplay.move(p.uuid, { ...spawn, x: spawn.x + 20 });
    await dieAndRespawn(p.uuid);
    assert.deepEqual(t.platform.location(p.uuid), spawn);
    const home = { world: 'world', x: spawn.x - 30, y: spawn.y, z: spawn.z + 2, yaw: 45, pitch: 0 };
    assert.equal((await t.kernel.api.homes.setByRef(p.uuid, 2, home, CONSOLE)).ok, true);
    assert.equal((await t.kernel.api.homes.setByRef(p.uuid, 3, { ...home, x: 0 }, CONSOLE)).ok, true);
    await dieAndRespawn(p.uuid);
    assert.deepEqual(t.platform.location(p.uuid), home);
  });
});
