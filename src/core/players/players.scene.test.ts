// Finding a player over the Remote Access Service, on the in-process scene (the whole plugin on the
// fake platform, test/support/scene.ts): who is online (world, ping, join time), a name to a uuid
// online or offline, and the getting-started example of docs/remote-access.md from a name to a
// deposit and its event. The same against the real game, with bots: test/e2e/areas/players.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer, type Subscription } from '../../../test/support/scene.ts';

interface Online {
  uuid: string;
  name: string;
  world: string;
  ping: number;
  since: string;
}

describe('finding a player over the Remote Access Service (in process)', () => {
  let scene: KernelScene;
  let rs: SceneRest;
  let reader: string;
  let writer: string;
  let events: Subscription;
  let ann: ScenePlayer;
  let ben: ScenePlayer;

  const online = async (): Promise<Online[]> => {
    const r = await rs.call('GET', '/players', reader);
    assert.equal(r.status, 200);
    assert.equal(r.json.data.count, r.json.data.players.length);
    return r.json.data.players;
  };

  before(async () => {
    ({ rs, reader, writer, events, ann, ben } = scene = await startKernelScene(['economy.*']));
  });
  after(() => scene?.close());

  it('lists the players online, by name, in their world with the ping the server measured and their join time', async () => {
    const joinedAt = scene.t.clock.now().toISOString();
    scene.t.platform.setPing(ben.uuid, 37);
    const players = await online();
    assert.deepEqual(
      players.map((p) => [p.name, p.uuid, p.world, p.ping]),
      [
        ['Ann', ann.uuid, 'world', 0],
        ['Ben', ben.uuid, 'world', 37],
      ],
    );
    for (const p of players) {
      assert.equal(p.since, joinedAt, `${p.name} since the moment of the join`);
      assert.match(p.since, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
  });

  it('lists a player who joined later with the time they joined', async () => {
    await scene.t.clock.advance(90);
    const cat = await scene.join('Cat');
    const joinedAt = scene.t.clock.now().toISOString();
    try {
      const row = (await online()).find((p) => p.name === 'Cat');
      assert.deepEqual([row?.uuid, row?.world, row?.since], [cat.uuid, 'world', joinedAt]);
    } finally {
      cat.quit();
    }
  });

  it('drops a player who quit, and still finds them by name in any case while offline', async () => {
    const benId = ben.uuid;
    ben.quit();
    assert.deepEqual(
      (await online()).map((p) => p.name),
      ['Ann'],
    );
    for (const name of ['Ben', 'ben', 'BEN']) {
      const r = await rs.call('GET', `/players/by-name/${name}`, reader);
      assert.equal(r.status, 200, name);
      assert.equal(r.json.data.uuid, benId);
      assert.equal(r.json.data.name, 'Ben');
      assert.equal(r.json.data.online, false);
    }
    const annNow = await rs.call('GET', '/players/by-name/aNN', reader);
    assert.deepEqual([annNow.json.data.uuid, annNow.json.data.online], [ann.uuid, true]);
  });

  it('answers 404 not-found for a name never seen and 400 naming name for one no account can have', async () => {
    const unknown = await rs.call('GET', '/players/by-name/Nobody', reader);
    assert.equal(unknown.status, 404);
    assert.deepEqual([unknown.json.ok, unknown.json.code], [false, 'not-found']);
    const invalid = await rs.call('GET', '/players/by-name/not-a-name', reader);
    assert.equal(invalid.status, 400);
    assert.deepEqual([invalid.json.code, invalid.json.field], ['bad-request', 'name']);
  });

  it('runs the getting-started example: a name to a uuid, a deposit, and the wallet-credit event', async () => {
    const found = await rs.call('GET', '/players/by-name/ann', reader);
    const uuid = found.json.data.uuid as string;
    assert.equal(uuid, ann.uuid);
    const deposit = await rs.call('POST', `/players/${uuid}/balance/deposit`, writer, { amount: 25 });
    assert.equal(deposit.json.ok, true, JSON.stringify(deposit.json));
    const credit = await events.next('economy.wallet-credit', (d) => d['transaction-id'] === deposit.json.data['transaction-id']);
    assert.equal(credit.data['player-name'], 'Ann');
    assert.deepEqual(credit.data.amount, { currency: 'coins', amount: 25 });
  });
});
