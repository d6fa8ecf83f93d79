// Player warps over real HTTP and a real event stream, on the in-process scene (the whole plugin on
// the fake platform, test/support/scene.ts): every player-warp route, a paid visit with /pwarp, and
// a refused visit to an archived warp. What a player sees of it in the real game:
// test/e2e/areas/playerwarps.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer, type Subscription } from '../../../test/support/scene.ts';

const NOBODY = '00000000-0000-0000-0000-0000000000aa';

describe('player warps over the Remote Access Service (in process)', () => {
  let scene: KernelScene;
  let rs: SceneRest;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: ScenePlayer;
  let ben: ScenePlayer;
  let annId: string;
  let benId: string;
  let spot: { world: string; x: number; y: number; z: number; yaw: number; pitch: number };

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startKernelScene(['playerwarp.*']));
    annId = ann.uuid;
    benId = ben.uuid;
    const p = ann.location();
    spot = { world: 'world', x: Math.floor(p.x) + 12.5, y: Math.floor(p.y) + 1, z: Math.floor(p.z) + 9.5, yaw: 90, pitch: 0 };
  });
  after(() => scene?.close());

  const create = (owner: string, name: string, location: object = spot) => rs.call('POST', `/players/${owner}/playerwarps`, writer, { name, location });

  it('creates a warp owned by the path player and tells playerwarp.create on the event stream', async () => {
    const r = await create(annId.replaceAll('-', ''), 'AnnShop');
    assert.equal(r.status, 200);
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    const w = r.json.data;
    assert.deepEqual([w.name, w['owner-id'], w['owner-name'], w.state, w.public, w.description], ['annshop', annId, 'Ann', 'active', true, null]);
    assert.deepEqual(w.location, spot);
    assert.deepEqual([w.fee, w.earnings, w.visits], [{ currency: 'coins', amount: 0 }, { currency: 'coins', amount: 0 }, 0]);
    const e = await events.next('playerwarp.create', (d) => d.name === 'annshop');
    assert.deepEqual([e.data['player-id'], e.data['player-name'], e.data['owner-id']], [annId, 'Ann', annId]);
    assert.deepEqual(e.data.location, spot);
    assert.match(String(e.data['occurred-at']), /^\d{4}-\d\d-\d\dT/);
  });

  it('declines a taken name, an unknown player, and refuses a bad name or world with 400 naming the field', async () => {
    assert.deepEqual([(await create(benId, 'annshop')).json.code], ['already-exists']);
    const ghost = await create(NOBODY, 'ghost');
    assert.deepEqual([ghost.status, ghost.json.ok, ghost.json.code], [200, false, 'not-found']);
    const badName = await create(annId, 'no good');
    assert.deepEqual([badName.status, badName.json.field], [400, 'name']);
    const badWorld = await create(annId, 'mars', { ...spot, world: 'mars' });
    assert.deepEqual([badWorld.status, badWorld.json.field], [400, 'location.world']);
    const readOnly = await rs.call('POST', `/players/${annId}/playerwarps`, reader, { name: 'x', location: spot });
    assert.deepEqual([readOnly.status, readOnly.json.scope], [403, 'write']);
  });

  it('reads one warp, and a player’s warps with the count and the limit', async () => {
    const one = await rs.call('GET', '/playerwarps/ANNSHOP', reader);
    assert.deepEqual([one.json.ok, one.json.data.name], [true, 'annshop']);
    const none = await rs.call('GET', '/playerwarps/nope', reader);
    assert.deepEqual([none.status, none.json.ok, none.json.code], [200, false, 'not-found']);
    const mine = await rs.call('GET', `/players/${annId}/playerwarps`, reader);
    assert.deepEqual([mine.json.data.count, mine.json.data.limit, mine.json.data.warps.map((w: { name: string }) => w.name)], [1, 3, ['annshop']]);
    const unknown = await rs.call('GET', `/players/${NOBODY}/playerwarps`, reader);
    assert.deepEqual([unknown.status, unknown.json.code], [200, 'not-found']);
  });

  it('pages the public listing, and refuses limit 0 or 101 with 400', async () => {
    for (const n of ['b-one', 'b-two', 'b-three']) assert.equal((await create(benId, n)).json.ok, true);
    const over = await create(benId, 'b-four');
    assert.deepEqual([over.json.ok, over.json.code], [false, 'refused']);
    const all = await rs.call('GET', '/playerwarps?limit=100', reader);
    const names = all.json.data.warps.map((w: { name: string }) => w.name);
    assert.deepEqual(names, ['annshop', 'b-one', 'b-three', 'b-two']);
    assert.deepEqual([all.json.data.page, all.json.data.limit, all.json.data.total], [1, 100, 4]);
    const two = await rs.call('GET', '/playerwarps?page=2&limit=2', reader);
    assert.deepEqual(two.json.data.warps.map((w: { name: string }) => w.name), names.slice(2, 4));
    assert.deepEqual([two.json.data.page, two.json.data.limit, two.json.data.total], [2, 2, 4]);
    for (const q of ['limit=0', 'limit=101', 'page=0']) {
      const bad = await rs.call('GET', `/playerwarps?${q}`, reader);
      assert.equal(bad.status, 400, q);
      assert.equal(bad.json.field, q.split('=')[0]);
    }
  });

  it('relocates, renames, archives and restores as the actor in the body, refusing a stranger', async () => {
    const moved = { ...spot, x: spot.x + 1 };
    const stranger = await rs.call('POST', '/playerwarps/annshop/relocate', writer, { actor: benId, location: moved });
    assert.deepEqual([stranger.status, stranger.json.code], [200, 'refused']);
    const r = await rs.call('POST', '/playerwarps/annshop/relocate', writer, { actor: annId, location: moved });
    assert.deepEqual(r.json.data.location, moved);
    const back = await rs.call('POST', '/playerwarps/annshop/relocate', writer, { actor: annId, location: spot });
    assert.deepEqual(back.json.data.location, spot);

    const renamed = await rs.call('POST', '/playerwarps/b-two/rename', writer, { actor: benId, 'new-name': 'b-zwei' });
    assert.equal(renamed.json.data.name, 'b-zwei');
    const taken = await rs.call('POST', '/playerwarps/b-zwei/rename', writer, { actor: benId, 'new-name': 'annshop' });
    assert.equal(taken.json.code, 'already-exists');
    const noActor = await rs.call('POST', '/playerwarps/b-zwei/archive', writer, { actor: NOBODY });
    assert.equal(noActor.json.code, 'not-found');

    const archived = await rs.call('POST', '/playerwarps/b-zwei/archive', writer, { actor: benId });
    assert.equal(archived.json.data.state, 'archived');
    assert.equal((await rs.call('POST', '/playerwarps/b-zwei/archive', writer, { actor: benId })).json.code, 'already-in-state');
    const listed = await rs.call('GET', '/playerwarps', reader);
    assert.ok(!listed.json.data.warps.some((w: { name: string }) => w.name === 'b-zwei'));
    assert.equal((await rs.call('POST', '/playerwarps/b-zwei/restore', writer, { actor: benId })).json.data.state, 'active');
    assert.equal((await rs.call('POST', '/playerwarps/b-zwei/restore', writer, { actor: benId })).json.code, 'already-in-state');
  });

  it('moves a player who types /pwarp <name>, charging the fee: their balance drops and the owner’s rises', async () => {
    await ann.run('/pwarp fee annshop 5', /The fee of annshop is now \$5\.00\./);
    const balance = async (id: string) => (await rs.call('GET', `/players/${id}/balance`, reader)).json.data.amount as number;
    const [annBefore, benBefore] = [await balance(annId), await balance(benId)];
    await ben.run('/pwarp annshop', /Welcome to annshop\. You paid \$5\.00 to Ann/);
    assert.ok(Math.hypot(ben.location().x - spot.x, ben.location().z - spot.z) < 1, `Ben at the warp (he is at ${JSON.stringify(ben.location())})`);
    assert.deepEqual([await balance(benId), await balance(annId)], [benBefore - 5, annBefore + 5]);
    const w = (await rs.call('GET', '/playerwarps/annshop', reader)).json.data;
    assert.deepEqual([w.visits, w.earnings], [1, { currency: 'coins', amount: 5 }]);
  });

  it('refuses a player the visit to an archived warp, and they stay where they are', async () => {
    assert.equal((await rs.call('POST', '/playerwarps/b-one/archive', writer, { actor: benId })).json.ok, true);
    const before = ann.location();
    await ann.run('/pwarp b-one', /b-one is archived: nobody can travel to it/);
    await scene.t.settle();
    assert.deepEqual(ann.location(), before);
  });

  it('deletes as the owner only, tells playerwarp.delete, and frees the name', async () => {
    const stranger = await rs.call('POST', '/playerwarps/annshop/delete', writer, { actor: benId });
    assert.equal(stranger.json.code, 'refused');
    const r = await rs.call('POST', '/playerwarps/annshop/delete', writer, { actor: annId });
    assert.deepEqual([r.json.ok, r.json.data.name, r.json.data.visits], [true, 'annshop', 1]);
    const e = await events.next('playerwarp.delete', (d) => d.name === 'annshop');
    assert.deepEqual([e.data['player-id'], e.data['owner-name']], [annId, 'Ann']);
    assert.deepEqual(e.data.location, spot);
    assert.equal((await rs.call('GET', '/playerwarps/annshop', reader)).json.code, 'not-found');
    const again = await create(annId, 'annshop');
    assert.deepEqual([again.json.data.visits, again.json.data.earnings.amount, again.json.data['history-entries']], [0, 0, 1]);
  });
});
