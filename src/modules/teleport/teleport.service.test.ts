import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE } from '../../core/kernel/actor.ts';
import type { EmittedEvent, EventName } from '../../core/kernel/events.ts';
import { TELEPORT_BYPASS_WARMUP, type TeleportService } from './teleport.service.ts';
import { teleportModule } from './index.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { declined, invalid, value } from '../../../test/support/results.ts';
import type { Location } from '../../platform/platform.ts';

const spot = (x: number, y = 64, z = 0, world = 'world'): Location => ({ world, x, y, z, yaw: 0, pitch: 0 });
const NEVER_SEEN = '00000000-0000-0000-0000-0000000000ab';

describe('teleport', () => {
  let t: TestKernel;
  let tp: TeleportService;
  let seen: number;

  /** The teleport events emitted since the test began (the test kernel checks each against its schema). */
  function teleportEvents(): EmittedEvent[] {
    return t.emitted.slice(seen).filter((e) => e.name.startsWith('teleport.'));
  }
  const named = (name: EventName) => teleportEvents().filter((e) => e.name === name);

  before(async () => {
    t = await startTestKernel({ modules: [teleportModule] });
    tp = t.kernel.api.teleport;
  });
  after(() => t.close());
  afterEach(() => {
    for (const p of t.platform.onlinePlayers()) t.platform.quit(p.uuid);
  });

  async function joinAt(name: string, at: Location = spot(0)): Promise<string> {
    const uuid = (await t.join(name)).uuid;
    await t.platform.teleport(uuid, at);
    t.platform.clearMessages();
    seen = t.emitted.length;
    return uuid;
  }

  describe('without a warm-up', () => {
    it('moves the player at once and answers where from and where to', async () => {
      const ann = await joinAt('Ann', spot(1, 70, 2));
      const r = value(await tp.teleport(ann, spot(100), { cause: 'home' }));
      assert.deepEqual(r, { from: spot(1, 70, 2), to: spot(100) });
      assert.deepEqual(t.platform.location(ann), spot(100));
      assert.deepEqual(t.platform.messagesOf(ann), [], 'nobody is told to wait');
    });

    it('records the place left as the back location, and emits player-teleport then back-location-capture', async () => {
      const ann = await joinAt('Ann', spot(1, 70, 2));
      value(await tp.teleport(ann.toUpperCase(), spot(100), { cause: 'warp' }));
      const back = value(await tp.backLocation(ann));
      assert.deepEqual(back, { location: spot(1, 70, 2), cause: 'warp', 'captured-at': t.clock.now().toISOString() });
      assert.deepEqual(
        teleportEvents().map((e) => [e.name, e.data['player-name'], e.data.cause]),
        [
          ['teleport.player-teleport', 'Ann', 'warp'],
          ['teleport.back-location-capture', 'Ann', 'warp'],
        ],
      );
      assert.deepEqual(named('teleport.player-teleport')[0]?.data.from, spot(1, 70, 2));
      assert.deepEqual(named('teleport.back-location-capture')[0]?.data.location, spot(1, 70, 2));
    });

    it('replaces the back location at every teleport', async () => {
      const ann = await joinAt('Ann', spot(1));
      value(await tp.teleport(ann, spot(2), { cause: 'home' }));
      value(await tp.teleport(ann, spot(3), { cause: 'back' }));
      assert.deepEqual(value(await tp.backLocation(ann)).location, spot(2));
    });
  });

  describe('with a warm-up', () => {
    it('tells the player to stand still, waits the seconds, then moves them', async () => {
      const ann = await joinAt('Ann', spot(5.5, 64, 5.5));
      const going = tp.teleport(ann, spot(100), { cause: 'home', warmupSeconds: 3 });
      assert.deepEqual(t.platform.messagesOf(ann), ["Teleporting in 3 seconds, don't move."]);
      assert.equal(tp.warmingUp(ann), true);
      const start = named('teleport.warmup-start');
      assert.deepEqual([start.length, start[0]?.data.seconds, start[0]?.data.to], [1, 3, spot(100)]);
      await t.clock.advance(2.9);
      assert.deepEqual(t.platform.location(ann), spot(5.5, 64, 5.5));
      await t.clock.advance(0.1);
      assert.deepEqual(value(await going), { from: spot(5.5, 64, 5.5), to: spot(100) });
      assert.deepEqual(t.platform.location(ann), spot(100));
      assert.equal(tp.warmingUp(ann), false);
      assert.equal(named('teleport.player-teleport').length, 1);
    });

    it('is cancelled when the player walks to another block: declined with cancelled, not moved later', async () => {
      const ann = await joinAt('Eve', spot(5.5, 64, 5.5));
      const going = tp.teleport(ann, spot(100), { cause: 'home', warmupSeconds: 3 });
      await t.clock.advance(1);
      t.platform.move(ann, spot(6.2, 64, 5.5));
      const r = await going;
      declined(r, 'cancelled');
      assert.equal(!r.ok && r.message, 'Teleport cancelled: you moved.');
      await t.clock.advance(10);
      assert.deepEqual(t.platform.location(ann), spot(6.2, 64, 5.5));
      assert.deepEqual(
        named('teleport.warmup-cancel').map((e) => [e.data.reason, e.data.cause]),
        [['moved', 'home']],
      );
      assert.equal(named('teleport.player-teleport').length, 0);
      await assert.rejects(tp.backLocation(ann).then((b) => value(b)), /no back location/);
    });

    it('goes on when the player only turns or steps within their block', async () => {
      const ann = await joinAt('Ann', spot(5.5, 64, 5.5));
      const going = tp.teleport(ann, spot(100), { cause: 'home', warmupSeconds: 2 });
      t.platform.move(ann, { ...spot(5.9, 64, 5.1), yaw: 180, pitch: 30 });
      // A move event that ends on the starting block (a platform may send one) does not cancel either.
      t.platform.emit('move', {
        player: t.platform.player(ann)!,
        from: spot(5.9, 64, 5.1),
        to: spot(5.2, 64, 5.8),
        cancel: () => {},
        cancelled: false,
      });
      await t.clock.advance(2);
      value(await going);
    });

    it('is cancelled when the player leaves the game', async () => {
      const ann = await joinAt('Ann');
      const going = tp.teleport(ann, spot(100), { cause: 'warp', warmupSeconds: 5 });
      t.platform.quit(ann);
      const r = await going;
      declined(r, 'cancelled');
      assert.equal(!r.ok && r.message, 'Teleport cancelled: Ann left the game.');
      assert.deepEqual(named('teleport.warmup-cancel').map((e) => e.data.reason), ['quit']);
    });

    it('is cancelled by another teleport of the same player, which goes ahead', async () => {
      const ann = await joinAt('Ann');
      const bob = await joinAt('Bob');
      const first = tp.teleport(ann, spot(100), { cause: 'home', warmupSeconds: 5 });
      const other = tp.teleport(bob, spot(300), { cause: 'home', warmupSeconds: 5 });
      const second = tp.teleport(ann, spot(200), { cause: 'warp', warmupSeconds: 2 });
      const r = await first;
      assert.equal(!r.ok && r.message, 'Teleport cancelled: you started another teleport.');
      await t.clock.advance(5);
      value(await second);
      value(await other);
      assert.deepEqual(t.platform.location(ann), spot(200));
      assert.deepEqual(t.platform.location(bob), spot(300), "another player's warm-up is not touched");
      assert.deepEqual(
        named('teleport.warmup-cancel').map((e) => [e.data['player-name'], e.data.reason, e.data.cause]),
        [['Ann', 'another-teleport', 'home']],
      );
    });

    it('is cancelled by a teleport without a warm-up too', async () => {
      const ann = await joinAt('Ann');
      const first = tp.teleport(ann, spot(100), { cause: 'home', warmupSeconds: 5 });
      value(await tp.teleport(ann, spot(50), { cause: 'back', warmupSeconds: 0 }));
      declined(await first, 'cancelled');
      await t.clock.advance(5);
      assert.deepEqual(t.platform.location(ann), spot(50));
    });

    it('does not keep a player holding core.teleport.bypass-warmup waiting', async () => {
      const vip = await joinAt('Vip');
      value(await t.kernel.api.permissions.grant(vip, TELEPORT_BYPASS_WARMUP, CONSOLE));
      value(await tp.teleport(vip, spot(100), { cause: 'home', warmupSeconds: 10 }));
      assert.deepEqual(t.platform.location(vip), spot(100));
      assert.deepEqual(named('teleport.warmup-start'), []);
    });

    it('asks beforeMove only once the warm-up is over; its refusal declines the teleport and the player stays', async () => {
      const ann = await joinAt('Ann');
      let asked = 0;
      const beforeMove = async () => {
        asked++;
        return { ok: false as const, code: 'insufficient-funds' as const, message: 'Ann cannot pay the fee.' };
      };
      const cancelled = tp.teleport(ann, spot(100), { cause: 'playerwarp', warmupSeconds: 2, beforeMove });
      t.platform.move(ann, spot(9));
      declined(await cancelled, 'cancelled');
      assert.equal(asked, 0, 'a cancelled warm-up asks nothing');
      const refused = tp.teleport(ann, spot(100), { cause: 'playerwarp', warmupSeconds: 2, beforeMove });
      await t.clock.advance(2);
      declined(await refused, 'insufficient-funds');
      assert.equal(asked, 1);
      assert.equal(t.platform.location(ann)?.x, 9);
    });
  });

  describe('declines', () => {
    it('with player-offline for a player who is not online, or was never seen', async () => {
      const ann = await joinAt('Ann');
      t.platform.quit(ann);
      const r = await tp.teleport(ann, spot(1), { cause: 'home' });
      declined(r, 'player-offline');
      assert.equal(!r.ok && r.message, 'Ann is not online.');
      declined(await tp.teleport(NEVER_SEEN, spot(1), { cause: 'home' }), 'player-offline');
    });

    it('with failed for a world that is not loaded, before any warm-up', async () => {
      const ann = await joinAt('Ann');
      const r = await tp.teleport(ann, spot(1, 64, 0, 'world_nether'), { cause: 'home', warmupSeconds: 3 });
      declined(r, 'failed');
      assert.equal(!r.ok && r.message, 'There is no world "world_nether"; Ann was not moved.');
      assert.deepEqual(t.platform.messagesOf(ann), []);
    });

    it('refuses malformed input naming the field', async () => {
      const ann = await joinAt('Ann');
      await assert.rejects(tp.teleport('nobody', spot(1), { cause: 'home' }), invalid('uuid'));
      await assert.rejects(tp.teleport(ann, { ...spot(1), y: Number.NaN }, { cause: 'home' }), invalid('location.y'));
      await assert.rejects(tp.teleport(ann, spot(1), { cause: 'Home Sweet' }), invalid('cause'));
      await assert.rejects(tp.teleport(ann, spot(1), { cause: 'home', warmupSeconds: -1 }), invalid('warmup-seconds'));
    });
  });

  describe('backLocation', () => {
    it('declines with not-found for a player never teleported, and for one never seen', async () => {
      const cy = await joinAt('Cy');
      const r = await tp.backLocation(cy);
      declined(r, 'not-found');
      assert.equal(!r.ok && r.message, 'Cy has no back location: they have not been teleported yet.');
      declined(await tp.backLocation(NEVER_SEEN), 'not-found');
    });
  });
});

describe('teleport across a restart and at shutdown', () => {
  it('keeps the back location in the database across a restart', async () => {
    const t = await startTestKernel({ modules: [teleportModule] });
    try {
      const dee = (await t.join('Dee')).uuid;
      await t.platform.teleport(dee, spot(7, 80, 7));
      value(await t.kernel.api.teleport.teleport(dee, spot(0), { cause: 'home' }));
      await t.restart();
      assert.deepEqual(value(await t.kernel.api.teleport.backLocation(dee)).location, spot(7, 80, 7));
    } finally {
      await t.close();
    }
  });

  it('cancels a warm-up when the kernel stops, and stops listening to the platform', async () => {
    const t = await startTestKernel({ modules: [teleportModule] });
    try {
      const dee = (await t.join('Dee')).uuid;
      const going = t.kernel.api.teleport.teleport(dee, spot(100), { cause: 'home', warmupSeconds: 5 });
      await t.kernel.stop();
      declined(await going, 'cancelled');
      assert.deepEqual(t.emittedNamed('teleport.warmup-cancel').map((e) => e.data.reason), ['shutdown']);
      assert.equal(t.platform.listenerCount('move'), 0);
      await t.clock.advance(10);
      assert.notDeepEqual(t.platform.location(dee), spot(100));
    } finally {
      await t.close();
    }
  });

  it("takes the warm-up from core.conf's teleport-warmup-seconds when the caller gives none", async () => {
    const t = await startTestKernel({ modules: [teleportModule], beforeStart: (dir) => writeFileSync(join(dir, 'core.conf'), 'teleport-warmup-seconds = 4\n') });
    try {
      const dee = (await t.join('Dee')).uuid;
      const going = t.kernel.api.teleport.teleport(dee, spot(100), { cause: 'home' });
      assert.deepEqual(t.platform.messagesOf(dee), ["Teleporting in 4 seconds, don't move."]);
      await t.clock.advance(4);
      value(await going);
      value(await t.kernel.api.teleport.teleport(dee, spot(5), { cause: 'home', warmupSeconds: 0 }));
      assert.deepEqual(t.platform.location(dee), spot(5), 'an explicit 0 moves at once');
    } finally {
      await t.close();
    }
  });
});
