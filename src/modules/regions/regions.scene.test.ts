// Regions over real HTTP on the in-process scene (the whole plugin on the fake platform,
// test/support/scene.ts), with a player defining them in game: every regions route, and every
// /region command as a player uses it. What a player sees of it in the real game:
// test/e2e/areas/regions.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer } from '../../../test/support/scene.ts';

describe('regions over the Remote Access Service (in process)', () => {
  let scene: KernelScene;
  let rs: SceneRest;
  let reader: string;
  let ann: ScenePlayer;

  /** The block a player stands in. */
  const blockOf = (p: ScenePlayer) => {
    const at = p.location();
    return { x: Math.floor(at.x), y: Math.floor(at.y), z: Math.floor(at.z) };
  };

  before(async () => {
    ({ rs, reader, ann } = scene = await startKernelScene(['*']));
  });
  after(() => scene?.close());

  it('says region support is installed', async () => {
    const r = await rs.call('GET', '/regions', reader);
    assert.deepEqual([r.status, r.json], [200, { ok: true, data: { installed: true } }]);
  });

  it('lets only a player holding core.region.define set corners', async () => {
    await ann.run('/region pos1', /permission/i);
    await rs.console('perm grant Ann core.region.define', /core\.region\.define/);
    await rs.console('perm grant Ann core.region.delete', /core\.region\.delete/);
    await ann.run('/region pos1', /Corner 1 set at world/);
  });

  it('defines a region between the two corners where the player stood, read back over HTTP', async () => {
    const first = blockOf(ann);
    await ann.run('/region pos1', new RegExp(`Corner 1 set at world ${first.x}, ${first.y}, ${first.z}`));
    // She walks one block on.
    const here = ann.location();
    scene.t.platform.move(ann.uuid, { ...here, x: here.x + 1 });
    const second = blockOf(ann);
    assert.notDeepEqual(second, first);
    await ann.run('/region pos2', new RegExp(`Corner 2 set at world ${second.x}, ${second.y}, ${second.z}`));
    await ann.run('/region define Plaza 5', /Region plaza defined in world \(priority 5/);
    const r = await rs.call('GET', '/worlds/world/regions/plaza', reader);
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    const { min, max } = r.json.data;
    for (const p of [first, second]) {
      for (const k of ['x', 'z'] as const) assert.ok(min[k] <= p[k] && p[k] <= max[k], `${k} of ${JSON.stringify(p)} within ${JSON.stringify(r.json.data)}`);
    }
    assert.deepEqual([r.json.data.id, r.json.data.world, r.json.data.priority], ['plaza', 'world', 5]);
    await ann.run('/region define plaza', /already has a region "plaza"/);
  });

  it('lists the regions of a world, or those covering a point, highest priority first', async () => {
    // A second region of lower priority, defined from the same corners.
    await ann.run('/region define around -3', /Region around defined/);
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

  it('/region info names the regions where the player stands, /region list every one', async () => {
    const mark = ann.messages.length;
    await ann.run('/region info', /^plaza \(priority 5\)/);
    assert.ok(
      ann.messages.slice(mark).some((l) => /^around \(priority -3\)/.test(l)),
      JSON.stringify(ann.messages.slice(mark)),
    );
    await ann.run('/region list', /Regions in world \(2\)/);
  });

  it('/region delete removes a region: the read answers null after', async () => {
    await ann.run('/region delete plaza', /Region plaza deleted from world/);
    const r = await rs.call('GET', '/worlds/world/regions/plaza', reader);
    assert.deepEqual(r.json, { ok: true, data: null });
  });
});
