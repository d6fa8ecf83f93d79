// Player warps against the real game (their routes, commands and events:
// src/modules/playerwarps/playerwarps.scene.test.ts): a fee set with /pwarp fee, a paid visit with
// /pwarp <name> that moves the bot and the money, and a refused visit to an archived warp.

import { after, it } from 'node:test';
import assert from 'node:assert/strict';
import { groundAt, waitFor, waitForMessage } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

export const playerwarpsPart: AreaPart = {
  name: 'playerwarps',
  tests(scene) {
    /** The warps this part made, with their owners (it deletes them at the end). */
    const made: Array<{ name: string; owner: string }> = [];

    const balanceOf = async (uuid: string): Promise<number> => {
      const { rs, reader } = scene();
      return (await rs.call('GET', `/players/${uuid}/balance`, reader)).json.data.amount as number;
    };
    const create = async (owner: string, name: string, location: object) => {
      const { rs, writer } = scene();
      const r = await rs.call('POST', `/players/${owner}/playerwarps`, writer, { name, location });
      assert.equal(r.json.ok, true, JSON.stringify(r.json));
      made.push({ name, owner });
      return r.json.data;
    };

    after(async () => {
      const { rs, writer } = scene();
      for (const { name, owner } of made) await rs.call('POST', `/playerwarps/${name}/delete`, writer, { actor: owner });
    });

    it('moves Ben to Ann’s warp with /pwarp <name>, charging the fee Ann set with /pwarp fee: his money goes to her', async () => {
      const { rs, writer, reader, ann, ben } = scene();
      const [annId, benId] = [ann.player.uuid, ben.player.uuid];
      // On the ground of a spot near the world spawn (high above it when Ben has not got its chunk: he falls, never sideways).
      const [x, z] = [Math.floor(ann.spawnPoint.x) + 12.5, Math.floor(ann.spawnPoint.z) + 9.5];
      const spot = { world: 'world', x, y: groundAt(ben, x, z) ?? 85, z, yaw: 90, pitch: 0 };
      await create(annId, 'pw-annshop', spot);
      const fee = waitForMessage(ann, /^The fee of pw-annshop is now \$5\.00\.$/);
      ann.chat('/pwarp fee pw-annshop 5');
      await fee;
      // Ben pays 5: top him up first when earlier parts left him less.
      if ((await balanceOf(benId)) < 5) assert.equal((await rs.call('POST', `/players/${benId}/balance/deposit`, writer, { amount: 5 })).json.ok, true);
      const [annBefore, benBefore] = [await balanceOf(annId), await balanceOf(benId)];
      const welcome = waitForMessage(ben, /^Welcome to pw-annshop\. You paid \$5\.00 to Ann/);
      ben.chat('/pwarp pw-annshop');
      await welcome;
      await waitFor(() => Math.hypot(ben.entity.position.x - spot.x, ben.entity.position.z - spot.z) < 0.01, `Ben at the warp (he is at ${ben.entity.position})`);
      assert.deepEqual([await balanceOf(benId), await balanceOf(annId)], [benBefore - 5, annBefore + 5]);
      const w = (await rs.call('GET', '/playerwarps/pw-annshop', reader)).json.data;
      assert.deepEqual([w.visits, w.earnings], [1, { currency: 'coins', amount: 5 }]);
    });

    it('refuses the bot a visit to an archived warp: it is told, and stays where it is', async () => {
      const { rs, writer, ann, ben } = scene();
      const p = ann.spawnPoint;
      await create(ben.player.uuid, 'pw-closed', { world: 'world', x: Math.floor(p.x) - 9.5, y: 85, z: Math.floor(p.z) + 7.5 });
      assert.equal((await rs.call('POST', '/playerwarps/pw-closed/archive', writer, { actor: ben.player.uuid })).json.ok, true);
      await waitFor(() => ann.entity.onGround, 'Ann on the ground');
      const before = ann.entity.position.clone();
      const refused = waitForMessage(ann, /pw-closed is archived: nobody can travel to it/);
      ann.chat('/pwarp pw-closed');
      // The server answers a bot in order: a move would have reached it before the refusal.
      await refused;
      assert.ok(ann.entity.position.distanceTo(before) < 0.5, `Ann moved to ${ann.entity.position}`);
    });
  },
};
