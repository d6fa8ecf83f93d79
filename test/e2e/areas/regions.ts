// Regions against the real game (every regions route: src/modules/regions/regions.scene.test.ts):
// a bot sets the corners where it stands, defines regions between them, and reads them back with
// /region info, /region list, and removes them with /region delete.

import { after, it } from 'node:test';
import assert from 'node:assert/strict';
import { waitFor, waitForMessage, walkOneBlock, type Bot } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

const NODES = ['core.region.define', 'core.region.delete'];

/** Runs a command as a bot and waits for the reply line. */
async function run(bot: Bot, line: string, reply: RegExp): Promise<string> {
  const answer = waitForMessage(bot, reply);
  bot.chat(line);
  return answer;
}

/** The block of a corner as the reply names it: "Corner 1 set at world 3, 64, -7." */
function cornerOf(reply: string): { x: number; y: number; z: number } {
  const m = /set at world (-?\d+), (-?\d+), (-?\d+)/.exec(reply);
  assert.ok(m, reply);
  return { x: Number(m[1]), y: Number(m[2]), z: Number(m[3]) };
}

export const regionsPart: AreaPart = {
  name: 'regions',
  tests(scene) {
    const granted: string[] = [];

    after(async () => {
      const { rs, ann } = scene();
      for (const id of ['regions-plaza', 'regions-around']) {
        const r = await rs.call('GET', `/worlds/world/regions/${id}`, scene().reader);
        if (r.json.data !== null) await run(ann, `/region delete ${id}`, new RegExp(`Region ${id} deleted`));
      }
      for (const node of granted) await rs.console(`perm revoke Ann ${node}`, new RegExp(`Revoked ${node.replaceAll('.', '\\.')} from Ann`));
    });

    it('defines a region between the corners the bot set where it stood, once it holds core.region.define; read back over REST', async () => {
      const { rs, reader, ann } = scene();
      await run(ann, '/region pos1', /permission/i);
      for (const node of NODES) {
        await rs.console(`perm grant Ann ${node}`, new RegExp(node.replaceAll('.', '\\.')));
        granted.push(node);
      }
      // Corners where the bot stands on the ground (it jumps while walking). The position it last
      // told the server goes before the command on its connection.
      await waitFor(() => ann.entity.onGround, 'Ann on the ground');
      const first = ann.entity.position.floored();
      const corner1 = cornerOf(await run(ann, '/region pos1', /^Corner 1 set at world /));
      await walkOneBlock(ann);
      await waitFor(() => ann.entity.onGround, 'Ann on the ground again');
      const second = ann.entity.position.floored();
      const corner2 = cornerOf(await run(ann, '/region pos2', /^Corner 2 set at world /));
      assert.deepEqual([corner1.x, corner1.z, corner2.x, corner2.z], [first.x, first.z, second.x, second.z], 'the corners are the blocks the bot stood in');
      await run(ann, '/region define regions-plaza 5', /^Region regions-plaza defined in world \(priority 5/);
      const r = await rs.call('GET', '/worlds/world/regions/regions-plaza', reader);
      assert.equal(r.json.ok, true, JSON.stringify(r.json));
      const { min, max } = r.json.data;
      for (const p of [first, second]) {
        for (const k of ['x', 'z'] as const) assert.ok(min[k] <= p[k] && p[k] <= max[k], `${k} of ${p} within ${JSON.stringify(r.json.data)}`);
      }
      assert.deepEqual([r.json.data.id, r.json.data.world, r.json.data.priority], ['regions-plaza', 'world', 5]);
      await run(ann, '/region define regions-plaza', /already has a region "regions-plaza"/);
    });

    it('/region info names the regions where the bot stands, highest priority first; /region list every one', async () => {
      const { rs, reader, ann } = scene();
      await run(ann, '/region define regions-around -3', /^Region regions-around defined/);
      const count = (await rs.call('GET', '/worlds/world/regions', reader)).json.data.regions.length as number;
      // Every line the bot reads until the lower region's.
      const lines: string[] = [];
      const read = waitForMessage(ann, (l) => lines.push(l) > 0 && /^regions-around \(priority -3\)/.test(l));
      ann.chat('/region info');
      await read;
      const plaza = lines.findIndex((l) => /^regions-plaza \(priority 5\)/.test(l));
      const around = lines.findIndex((l) => /^regions-around \(priority -3\)/.test(l));
      assert.ok(plaza >= 0 && plaza < around, `regions-plaza before regions-around in ${JSON.stringify(lines)} at ${ann.entity.position}`);
      await run(ann, '/region list', new RegExp(`^Regions in world \\(${count}\\)`));
    });

    it('/region delete removes a region: the REST read answers null after', async () => {
      const { rs, reader, ann } = scene();
      for (const id of ['regions-plaza', 'regions-around']) {
        await run(ann, `/region delete ${id}`, new RegExp(`^Region ${id} deleted from world`));
        const r = await rs.call('GET', `/worlds/world/regions/${id}`, reader);
        assert.deepEqual(r.json, { ok: true, data: null });
      }
    });
  },
};
