// GET /players and GET /players/by-name/{name} over real HTTP on loopback, answered by the real
// kernel (known players in SQLite) on the fake platform.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Value } from '@sinclair/typebox/value';
import { KnownPlayerAnswer, OnlinePlayerList } from '../core/players/players.schemas.ts';
import type { Players } from '../core/players/players.ts';
import { startTestKernel, type TestKernel } from '../../test/support/test-kernel.ts';
import { startKernelAddon, type KernelAddon } from '../../test/support/rest-addon.ts';
import { http, type HttpAnswer } from './test-support.ts';

describe('the players routes', () => {
  let t: TestKernel;
  let rest: KernelAddon;
  let port: number;
  let reader: string;
  let eventsOnly: string;

  const get = (path: string, token = reader): Promise<HttpAnswer> => http(port, 'GET', `/api/v1${path}`, { token });
  const idle = () => (t.kernel.api.players as Players).idle();
  const online = async () => {
    const r = await get('/players');
    assert.equal(r.status, 200);
    assert.ok(Value.Check(OnlinePlayerList, r.json.data), JSON.stringify(r.json));
    return r.json.data as OnlinePlayerList;
  };
  const token = (label: string, scopes: string) => rest.token(label, scopes);

  before(async () => {
    t = await startTestKernel();
    rest = await startKernelAddon(t);
    port = rest.port;
    reader = await token('reader', 'read');
    eventsOnly = await token('watcher', 'events');
  });
  after(async () => {
    await rest?.stop();
    await t?.close();
  });

  it('answers an empty list while nobody is online', async () => {
    assert.deepEqual(await online(), { players: [], count: 0 });
  });

  it('lists everyone online with uuid, world, ping and join time, ordered by name whatever the case', async () => {
    const bobJoined = t.clock.now().toISOString();
    const bob = t.platform.join('bob', { ping: 42 })!;
    t.clock.advance(90);
    const annJoined = t.clock.now().toISOString();
    const ann = t.platform.join('Ann', { location: { world: 'world_nether' } })!;
    const carl = t.platform.join('Carl')!;
    t.platform.setPing(carl.uuid, 7);
    await idle();
    t.clock.advance(30);
    assert.deepEqual(await online(), {
      players: [
        { uuid: ann.uuid, name: 'Ann', world: 'world_nether', ping: 0, since: annJoined },
        { uuid: bob.uuid, name: 'bob', world: 'world', ping: 42, since: bobJoined },
        { uuid: carl.uuid, name: 'Carl', world: 'world', ping: 7, since: annJoined },
      ],
      count: 3,
    });
  });

  it('drops a player who left, and counts a rejoin from the new join', async () => {
    const bob = t.platform.playerByName('bob')!;
    t.platform.quit(bob.uuid);
    await idle();
    assert.deepEqual((await online()).players.map((p) => p.name), ['Ann', 'Carl']);
    t.clock.advance(5);
    const rejoined = t.clock.now().toISOString();
    t.platform.join('bob');
    await idle();
    assert.equal((await online()).players.find((p) => p.name === 'bob')?.since, rejoined);
  });

  it('finds a known player by name whatever the case, online or not', async () => {
    const carl = t.platform.playerByName('Carl')!;
    const firstSeen = (await t.kernel.api.players.get(carl.uuid))!.firstSeen;
    t.clock.advance(60);
    t.platform.quit(carl.uuid);
    await idle();
    for (const name of ['Carl', 'carl', 'CARL']) {
      const r = await get(`/players/by-name/${name}`);
      assert.equal(r.status, 200, name);
      assert.ok(Value.Check(KnownPlayerAnswer, r.json.data), JSON.stringify(r.json));
      assert.deepEqual(r.json.data, { uuid: carl.uuid, name: 'Carl', online: false, server: null, 'first-seen': firstSeen, 'last-seen': t.clock.now().toISOString() });
    }
    assert.equal((await get('/players/by-name/ann')).json.data.online, true);
    assert.equal((await get('/players/by-name/ann')).json.data.server, 'server', "the server Ann is on: network.conf's server-name");
  });

  it('answers the account seen last when two have held the name', async () => {
    const first = '11111111-1111-3111-8111-111111111111';
    const second = '22222222-2222-3222-8222-222222222222';
    t.platform.join('Steve', { uuid: first });
    t.platform.quit(first);
    // The first account is renamed away from the server; a second account takes the name and joins.
    // Both rows now say Steve.
    t.clock.advance(60);
    t.platform.join('Steve', { uuid: second });
    t.platform.quit(second);
    await idle();
    assert.equal((await get('/players/by-name/steve')).json.data.uuid, second);
    // The first account comes back under its new name: Steve stays the second's.
    t.clock.advance(60);
    t.platform.join('Stevo', { uuid: first });
    t.platform.quit(first);
    await idle();
    assert.equal((await get('/players/by-name/Steve')).json.data.uuid, second);
    assert.equal((await get('/players/by-name/stevo')).json.data.uuid, first);
  });

  it('answers 404 not-found in the envelope for a name never seen', async () => {
    const r = await get('/players/by-name/Nobody_42');
    assert.equal(r.status, 404);
    assert.deepEqual(r.json, { ok: false, code: 'not-found', message: 'No player named Nobody_42 has ever joined this server.' });
  });

  it('refuses a name that cannot be a Minecraft name with 400 naming the field', async () => {
    for (const name of ['a-b', 'x'.repeat(17), 'caf%C3%A9', 'two%20words']) {
      const r = await get(`/players/by-name/${name}`);
      assert.equal(r.status, 400, name);
      assert.equal(r.json.code, 'bad-request');
      assert.equal(r.json.field, 'name');
      assert.match(r.json.message, /^name: /);
    }
  });

  it('needs the read scope for both', async () => {
    for (const path of ['/players', '/players/by-name/Ann']) {
      const r = await get(path, eventsOnly);
      assert.equal(r.status, 403, path);
      assert.equal(r.json.scope, 'read');
    }
  });

  it('answered every request with data its schema allows', () => {
    assert.deepEqual(t.log.lines.filter((l) => l.includes('its schema does not allow')), []);
  });
});
