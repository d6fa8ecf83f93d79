// Homes over real HTTP and a real event stream, on the in-process scene (the whole plugin on the
// fake platform, test/support/scene.ts): every homes route, every home event, and the homes as
// players use them in game. What a player sees of it in the real game: test/e2e/areas/homes.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer, type Subscription } from '../../../test/support/scene.ts';

describe('homes over the Remote Access Service (in process)', () => {
  let scene: KernelScene;
  let rs: SceneRest;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: ScenePlayer;
  let ben: ScenePlayer;
  let annId: string;
  let home1: { world: string; x: number; y: number; z: number };

  /** Whether a player stands (horizontally) at a point. */
  const standsAt = (p: ScenePlayer, at: { x: number; z: number }) => Math.abs(p.location().x - at.x) < 0.01 && Math.abs(p.location().z - at.z) < 0.01;
  const homes = (path = '') => `/players/${annId}/homes${path}`;

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startKernelScene(['home.*']));
    annId = ann.uuid;
    const p = ann.location();
    home1 = { world: 'world', x: Math.floor(p.x) + 6.5, y: Math.floor(p.y) + 2, z: Math.floor(p.z) + 3.5 };
  });
  after(() => scene?.close());

  it('lists no homes, a count of 0 and the default limit 3 for a new player', async () => {
    const r = await rs.call('GET', homes(), reader);
    assert.deepEqual([r.status, r.json], [200, { ok: true, data: { homes: [], count: 0, limit: 3 } }]);
  });

  it('declines with not-found for a player the server has never seen, and refuses a malformed uuid with 400', async () => {
    const r = await rs.call('GET', '/players/00000000-0000-0000-0000-0000000000aa/homes', reader);
    assert.deepEqual([r.status, r.json.ok, r.json.code], [200, false, 'not-found']);
    const set = await rs.call('POST', '/players/00000000000000000000000000000aaa/homes/1/set', writer, { location: home1 });
    assert.deepEqual([set.status, set.json.code], [200, 'not-found']);
    const bad = await rs.call('GET', '/players/not-a-uuid/homes', reader);
    assert.deepEqual([bad.status, bad.json.field], [400, 'uuid']);
  });

  it('sets a home on an empty slot (home.create), and /home 1 takes the player there', async () => {
    const r = await rs.call('POST', homes('/1/set'), writer, { location: home1 });
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    assert.deepEqual(r.json.data.location, { ...home1, yaw: 0, pitch: 0 });
    assert.deepEqual([r.json.data.slot, r.json.data.label, r.json.data.icon, r.json.data.visibility], [1, null, 'red_bed', 'private']);
    assert.match(r.json.data['created-at'], /^\d{4}-\d\d-\d\dT/);
    const e = await events.next('home.create', (d) => d['player-id'] === annId && d.slot === 1);
    assert.deepEqual([e.data['player-name'], e.data.location], ['Ann', r.json.data.location]);
    assert.equal(standsAt(ann, home1), false);
    await ann.run('/home 1', /Welcome home: 1\./);
    assert.deepEqual(ann.location(), { ...home1, yaw: 0, pitch: 0 });
  });

  it('reads one home, and answers 404 for an empty slot and 400 naming slot for a bad one', async () => {
    const one = await rs.call('GET', homes('/1'), reader);
    assert.deepEqual([one.status, one.json.data.slot, one.json.data.location.x], [200, 1, home1.x]);
    const empty = await rs.call('GET', homes('/2'), reader);
    assert.deepEqual([empty.status, empty.json.ok, empty.json.code], [404, false, 'not-found']);
    for (const slot of ['0', 'abc', '1001', '1.5']) {
      const bad = await rs.call('GET', homes(`/${slot}`), reader);
      assert.deepEqual([bad.status, bad.json.field], [400, 'slot'], `slot ${slot}`);
    }
  });

  it('sets an occupied slot again (home.relocate) and refuses a slot beyond the limit (refused, home.limit-reached)', async () => {
    const r = await rs.call('POST', homes('/1/set'), writer, { location: { ...home1, y: home1.y + 1, yaw: 90 } });
    assert.equal(r.json.data.location.yaw, 90);
    const e = await events.next('home.relocate', (d) => d['player-id'] === annId && (d.location as { yaw: number }).yaw === 90);
    assert.deepEqual(e.data['previous-location'], { ...home1, yaw: 0, pitch: 0 });
    const no = await rs.call('POST', homes('/4/set'), writer, { location: home1 });
    assert.deepEqual([no.status, no.json.ok, no.json.code], [200, false, 'refused']);
    const limit = await events.next('home.limit-reached', (d) => d['player-id'] === annId);
    assert.deepEqual([limit.data.slot, limit.data.limit, limit.data.count], [4, 3, 1]);
  });

  it('refuses an unknown world (field world), a partial coordinate and a missing body with 400', async () => {
    const world = await rs.call('POST', homes('/2/set'), writer, { location: { world: 'atlantis', x: 0, y: 64, z: 0 } });
    assert.deepEqual([world.status, world.json.field], [400, 'world']);
    const partial = await rs.call('POST', homes('/2/set'), writer, { location: { world: 'world', x: 0, y: 64 } });
    assert.deepEqual([partial.status, partial.json.field], [400, 'location.z']);
    const none = await rs.call('POST', homes('/2/set'), writer, {});
    assert.deepEqual([none.status, none.json.field], [400, 'location']);
  });

  it('moves: declined with not-found on an empty slot, home.relocate on an occupied one', async () => {
    const empty = await rs.call('POST', homes('/2/move'), writer, { location: home1 });
    assert.deepEqual([empty.status, empty.json.ok, empty.json.code], [200, false, 'not-found']);
    const moved = await rs.call('POST', homes('/1/move'), writer, { location: home1 });
    assert.equal(moved.json.data.location.yaw, 0);
    await events.next('home.relocate', (d) => d['player-id'] === annId && (d.location as { yaw: number }).yaw === 0);
  });

  it('renames (home.rename), declines a label another home holds with already-exists, refuses a bad label with 400', async () => {
    const r = await rs.call('POST', homes('/1/rename'), writer, { label: 'base' });
    assert.equal(r.json.data.label, 'base');
    const e = await events.next('home.rename', (d) => d['player-id'] === annId && d.label === 'base');
    assert.equal(e.data['previous-label'], null);
    await rs.call('POST', homes('/2/set'), writer, { location: home1 });
    const taken = await rs.call('POST', homes('/2/rename'), writer, { label: 'BASE' });
    assert.deepEqual([taken.status, taken.json.code], [200, 'already-exists']);
    const empty = await rs.call('POST', homes('/3/rename'), writer, { label: 'x' });
    assert.equal(empty.json.code, 'not-found');
    const bad = await rs.call('POST', homes('/1/rename'), writer, { label: '12' });
    assert.deepEqual([bad.status, bad.json.field], [400, 'label']);
  });

  it('shows a home set in game with /sethome in the REST read', async () => {
    await ann.run('/sethome camp', /^You set your home 3 \(camp\) at world /);
    const r = await rs.call('GET', homes(), reader);
    assert.deepEqual(
      r.json.data.homes.map((h: { slot: number; label: string | null }) => [h.slot, h.label]),
      [
        [1, 'base'],
        [2, null],
        [3, 'camp'],
      ],
    );
    assert.equal(r.json.data.count, 3);
    const camp = r.json.data.homes[2].location;
    assert.ok(Math.abs(camp.x - ann.location().x) < 0.01 && Math.abs(camp.z - ann.location().z) < 0.01, JSON.stringify(camp));
  });

  it('carries icon and visibility changes made in game, and another player visits a public home', async () => {
    await ann.chat('/home icon base diamond_block');
    const icon = await events.next('home.icon-change', (d) => d['player-id'] === annId);
    assert.deepEqual([icon.data.slot, icon.data.icon, icon.data['previous-icon']], [1, 'diamond_block', 'red_bed']);
    await ben.run('/home Ann:base', /^That home is private: only its owner can go there\.$/);
    assert.equal(standsAt(ben, home1), false);
    await ann.chat('/home public 1');
    const vis = await events.next('home.visibility-change', (d) => d['player-id'] === annId);
    assert.deepEqual([vis.data.slot, vis.data.visibility, vis.data['previous-visibility']], [1, 'public', 'private']);
    await ben.run('/home Ann:base', /^Welcome to the home 1 \(base\) of Ann\.$/);
    assert.ok(standsAt(ben, home1), 'Ben stands at Ann’s public home');
    const read = await rs.call('GET', homes('/1'), reader);
    assert.deepEqual([read.json.data.icon, read.json.data.visibility], ['diamond_block', 'public']);
  });

  it('deletes a home (home.delete); deleting an empty slot answers deleted: false', async () => {
    const r = await rs.call('POST', homes('/2/delete'), writer);
    assert.deepEqual([r.json.data.deleted, r.json.data.home.slot], [true, 2]);
    const e = await events.next('home.delete', (d) => d['player-id'] === annId && d.slot === 2);
    assert.deepEqual(e.data.location, { ...home1, yaw: 0, pitch: 0 });
    const again = await rs.call('POST', homes('/2/delete'), writer);
    assert.deepEqual(again.json, { ok: true, data: { slot: 2, deleted: false, home: null } });
    assert.equal((await rs.call('GET', homes('/2'), reader)).status, 404);
  });

  it('needs the write scope for writes', async () => {
    const r = await rs.call('POST', homes('/1/delete'), reader);
    assert.deepEqual([r.status, r.json.scope], [403, 'write']);
  });

  it('records REST and in-game writes in the audit log with their actors', async () => {
    const rows = await scene.query<{ actor: string; action: string }>("SELECT actor, action FROM core_audit WHERE target = ? AND action LIKE 'home.%' ORDER BY id", annId);
    const seen = rows.map((r) => `${r.actor} ${r.action}`);
    for (const want of ['core-rest/writer home.set', 'core-rest/writer home.rename', 'Ann home.set', 'Ann home.icon', 'core-rest/writer home.delete']) {
      assert.ok(seen.includes(want), `${want} in ${JSON.stringify(seen)}`);
    }
  });
});
