// Regions over real HTTP against the real server, with a bot defining them in game: every regions
// route, and every /region command as a player uses it.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Bot } from './support/bots.ts';
import { recordMessages, sleep, waitFor, waitForMessage, walkOneBlock } from './support/bots.ts';
import { startScene, type RestServer, type Scene } from './support/rest-server.ts';

describe('regions over the Remote Access Service', () => {
  let scene: Scene;
  let rs: RestServer;
  let reader: string;
  let ann: Bot;

  before(async () => {
    ({ rs, reader, ann } = scene = await startScene(['*']));
  });
  after(() => scene?.close());

  it('says region support is installed', async () => {
    const r = await rs.call('GET', '/regions', reader);
    assert.deepEqual([r.status, r.json], [200, { ok: true, data: { installed: true } }]);
  });

  it('lets only a player holding core.region.define set corners', async () => {
    const no = waitForMessage(ann, /permission/i);
    ann.chat('/region pos1');
    await no;
    await rs.console('perm grant Ann core.region.define', /core\.region\.define/);
    await rs.console('perm grant Ann core.region.delete', /core\.region\.delete/);
  });

  it('defines a region between the two corners where the bot stood, read back over HTTP', async () => {
    // Corners where the bot stands on the ground (a bot may fall a block after spawning; it jumps while walking).
    await waitFor(() => ann.entity.onGround, 'Ann on the ground');
    await sleep(250);
    const first = ann.entity.position.floored();
    let told = waitForMessage(ann, /Corner 1 set at world/);
    ann.chat('/region pos1');
    await told;
    await walkOneBlock(ann);
    await waitFor(() => ann.entity.onGround, 'Ann on the ground again');
    await sleep(250);
    const second = ann.entity.position.floored();
    told = waitForMessage(ann, /Corner 2 set at world/);
    ann.chat('/region pos2');
    await told;
    told = waitForMessage(ann, /Region plaza defined in world \(priority 5/);
    ann.chat('/region define Plaza 5');
    await told;
    const r = await rs.call('GET', '/worlds/world/regions/plaza', reader);
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    const { min, max } = r.json.data;
    for (const p of [first, second]) {
      for (const k of ['x', 'z'] as const) assert.ok(min[k] <= p[k] && p[k] <= max[k], `${k} of ${p} within ${JSON.stringify(r.json.data)}`);
    }
    assert.deepEqual([r.json.data.id, r.json.data.world, r.json.data.priority], ['plaza', 'world', 5]);
    const taken = waitForMessage(ann, /already has a region "plaza"/);
    ann.chat('/region define plaza');
    await taken;
  });

  it('lists the regions of a world, or those covering a point, highest priority first', async () => {
    // A second, larger region of lower priority around the first, defined from the same corners.
    const told = waitForMessage(ann, /Region around defined/);
    ann.chat('/region define around -3');
    await told;
    const all = await rs.call('GET', '/worlds/world/regions', reader);
    assert.deepEqual(all.json.data.regions.map((x: { id: string }) => x.id), ['plaza', 'around']);
    const plaza = all.json.data.regions[0];
    const inside = await rs.call('GET', `/worlds/world/regions?x=${plaza.min.x + 0.5}&y=${plaza.min.y}&z=${plaza.min.z}`, reader);
    assert.deepEqual(inside.json.data.regions.map((x: { id: string; priority: number }) => [x.id, x.priority]), [['plaza', 5], ['around', -3]]);
    const outside = await rs.call('GET', `/worlds/world/regions?x=${plaza.max.x + 100}&y=${plaza.min.y}&z=${plaza.min.z}`, reader);
    assert.deepEqual(outside.json, { ok: true, data: { world: 'world', regions: [] } });
  });

  it('refuses a partial point with 400 naming the missing coordinate, and a bad coordinate naming it', async () => {
    const partial = await rs.call('GET', '/worlds/world/regions?x=1&y=2', reader);
    assert.deepEqual([partial.status, partial.json.field], [400, 'z']);
    const onlyZ = await rs.call('GET', '/worlds/world/regions?z=1', reader);
    assert.deepEqual([onlyZ.status, onlyZ.json.field], [400, 'x']);
    const bad = await rs.call('GET', '/worlds/world/regions?x=a&y=2&z=3', reader);
    assert.deepEqual([bad.status, bad.json.field], [400, 'x']);
  });

  it('answers null in data for a region id the world lacks, and not-found for a world the server lacks', async () => {
    const none = await rs.call('GET', '/worlds/world/regions/nowhere', reader);
    assert.deepEqual([none.status, none.json], [200, { ok: true, data: null }]);
    const world = await rs.call('GET', '/worlds/atlantis/regions', reader);
    assert.deepEqual([world.status, world.json.ok, world.json.code], [200, false, 'not-found']);
    const badName = await rs.call('GET', '/worlds/Not%20A%20World/regions', reader);
    assert.deepEqual([badName.status, badName.json.field], [400, 'name']);
  });

  it('/region info names the regions where the bot stands, /region list every one', async () => {
    const lines = recordMessages(ann);
    ann.chat('/region info');
    await waitFor(() => lines.some((l) => /^plaza \(priority 5\)/.test(l)) && lines.some((l) => /^around \(priority -3\)/.test(l)), 'both regions in /region info').catch((e: Error) => {
      throw new Error(`${e.message}; the bot read ${JSON.stringify(lines)} at ${ann.entity.position}`);
    });
    lines.length = 0;
    ann.chat('/region list');
    await waitFor(() => lines.some((l) => /Regions in world \(2\)/.test(l)), '/region list');
  });

  it('/region delete removes a region: the read answers null after', async () => {
    const told = waitForMessage(ann, /Region plaza deleted from world/);
    ann.chat('/region delete plaza');
    await told;
    const r = await rs.call('GET', '/worlds/world/regions/plaza', reader);
    assert.deepEqual(r.json, { ok: true, data: null });
  });
});
