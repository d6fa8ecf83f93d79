// Inventory snapshots over real HTTP and a real event stream against the real server, with bots
// as the players: /invrollback snapshot, list and restore typed by a bot, both routes, the bot's
// own inventory after a restore, the quit snapshot of a bot that left, and
// invrollback.inventory-restore on the stream.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Bot } from './support/bots.ts';
import { nextEvent, quit, waitFor, waitForMessage } from './support/bots.ts';
import { startScene, type HttpAnswer, type Scene } from './support/rest-server.ts';

const count = (bot: Bot, name: string) => bot.inventory.items().filter((i) => i.name === name).reduce((n, i) => n + i.count, 0);

describe('inventory snapshots over the Remote Access Service', () => {
  let scene: Scene;
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

  before(async () => {
    scene = await startScene(['invrollback.*']);
    annId = scene.ann.player.uuid;
  });
  after(async () => {
    await scene?.close();
  });

  it('lists no snapshots at first, declines an unknown player, and refuses a malformed uuid with 400', async () => {
    const r = await call('GET', snapshots(annId), scene.reader);
    assert.deepEqual([r.status, r.json], [200, { ok: true, data: { snapshots: [], count: 0, limit: 20 } }]);
    const unknown = await call('GET', snapshots('00000000-0000-0000-0000-0000000000aa'), scene.reader);
    assert.deepEqual([unknown.status, unknown.json.code], [200, 'not-found']);
    const bad = await call('GET', snapshots('nobody'), scene.reader);
    assert.deepEqual([bad.status, bad.json.field], [400, 'uuid']);
  });

  it('/invrollback snapshot and list typed by a bot holding the admin nodes', async () => {
    const { ann, rs } = scene;
    const refused = waitForMessage(ann, /permission/i);
    ann.chat('/invrollback snapshot Ann');
    await refused;
    for (const node of ['snapshot', 'list', 'restore']) await rs.console(`perm grant Ann core.invrollback.${node}`, new RegExp(`core\\.invrollback\\.${node}`));
    await giveKit(annId);
    await waitFor(() => count(ann, 'bread') === 16 && count(ann, 'stone_sword') === 1, 'Ann to hold the starter kit');
    const taken = waitForMessage(ann, /Snapshot of Ann: #\d+ command .* by Ann: 17 items in 2 slots/);
    ann.chat('/invrollback snapshot Ann');
    await taken;
    const listed = waitForMessage(ann, /Snapshots of Ann \(1, up to 20 kept\)/);
    ann.chat('/invrollback list Ann');
    await listed;
    const r = await call('GET', snapshots(annId), scene.reader);
    assert.equal(r.json.data.count, 1);
    assert.deepEqual([r.json.data.snapshots[0].cause, r.json.data.snapshots[0].actor, r.json.data.snapshots[0]['item-count']], ['command', 'Ann', 17]);
  });

  it('restores a snapshot over HTTP: the bot holds what it held then; a restore-safety copy comes first; the event is on the stream', async () => {
    const { ann, writer, reader } = scene;
    const [saved] = (await call('GET', snapshots(annId), reader)).json.data.snapshots;
    await giveKit(annId);
    await waitFor(() => count(ann, 'bread') === 32 && count(ann, 'stone_sword') === 2, 'Ann to hold two kits');
    const r = await call('POST', snapshots(annId, '/restore'), writer, { snapshot: saved.id });
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    assert.deepEqual(r.json.data.restored, saved);
    await waitFor(() => count(ann, 'bread') === 16 && count(ann, 'stone_sword') === 1, 'Ann to hold the snapshot’s items again');
    const e = await scene.events.next('invrollback.inventory-restore', (d) => d['player-id'] === annId);
    assert.deepEqual([e.data['player-name'], e.data.snapshot, e.data.cause, e.data['item-count'], e.data.actor], ['Ann', saved.id, 'command', 17, 'core-rest/writer']);
    const list = (await call('GET', snapshots(annId), reader)).json.data.snapshots;
    assert.deepEqual([list[0].id, list[0].cause, list[0].actor, list[0]['item-count']], [r.json.data['safety-snapshot'].id, 'restore-safety', 'core-rest/writer', 34]);
    assert.equal(e.data['safety-snapshot'], list[0].id);
  });

  it('/invrollback restore typed by the bot puts the safety copy back (undoing the restore)', async () => {
    const { ann, reader } = scene;
    const [safety] = (await call('GET', snapshots(annId), reader)).json.data.snapshots;
    const told = waitForMessage(ann, new RegExp(`Restored snapshot #${safety.id} to Ann`));
    ann.chat(`/invrollback restore Ann ${safety.id}`);
    await told;
    await waitFor(() => count(ann, 'bread') === 32 && count(ann, 'stone_sword') === 2, 'Ann to hold two kits again');
    const usage = waitForMessage(ann, /"x" is not a valid id/);
    ann.chat('/invrollback restore Ann x');
    await usage;
  });

  it('copies the inventory when the bot dies (Ben hits Ann until she falls)', async () => {
    const { ann, ben, reader } = scene;
    const before = (await call('GET', snapshots(annId), reader)).json.data.count as number;
    const annSeen = () => Object.values(ben.entities).find((e) => e.type === 'player' && e.username === 'Ann');
    await waitFor(() => annSeen() !== undefined, 'Ben to see Ann');
    // Ann stands still (her client ignores the knock-back), so Ben keeps her in reach.
    ann.physicsEnabled = false;
    // Her death is read from the death event: the game may end her life without sending health 0.
    const died = nextEvent(ann, 'death', 30000);
    let dead = false;
    void died.then(() => (dead = true), () => {});
    for (const end = Date.now() + 30000; Date.now() < end && !dead; ) {
      // Her entity goes from Ben's view the moment she dies.
      const target = annSeen();
      if (target) ben.attack(target);
      await new Promise((r) => setTimeout(r, 60));
    }
    await died;
    let list: Array<Record<string, unknown>> = [];
    for (let i = 0; i < 50 && list.length <= before; i++) {
      list = (await call('GET', snapshots(annId), reader)).json.data.snapshots;
      if (list.length <= before) await new Promise((r) => setTimeout(r, 100));
    }
    assert.deepEqual([list[0]?.cause, list[0]?.actor, list[0]?.['item-count']], ['death', 'server', 34]);
    ann.physicsEnabled = true;
    ann.respawn();
  });

  it('declines an unknown snapshot with not-found, a bad body with 400, and an offline player (with a quit snapshot) with player-offline', async () => {
    const { ben, writer, reader } = scene;
    const benId = ben.player.uuid;
    const unknown = await call('POST', snapshots(annId, '/restore'), writer, { snapshot: 999999 });
    assert.deepEqual([unknown.status, unknown.json.code], [200, 'not-found']);
    for (const body of [{ snapshot: 0 }, { snapshot: 'x' }, { snapshot: 1.5 }, {}]) {
      const bad = await call('POST', snapshots(annId, '/restore'), writer, body);
      assert.deepEqual([bad.status, bad.json.field], [400, 'snapshot'], JSON.stringify(body));
    }
    const scope = await call('POST', snapshots(annId, '/restore'), reader, { snapshot: 1 });
    assert.equal(scope.status, 403);
    await giveKit(benId);
    await waitFor(() => count(ben, 'bread') === 16, 'Ben to hold the starter kit');
    await quit(ben);
    let list: Array<Record<string, unknown>> = [];
    for (let i = 0; i < 50 && list.length === 0; i++) {
      list = (await call('GET', snapshots(benId), reader)).json.data.snapshots;
      if (list.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    assert.deepEqual([list[0]?.cause, list[0]?.actor, list[0]?.['item-count']], ['quit', 'server', 17]);
    const offline = await call('POST', snapshots(benId, '/restore'), writer, { snapshot: list[0]!.id });
    assert.deepEqual([offline.status, offline.json.code], [200, 'player-offline']);
  });

  it('no answer holds an item stack', () => {
    for (const a of answers) assert.ok(!/stone_sword|bread|"material"/.test(JSON.stringify(a.json)), JSON.stringify(a.json));
  });
});
