// The poses contract: a player sitting (riding an invisible seat) or lying down as another
// player's client shows it, and getting up again by asking, by sneaking or by a teleport. Run on
// the fake and on flying-squid with bots (see platform.contract.ts).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { playerName, type Contract } from './platform.contract.ts';

export const posesContract: Contract = (h) => {
  describe('poses', () => {
    it('shows a sitter riding to another player, and standing again when stood up', async () => {
      const sitter = await h().join(playerName('Sitter'));
      const watcher = await h().join(playerName('Watcher'));
      const name = sitter.player.name;
      const { platform } = h();
      await h().until(() => watcher.poseSeen(name) === 'standing', 'the watcher to see the sitter standing');
      assert.deepEqual(platform.setPose(sitter.player.uuid, 'sitting'), { ok: true });
      assert.equal(platform.pose(sitter.player.uuid), 'sitting');
      await h().until(() => watcher.poseSeen(name) === 'sitting', 'the watcher to see the sitter riding');
      assert.deepEqual(platform.setPose(sitter.player.uuid, 'standing'), { ok: true });
      assert.equal(platform.pose(sitter.player.uuid), 'standing');
      await h().until(() => watcher.poseSeen(name) === 'standing', 'the watcher to see the sitter standing again');
      await sitter.leave();
      await watcher.leave();
    });

    it('shows a later arrival the sitter riding, and lets the sitter get up by sneaking (poseEnd)', async () => {
      const ends = h().record('poseEnd');
      const sitter = await h().join(playerName('Sneaker'));
      const { platform } = h();
      assert.deepEqual(platform.setPose(sitter.player.uuid, 'sitting'), { ok: true });
      const late = await h().join(playerName('Late'));
      await h().until(() => late.poseSeen(sitter.player.name) === 'sitting', 'the later arrival to see the sitter riding');
      await sitter.sneak();
      await h().until(() => ends.some((e) => e.player.uuid === sitter.player.uuid), 'the poseEnd event');
      assert.deepEqual(
        ends.filter((e) => e.player.uuid === sitter.player.uuid).map((e) => [e.pose, e.cause]),
        [['sitting', 'sneak']],
      );
      assert.equal(platform.pose(sitter.player.uuid), 'standing');
      await h().until(() => late.poseSeen(sitter.player.name) === 'standing', 'the later arrival to see the sitter standing');
      await sitter.leave();
      await late.leave();
    });

    it('shows a lying player in the sleeping pose; a teleport stands them up (poseEnd)', async () => {
      const ends = h().record('poseEnd');
      const layer = await h().join(playerName('Layer'));
      const watcher = await h().join(playerName('Eyes'));
      const { platform } = h();
      await h().until(() => watcher.poseSeen(layer.player.name) === 'standing', 'the watcher to see the layer');
      assert.deepEqual(platform.setPose(layer.player.uuid, 'laying'), { ok: true });
      await h().until(() => watcher.poseSeen(layer.player.name) === 'laying', 'the watcher to see the layer lying');
      const at = platform.location(layer.player.uuid)!;
      assert.equal(await platform.teleport(layer.player.uuid, { ...at, x: at.x + 2 }), true);
      assert.equal(platform.pose(layer.player.uuid), 'standing');
      assert.deepEqual(ends.filter((e) => e.player.uuid === layer.player.uuid).map((e) => [e.pose, e.cause]), [['laying', 'teleport']]);
      await h().until(() => watcher.poseSeen(layer.player.name) === 'standing', 'the watcher to see the layer standing');
      await layer.leave();
      await watcher.leave();
    });

    it('refuses a pose for a player who is not online, and answers no pose for them', async () => {
      const { platform } = h();
      const outcome = platform.setPose('00000000-0000-3000-8000-0000000000ff', 'sitting');
      assert.equal(outcome.ok, false);
      assert.equal(platform.pose('00000000-0000-3000-8000-0000000000ff'), undefined);
    });
  });
};
