// Inventory snapshots over real HTTP and a real event stream, on the in-process scene (the whole
// plugin on the fake platform, test/support/scene.ts): /invrollback snapshot, list and restore as a
// player runs them, both routes, the inventory after a restore, the death and quit snapshots, and
// invrollback.inventory-restore on the stream. What a player holds of it in the real game:
// test/e2e/areas/invrollback.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startKernelScene, type KernelScene } from '../../../test/support/scene.ts';
import type { HttpAnswer } from '../../../test/support/scene.ts';

describe('inventory snapshots over the Remote Access Service (in process)', () => {
  let scene: KernelScene;
  let annId: string;
  /** Every answer of a snapshot route, to check that none holds an item. */
  const answers: HttpAnswer[] = [];
  const call = async (method: 'GET' | 'POST', path: string, token: string, body?: unknown) => {
    const r = await scene.rs.call(method, path, token, body);
    answers.push(r);
    return r;
  };
  const snapshots = (uuid: string, path = '') => `/players/${uuid}/snapshots${path}`;
  const giveKit = async (uuid: string) => assert.equal((await scene.rs.call('POST', `/players/${uuid}/kits/starter/give`, scene.writer)).json.ok, true);
  /** What the player holds of an item (online or not: the fake keeps a leaver's inventory). */
  const count = (uuid: string, material: string) => (scene.t.platform.inventories.get(uuid) ?? []).reduce((n, s) => n + (s?.material === material ? s.count : 0), 0);

  before(async () => {
    scene = await startKernelScene(['invrollback.*']);
    annId = scene.ann.uuid;
  });
  after(() => scene?.close());

  it('lists no snapshots at first, declines an unknown player, and refuses a malformed uuid with 400', async () => {
    const r = await call('GET', snapshots(annId), scene.reader);
    assert.deepEqual([r.status, r.json], [200, { ok: true, data: { snapshots: [], count: 0, limit: 20 } }]);
    const unknown = await call('GET', snapshots('00000000-0000-0000-0000-0000000000aa'), scene.reader);
    assert.deepEqual([unknown.status, unknown.json.code], [200, 'not-found']);
    const bad = await call('GET', snapshots('nobody'), scene.reader);
    assert.deepEqual([bad.status, bad.json.field], [400, 'uuid']);
  });

  it('/invrollback snapshot and list run by a player holding the admin nodes', async () => {
    const { ann, rs } = scene;
    await ann.run('/invrollback snapshot Ann', /permission/i);
    for (const node of ['snapshot', 'list', 'restore']) await rs.console(`perm grant Ann core.invrollback.${node}`, new RegExp(`core\\.invrollback\\.${node}`));
    await giveKit(annId);
    assert.deepEqual([count(annId, 'bread'), count(annId, 'stone_sword')], [16, 1]);
    await ann.run('/invrollback snapshot Ann', /^Snapshot of Ann: #\d+ command .* by Ann: 17 items in 2 slots\.$/);
    await ann.run('/invrollback list Ann', /^Snapshots of Ann \(1, up to 20 kept\):$/);
    assert.match(ann.messages.at(-1)!, /^#\d+ command at \d{4}-.* by Ann: 17 items in 2 slots$/);
    const r = await call('GET', snapshots(annId), scene.reader);
    assert.equal(r.json.data.count, 1);
    assert.deepEqual([r.json.data.snapshots[0].cause, r.json.data.snapshots[0].actor, r.json.data.snapshots[0]['item-count']], ['command', 'Ann', 17]);
  });

  it('restores a snapshot over HTTP: the player holds what they held then; a restore-safety copy comes first; the event is on the stream', async () => {
    const { writer, reader } = scene;
    const [saved] = (await call('GET', snapshots(annId), reader)).json.data.snapshots;
    await giveKit(annId);
    assert.deepEqual([count(annId, 'bread'), count(annId, 'stone_sword')], [32, 2], 'two kits');
    const r = await call('POST', snapshots(annId, '/restore'), writer, { snapshot: saved.id });
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    assert.deepEqual(r.json.data.restored, saved);
    assert.deepEqual([count(annId, 'bread'), count(annId, 'stone_sword')], [16, 1], 'the snapshot’s items again');
    const e = await scene.events.next('invrollback.inventory-restore', (d) => d['player-id'] === annId);
    assert.deepEqual([e.data['player-name'], e.data.snapshot, e.data.cause, e.data['item-count'], e.data.actor], ['Ann', saved.id, 'command', 17, 'core-rest/writer']);
    const list = (await call('GET', snapshots(annId), reader)).json.data.snapshots;
    assert.deepEqual([list[0].id, list[0].cause, list[0].actor, list[0]['item-count']], [r.json.data['safety-snapshot'].id, 'restore-safety', 'core-rest/writer', 34]);
    assert.equal(e.data['safety-snapshot'], list[0].id);
  });

  it('/invrollback restore run by the player puts the safety copy back (undoing the restore)', async () => {
    const { ann, reader } = scene;
    const [safety] = (await call('GET', snapshots(annId), reader)).json.data.snapshots;
    await ann.run(`/invrollback restore Ann ${safety.id}`, new RegExp(`^Restored snapshot #${safety.id} to Ann; what they held before is snapshot #\\d+\\.$`));
    assert.deepEqual([count(annId, 'bread'), count(annId, 'stone_sword')], [32, 2], 'two kits again');
    await ann.run('/invrollback restore Ann x', /"x" is not a valid id/);
  });

  it('copies the inventory when the player dies (Ben hits Ann until she falls)', async () => {
    const { ben, reader } = scene;
    const before = (await call('GET', snapshots(annId), reader)).json.data.count as number;
    for (let hits = 0; (scene.t.platform.vitals(annId)?.health ?? 0) > 0; hits++) {
      assert.ok(hits < 40, 'Ann falls within 40 hits');
      scene.t.platform.gameplay.damage(annId, 1, { attacker: ben.uuid });
    }
    await scene.t.settle();
    const list = (await call('GET', snapshots(annId), reader)).json.data.snapshots;
    assert.equal(list.length, before + 1);
    assert.deepEqual([list[0]?.cause, list[0]?.actor, list[0]?.['item-count']], ['death', 'server', 34]);
  });

  it('declines an unknown snapshot with not-found, a bad body with 400, and an offline player (with a quit snapshot) with player-offline', async () => {
    const { ben, writer, reader } = scene;
    const benId = ben.uuid;
    const unknown = await call('POST', snapshots(annId, '/restore'), writer, { snapshot: 999999 });
    assert.deepEqual([unknown.status, unknown.json.code], [200, 'not-found']);
    for (const body of [{ snapshot: 0 }, { snapshot: 'x' }, { snapshot: 1.5 }, {}]) {
      const bad = await call('POST', snapshots(annId, '/restore'), writer, body);
      assert.deepEqual([bad.status, bad.json.field], [400, 'snapshot'], JSON.stringify(body));
    }
    const scope = await call('POST', snapshots(annId, '/restore'), reader, { snapshot: 1 });
    assert.equal(scope.status, 403);
    await giveKit(benId);
    assert.equal(count(benId, 'bread'), 16);
    ben.quit();
    await scene.t.settle();
    const list = (await call('GET', snapshots(benId), reader)).json.data.snapshots;
    assert.equal(list.length, 1);
    assert.deepEqual([list[0]?.cause, list[0]?.actor, list[0]?.['item-count']], ['quit', 'server', 17]);
    const offline = await call('POST', snapshots(benId, '/restore'), writer, { snapshot: list[0]!.id });
    assert.deepEqual([offline.status, offline.json.code], [200, 'player-offline']);
  });

  it('no answer holds an item stack', () => {
    assert.ok(answers.length > 15);
    for (const a of answers) assert.ok(!/stone_sword|bread|"material"/.test(JSON.stringify(a.json)), JSON.stringify(a.json));
  });
});
