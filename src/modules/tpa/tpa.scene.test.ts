// Teleport requests, /tp, /tphere, /back and the teleport routes on the in-process scene (the whole
// plugin on the fake platform, test/support/scene.ts): every command of the teleport area as a
// player types it, what each player reads and where they stand, every teleport route, and all nine
// events of the teleport context. Warm-ups and expiries run on the manual clock. What a player sees
// of it in the real game: test/e2e/areas/tpa.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Location } from '../../platform/platform.ts';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer, type Subscription } from '../../../test/support/scene.ts';

const WARMUP = 2;
const EXPIRY = 6;

describe('teleport requests, /tp, /tphere and /back (in process)', () => {
  let scene: KernelScene;
  let rs: SceneRest;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: ScenePlayer;
  let ben: ScenePlayer;
  let annId: string;
  let benId: string;
  let spawn: Location;

  /** Horizontal distance from a player to a point. */
  const away = (p: ScenePlayer, at: { x: number; z: number }) => Math.hypot(p.location().x - at.x, p.location().z - at.z);
  const near = (p: ScenePlayer, at: { x: number; z: number }) => away(p, at) < 0.6;

  /** Moves a player over HTTP, high above a spot near the spawn. */
  async function place(p: ScenePlayer, dx: number, dz: number): Promise<Location> {
    const to = { world: 'world', x: Math.floor(spawn.x) + dx + 0.5, y: 85, z: Math.floor(spawn.z) + dz + 0.5 };
    const r = await rs.call('POST', `/players/${p.uuid}/teleport`, writer, { location: to });
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    assert.deepEqual(p.location(), { ...to, yaw: 0, pitch: 0 }, `${p.name} moved over HTTP`);
    return p.location();
  }

  /**
   * Runs a command whose teleport waits for the warm-up: once `mover` is told to stand still, lets
   * the warm-up run out on the clock, then resolves when the command is done.
   */
  async function throughWarmup(mover: ScenePlayer, command: () => Promise<void>): Promise<void> {
    const warm = mover.waitForMessage(new RegExp(`^Teleporting in ${WARMUP} seconds, don't move\\.$`));
    const done = command();
    await warm;
    await scene.t.clock.advance(WARMUP);
    await done;
  }

  async function grant(player: string, node: string): Promise<void> {
    await rs.console(`perm grant ${player} ${node}`, new RegExp(`Granted ${node.replaceAll('.', '\\.')} to ${player}`));
  }

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startKernelScene(['teleport.*'], {
      config: { 'core/core.conf': `teleport-warmup-seconds = ${WARMUP}\n`, 'core/tpa.conf': `request-expiry-seconds = ${EXPIRY}\n` },
    }));
    annId = ann.uuid;
    benId = ben.uuid;
    spawn = ann.location();
    await grant('Ben', 'core.teleport.tp');
    await grant('Ben', 'core.teleport.tphere');
    await grant('Ben', 'core.teleport.tppos');
  });
  after(() => scene?.close());

  it('POST teleport moves a player at once; GET back answers where they stood, 404 for one never moved', async () => {
    const none = await rs.call('GET', `/players/${annId}/back`, reader);
    assert.deepEqual([none.status, none.json.code], [404, 'not-found']);
    const before = ben.location();
    await place(ben, 12, 0);
    const back = await rs.call('GET', `/players/${benId}/back`, reader);
    assert.equal(back.status, 200);
    assert.equal(back.json.data.cause, 'rest');
    assert.ok(away(ben, back.json.data.location) > 5);
    assert.deepEqual(back.json.data.location, before);
    const moved = await events.next('teleport.player-teleport', (d) => d['player-id'] === benId && d.cause === 'rest');
    assert.equal((moved.data.to as Location).y, 85);
    await events.next('teleport.back-location-capture', (d) => d['player-id'] === benId && d.cause === 'rest');
    const mars = await rs.call('POST', `/players/${benId}/teleport`, writer, { location: { world: 'mars', x: 0, y: 64, z: 0 } });
    assert.deepEqual([mars.json.ok, mars.json.code, mars.json.message], [false, 'failed', 'There is no world "mars"; Ben was not moved.']);
    const partial = await rs.call('POST', `/players/${benId}/teleport`, writer, { location: { world: 'world', x: 1, z: 1 } });
    assert.equal(partial.status, 400);
  });

  it('/tpa: Ben sees the request with [Accept] [Deny]; /tpaccept moves Ann to Ben after her warm-up', async () => {
    const seen = ben.waitForMessage(/^Ann asks to teleport to you\.$/);
    const buttons = ben.waitForMessage(/^\[Accept\] \[Deny\] \(click, or type \/tpaccept or \/tpdeny; it expires in 6 s\)$/);
    await ann.run('/tpa Ben', /^You sent a teleport request to Ben; it expires in 6 s\. Cancel it with \/tpacancel\.$/);
    await Promise.all([seen, buttons]);
    const list = await rs.call('GET', `/players/${benId}/teleport-requests`, reader);
    assert.deepEqual(
      list.json.data.incoming.map((q: Record<string, string>) => [q['sender-name'], q.kind]),
      [['Ann', 'tpa']],
    );
    assert.deepEqual((await rs.call('GET', `/players/${annId}/teleport-requests`, reader)).json.data.outgoing.length, 1);
    const benAt = ben.location();
    const warm = ann.waitForMessage(new RegExp(`^Teleporting in ${WARMUP} seconds, don't move\\.$`));
    const told = ann.waitForMessage(/^Ben accepted your teleport request\.$/);
    const arrived = ben.waitForMessage(/^Ann teleported to you\.$/);
    const accepting = ben.chat('/tpaccept');
    await Promise.all([warm, told]);
    await scene.t.clock.advance(WARMUP - 0.1);
    await scene.t.settle();
    assert.equal(near(ann, benAt), false, 'not moved during the warm-up');
    await scene.t.clock.advance(0.1);
    await accepting;
    assert.deepEqual(ann.location(), benAt, 'Ann stands where Ben stands');
    await arrived;
    await events.next('teleport.request-send', (d) => d['player-id'] === annId && d['target-id'] === benId && d.kind === 'tpa');
    await events.next('teleport.request-accept', (d) => d['player-id'] === annId && d.kind === 'tpa');
    await events.next('teleport.warmup-start', (d) => d['player-id'] === annId && d.cause === 'tpa' && d.seconds === WARMUP);
    await events.next('teleport.player-teleport', (d) => d['player-id'] === annId && d.cause === 'tpa');
  });

  it('/tpahere: Ben asks Ann to come; she accepts and it is she who moves', async () => {
    await place(ann, -8, 6);
    const benAt = ben.location();
    const seen = ann.waitForMessage(/^Ben asks you to teleport to them\.$/);
    await ben.chat('/tpahere Ann');
    await seen;
    await throughWarmup(ann, () => ann.chat('/tpaccept Ben'));
    assert.deepEqual(ann.location(), benAt, 'Ann came to Ben');
    assert.deepEqual(ben.location(), benAt, 'Ben stayed');
    await events.next('teleport.player-teleport', (d) => d['player-id'] === annId && d.cause === 'tpahere');
  });

  it('/tpdeny: Ann is told and stays', async () => {
    const annAt = await place(ann, -8, -6);
    const asked = ben.waitForMessage(/^Ann asks to teleport to you\.$/);
    await ann.chat('/tpa Ben');
    await asked;
    const mark = ann.messages.length;
    const denied = ann.waitForMessage(/^Ben denied your teleport request\.$/);
    await ben.run('/tpdeny Ann', /^You denied the teleport request from Ann\.$/);
    await denied;
    // Past any warm-up a move would have waited for: she stays, and no warm-up started.
    await scene.t.clock.advance(WARMUP + 0.5);
    await scene.t.settle();
    assert.deepEqual(ann.location(), annAt, 'Ann did not move after a denial');
    assert.ok(!ann.messages.slice(mark).some((l) => /^Teleporting in/.test(l)), JSON.stringify(ann.messages.slice(mark)));
    await events.next('teleport.request-deny', (d) => d['player-id'] === annId);
  });

  it('/tpacancel: Ben is told; his /tpaccept then finds nothing', async () => {
    const asked = ben.waitForMessage(/^Ann asks to teleport to you\.$/);
    await ann.chat('/tpa Ben');
    await asked;
    const cancelled = ben.waitForMessage(/^Ann cancelled their teleport request to you\.$/);
    await ann.run('/tpacancel', /^You cancelled your teleport request to Ben\.$/);
    await cancelled;
    await ben.run('/tpaccept', /^You have no pending teleport request to answer\.$/);
    await events.next('teleport.request-cancel', (d) => d['player-id'] === annId && d.reason === 'cancelled');
  });

  it(`a request expires after ${EXPIRY} seconds, and both players are told`, async () => {
    const asked = ben.waitForMessage(/^Ann asks to teleport to you\.$/);
    await ann.chat('/tpa Ben');
    await asked;
    const annExpired = /^Your teleport request to Ben has expired\. Send another if you still want to\.$/;
    const benExpired = /^The teleport request from Ann has expired\.$/;
    await scene.t.clock.advance(EXPIRY - 0.5);
    await scene.t.settle();
    assert.ok(!ann.messages.some((l) => annExpired.test(l)) && !ben.messages.some((l) => benExpired.test(l)), 'not expired before its time');
    const annTold = ann.waitForMessage(annExpired);
    const benTold = ben.waitForMessage(benExpired);
    await scene.t.clock.advance(0.5);
    await Promise.all([annTold, benTold]);
    await events.next('teleport.request-expire', (d) => d['player-id'] === annId && d['target-id'] === benId);
    await ben.run('/tpaccept', /^You have no pending teleport request to answer\.$/);
  });

  it('/tp takes Ben to Ann, /tphere brings Ann to Ben, /tp x y z moves Ben to coordinates', async () => {
    const annAt = ann.location();
    await ben.run('/tp Ann', /^Teleported to Ann\.$/);
    assert.deepEqual(ben.location(), annAt, 'Ben is at Ann');
    await place(ann, 5, -9);
    const benAt = ben.location();
    const told = ann.waitForMessage(/^You were teleported to Ben\.$/);
    await ben.run('/tphere Ann', /^Teleported Ann to you\.$/);
    assert.deepEqual(ann.location(), benAt, 'Ann was brought to Ben');
    await told;
    const to = { x: Math.floor(spawn.x) + 3.5, z: Math.floor(spawn.z) - 4.5 };
    await ben.run(`/tp ${to.x} 85 ${to.z}`, new RegExp(`^Teleported to world ${to.x}, 85, ${to.z}\\.$`));
    assert.deepEqual([ben.location().x, ben.location().y, ben.location().z], [to.x, 85, to.z], 'Ben is at the coordinates');
    await events.next('teleport.player-teleport', (d) => d['player-id'] === annId && d.cause === 'tphere');
  });

  it('a player who dies gets a back location where they died; /back takes them there, POST back returns them', async () => {
    const annAt = await place(ann, 20, 20);
    await ben.run('/tp Ann', /^Teleported to Ann\.$/);
    assert.deepEqual(ben.location(), annAt, 'Ben is at Ann');
    // Ben hits Ann until she dies.
    for (let i = 0; i < 10 && scene.t.platform.vitals(annId)!.health > 0; i++) scene.t.platform.gameplay.damage(annId, 5, { attacker: benId });
    assert.equal(scene.t.platform.vitals(annId)?.health, 0);
    const captured = await events.next('teleport.back-location-capture', (d) => d['player-id'] === annId && d.cause === 'death');
    const deathSpot = captured.data.location as Location;
    assert.deepEqual(deathSpot, annAt);
    const back = await rs.call('GET', `/players/${annId}/back`, reader);
    assert.deepEqual([back.status, back.json.data.cause, back.json.data.location], [200, 'death', deathSpot]);
    // She respawns as the game respawns her: at the world's spawn, far from where she died, healed.
    await scene.t.platform.teleport(annId, scene.t.platform.spawnLocation());
    scene.t.platform.setHealth(annId, 20);
    const respawned = ann.location();
    assert.ok(away(ann, deathSpot) > 10);
    const backed = ann.waitForMessage(/^Teleported back to world /);
    await throughWarmup(ann, () => ann.chat('/back'));
    assert.deepEqual(ann.location(), deathSpot, 'Ann is back where she died');
    await backed;
    await events.next('teleport.player-teleport', (d) => d['player-id'] === annId && d.cause === 'back');
    const r = await rs.call('POST', `/players/${annId}/back`, writer);
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    assert.deepEqual(ann.location(), respawned, 'Ann was sent back over HTTP to where /back took her from');
    const none = await rs.call('POST', '/players/00000000-0000-0000-0000-0000000000aa/back', writer);
    assert.deepEqual([none.json.ok, none.json.code], [false, 'player-offline']);
  });

  it('another teleport during a warm-up cancels it (warmup-cancel), and the player is told', async () => {
    const warm = ann.waitForMessage(/^Teleporting in /);
    const backing = ann.chat('/back');
    await warm;
    const told = ann.waitForMessage(/^Teleport cancelled: you started another teleport\.$/);
    const placed = await place(ann, -3, 10);
    await told;
    await backing;
    await scene.t.clock.advance(WARMUP);
    assert.deepEqual(ann.location(), placed, 'the cancelled /back moves her no more');
    await events.next('teleport.warmup-cancel', (d) => d['player-id'] === annId && d.reason === 'another-teleport' && d.cause === 'back');
  });

  it('all nine events of the teleport context reached the subscription', () => {
    const names = new Set(events.received.map((e) => e.event));
    for (const n of ['player-teleport', 'back-location-capture', 'warmup-start', 'warmup-cancel', 'request-send', 'request-accept', 'request-deny', 'request-cancel', 'request-expire']) {
      assert.ok(names.has(`teleport.${n}`), n);
    }
  });
});
