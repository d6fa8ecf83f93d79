// The spawn against the real game (its commands, refusals and messages: src/modules/spawn/spawn.scene.test.ts):
// an admin bot sets the spawn where it stands with /setspawn, /spawn takes another bot there, a bot
// that dies respawns there rather than at the world's own spawn point, and a bot new to the server
// starts at the first-join spawn.

import { after, it } from 'node:test';
import assert from 'node:assert/strict';
import { groundAt, hitUntilDead, joinBot, quit, waitFor, waitForMessage, type Bot } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

/** Whether a bot stands (horizontally) at a point: it may fall after a teleport, never drift. */
const standsAt = (bot: Bot, p: { x: number; z: number }) => Math.abs(bot.entity.position.x - p.x) < 0.01 && Math.abs(bot.entity.position.z - p.z) < 0.01;

export const spawnPart: AreaPart = {
  name: 'spawn',
  tests(scene) {
    /** The spawn of `world` Ben sets. */
    let place: { x: number; z: number };
    const grants: string[] = [];

    const grant = async (node: string) => {
      await scene().rs.console(`perm grant Ben ${node}`, new RegExp(`Granted ${node.replaceAll('.', '\\.')} to Ben`));
      grants.push(node);
    };
    /** Puts a bot on the ground at (x, z) from the console, and waits until it stands there. */
    const putAt = async (bot: Bot, x: number, z: number) => {
      const y = groundAt(bot, x, z) ?? 85;
      await scene().rs.console(`tp ${bot.username} ${x} ${y} ${z}`, new RegExp(`Teleported ${bot.username}`));
      await waitFor(() => standsAt(bot, { x, z }) && bot.entity.onGround, `${bot.username} on the ground at ${x}, ${z}`);
    };

    after(async () => {
      const { rs } = scene();
      await rs.console('delspawn world', /spawn/);
      await rs.console('delspawn first-join', /first-join spawn/);
      for (const node of grants) await rs.console(`perm revoke Ben ${node}`, new RegExp(`Revoked ${node.replaceAll('.', '\\.')} from Ben`));
    });

    it('lets an admin bot set the spawn where it stands with /setspawn, and /spawn takes another bot there', async () => {
      const { ann, ben } = scene();
      const denied = waitForMessage(ben, /^You do not have permission \(core\.spawn\.set\)\.$/);
      ben.chat('/setspawn');
      await denied;
      await grant('core.spawn.set');
      // A spot away from the world's own spawn point, so that a respawn there is the module's doing.
      await putAt(ben, Math.floor(ben.spawnPoint.x) - 4.5, Math.floor(ben.spawnPoint.z) - 6.5);
      const set = waitForMessage(ben, /^You set the spawn of world at world [-\d.]+, [-\d.]+, [-\d.]+: \/spawn leads there, and players who die in world respawn there\.$/);
      ben.chat('/setspawn');
      await set;
      place = { x: ben.entity.position.x, z: ben.entity.position.z };
      assert.equal(standsAt(ann, place), false);
      const welcome = waitForMessage(ann, /^Welcome to the spawn of world\.$/);
      ann.chat('/spawn');
      await welcome;
      await waitFor(() => standsAt(ann, place), 'Ann to stand at the spawn');
    });

    it('respawns a bot that died (Ben hits Ann until she falls) at the spawn, not at the world’s own spawn point', async () => {
      const { ann, ben } = scene();
      assert.equal(standsAt(ann, ann.spawnPoint), false, 'the spawn set is not the world’s own spawn point');
      await putAt(ann, Math.floor(ann.spawnPoint.x) + 5.5, Math.floor(ann.spawnPoint.z) + 2.5);
      await scene().rs.console('tp Ben Ann', /Teleported Ben to Ann/);
      await hitUntilDead(ben, ann);
      // mineflayer presses the death screen's button by itself (its `respawn` option).
      await waitFor(() => ann.health === 20, 'Ann to respawn', 20000);
      await waitFor(() => standsAt(ann, place), `Ann to respawn at the spawn, not at ${ann.entity.position}`);
    });

    it('starts a bot new to the server at the first-join spawn', async () => {
      const { rs, ben } = scene();
      await putAt(ben, Math.floor(ben.spawnPoint.x) + 3.5, Math.floor(ben.spawnPoint.z) - 3.5);
      const set = waitForMessage(ben, /^You set the first-join spawn at world [-\d.]+, [-\d.]+, [-\d.]+: players new to the server start there\.$/);
      ben.chat('/setspawn first-join');
      await set;
      const start = { x: ben.entity.position.x, z: ben.entity.position.z };
      const newcomer = await joinBot(rs.server.gamePort, 'Newcomer');
      try {
        await waitFor(() => standsAt(newcomer, start), `Newcomer to start at the first-join spawn, not at ${newcomer.entity.position}`);
      } finally {
        await quit(newcomer);
      }
    });
  },
};
