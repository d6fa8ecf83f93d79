// Managed worlds on the in-process scene (the whole plugin on the fake platform,
// test/support/scene.ts): players run every /world subcommand, travel into a created world, are
// moved out when it is unloaded and kept out by its entry rule; pvp and build rules; every world
// route over real HTTP and every world event on a real subscription; the server's own world listed
// from the first start; the load-on-start worlds after a restart. What a player sees of it in the real game: test/e2e/areas/worlds.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer, type Subscription } from '../../../test/support/scene.ts';

const ADMIN_NODES = ['create', 'load', 'unload', 'delete', 'import', 'adopt', 'unregister', 'set', 'tp.others'];

describe('managed worlds (in process)', () => {
  let scene: KernelScene;
  let rs: SceneRest;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: ScenePlayer;
  let ben: ScenePlayer;
  let benId: string;
  let annId: string;
  /** Where Ben stood in the default world after joining. */
  let benHome: { x: number; z: number };

  const standsAt = (p: ScenePlayer, at: { x: number; z: number }) => Math.abs(p.location().x - at.x) < 0.01 && Math.abs(p.location().z - at.z) < 0.01;

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startKernelScene(['world.*']));
    benId = ben.uuid;
    annId = ann.uuid;
    for (const node of ADMIN_NODES) await rs.console(`perm grant Ann core.worlds.${node}`, new RegExp(`core\\.worlds\\.${node.replace('.', '\\.')}`));
    benHome = { x: ben.location().x, z: ben.location().z };
  });
  after(() => scene?.close());

  it('lists the server’s own world from the first start, built in, with its generator and seed, as Multiverse does', async () => {
    const r = await rs.call('GET', '/worlds', reader);
    assert.equal(r.status, 200);
    assert.equal(r.json.data.count, 1);
    const [world] = r.json.data.worlds;
    assert.deepEqual(
      [world.name, world.generator, world.seed, world.loaded, world['built-in'], world.players, world.settings['load-on-start'], world.settings.entry],
      ['world', 'default', 0, true, true, 2, false, 'open'],
    );
    assert.deepEqual((await rs.call('GET', '/worlds/world', reader)).json.data, world);
    await ann.run('/world list', /^Managed worlds \(1\):$/);
    await ann.run('/world info world', /^World world: default, seed 0, loaded \(2 players\), built in\.$/);
  });

  it('creates a flat world with /world create, announced and listed over HTTP', async () => {
    await ann.run('/world create arena flat 5', /^World arena created \(flat, seed 5\) and loaded\.$/);
    const created = await events.next('world.create', (d) => d.world === 'arena');
    assert.deepEqual([created.data.generator, created.data.seed, created.data.actor], ['flat', 5, 'Ann']);
    const r = await rs.call('GET', '/worlds', reader);
    assert.equal(r.status, 200);
    assert.deepEqual(r.json.data.worlds.map((w: { name: string; loaded: boolean }) => [w.name, w.loaded]), [['arena', true], ['world', true]]);
    assert.ok(scene.t.platform.worlds().includes('arena'), 'the game has the world loaded');
  });

  it('takes a player into the world with /world tp, to its spawn', async () => {
    await ann.run('/world tp arena', /^You are in arena\.$/);
    assert.deepEqual(ann.location(), scene.t.platform.spawnLocation('arena'));
    const one = await rs.call('GET', '/worlds/arena', reader);
    assert.deepEqual([one.json.data.players, one.json.data['built-in']], [1, false]);
  });

  it('keeps a player out of a permission world, telling them why; they stay where they are', async () => {
    await ann.run('/world set arena entry permission', /^arena: entry is now permission\.$/);
    const changed = await events.next('world.setting-change', (d) => d.world === 'arena' && d.setting === 'entry');
    assert.deepEqual([changed.data.value, changed.data.previous], ['permission', 'open']);
    await ben.run('/world go arena', /^You may not enter the world arena \(it needs core\.worlds\.enter\.arena\)\.$/);
    const denied = await events.next('world.entry-denied', (d) => d['player-id'] === benId);
    assert.deepEqual([denied.data.world, denied.data.reason, denied.data.cause], ['arena', 'no-permission', 'world']);
    await scene.t.settle();
    assert.ok(standsAt(ben, benHome) && ben.location().world === 'world', `Ben moved to ${JSON.stringify(ben.location())}`);
    const access = await rs.call('GET', `/worlds/arena/access?player=${benId}`, reader);
    assert.deepEqual(access.json.data, {
      world: 'arena',
      'player-id': benId,
      'player-name': 'Ben',
      allowed: false,
      reason: 'no-permission',
      message: 'You may not enter the world arena (it needs core.worlds.enter.arena).',
    });
    await rs.console('perm grant Ben core.worlds.enter.arena', /core\.worlds\.enter\.arena/);
    assert.equal((await rs.call('GET', `/worlds/arena/access?player=${benId}`, reader)).json.data.allowed, true);
  });

  it('puts a player arriving in the world into its game mode', async () => {
    await ann.run('/mw set arena game-mode creative', /^arena: game-mode is now creative\.$/);
    assert.equal(scene.t.platform.gameMode(benId), 'survival');
    await ben.run('/world go arena', /^You are in arena\.$/);
    assert.equal(ben.location().world, 'arena');
    assert.equal(scene.t.platform.gameMode(benId), 'creative');
  });

  it('with pvp and build off, a hit does no harm and a broken block stays, each told to the player', async () => {
    await ann.run('/world set arena pvp false', /^arena: pvp is now off\.$/);
    await ann.run('/world set arena build false', /^arena: build is now off\.$/);
    const noPvp = ben.waitForMessage(/^PvP is off in the world arena\.$/);
    assert.equal(scene.t.platform.gameplay.damage(annId, 4, { attacker: benId }), true, 'the hit is cancelled');
    await noPvp;
    assert.equal(scene.t.platform.vitals(annId)?.health, 20, 'Ann unhurt');
    const under = { world: 'arena', x: Math.floor(ben.location().x) + 2, y: Math.floor(ben.location().y) - 1, z: Math.floor(ben.location().z) };
    const material = scene.t.platform.gameplay.blockAt(under);
    assert.notEqual(material, 'air');
    const noBuild = ben.waitForMessage(/^You may not build in the world arena\.$/);
    assert.equal(scene.t.platform.gameplay.breakBlock(benId, under), true, 'the break is cancelled');
    await noBuild;
    assert.equal(scene.t.platform.gameplay.blockAt(under), material, 'the block is still there');
  });

  it('unloads over HTTP after moving the players out to the default spawn, telling them why', async () => {
    const annTold = ann.waitForMessage(/^The world arena is being unloaded: you were moved to the spawn of world\.$/);
    const benTold = ben.waitForMessage(/^The world arena is being unloaded: you were moved to the spawn of world\.$/);
    const r = await rs.call('POST', '/worlds/arena/unload', writer, {});
    assert.deepEqual([r.status, r.json.ok, r.json.data.loaded], [200, true, false]);
    assert.deepEqual([ann.location().world, ben.location().world], ['world', 'world']);
    assert.ok(standsAt(ben, benHome), 'Ben at the default world spawn');
    await Promise.all([annTold, benTold]);
    const unloaded = await events.next('world.unload', (d) => d.world === 'arena');
    assert.deepEqual([unloaded.data.saved, unloaded.data['players-moved'], unloaded.data.actor], [true, 2, 'core-rest/writer']);
    assert.deepEqual(scene.t.platform.worldStore.unloads.at(-1), { name: 'arena', saved: true });
    const again = await rs.call('POST', '/worlds/arena/unload', writer, { save: false });
    assert.deepEqual([again.status, again.json.ok, again.json.code], [200, false, 'already-in-state']);
  });

  it('loads with /world load and over HTTP, and unloads without saving with /world unload nosave', async () => {
    await ann.run('/world load arena', /^World arena loaded\.$/);
    assert.equal((await events.next('world.load', (d) => d.world === 'arena' && d.actor === 'Ann')).data['at-start'], false);
    const twice = await rs.call('POST', '/worlds/arena/load', writer);
    assert.deepEqual([twice.status, twice.json.ok, twice.json.code], [200, false, 'already-in-state']);
    await ann.run('/world unload arena nosave', /^World arena unloaded without saving\.$/);
    assert.equal((await events.next('world.unload', (d) => d.world === 'arena' && d.actor === 'Ann')).data.saved, false);
    assert.deepEqual(scene.t.platform.worldStore.unloads.at(-1), { name: 'arena', saved: false });
    const loaded = await rs.call('POST', '/worlds/arena/load', writer);
    assert.deepEqual([loaded.status, loaded.json.ok, loaded.json.data.loaded], [200, true, true]);
    await events.next('world.load', (d) => d.world === 'arena' && d.actor === 'core-rest/writer');
  });

  it('answers an unmanaged world with not-found, and a name against the rule with 400 naming name', async () => {
    const missing = await rs.call('GET', '/worlds/nowhere', reader);
    assert.deepEqual([missing.status, missing.json.ok, missing.json.code], [200, false, 'not-found']);
    const bad = await rs.call('GET', '/worlds/Bad_Name', reader);
    assert.deepEqual([bad.status, bad.json.field], [400, 'name']);
    const badLoad = await rs.call('POST', `/worlds/${'x'.repeat(33)}/load`, writer);
    assert.deepEqual([badLoad.status, badLoad.json.field], [400, 'name']);
    const noPlayer = await rs.call('GET', '/worlds/arena/access', reader);
    assert.deepEqual([noPlayer.status, noPlayer.json.field], [400, 'player']);
  });

  it('imports a world folder the admin copied into the worlds folder', async () => {
    await ann.run('/world create source flat 9', /^World source created/);
    await ann.run('/world unload source', /^World source unloaded\.$/);
    await ann.run('/world list', /^source \(not loaded; entry open\)$/);
    // The admin copies the folder: on the fake's disk, a world of the same generator and seed.
    scene.t.platform.worldStore.putOnDisk('copied', { generator: 'flat', seed: 9 });
    await ann.run('/world import copied', /^World copied imported \(flat, seed 9\) and loaded\.$/);
    const imported = await events.next('world.import', (d) => d.world === 'copied');
    assert.deepEqual([imported.data.generator, imported.data.seed], ['flat', 9]);
    await ann.run('/world info copied', /^World copied: flat, seed 9, loaded \(0 players\)\.$/);
    await ann.run('/world list', /^copied \(loaded, 0 players; entry open\)$/);
  });

  it('unregisters a world and adopts it again, touching none of its files; the default world stays managed', async () => {
    await ann.run('/world unregister copied', /^World copied is no longer managed; its files were kept\.$/);
    await events.next('world.unregister', (d) => d.world === 'copied');
    assert.equal((await rs.call('GET', '/worlds/copied', reader)).json.code, 'not-found');
    await ann.run('/world list', /^Not managed: copied \(loaded\)/);
    await ann.run('/world adopt copied', /^World copied is now managed\.$/);
    const adopted = await events.next('world.adopt', (d) => d.world === 'copied');
    assert.deepEqual([adopted.data.generator, adopted.data.seed], ['flat', 9]);
    assert.ok(scene.t.platform.worlds().includes('copied'), 'still loaded');
    await ann.run('/world unregister world', /^The world world is built in and always managed; change its settings with \/world set\.$/);
    await ann.run('/world adopt world', /^The world world is managed already\.$/);
    assert.equal((await rs.call('GET', '/worlds/world', reader)).json.data['built-in'], true);
  });

  it('deletes a world and its folder only once confirmed', async () => {
    await ann.run('/world delete source', /^Deleting source removes its folder and every block in it, for good\. Type \/world delete source confirm to do it\.$/);
    assert.ok(scene.t.platform.worldStore.stored.has('source'), 'the folder is still there');
    await ann.run('/world delete source confirm', /^World source deleted\.$/);
    await events.next('world.delete', (d) => d.world === 'source');
    assert.equal(scene.t.platform.worldStore.stored.has('source'), false);
    assert.equal((await rs.call('GET', '/worlds/source', reader)).json.code, 'not-found');
  });

  it('refuses the admin subcommands to a player without their node', async () => {
    await ben.run('/world create nope', /core\.worlds\.create/);
    await scene.t.settle();
    assert.equal(scene.t.platform.worlds().includes('nope'), false);
  });

  it('loads the load-on-start worlds again when the server restarts, with their settings', async () => {
    await ann.run('/world set copied load-on-start false', /^copied: load-on-start is now off\.$/);
    await scene.restart();
    const r = await rs.call('GET', '/worlds', reader);
    const seen = r.json.data.worlds.map((w: { name: string; loaded: boolean; settings: { entry: string; 'game-mode': string } }) => [
      w.name,
      w.loaded,
      w.settings.entry,
      w.settings['game-mode'],
    ]);
    assert.deepEqual(seen, [
      ['arena', true, 'permission', 'creative'],
      ['copied', false, 'open', null],
      ['world', true, 'open', null],
    ]);
    assert.deepEqual([scene.t.platform.worlds().includes('arena'), scene.t.platform.worlds().includes('copied')], [true, false]);
  });
});
