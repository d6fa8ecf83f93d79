// The teleport module's commands on the fake platform: /back, /tp (and /tppos), /tphere.

import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE } from '../../core/kernel/actor.ts';
import { parseCoordinate, TELEPORT_NODES } from './teleport.commands.ts';
import { teleportModule } from './index.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { value } from '../../../test/support/results.ts';
import type { Location } from '../../platform/platform.ts';

const spot = (x: number, y = 64, z = 0, world = 'world'): Location => ({ world, x, y, z, yaw: 0, pitch: 0 });

describe('teleport commands', () => {
  let t: TestKernel;

  before(async () => {
    t = await startTestKernel({ modules: [teleportModule], beforeStart: (dir) => writeFileSync(join(dir, 'core.conf'), 'teleport-warmup-seconds = 2\n') });
  });
  after(() => t.close());
  afterEach(() => {
    for (const p of t.platform.onlinePlayers()) t.platform.quit(p.uuid);
  });

  async function joinAt(name: string, at: Location, ...nodes: string[]): Promise<string> {
    const uuid = (await t.join(name)).uuid;
    await t.platform.teleport(uuid, at);
    for (const n of nodes) {
      const r = await t.kernel.api.permissions.grant(uuid, n, CONSOLE);
      assert.ok(r.ok || r.code === 'already-in-state', n);
    }
    t.platform.clearMessages();
    return uuid;
  }
  const lastOf = (uuid: string) => t.platform.messagesOf(uuid).at(-1);

  describe('/back', () => {
    it('is every player’s: waits for the warm-up, then takes them back', async () => {
      const ann = await joinAt('Ann', spot(3.5));
      value(await t.kernel.api.teleport.teleport(ann, spot(40.5), { cause: 'home', warmupSeconds: 0 }));
      const running = t.platform.run(ann, '/back');
      await t.until(() => t.kernel.api.teleport.warmingUp(ann), 'the warm-up');
      await t.clock.advance(2);
      await running;
      assert.deepEqual(t.platform.location(ann), spot(3.5));
      assert.equal(lastOf(ann), 'Teleported back to world 3.5, 64, 0.');
    });

    it('says so when there is nowhere to go back to', async () => {
      const bo = await joinAt('Bo', spot(1));
      await t.platform.run(bo, '/back');
      assert.equal(lastOf(bo), 'Bo has no back location: they have not been teleported yet.');
    });

    it('sends another player back at once with core.teleport.back.others; refused without it', async () => {
      const ann = await joinAt('Ann', spot(3.5));
      const mod = await joinAt('Mod', spot(0));
      value(await t.kernel.api.teleport.teleport(ann, spot(40.5), { cause: 'home', warmupSeconds: 0 }));
      await t.platform.run(mod, '/back Ann');
      assert.equal(lastOf(mod), `You do not have permission (${TELEPORT_NODES.backOthers}).`);
      value(await t.kernel.api.permissions.grant(mod, TELEPORT_NODES.backOthers, CONSOLE));
      await t.platform.run(mod, '/back Ann');
      assert.deepEqual(t.platform.location(ann), spot(3.5));
      assert.equal(lastOf(ann), 'You were sent back to world 3.5, 64, 0.');
      await t.platform.run('console', 'back');
      assert.match(t.platform.consoleText().at(-1) ?? '', /Name the player/);
    });
  });

  describe('/tp', () => {
    it('needs core.teleport.tp', async () => {
      const ann = await joinAt('Ann', spot(0));
      await joinAt('Ben', spot(10));
      await t.platform.run(ann, '/tp Ben');
      assert.equal(lastOf(ann), `You do not have permission (${TELEPORT_NODES.tp}).`);
    });

    it('takes the sender to a player at once (no warm-up) and audits it', async () => {
      const ann = await joinAt('Ann', spot(0), TELEPORT_NODES.tp);
      await joinAt('Ben', spot(10, 70, 5));
      await t.platform.run(ann, '/tp ben');
      assert.deepEqual(t.platform.location(ann), spot(10, 70, 5));
      assert.equal(lastOf(ann), 'Teleported to Ben.');
      assert.equal(t.emittedNamed('teleport.player-teleport').at(-1)?.data.cause, 'tp');
      const audit = (await t.kernel.api.audit.history(ann, 5)).find((h) => h.action === 'teleport');
      assert.equal(audit?.actor, 'Ann');
    });

    it('moves another player to a player with core.teleport.tp.others, telling them', async () => {
      const ola = await joinAt('Ola', spot(0), TELEPORT_NODES.tp);
      const ben = await joinAt('Ben', spot(10));
      await joinAt('Cy', spot(20));
      await t.platform.run(ola, '/tp Ben Cy');
      assert.equal(lastOf(ola), `You do not have permission (${TELEPORT_NODES.tpOthers}).`);
      value(await t.kernel.api.permissions.grant(ola, TELEPORT_NODES.tpOthers, CONSOLE));
      await t.platform.run(ola, '/tp Ben Cy');
      assert.deepEqual(t.platform.location(ben), spot(20));
      assert.equal(lastOf(ola), 'Teleported Ben to Cy.');
      assert.equal(lastOf(ben), 'You were teleported to Cy.');
    });

    it('goes to coordinates with core.teleport.tppos, ~ relative, world optional', async () => {
      const pia = await joinAt('Pia', spot(5, 64, 5), TELEPORT_NODES.tp);
      await t.platform.run(pia, '/tp 100 70 -20');
      assert.equal(lastOf(pia), `You do not have permission (${TELEPORT_NODES.tppos}).`);
      value(await t.kernel.api.permissions.grant(pia, TELEPORT_NODES.tppos, CONSOLE));
      await t.platform.run(pia, '/tp 100 70 -20.5');
      assert.deepEqual(t.platform.location(pia), spot(100, 70, -20.5));
      await t.platform.run(pia, '/tppos ~ ~10 ~-0.5 world');
      assert.deepEqual(t.platform.location(pia), spot(100, 80, -21));
      assert.equal(lastOf(pia), 'Teleported to world 100, 80, -21.');
    });

    it('from the console: a player to a player or to coordinates', async () => {
      const ann = await joinAt('Ann', spot(0));
      await joinAt('Ben', spot(10));
      await t.platform.run('console', 'tp Ann Ben');
      assert.deepEqual(t.platform.location(ann), spot(10));
      await t.platform.run('console', 'tp Ann 1 65 2');
      assert.deepEqual(t.platform.location(ann), spot(1, 65, 2));
      assert.equal(lastOf(ann), 'You were teleported to world 1, 65, 2.');
      await t.platform.run('console', 'tp 1 2 3');
      assert.match(t.platform.consoleText().at(-1) ?? '', /Name the player to move/);
    });

    it('answers bad input with a clear line and moves nobody', async () => {
      const ria = await joinAt('Ria', spot(0), TELEPORT_NODES.tp, TELEPORT_NODES.tppos, TELEPORT_NODES.tpOthers);
      const cases: Array<[string, string | RegExp]> = [
        ['/tp', 'Usage: /tp [player] <x> <y> <z> [world]'],
        ['/tp Nobody', 'No player named Nobody is online.'],
        ['/tp 1 abc 3', /"abc" is not a valid y/],
        ['/tp 1 2 3 mars', /There is no world named "mars"/],
        ['/tp 1 2 40000000', /"40000000" is not a valid z/],
        ['/tp Ria', 'You are already where you are.'],
        ['/tp Ria Ria', 'Ria cannot be teleported to themselves.'],
      ];
      for (const [line, reply] of cases) {
        await t.platform.run(ria, line);
        const got = lastOf(ria) ?? '';
        if (typeof reply === 'string') assert.equal(got, reply, line);
        else assert.match(got, reply, line);
      }
      assert.deepEqual(t.platform.location(ria), spot(0));
    });

    it('completes player names, then worlds after coordinates', async () => {
      const sia = await joinAt('Sia', spot(0), TELEPORT_NODES.tp, TELEPORT_NODES.tppos);
      await joinAt('Ben', spot(10));
      assert.ok(t.platform.complete(sia, 'tp B').includes('Ben'));
      assert.ok(t.platform.complete(sia, 'tp 1 2 3 w').includes('world'));
    });
  });

  describe('/tphere', () => {
    it('brings a player to the sender at once, with core.teleport.tphere', async () => {
      const ann = await joinAt('Ann', spot(7, 66, 7));
      const ben = await joinAt('Ben', spot(10));
      await t.platform.run(ann, '/tphere Ben');
      assert.equal(lastOf(ann), `You do not have permission (${TELEPORT_NODES.tphere}).`);
      value(await t.kernel.api.permissions.grant(ann, TELEPORT_NODES.tphere, CONSOLE));
      await t.platform.run(ann, '/tphere Ben');
      assert.deepEqual(t.platform.location(ben), spot(7, 66, 7));
      assert.equal(lastOf(ann), 'Teleported Ben to you.');
      assert.equal(lastOf(ben), 'You were teleported to Ann.');
      assert.equal(t.emittedNamed('teleport.player-teleport').at(-1)?.data.cause, 'tphere');
    });
  });

  it('parseCoordinate reads numbers and ~ offsets', () => {
    assert.equal(parseCoordinate('12.5', 'x', 3), 12.5);
    assert.equal(parseCoordinate('~', 'x', 3), 3);
    assert.equal(parseCoordinate('~-1', 'x', 3), 2);
    assert.match(String(parseCoordinate('1e3', 'x', 0)), /not a valid x/);
  });
});
