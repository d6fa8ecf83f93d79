// Warps over real HTTP and a real event stream, on the in-process scene (the whole plugin on the
// fake platform, test/support/scene.ts): every warps route, every warp event, permissions, travel
// and ratings in game. What a player sees of it in the real game: test/e2e/areas/warps.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer, type Subscription } from '../../../test/support/scene.ts';

describe('warps over the Remote Access Service (in process)', () => {
  let scene: KernelScene;
  let rs: SceneRest;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: ScenePlayer;
  let ben: ScenePlayer;
  let annId: string;
  let spot: { world: string; x: number; y: number; z: number };

  const standsAt = (p: ScenePlayer, at: { x: number; z: number }) => Math.abs(p.location().x - at.x) < 0.01 && Math.abs(p.location().z - at.z) < 0.01;
  const names = (data: { warps: Array<{ name: string }> }) => data.warps.map((w) => w.name);

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startKernelScene(['warp.*']));
    annId = ann.uuid;
    const p = ann.location();
    spot = { world: 'world', x: Math.floor(p.x) - 5.5, y: Math.floor(p.y) + 2, z: Math.floor(p.z) + 4.5 };
  });
  after(() => scene?.close());

  it('creates a warp (warp.create); the name is case-insensitive and taken names answer already-exists', async () => {
    const r = await rs.call('POST', '/warps/Spawn/create', writer, { location: spot });
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    assert.deepEqual(
      [r.json.data.name, r.json.data.location, r.json.data.permission, r.json.data['average-rating'], r.json.data.ratings],
      ['spawn', { ...spot, yaw: 0, pitch: 0 }, null, null, 0],
    );
    const e = await events.next('warp.create', (d) => d.name === 'spawn');
    assert.deepEqual([e.data.actor, e.data.location], ['core-rest/writer', r.json.data.location]);
    const again = await rs.call('POST', '/warps/SPAWN/create', writer, { location: spot });
    assert.deepEqual([again.status, again.json.ok, again.json.code], [200, false, 'already-exists']);
  });

  it('refuses a bad name, an unknown world and a malformed permission with 400 naming the field', async () => {
    const name = await rs.call('POST', '/warps/bad!name/create', writer, { location: spot });
    assert.deepEqual([name.status, name.json.field], [400, 'name']);
    const world = await rs.call('POST', '/warps/sea/create', writer, { location: { ...spot, world: 'atlantis' } });
    assert.deepEqual([world.status, world.json.field], [400, 'world']);
    const perm = await rs.call('POST', '/warps/sea/create', writer, { location: spot, permission: 'not a node' });
    assert.deepEqual([perm.status, perm.json.field], [400, 'permission']);
  });

  it('reads one warp with its rating; an unknown name is declined with not-found (200, not 404)', async () => {
    const r = await rs.call('GET', '/warps/spawn', reader);
    assert.deepEqual([r.status, r.json.data.name, r.json.data['average-rating'], r.json.data.ratings], [200, 'spawn', null, 0]);
    const none = await rs.call('GET', '/warps/nowhere', reader);
    assert.deepEqual([none.status, none.json.ok, none.json.code], [200, false, 'not-found']);
  });

  it('takes the player to the warp with /warp <name>', async () => {
    assert.equal(standsAt(ann, spot), false);
    await ann.run('/warp spawn', /You warped to spawn\./);
    assert.deepEqual(ann.location(), { ...spot, yaw: 0, pitch: 0 });
  });

  it('shows ratings given in game with /warp rate as the average; a new rating replaces the earlier one', async () => {
    await ann.run('/warp rate spawn 5', /You rated the warp spawn 5\/5/);
    await ben.run('/warp rate spawn 2', /You rated the warp spawn 2\/5/);
    let r = await rs.call('GET', '/warps/spawn', reader);
    assert.deepEqual([r.json.data['average-rating'], r.json.data.ratings], [3.5, 2]);
    await ben.run('/warp rate spawn 4', /You rated the warp spawn 4\/5/);
    r = await rs.call('GET', '/warps/spawn', reader);
    assert.deepEqual([r.json.data['average-rating'], r.json.data.ratings], [4.5, 2]);
  });

  it('lists all warps, or with visible-to only those the player may see; a permission granted in game opens one', async () => {
    const vip = await rs.call('POST', '/warps/vip/create', writer, { location: { ...spot, x: spot.x + 3 }, permission: 'core.warp.vip' });
    assert.equal(vip.json.data.permission, 'core.warp.vip');
    await events.next('warp.create', (d) => d.name === 'vip' && d.permission === 'core.warp.vip');
    const all = await rs.call('GET', '/warps', reader);
    assert.deepEqual([names(all.json.data), all.json.data.count], [['spawn', 'vip'], 2]);
    const annSees = await rs.call('GET', `/warps?visible-to=${annId.replaceAll('-', '')}`, reader);
    assert.deepEqual(names(annSees.json.data), ['spawn']);
    await ann.run('/warp vip', /may not use the warp "vip"/);
    assert.equal(standsAt(ann, { x: spot.x + 3, z: spot.z }), false, 'Ann stays where she is');
    await rs.console('perm grant Ann core.warp.vip', /Granted core\.warp\.vip to Ann/);
    const after = await rs.call('GET', `/warps?visible-to=${annId}`, reader);
    assert.deepEqual(names(after.json.data), ['spawn', 'vip']);
    await ann.run('/warp vip', /You warped to vip\./);
    assert.ok(standsAt(ann, { x: spot.x + 3, z: spot.z }), 'Ann stands at the vip warp');
  });

  it('declines visible-to naming a player never seen with not-found, and refuses a malformed one with 400', async () => {
    const unknown = await rs.call('GET', '/warps?visible-to=00000000-0000-0000-0000-0000000000aa', reader);
    assert.deepEqual([unknown.status, unknown.json.code], [200, 'not-found']);
    const bad = await rs.call('GET', '/warps?visible-to=ann', reader);
    assert.deepEqual([bad.status, bad.json.field], [400, 'visible-to']);
  });

  it('moves a warp, keeping its ratings; an unknown name is declined with not-found', async () => {
    const r = await rs.call('POST', '/warps/spawn/move', writer, { location: { ...spot, z: spot.z + 2, yaw: 45 } });
    assert.deepEqual([r.json.data.location.z, r.json.data.location.yaw, r.json.data.ratings], [spot.z + 2, 45, 2]);
    const none = await rs.call('POST', '/warps/nowhere/move', writer, { location: spot });
    assert.deepEqual([none.status, none.json.code], [200, 'not-found']);
  });

  it('deletes a warp (warp.delete); deleting it again is declined with not-found', async () => {
    const r = await rs.call('POST', '/warps/vip/delete', writer);
    assert.equal(r.json.data.name, 'vip');
    const e = await events.next('warp.delete', (d) => d.name === 'vip');
    assert.equal(e.data.actor, 'core-rest/writer');
    const again = await rs.call('POST', '/warps/vip/delete', writer);
    assert.deepEqual([again.status, again.json.code], [200, 'not-found']);
  });

  it('lets an admin create and delete warps in game (/setwarp, /delwarp need core.warp.admin)', async () => {
    await ben.run('/setwarp market', /core\.warp\.admin/);
    assert.equal((await rs.call('GET', '/warps/market', reader)).json.code, 'not-found');
    await rs.console('perm grant Ben core.warp.admin', /Granted core\.warp\.admin to Ben/);
    await ben.run('/setwarp market', /You created the warp market where you stand\./);
    const created = await events.next('warp.create', (d) => d.name === 'market');
    assert.equal(created.data.actor, 'Ben');
    const market = await rs.call('GET', '/warps/market', reader);
    assert.deepEqual([market.json.data.name, market.json.data.location], ['market', ben.location()]);
    await ben.run('/delwarp market', /You deleted the warp market\./);
    const deleted = await events.next('warp.delete', (d) => d.name === 'market');
    assert.equal(deleted.data.actor, 'Ben');
  });

  it('needs the write scope for writes', async () => {
    const r = await rs.call('POST', '/warps/spawn/delete', reader);
    assert.deepEqual([r.status, r.json.scope], [403, 'write']);
  });
});
