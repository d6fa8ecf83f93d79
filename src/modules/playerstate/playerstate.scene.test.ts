// The player state over real HTTP and a real event stream, on the in-process scene (the whole plugin
// on the fake platform, test/support/scene.ts): every route and command of the area, every event of
// its context, and what the game is asked for (abilities, speeds, vitals, game mode), also after a
// rejoin and a restart. What the bots see of it in the real game: test/e2e/areas/playerstate.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer, type Subscription } from '../../../test/support/scene.ts';

describe('player state over the Remote Access Service (in process)', () => {
  let scene: KernelScene;
  let rs: SceneRest;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: ScenePlayer;
  let ben: ScenePlayer;
  let annId: string;
  let benId: string;

  const state = (uuid: string, path = '') => `/players/${uuid}/state${path}`;
  const abilities = (uuid: string) => scene.t.platform.abilities(uuid);
  const health = (uuid: string) => scene.t.platform.vitals(uuid)?.health;
  /** Whether an event's data arrived at the stream's `from` (a length of events.received) or later. */
  const since = (from: number) => (d: Record<string, unknown>) => events.received.findIndex((x) => x.data === d) >= from;
  /** Ben hits Ann once; whether the game cancelled the hit. */
  const benHitsAnn = () => scene.t.platform.gameplay.damage(annId, 3, { attacker: benId });

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startKernelScene(['playerstate.*']));
    annId = ann.uuid;
    benId = ben.uuid;
    for (const node of ['god', 'gamemode', 'gamemode.others', 'speed', 'heal', 'feed']) {
      await rs.console(`perm grant Ann core.playerstate.${node}`, new RegExp(`Granted core\\.playerstate\\.${node.replace('.', '\\.')} to Ann`));
    }
    for (const node of ['fly', 'fly.others', 'speed', 'speed.others', 'heal', 'heal.others']) {
      await rs.console(`perm grant Ben core.playerstate.${node}`, new RegExp(`Granted core\\.playerstate\\.${node.replace('.', '\\.')} to Ben`));
    }
  });
  after(() => scene?.close());

  it('reads the state of an online player; not-found for one never seen, 400 naming uuid for a malformed one', async () => {
    const r = await rs.call('GET', state(annId), reader);
    assert.deepEqual(r.json, {
      ok: true,
      data: { god: false, fly: false, 'flight-allowed': false, flying: false, 'game-mode': 'survival', 'walk-speed': 1, 'fly-speed': 1, health: 20, food: 20 },
    });
    const unknown = await rs.call('GET', state('00000000-0000-0000-0000-0000000000aa'), reader);
    assert.deepEqual([unknown.status, unknown.json.ok, unknown.json.code], [200, false, 'not-found']);
    const bad = await rs.call('GET', state('nope'), reader);
    assert.deepEqual([bad.status, bad.json.field], [400, 'uuid']);
  });

  it('heals a player another player hurt (route): health back to 20, player-heal', async () => {
    benHitsAnn();
    const hurt = health(annId)!;
    assert.ok(hurt < 20, `Ann hurt (${hurt})`);
    const r = await rs.call('POST', state(annId, '/heal'), writer);
    assert.deepEqual([r.json.ok, r.json.data.health], [true, 20]);
    assert.equal(health(annId), 20);
    const e = await events.next('playerstate.player-heal', (d) => d['player-id'] === annId);
    assert.deepEqual([e.data['previous-health'], e.data.health, e.data.actor], [hurt, 20, 'core-rest/writer']);
  });

  it('god mode (route): the player is made invulnerable and another player’s hits do no harm; asked again, already-in-state', async () => {
    const told = ann.waitForMessage(/God mode enabled\./);
    const r = await rs.call('POST', state(annId, '/god'), writer, {});
    assert.deepEqual([r.json.ok, r.json.data.god], [true, true]);
    await told;
    assert.equal(abilities(annId)?.invulnerable, true);
    const e = await events.next('playerstate.player-god-toggle', (d) => d['player-id'] === annId && d.enabled === true);
    assert.equal(e.data.actor, 'core-rest/writer');
    benHitsAnn();
    benHitsAnn();
    // Even were the flag lost, the hit is cancelled for a god.
    scene.t.platform.setAbilities(annId, { invulnerable: false });
    assert.equal(benHitsAnn(), true, 'the hit is cancelled');
    await scene.t.settle();
    assert.equal(health(annId), 20, 'Ann unhurt in god mode');
    const again = await rs.call('POST', state(annId, '/god'), writer, { enabled: true });
    assert.deepEqual([again.status, again.json.ok, again.json.code], [200, false, 'already-in-state']);
    assert.equal((await rs.call('GET', state(annId), reader)).json.data.god, true);
  });

  it('/god switches it off, and the player is hurt again; /heal heals them', async () => {
    await ann.run('/god', /God mode disabled\./);
    assert.equal(abilities(annId)?.invulnerable, false);
    await events.next('playerstate.player-god-toggle', (d) => d['player-id'] === annId && d.enabled === false && d.actor === 'Ann');
    benHitsAnn();
    assert.ok(health(annId)! < 20, 'Ann hurt again');
    await ann.run('/heal', /You have been healed\./);
    assert.equal(health(annId), 20);
    await events.next('playerstate.player-heal', (d) => d['player-id'] === annId && d.actor === 'Ann');
  });

  it('fly (route): flight allowed; the player’s own take-off shows in the read; /fly Ann by Ben takes it away', async () => {
    const r = await rs.call('POST', state(annId, '/fly'), writer, { enabled: true });
    assert.deepEqual([r.json.data.fly, r.json.data['flight-allowed']], [true, true]);
    assert.equal(abilities(annId)?.allowFlight, true);
    await events.next('playerstate.player-fly-toggle', (d) => d['player-id'] === annId && d.enabled === true);
    // The client tells the server it took off (a double jump).
    scene.t.platform.gameplay.fly(annId, true);
    assert.equal((await rs.call('GET', state(annId), reader)).json.data.flying, true, 'the read shows Ann flying');
    await ben.chat('/fly Ann');
    assert.deepEqual([abilities(annId)?.allowFlight, abilities(annId)?.flying], [false, false]);
    const e = await events.next('playerstate.player-fly-toggle', (d) => d['player-id'] === annId && d.enabled === false);
    assert.equal(e.data.actor, 'Ben');
    const now = (await rs.call('GET', state(annId), reader)).json.data;
    assert.deepEqual([now.fly, now['flight-allowed'], now.flying], [false, false, false]);
    const again = await rs.call('POST', state(annId, '/fly'), writer, { enabled: false });
    assert.equal(again.json.code, 'already-in-state');
  });

  it('/fly needs .others for another player', async () => {
    await ann.run('/fly Ben', /core\.playerstate\.fly/);
    assert.equal(abilities(benId)?.allowFlight, false);
  });

  it('game mode (route and every command form): each is set, player-game-mode-change', async () => {
    const r = await rs.call('POST', state(annId, '/gamemode'), writer, { mode: 'creative' });
    assert.deepEqual([r.json.ok, r.json.data['game-mode'], r.json.data['flight-allowed']], [true, 'creative', true]);
    assert.equal(scene.t.platform.gameMode(annId), 'creative');
    const e = await events.next('playerstate.player-game-mode-change', (d) => d['player-id'] === annId && d['game-mode'] === 'creative');
    assert.deepEqual([e.data['previous-game-mode'], e.data.actor], ['survival', 'core-rest/writer']);
    const same = await rs.call('POST', state(annId, '/gamemode'), writer, { mode: 'creative' });
    assert.equal(same.json.code, 'already-in-state');
    const bad = await rs.call('POST', state(annId, '/gamemode'), writer, { mode: 'hardcore' });
    assert.deepEqual([bad.status, bad.json.field], [400, 'mode']);

    for (const [line, mode] of [
      ['/gamemode adventure', 'adventure'],
      ['/gm 3', 'spectator'],
      ['/gms', 'survival'],
      ['/gmc', 'creative'],
      ['/gma', 'adventure'],
      ['/gmsp', 'spectator'],
      ['/gm s', 'survival'],
    ] as const) {
      const from = events.received.length;
      await ann.run(line, new RegExp(`Your game mode is now ${mode}\\.`));
      assert.equal(scene.t.platform.gameMode(annId), mode, line);
      await events.next('playerstate.player-game-mode-change', (d) => since(from)(d) && d['player-id'] === annId && d['game-mode'] === mode && d.actor === 'Ann');
    }
    await ann.chat('/gmc Ben');
    assert.equal(scene.t.platform.gameMode(benId), 'creative');
    await ann.chat('/gms Ben');
    assert.equal(scene.t.platform.gameMode(benId), 'survival');
  });

  it('speeds (routes and /speed): the game is given them; a bad multiplier is 400 naming multiplier', async () => {
    const walk = await rs.call('POST', state(annId, '/walk-speed'), writer, { multiplier: 2 });
    assert.equal(walk.json.data['walk-speed'], 2);
    assert.equal(abilities(annId)?.walkSpeed, 2);
    const e = await events.next('playerstate.player-speed-change', (d) => d['player-id'] === annId && d.kind === 'walk');
    assert.deepEqual([e.data.multiplier, e.data['previous-multiplier']], [2, 1]);
    const fly = await rs.call('POST', state(annId, '/fly-speed'), writer, { multiplier: 3 });
    assert.equal(fly.json.data['fly-speed'], 3);
    assert.equal(abilities(annId)?.flySpeed, 3);
    await events.next('playerstate.player-speed-change', (d) => d['player-id'] === annId && d.kind === 'fly' && d.multiplier === 3);
    const same = await rs.call('POST', state(annId, '/fly-speed'), writer, { multiplier: 3 });
    assert.equal(same.json.code, 'already-in-state');
    for (const multiplier of [11, -1, 'fast', null]) {
      const bad = await rs.call('POST', state(annId, '/walk-speed'), writer, { multiplier });
      assert.deepEqual([bad.status, bad.json.field], [400, 'multiplier'], String(multiplier));
    }
    await ann.run('/speed walk 1.5', /Your walking speed is now 1\.5\./);
    assert.equal(abilities(annId)?.walkSpeed, 1.5);
    // Not flying: /speed without walk or fly sets the walking speed.
    await ann.chat('/speed 3');
    assert.equal(abilities(annId)?.walkSpeed, 3);
    await ben.chat('/speed fly 4 Ann');
    assert.equal(abilities(annId)?.flySpeed, 4);
    await events.next('playerstate.player-speed-change', (d) => d['player-id'] === annId && d.actor === 'Ben' && d.multiplier === 4);
    await ann.run('/speed walk 12', /"12" is not a speed/);
    assert.equal(abilities(annId)?.walkSpeed, 3);
  });

  it('feed (route and /feed): food 20 and saturation filled to 10, player-feed', async () => {
    assert.equal(scene.t.platform.vitals(benId)?.saturation, 5);
    const r = await rs.call('POST', state(benId, '/feed'), writer);
    assert.deepEqual([r.json.ok, r.json.data.food], [true, 20]);
    assert.deepEqual(scene.t.platform.vitals(benId), { health: 20, food: 20, saturation: 10 });
    const e = await events.next('playerstate.player-feed', (d) => d['player-id'] === benId);
    assert.deepEqual([e.data.food, e.data['previous-food'], e.data.actor], [20, 20, 'core-rest/writer']);
    assert.equal(scene.t.platform.vitals(annId)?.saturation, 5);
    await ann.run('/feed', /Your appetite was sated\./);
    assert.equal(scene.t.platform.vitals(annId)?.saturation, 10);
    await events.next('playerstate.player-feed', (d) => d['player-id'] === annId && d.actor === 'Ann');
  });

  it('/heal Ann by Ben with .others', async () => {
    benHitsAnn();
    assert.ok(health(annId)! < 20, 'Ann hurt');
    await ben.chat('/heal Ann');
    assert.equal(health(annId), 20);
    await events.next('playerstate.player-heal', (d) => d['player-id'] === annId && d.actor === 'Ben');
  });

  it('answers player-offline for a known player who left, on the read and every write', async () => {
    ben.quit();
    const read = await rs.call('GET', state(benId), reader);
    assert.deepEqual([read.status, read.json.code], [200, 'player-offline']);
    for (const [path, body] of [
      ['/god', {}],
      ['/fly', {}],
      ['/gamemode', { mode: 'creative' }],
      ['/walk-speed', { multiplier: 2 }],
      ['/fly-speed', { multiplier: 2 }],
      ['/heal', undefined],
      ['/feed', undefined],
    ] as const) {
      const w = await rs.call('POST', state(benId, path), writer, body);
      assert.deepEqual([w.status, w.json.code], [200, 'player-offline'], path);
    }
  });

  it('keeps god, fly and speeds across a rejoin', async () => {
    assert.equal((await rs.call('POST', state(annId, '/god'), writer, { enabled: true })).json.ok, true);
    assert.equal((await rs.call('POST', state(annId, '/fly'), writer, { enabled: true })).json.ok, true);
    ann.quit();
    ann = await scene.join('Ann');
    assert.deepEqual(abilities(annId), { invulnerable: true, allowFlight: true, flying: false, walkSpeed: 3, flySpeed: 4 });
    const s = (await rs.call('GET', state(annId), reader)).json.data;
    assert.deepEqual([s.god, s.fly, s['walk-speed'], s['fly-speed'], s['game-mode']], [true, true, 3, 4, 'survival']);
  });

  it('keeps god, fly and speeds across a restart (the game mode is the game’s own to keep: see the real-game part)', async () => {
    ann.quit();
    await scene.restart();
    events = await rs.subscribe(writer, ['playerstate.*']);
    ann = await scene.join('Ann');
    assert.deepEqual(abilities(annId), { invulnerable: true, allowFlight: true, flying: false, walkSpeed: 3, flySpeed: 4 });
    const s = (await rs.call('GET', state(annId), reader)).json.data;
    assert.deepEqual([s.god, s.fly, s['walk-speed'], s['fly-speed']], [true, true, 3, 4]);
    // Kept, the state is not changed again: the same write after the restart is already-in-state.
    const again = await rs.call('POST', state(annId, '/walk-speed'), writer, { multiplier: 3 });
    assert.equal(again.json.code, 'already-in-state');
  });

  it('records REST and in-game writes in the audit log with their actors', async () => {
    const rows = await scene.query<{ actor: string; action: string }>("SELECT actor, action FROM core_audit WHERE target = ? AND action LIKE 'playerstate.%' ORDER BY id", annId);
    const seen = rows.map((r) => `${r.actor} ${r.action}`);
    for (const want of ['core-rest/writer playerstate.god', 'Ann playerstate.god', 'Ben playerstate.fly', 'Ann playerstate.gamemode', 'Ben playerstate.speed', 'core-rest/writer playerstate.heal']) {
      assert.ok(seen.includes(want), `${want} in ${JSON.stringify(seen)}`);
    }
  });
});
