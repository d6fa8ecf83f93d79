// Warps over real HTTP and a real event stream against the real server, with bots as the players:
// every warps route, every warp event, permissions, travel and ratings in game.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Bot } from './support/bots.ts';
import { waitFor, waitForMessage } from './support/bots.ts';
import { startScene, type RestServer, type Scene, type Subscription } from './support/rest-server.ts';

describe('warps over the Remote Access Service', () => {
  let scene: Scene;
  let rs: RestServer;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: Bot;
  let ben: Bot;
  let annId: string;
  let spot: { world: string; x: number; y: number; z: number };

  const standsAt = (bot: Bot, p: { x: number; z: number }) => Math.abs(bot.entity.position.x - p.x) < 0.01 && Math.abs(bot.entity.position.z - p.z) < 0.01;
  const names = (data: { warps: Array<{ name: string }> }) => data.warps.map((w) => w.name);

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startScene(['warp.*']));
    annId = ann.player.uuid;
    const p = ann.entity.position;
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

  it('takes the bot to the warp with /warp <name>', async () => {
    assert.equal(standsAt(ann, spot), false);
    ann.chat('/warp spawn');
    await waitFor(() => standsAt(ann, spot), 'Ann to stand at the warp');
  });

  it('shows ratings given in game with /warp rate as the average; a new rating replaces the earlier one', async () => {
    let told = waitForMessage(ann, /You rated spawn 5\/5/);
    ann.chat('/warp rate spawn 5');
    await told;
    told = waitForMessage(ben, /You rated spawn 2\/5/);
    ben.chat('/warp rate spawn 2');
    await told;
    let r = await rs.call('GET', '/warps/spawn', reader);
    assert.deepEqual([r.json.data['average-rating'], r.json.data.ratings], [3.5, 2]);
    told = waitForMessage(ben, /You rated spawn 4\/5/);
    ben.chat('/warp rate spawn 4');
    await told;
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
    const refused = waitForMessage(ann, /may not use the warp "vip"/);
    ann.chat('/warp vip');
    await refused;
    await rs.console('perm grant Ann core.warp.vip', /Granted core\.warp\.vip to Ann/);
    const after = await rs.call('GET', `/warps?visible-to=${annId}`, reader);
    assert.deepEqual(names(after.json.data), ['spawn', 'vip']);
    ann.chat('/warp vip');
    await waitFor(() => standsAt(ann, { x: spot.x + 3, z: spot.z }), 'Ann to stand at the vip warp');
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
    const denied = waitForMessage(ben, /core\.warp\.admin/);
    ben.chat('/setwarp market');
    await denied;
    await rs.console('perm grant Ben core.warp.admin', /Granted core\.warp\.admin to Ben/);
    ben.chat('/setwarp market');
    const created = await events.next('warp.create', (d) => d.name === 'market');
    assert.equal(created.data.actor, 'Ben');
    assert.equal((await rs.call('GET', '/warps/market', reader)).json.data.name, 'market');
    ben.chat('/delwarp market');
    const deleted = await events.next('warp.delete', (d) => d.name === 'market');
    assert.equal(deleted.data.actor, 'Ben');
  });

  it('needs the write scope for writes', async () => {
    const r = await rs.call('POST', '/warps/spawn/delete', reader);
    assert.deepEqual([r.status, r.json.scope], [403, 'write']);
  });
});
