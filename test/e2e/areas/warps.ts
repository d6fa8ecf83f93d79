// Warps against the real game (their routes, commands and events: src/modules/warps/warps.scene.test.ts):
// /warp takes the bot to a warp made over REST, a permission warp opens once the node is granted,
// ratings given with /warp rate are the REST average, and an admin makes and removes a warp with
// /setwarp and /delwarp where the bot stands.

import { after, it } from 'node:test';
import assert from 'node:assert/strict';
import { groundAt, waitFor, waitForMessage, type Bot } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

/** Whether a bot stands (horizontally) at a point: it may fall after a teleport, never drift. */
const standsAt = (bot: Bot, p: { x: number; z: number }) => Math.abs(bot.entity.position.x - p.x) < 0.01 && Math.abs(bot.entity.position.z - p.z) < 0.01;

export const warpsPart: AreaPart = {
  name: 'warps',
  tests(scene) {
    let spot: { world: string; x: number; y: number; z: number };
    const grants: Array<[string, string]> = [];

    const grant = async (player: string, node: string) => {
      await scene().rs.console(`perm grant ${player} ${node}`, new RegExp(`Granted ${node.replaceAll('.', '\\.')} to ${player}`));
      grants.push([player, node]);
    };

    after(async () => {
      const { rs, writer } = scene();
      for (const name of ['warps-spawn', 'warps-vip', 'warps-market']) await rs.call('POST', `/warps/${name}/delete`, writer);
      for (const [player, node] of grants) await rs.console(`perm revoke ${player} ${node}`, new RegExp(`Revoked ${node.replaceAll('.', '\\.')} from ${player}`));
    });

    it('takes the bot to a warp made over REST with /warp <name>', async () => {
      const { rs, writer, events, ann } = scene();
      // On the ground of a spot near the world spawn (high above it when Ann has not got its chunk: she falls, never sideways).
      const [x, z] = [Math.floor(ann.spawnPoint.x) - 5.5, Math.floor(ann.spawnPoint.z) + 4.5];
      spot = { world: 'world', x, y: groundAt(ann, x, z) ?? 85, z };
      const r = await rs.call('POST', '/warps/warps-spawn/create', writer, { location: spot });
      assert.equal(r.json.ok, true, JSON.stringify(r.json));
      await events.next('warp.create', (d) => d.name === 'warps-spawn');
      assert.equal(standsAt(ann, spot), false);
      const warped = waitForMessage(ann, /^You warped to warps-spawn\.$/);
      ann.chat('/warp warps-spawn');
      await warped;
      await waitFor(() => standsAt(ann, spot), 'Ann to stand at the warp');
    });

    it('refuses a permission warp to the bot until the node is granted, then takes it there', async () => {
      const { rs, writer, ann } = scene();
      const vip = { ...spot, x: spot.x + 3, y: groundAt(ann, spot.x + 3, spot.z) ?? 85 };
      const r = await rs.call('POST', '/warps/warps-vip/create', writer, { location: vip, permission: 'core.warp.warps-vip' });
      assert.equal(r.json.ok, true, JSON.stringify(r.json));
      const refused = waitForMessage(ann, /may not use the warp "warps-vip"/);
      ann.chat('/warp warps-vip');
      await refused;
      assert.equal(standsAt(ann, vip), false, 'Ann stays where she is');
      await grant('Ann', 'core.warp.warps-vip');
      ann.chat('/warp warps-vip');
      await waitFor(() => standsAt(ann, vip), 'Ann to stand at the vip warp');
    });

    it('shows ratings the bots give with /warp rate as the REST average; a new rating replaces the earlier one', async () => {
      const { rs, reader, ann, ben } = scene();
      const rate = async (bot: Bot, stars: number) => {
        const told = waitForMessage(bot, new RegExp(`^You rated the warp warps-spawn ${stars}/5`));
        bot.chat(`/warp rate warps-spawn ${stars}`);
        await told;
      };
      await rate(ann, 5);
      await rate(ben, 2);
      let r = await rs.call('GET', '/warps/warps-spawn', reader);
      assert.deepEqual([r.json.data['average-rating'], r.json.data.ratings], [3.5, 2]);
      await rate(ben, 4);
      r = await rs.call('GET', '/warps/warps-spawn', reader);
      assert.deepEqual([r.json.data['average-rating'], r.json.data.ratings], [4.5, 2]);
    });

    it('lets an admin bot make a warp where it stands with /setwarp and remove it with /delwarp', async () => {
      const { rs, reader, events, ben } = scene();
      const denied = waitForMessage(ben, /core\.warp\.admin/);
      ben.chat('/setwarp warps-market');
      await denied;
      await grant('Ben', 'core.warp.admin');
      await waitFor(() => ben.entity.onGround, 'Ben on the ground');
      const made = waitForMessage(ben, /^You created the warp warps-market where you stand\.$/);
      ben.chat('/setwarp warps-market');
      await made;
      const created = await events.next('warp.create', (d) => d.name === 'warps-market');
      assert.equal(created.data.actor, 'Ben');
      const market = await rs.call('GET', '/warps/warps-market', reader);
      assert.ok(standsAt(ben, market.json.data.location), `${JSON.stringify(market.json.data.location)} is where Ben stands, ${ben.entity.position}`);
      const removed = waitForMessage(ben, /^You deleted the warp warps-market\.$/);
      ben.chat('/delwarp warps-market');
      await removed;
      const deleted = await events.next('warp.delete', (d) => d.name === 'warps-market');
      assert.equal(deleted.data.actor, 'Ben');
    });
  },
};
