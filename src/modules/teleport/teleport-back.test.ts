// The back location beyond teleports: captured where a player dies, /back's service call, and the
// audit of moves asked for by someone else.

import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE } from '../../core/kernel/actor.ts';
import type { TeleportService } from './teleport.service.ts';
import { teleportModule } from './index.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { declined, invalid, value } from '../../../test/support/results.ts';
import type { Location } from '../../platform/platform.ts';

const spot = (x: number, y = 64, z = 0, world = 'world'): Location => ({ world, x, y, z, yaw: 0, pitch: 0 });

describe('back locations', () => {
  let t: TestKernel;
  let tp: TeleportService;

  before(async () => {
    t = await startTestKernel({ modules: [teleportModule], beforeStart: (dir) => writeFileSync(join(dir, 'core.conf'), 'teleport-warmup-seconds = 3\n') });
    tp = t.kernel.api.teleport;
  });
  after(() => t.close());
  afterEach(() => {
    for (const p of t.platform.onlinePlayers()) t.platform.quit(p.uuid);
  });

  async function joinAt(name: string, at: Location): Promise<string> {
    const uuid = (await t.join(name)).uuid;
    await t.platform.teleport(uuid, at);
    t.platform.clearMessages();
    return uuid;
  }

  it('captures where a player dies (cause death) and emits back-location-capture', async () => {
    const ann = await joinAt('Ann', spot(12.5, 70, -3.5));
    const before = t.emitted.length;
    t.platform.gameplay.damage(ann, 20);
    await t.until(() => t.emitted.slice(before).some((e) => e.name === 'teleport.back-location-capture'), 'the capture event');
    const back = value(await tp.backLocation(ann));
    assert.deepEqual([back.location, back.cause], [spot(12.5, 70, -3.5), 'death']);
    const e = t.emitted.slice(before).find((x) => x.name === 'teleport.back-location-capture');
    assert.deepEqual([e?.data['player-name'], e?.data.cause, e?.data.location], ['Ann', 'death', spot(12.5, 70, -3.5)]);
  });

  it('cancels a warm-up when the player dies (reason died)', async () => {
    const ann = await joinAt('Ann', spot(1));
    const going = tp.teleport(ann, spot(100), { cause: 'home' });
    t.platform.gameplay.damage(ann, 20);
    const r = await going;
    declined(r, 'cancelled');
    assert.equal(!r.ok && r.message, 'Teleport cancelled: you died.');
    assert.equal(t.emittedNamed('teleport.warmup-cancel').at(-1)?.data.reason, 'died');
  });

  it('back() takes the player to their back location with cause back, after the warm-up, and swaps it', async () => {
    const ann = await joinAt('Ann', spot(5.5, 64, 5.5));
    value(await tp.teleport(ann, spot(50.5), { cause: 'home', warmupSeconds: 0 }));
    const going = tp.back(ann);
    await t.until(() => tp.warmingUp(ann), 'the warm-up to start');
    assert.deepEqual(t.platform.messagesOf(ann), ["Teleporting in 3 seconds, don't move."]);
    await t.clock.advance(3);
    assert.deepEqual(value(await going), { from: spot(50.5), to: spot(5.5, 64, 5.5) });
    assert.equal(t.emittedNamed('teleport.player-teleport').at(-1)?.data.cause, 'back');
    const back = value(await tp.backLocation(ann));
    assert.deepEqual([back.location, back.cause], [spot(50.5), 'back'], '/back again returns to where /back left');
  });

  it('back() declines with not-found without a back location, player-offline when not online', async () => {
    const cy = await joinAt('Cy', spot(1));
    const r = await tp.back(cy, { warmupSeconds: 0 });
    declined(r, 'not-found');
    assert.equal(!r.ok && r.message, 'Cy has no back location: they have not been teleported yet.');
    value(await tp.teleport(cy, spot(2), { cause: 'home', warmupSeconds: 0 }));
    t.platform.quit(cy);
    declined(await tp.back(cy), 'player-offline');
    await assert.rejects(tp.back('nobody'), invalid('uuid'));
  });

  it('records a move asked for by someone else (actor) in the audit log, and not a player’s own', async () => {
    const dee = await joinAt('Dee', spot(1));
    value(await tp.teleport(dee, spot(2), { cause: 'home', warmupSeconds: 0 }));
    value(await tp.teleport(dee, spot(3), { cause: 'tp', warmupSeconds: 0, actor: CONSOLE }));
    const history = await t.kernel.api.audit.history(dee, 10);
    const moves = history.filter((h) => h.action === 'teleport');
    assert.equal(moves.length, 1);
    assert.equal(moves[0]?.actor, 'console');
    assert.deepEqual(moves[0]?.details, { cause: 'tp', from: spot(2), to: spot(3) });
  });
});
