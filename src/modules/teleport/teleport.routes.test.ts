// The teleport rows over real HTTP on loopback, answered by the real kernel with the teleport and
// tpa modules on the fake platform: where back would go, moving a player, sending them back, and
// their requests.

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { tpaModule } from '../tpa/index.ts';
import { teleportModule } from './index.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { startKernelAddon, type KernelAddon } from '../../../test/support/rest-addon.ts';
import { http, type HttpAnswer } from '../../../test/support/scene.ts';

const spot = (x: number, y = 64, z = 0) => ({ world: 'world', x, y, z, yaw: 0, pitch: 0 });
const NEVER_SEEN = '00000000-0000-0000-0000-0000000000ab';

describe('the teleport routes', () => {
  let t: TestKernel;
  let rest: KernelAddon;
  let port: number;
  let writer: string;
  let ann: string;
  let ben: string;

  const call = (method: 'GET' | 'POST', path: string, body?: object): Promise<HttpAnswer> =>
    http(port, method, `/api/v1${path}`, { token: writer, ...(body ? { body } : {}) });

  before(async () => {
    t = await startTestKernel({ modules: [teleportModule, tpaModule], beforeStart: (dir) => writeFileSync(join(dir, 'core.conf'), 'teleport-warmup-seconds = 5\n') });
    rest = await startKernelAddon(t);
    port = rest.port;
    writer = await rest.token('writer', 'read,write');
    ann = (await t.join('Ann')).uuid;
    ben = (await t.join('Ben')).uuid;
    await t.platform.teleport(ann, spot(1.5));
  });
  after(async () => {
    await rest?.stop();
    await t?.close();
  });

  it('GET back is 404 before any teleport, and for a player never seen', async () => {
    const r = await call('GET', `/players/${ann}/back`);
    assert.deepEqual([r.status, r.json.code], [404, 'not-found']);
    assert.equal((await call('GET', `/players/${NEVER_SEEN}/back`)).status, 404);
  });

  it('POST teleport moves the player at once (no warm-up), audited as core-rest/writer; GET back then answers', async () => {
    const r = await call('POST', `/players/${ann}/teleport`, { location: { world: 'world', x: 40, y: 70, z: -3 } });
    assert.equal(r.status, 200);
    assert.deepEqual(r.json.data, { from: spot(1.5), to: spot(40, 70, -3) });
    assert.deepEqual(t.platform.location(ann), spot(40, 70, -3));
    assert.equal(t.emittedNamed('teleport.player-teleport').at(-1)?.data.cause, 'rest');
    const audit = (await t.kernel.api.audit.history(ann, 5)).find((h) => h.action === 'teleport');
    assert.equal(audit?.actor, 'core-rest/writer');
    const back = await call('GET', `/players/${ann.replaceAll('-', '').toUpperCase()}/back`);
    assert.equal(back.status, 200);
    assert.deepEqual([back.json.data.location, back.json.data.cause], [spot(1.5), 'rest']);
  });

  it('POST back sends the player back at once; not-found without a back location; player-offline when offline', async () => {
    const r = await call('POST', `/players/${ann}/back`);
    assert.deepEqual(r.json.data, { from: spot(40, 70, -3), to: spot(1.5) });
    assert.deepEqual(t.platform.location(ann), spot(1.5));
    const none = await call('POST', `/players/${ben}/back`);
    assert.deepEqual([none.status, none.json.ok, none.json.code], [200, false, 'not-found']);
    const off = await call('POST', `/players/${NEVER_SEEN}/back`);
    assert.deepEqual([off.json.ok, off.json.code], [false, 'player-offline']);
  });

  it('POST teleport declines an unknown world with a clear message, an offline player with player-offline, and 400s bad bodies', async () => {
    const mars = await call('POST', `/players/${ann}/teleport`, { location: { world: 'mars', x: 0, y: 64, z: 0 } });
    assert.deepEqual([mars.status, mars.json.ok, mars.json.code, mars.json.message], [200, false, 'failed', 'There is no world "mars"; Ann was not moved.']);
    const off = await call('POST', `/players/${NEVER_SEEN}/teleport`, { location: { world: 'world', x: 0, y: 64, z: 0 } });
    assert.deepEqual([off.json.ok, off.json.code], [false, 'player-offline']);
    const partial = await call('POST', `/players/${ann}/teleport`, { location: { world: 'world', x: 0, z: 0 } });
    assert.equal(partial.status, 400);
    assert.equal(partial.json.field, 'location.y', JSON.stringify(partial.json));
    assert.equal((await call('POST', `/players/${ann}/teleport`, {})).status, 400);
  });

  it('GET teleport-requests answers incoming and outgoing', async () => {
    await t.platform.run(ann, '/tpa Ben');
    const r = await call('GET', `/players/${ben}/teleport-requests`);
    assert.equal(r.status, 200);
    assert.deepEqual(
      r.json.data.incoming.map((q: Record<string, unknown>) => [q['sender-name'], q['target-name'], q.kind]),
      [['Ann', 'Ben', 'tpa']],
    );
    assert.deepEqual(r.json.data.outgoing, []);
    const mine = await call('GET', `/players/${ann}/teleport-requests`);
    assert.equal(mine.json.data.outgoing.length, 1);
    const unknown = await call('GET', `/players/${NEVER_SEEN}/teleport-requests`);
    assert.deepEqual([unknown.json.ok, unknown.json.code], [false, 'not-found']);
  });
});
