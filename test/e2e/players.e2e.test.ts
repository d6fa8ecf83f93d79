// Finding a player over the Remote Access Service against the real server, with bots as players:
// who is online (world, ping, join time), a name to a uuid online or offline, and the getting-started
// example of docs/remote-access.md from a name to a deposit and its event.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { quit, sleep, type Bot } from './support/bots.ts';
import { startScene, type RestServer, type Scene, type Subscription } from './support/rest-server.ts';

interface Online {
  uuid: string;
  name: string;
  world: string;
  ping: number;
  since: string;
}

describe('finding a player over the Remote Access Service', () => {
  let scene: Scene;
  let rs: RestServer;
  let reader: string;
  let writer: string;
  let events: Subscription;
  let ann: Bot;
  let ben: Bot;
  const startedAt = new Date();

  const online = async (): Promise<Online[]> => {
    const r = await rs.call('GET', '/players', reader);
    assert.equal(r.status, 200);
    assert.equal(r.json.data.count, r.json.data.players.length);
    return r.json.data.players;
  };

  before(async () => {
    ({ rs, reader, writer, events, ann, ben } = scene = await startScene(['economy.*']));
  });
  after(() => scene?.close());

  it('lists the bots online, by name, in their world with a ping in milliseconds and their join time', async () => {
    const players = await online();
    assert.deepEqual(
      players.map((p) => [p.name, p.uuid, p.world]),
      [
        ['Ann', ann.player.uuid, 'world'],
        ['Ben', ben.player.uuid, 'world'],
      ],
    );
    for (const p of players) {
      assert.ok(Number.isInteger(p.ping) && p.ping >= 0, `ping ${p.ping}`);
      assert.ok(Date.parse(p.since) >= startedAt.getTime() - 1000 && Date.parse(p.since) <= Date.now(), `since ${p.since}`);
      assert.match(p.since, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
  });

  it('drops a bot that quit, and still finds it by name in any case while offline', async () => {
    const benId = ben.player.uuid;
    await quit(ben);
    // The server sees the connection end a moment after the bot has closed it.
    let players = await online();
    for (let i = 0; i < 100 && players.some((p) => p.name === 'Ben'); i++) {
      await sleep(50);
      players = await online();
    }
    assert.deepEqual(players.map((p) => p.name), ['Ann']);
    for (const name of ['Ben', 'ben', 'BEN']) {
      const r = await rs.call('GET', `/players/by-name/${name}`, reader);
      assert.equal(r.status, 200, name);
      assert.equal(r.json.data.uuid, benId);
      assert.equal(r.json.data.name, 'Ben');
      assert.equal(r.json.data.online, false);
    }
    const annNow = await rs.call('GET', '/players/by-name/aNN', reader);
    assert.deepEqual([annNow.json.data.uuid, annNow.json.data.online], [ann.player.uuid, true]);
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
    const deposit = await rs.call('POST', `/players/${uuid}/balance/deposit`, writer, { amount: 25 });
    assert.equal(deposit.json.ok, true, JSON.stringify(deposit.json));
    const credit = await events.next('economy.wallet-credit', (d) => d['transaction-id'] === deposit.json.data['transaction-id']);
    assert.equal(credit.data['player-name'], 'Ann');
    assert.deepEqual(credit.data.amount, { currency: 'coins', amount: 25 });
  });
});
