// Teleport requests, /tp, /tphere, /back and the teleport routes on the real server with two real
// bots, real HTTP and a real event subscription: every command of the teleport area typed by a bot,
// what each bot sees (chat lines, its own position), every teleport route, and all nine events of
// the teleport context.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { never, nextEvent, sleep, waitFor, waitForMessage, type Bot } from './support/bots.ts';
import { startScene, type RestServer, type Scene, type Subscription } from './support/rest-server.ts';

const WARMUP = 2;
const EXPIRY = 6;

interface Spot {
  world: string;
  x: number;
  y: number;
  z: number;
}

describe('teleport requests, /tp, /tphere and /back with two bots', () => {
  let scene: Scene;
  let rs: RestServer;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: Bot;
  let ben: Bot;
  let annId: string;
  let benId: string;
  let spawn: Spot;

  /** Horizontal distance from a bot to a point (a bot may fall after a teleport, never drift). */
  const away = (bot: Bot, p: { x: number; z: number }) => Math.hypot(bot.entity.position.x - p.x, bot.entity.position.z - p.z);
  const near = (bot: Bot, p: { x: number; z: number }) => away(bot, p) < 0.6;
  const at = (bot: Bot): Spot => ({ world: 'world', x: bot.entity.position.x, y: bot.entity.position.y, z: bot.entity.position.z });

  /** Waits until a bot has stood on one block, on the ground, for a second (a fall is a move). */
  async function settle(bot: Bot): Promise<void> {
    let still = { at: Date.now(), block: '' };
    await waitFor(() => {
      const p = bot.entity.position;
      const block = `${Math.floor(p.x)},${Math.floor(p.y)},${Math.floor(p.z)}`;
      if (block !== still.block || !bot.entity.onGround) still = { at: Date.now(), block };
      return Date.now() - still.at >= 1000;
    }, `${bot.username} to stand still on the ground`, 20000);
  }

  /** Moves a bot over HTTP (high above a spot: it falls to the ground) and waits for it to land. */
  async function place(bot: Bot, uuid: string, dx: number, dz: number): Promise<Spot> {
    const to = { world: 'world', x: Math.floor(spawn.x) + dx + 0.5, y: 85, z: Math.floor(spawn.z) + dz + 0.5 };
    const r = await rs.call('POST', `/players/${uuid}/teleport`, writer, { location: to });
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    await waitFor(() => near(bot, to), `${bot.username} to be moved over HTTP`);
    await settle(bot);
    return to;
  }

  async function grant(player: string, node: string): Promise<void> {
    await rs.console(`perm grant ${player} ${node}`, new RegExp(`Granted ${node.replaceAll('.', '\\.')} to ${player}`));
  }

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startScene(['teleport.*'], {
      config: { 'core/core.conf': `teleport-warmup-seconds = ${WARMUP}\n`, 'core/tpa.conf': `request-expiry-seconds = ${EXPIRY}\n` },
    }));
    annId = ann.player.uuid;
    benId = ben.player.uuid;
    await settle(ann);
    spawn = at(ann);
    await grant('Ben', 'core.teleport.tp');
    await grant('Ben', 'core.teleport.tphere');
    await grant('Ben', 'core.teleport.tppos');
  });
  after(() => scene?.close());

  it('POST teleport moves a bot at once; GET back answers where it stood, 404 for one never moved', async () => {
    const none = await rs.call('GET', `/players/${annId}/back`, reader);
    assert.deepEqual([none.status, none.json.code], [404, 'not-found']);
    const before = at(ben);
    await place(ben, benId, 12, 0);
    const back = await rs.call('GET', `/players/${benId}/back`, reader);
    assert.equal(back.status, 200);
    assert.equal(back.json.data.cause, 'rest');
    assert.ok(away(ben, back.json.data.location) > 5 && Math.hypot(back.json.data.location.x - before.x, back.json.data.location.z - before.z) < 1);
    const moved = await events.next('teleport.player-teleport', (d) => d['player-id'] === benId && d.cause === 'rest');
    assert.equal((moved.data.to as Spot).y, 85);
    await events.next('teleport.back-location-capture', (d) => d['player-id'] === benId && d.cause === 'rest');
    const mars = await rs.call('POST', `/players/${benId}/teleport`, writer, { location: { world: 'mars', x: 0, y: 64, z: 0 } });
    assert.deepEqual([mars.json.ok, mars.json.code, mars.json.message], [false, 'failed', 'There is no world "mars"; Ben was not moved.']);
    const partial = await rs.call('POST', `/players/${benId}/teleport`, writer, { location: { world: 'world', x: 1, z: 1 } });
    assert.equal(partial.status, 400);
  });

  it('/tpa: Ben sees the request with [Accept] [Deny]; /tpaccept moves Ann to Ben after her warm-up', async () => {
    const seen = waitForMessage(ben, /^Ann asks to teleport to you\.$/);
    const buttons = waitForMessage(ben, /^\[Accept\] \[Deny\] \(or \/tpaccept, \/tpdeny; expires in 6 seconds\)$/);
    const sent = waitForMessage(ann, /^Teleport request sent to Ben; it expires in 6 seconds/);
    ann.chat('/tpa Ben');
    await Promise.all([seen, buttons, sent]);
    const list = await rs.call('GET', `/players/${benId}/teleport-requests`, reader);
    assert.deepEqual(
      list.json.data.incoming.map((q: Record<string, string>) => [q['sender-name'], q.kind]),
      [['Ann', 'tpa']],
    );
    assert.deepEqual((await rs.call('GET', `/players/${annId}/teleport-requests`, reader)).json.data.outgoing.length, 1);
    const benAt = at(ben);
    const warm = waitForMessage(ann, new RegExp(`^Teleporting in ${WARMUP} seconds, don't move\\.$`));
    const told = waitForMessage(ann, /^Ben accepted your teleport request\.$/);
    const arrived = waitForMessage(ben, /^Ann teleported to you\.$/);
    ben.chat('/tpaccept');
    await Promise.all([warm, told]);
    assert.equal(near(ann, benAt), false, 'not moved during the warm-up');
    await waitFor(() => near(ann, benAt), 'Ann to stand where Ben stands', 10000);
    await arrived;
    await events.next('teleport.request-send', (d) => d['player-id'] === annId && d['target-id'] === benId && d.kind === 'tpa');
    await events.next('teleport.request-accept', (d) => d['player-id'] === annId && d.kind === 'tpa');
    await events.next('teleport.warmup-start', (d) => d['player-id'] === annId && d.cause === 'tpa' && d.seconds === WARMUP);
    await events.next('teleport.player-teleport', (d) => d['player-id'] === annId && d.cause === 'tpa');
  });

  it('/tpahere: Ben asks Ann to come; she accepts and it is she who moves', async () => {
    await place(ann, annId, -8, 6);
    const benAt = at(ben);
    const seen = waitForMessage(ann, /^Ben asks you to teleport to them\.$/);
    ben.chat('/tpahere Ann');
    await seen;
    ann.chat('/tpaccept Ben');
    await waitFor(() => near(ann, benAt), 'Ann to come to Ben', 10000);
    assert.ok(near(ben, benAt), 'Ben stayed');
    await events.next('teleport.player-teleport', (d) => d['player-id'] === annId && d.cause === 'tpahere');
  });

  it('/tpdeny: Ann is told and stays', async () => {
    await place(ann, annId, -8, -6);
    const annAt = at(ann);
    const asked = waitForMessage(ben, /^Ann asks to teleport to you\.$/);
    ann.chat('/tpa Ben');
    await asked;
    const denied = waitForMessage(ann, /^Ben denied your teleport request\.$/);
    const reply = waitForMessage(ben, /^Denied the teleport request from Ann\.$/);
    ben.chat('/tpdeny Ann');
    await Promise.all([denied, reply]);
    await never(() => !near(ann, annAt), 'Ann to move after a denial', WARMUP * 1000 + 500);
    await events.next('teleport.request-deny', (d) => d['player-id'] === annId);
  });

  it('/tpacancel: Ben is told; his /tpaccept then finds nothing', async () => {
    const asked = waitForMessage(ben, /^Ann asks to teleport to you\.$/);
    ann.chat('/tpa Ben');
    await asked;
    const cancelled = waitForMessage(ben, /^Ann cancelled their teleport request\.$/);
    ann.chat('/tpacancel');
    await cancelled;
    const nothing = waitForMessage(ben, /^You have no pending teleport request\.$/);
    ben.chat('/tpaccept');
    await nothing;
    await events.next('teleport.request-cancel', (d) => d['player-id'] === annId && d.reason === 'cancelled');
  });

  it(`a request expires after ${EXPIRY} seconds, and both bots are told`, async () => {
    const asked = waitForMessage(ben, /^Ann asks to teleport to you\.$/);
    ann.chat('/tpa Ben');
    await asked;
    const sent = Date.now();
    const annTold = waitForMessage(ann, /^Your teleport request to Ben has expired\.$/, (EXPIRY + 5) * 1000);
    const benTold = waitForMessage(ben, /^The teleport request from Ann has expired\.$/, (EXPIRY + 5) * 1000);
    await Promise.all([annTold, benTold]);
    assert.ok(Date.now() - sent >= EXPIRY * 1000 - 500, `expired after ${Date.now() - sent} ms`);
    await events.next('teleport.request-expire', (d) => d['player-id'] === annId && d['target-id'] === benId);
  });

  it('/tp takes Ben to Ann, /tphere brings Ann to Ben, /tp x y z moves Ben to coordinates', async () => {
    const annAt = at(ann);
    ben.chat('/tp Ann');
    await waitFor(() => near(ben, annAt), 'Ben to be at Ann');
    await settle(ben);
    await place(ann, annId, 5, -9);
    const benAt = at(ben);
    const told = waitForMessage(ann, /^You were teleported to Ben\.$/);
    ben.chat('/tphere Ann');
    await waitFor(() => near(ann, benAt), 'Ann to be brought to Ben');
    await told;
    const to = { x: Math.floor(spawn.x) + 3.5, z: Math.floor(spawn.z) - 4.5 };
    ben.chat(`/tp ${to.x} 85 ${to.z}`);
    await waitFor(() => near(ben, to), 'Ben to be at the coordinates');
    await events.next('teleport.player-teleport', (d) => d['player-id'] === annId && d.cause === 'tphere');
  });

  it('a bot that dies gets a back location where it died; /back takes it there, POST back returns it', async () => {
    await place(ann, annId, 20, 20);
    const annAt = at(ann);
    ben.chat('/tp Ann');
    await waitFor(() => near(ben, annAt), 'Ben to be at Ann');
    await waitFor(() => ben.players.Ann?.entity !== undefined, 'Ben to see Ann');
    const died = nextEvent(ann, 'death', 30000);
    let dead = false;
    void died.then(() => (dead = true), () => {});
    // Each hit knocks Ann away: Ben follows her with /tp when she is out of reach.
    for (let i = 0; i < 200 && !dead; i++) {
      const target = ben.players.Ann?.entity;
      if (target && target.position.distanceTo(ben.entity.position) < 4) {
        ben.attack(target);
        await sleep(100);
      } else {
        ben.chat('/tp Ann');
        await sleep(400);
      }
    }
    await died;
    const captured = await events.next('teleport.back-location-capture', (d) => d['player-id'] === annId && d.cause === 'death', 15000);
    const deathSpot = captured.data.location as Spot;
    const back = await rs.call('GET', `/players/${annId}/back`, reader);
    assert.deepEqual([back.status, back.json.data.cause, back.json.data.location], [200, 'death', deathSpot]);
    // The bot respawns at the world's spawn, far from where it died.
    await waitFor(() => ann.health === 20 && away(ann, deathSpot) > 10, 'Ann to respawn away from where she died', 20000);
    await settle(ann);
    const respawned = at(ann);
    const warm = waitForMessage(ann, new RegExp(`^Teleporting in ${WARMUP} seconds`));
    const backed = waitForMessage(ann, /^Teleported back to world /, 15000);
    ann.chat('/back');
    await warm;
    await waitFor(() => near(ann, deathSpot), 'Ann to be back where she died', 10000);
    await backed;
    await events.next('teleport.player-teleport', (d) => d['player-id'] === annId && d.cause === 'back');
    await settle(ann);
    const r = await rs.call('POST', `/players/${annId}/back`, writer);
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    await waitFor(() => near(ann, respawned), 'Ann to be sent back over HTTP to where /back took her from');
    const none = await rs.call('POST', '/players/00000000-0000-0000-0000-0000000000aa/back', writer);
    assert.deepEqual([none.json.ok, none.json.code], [false, 'player-offline']);
  });

  it('another teleport during a warm-up cancels it (warmup-cancel), and the bot is told', async () => {
    await settle(ann);
    const warm = waitForMessage(ann, /^Teleporting in /);
    ann.chat('/back');
    await warm;
    const told = waitForMessage(ann, /^Teleport cancelled: you started another teleport\.$/);
    await place(ann, annId, -3, 10);
    await told;
    await events.next('teleport.warmup-cancel', (d) => d['player-id'] === annId && d.reason === 'another-teleport' && d.cause === 'back');
  });

  it('all nine events of the teleport context reached the subscription', () => {
    const names = new Set(events.received.map((e) => e.event));
    for (const n of ['player-teleport', 'back-location-capture', 'warmup-start', 'warmup-cancel', 'request-send', 'request-accept', 'request-deny', 'request-cancel', 'request-expire']) {
      assert.ok(names.has(`teleport.${n}`), n);
    }
  });
});
