import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { declined, value } from '../../../test/support/results.ts';
import { poseModule } from './index.ts';

const spot = { world: 'world', x: 10.5, y: 64, z: -3.5, yaw: 90, pitch: 0 };

describe('poses', () => {
  let t: TestKernel;
  let alice: string;

  before(async () => {
    t = await startTestKernel({ modules: [poseModule] });
    alice = (await t.join('Alice')).uuid;
  });
  after(() => t.close());
  beforeEach(async () => {
    if (t.platform.pose(alice) !== 'standing') value(t.kernel.api.pose.setPose(alice, 'standing'));
    await t.platform.teleport(alice, spot);
    t.platform.clearMessages();
  });

  const last = () => t.emittedNamed('pose.pose').at(-1)?.data;

  describe('/sit', () => {
    it('sits the player down where they stand (pose.pose), and running it again gets them up', async () => {
      await t.platform.run(alice, '/sit');
      assert.equal(t.platform.pose(alice), 'sitting');
      assert.deepEqual(last(), {
        'player-id': alice,
        'player-name': 'Alice',
        pose: 'sitting',
        previous: 'standing',
        cause: 'command',
        location: spot,
        'occurred-at': t.clock.now().toISOString(),
      });
      await t.platform.run(alice, '/sit');
      assert.equal(t.platform.pose(alice), 'standing');
      assert.deepEqual([last()?.pose, last()?.previous, last()?.cause, last()?.location], ['standing', 'sitting', 'command', spot]);
      assert.deepEqual(t.platform.messagesOf(alice), ['You are sitting now. Sneak, or run the command again, to get up.', 'You got up.']);
    });

    it('gets the player up when they sneak, with the cause sneak, and back where they sat', async () => {
      await t.platform.run(alice, '/sit');
      t.platform.poses.sneak(alice);
      assert.equal(t.platform.pose(alice), 'standing');
      assert.deepEqual([last()?.pose, last()?.previous, last()?.cause], ['standing', 'sitting', 'sneak']);
      assert.deepEqual(t.platform.location(alice), spot);
    });

    it('gets the player up when they take damage or are teleported', async () => {
      await t.platform.run(alice, '/sit');
      t.platform.gameplay.damage(alice, 2);
      assert.deepEqual([t.platform.pose(alice), last()?.cause], ['standing', 'damage']);
      await t.platform.run(alice, '/sit');
      await t.platform.teleport(alice, { ...spot, x: 40 });
      assert.deepEqual([t.platform.pose(alice), last()?.cause, t.platform.location(alice)?.x], ['standing', 'teleport', 40]);
    });

    it('refuses a flying player, and tells them so', async () => {
      t.platform.setAbilities(alice, { allowFlight: true, flying: true });
      try {
        const before = t.emittedNamed('pose.pose').length;
        await t.platform.run(alice, '/sit');
        assert.equal(t.platform.pose(alice), 'standing');
        assert.deepEqual(t.platform.messagesOf(alice), ['You cannot start sitting while flying.']);
        assert.equal(t.emittedNamed('pose.pose').length, before);
      } finally {
        t.platform.setAbilities(alice, { allowFlight: false, flying: false });
      }
    });
  });

  describe('/lay', () => {
    it('lays the player down; walking into another block gets them up (cause move)', async () => {
      await t.platform.run(alice, '/lay');
      assert.equal(t.platform.pose(alice), 'laying');
      assert.deepEqual([last()?.pose, last()?.cause], ['laying', 'command']);
      t.platform.move(alice, { ...spot, x: spot.x + 1 });
      assert.equal(t.platform.pose(alice), 'standing');
      assert.deepEqual([last()?.pose, last()?.previous, last()?.cause], ['standing', 'laying', 'move']);
    });

    it('switches a sitting player to lying (previous sitting), and /lie is the same command', async () => {
      await t.platform.run(alice, '/sit');
      await t.platform.run(alice, '/lie');
      assert.equal(t.platform.pose(alice), 'laying');
      assert.deepEqual([last()?.pose, last()?.previous], ['laying', 'sitting']);
    });
  });

  describe('pose.setPose', () => {
    it('declines the pose already held with already-in-state, and an offline player with player-offline', async () => {
      declined(t.kernel.api.pose.setPose(alice, 'standing'), 'already-in-state');
      const bob = (await t.join('Bob')).uuid;
      value(t.kernel.api.pose.setPose(bob, 'sitting'));
      t.platform.quit(bob);
      assert.deepEqual([last()?.['player-name'], last()?.pose, last()?.previous, last()?.cause], ['Bob', 'standing', 'sitting', 'quit']);
      declined(t.kernel.api.pose.setPose(bob, 'sitting'), 'player-offline');
      assert.equal(t.kernel.api.pose.poseOf(bob), undefined);
    });

    it('refuses /sit at the console', async () => {
      await t.platform.run('console', 'sit');
      assert.match(t.platform.consoleText().at(-1) ?? '', /Only a player can use "sit"/);
    });
  });
});
