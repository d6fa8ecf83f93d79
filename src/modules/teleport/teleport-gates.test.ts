// Teleport gates: the chain a module adds to so that some teleports do not happen (a jail keeps its
// prisoners in, a world keeps out who may not enter).
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TeleportService } from './teleport.service.ts';
import { teleportModule } from './index.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { declined, value } from '../../../test/support/results.ts';
import type { Location } from '../../platform/platform.ts';

const spot = (x: number, y = 64, z = 0, world = 'world'): Location => ({ world, x, y, z, yaw: 0, pitch: 0 });

describe('teleport gates', () => {
  let t: TestKernel;
  let tp: TeleportService;
  const removers: Array<() => void> = [];

  before(async () => {
    t = await startTestKernel({ modules: [teleportModule] });
    tp = t.kernel.api.teleport;
  });
  after(() => t.close());
  afterEach(() => {
    for (const remove of removers.splice(0)) remove();
    for (const p of t.platform.onlinePlayers()) t.platform.quit(p.uuid);
  });

  async function joinAt(name: string, at: Location): Promise<string> {
    const uuid = (await t.join(name)).uuid;
    await t.platform.teleport(uuid, at);
    return uuid;
  }

  it('a refusal declines the teleport with refused and its sentence; the player stays and nothing is emitted', async () => {
    const ann = await joinAt('Ann', spot(1));
    removers.push(tp.addGate((player, to) => (to.x > 50 ? `${player.name} may not go that far.` : undefined)));
    const before = t.emitted.length;
    const r = await tp.teleport(ann, spot(100), { cause: 'home' });
    declined(r, 'refused');
    assert.equal(!r.ok && r.message, 'Ann may not go that far.');
    assert.deepEqual(t.platform.location(ann), spot(1));
    assert.deepEqual(t.emitted.slice(before).filter((e) => e.name.startsWith('teleport.')), []);
    value(await tp.teleport(ann, spot(20), { cause: 'home' }));
    assert.deepEqual(t.platform.location(ann), spot(20));
  });

  it('a gate tells its own teleports apart by their cause', async () => {
    const ann = await joinAt('Ann', spot(1));
    removers.push(tp.addGate((_p, _to, options) => (options.cause === 'jail' ? undefined : 'You are in jail.')));
    declined(await tp.teleport(ann, spot(5), { cause: 'home' }), 'refused');
    value(await tp.teleport(ann, spot(5), { cause: 'jail' }));
    assert.deepEqual(t.platform.location(ann), spot(5));
  });

  it('is asked again when a warm-up ends: a gate added during the warm-up stops the move', async () => {
    const ann = await joinAt('Ann', spot(1.5, 64, 0.5));
    const going = tp.teleport(ann, spot(100), { cause: 'home', warmupSeconds: 2 });
    await t.clock.advance(1);
    removers.push(tp.addGate(() => 'The world is closed.'));
    await t.clock.advance(1);
    declined(await going, 'refused');
    assert.deepEqual(t.platform.location(ann), spot(1.5, 64, 0.5));
  });

  it('a gate that throws refuses the teleport and is logged; the next gates are not asked', async () => {
    const ann = await joinAt('Ann', spot(1));
    let asked = 0;
    removers.push(tp.addGate(() => {
      throw new Error('broken gate');
    }));
    removers.push(tp.addGate(() => {
      asked++;
      return undefined;
    }));
    const r = await tp.teleport(ann, spot(9), { cause: 'warp' });
    declined(r, 'refused');
    assert.equal(!r.ok && r.message, 'The teleport of Ann could not be checked, so it did not happen.');
    assert.equal(asked, 0);
    assert.match(t.log.lines.join('\n'), /a teleport gate failed on a teleport of Ann/);
  });

  it('removing a gate lets teleports through again', async () => {
    const ann = await joinAt('Ann', spot(1));
    const remove = tp.addGate(() => 'No.');
    declined(await tp.teleport(ann, spot(2), { cause: 'home' }), 'refused');
    remove();
    value(await tp.teleport(ann, spot(2), { cause: 'home' }));
    assert.deepEqual(t.platform.location(ann), spot(2));
  });
});
