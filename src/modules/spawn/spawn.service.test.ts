// The spawn module on a test kernel with teleport alone: /spawn waits out the server's warm-up while
// staff send others at once, the moves are teleports with cause `spawn`, nothing moves a new player
// while no spawn is set, and the module takes its respawn locator off the platform when it stops.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { CONSOLE } from '../../core/kernel/actor.ts';
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
