// Managed worlds on the real server: bots run every /world subcommand, travel into a created world
// and see its chunks, are moved out when it is unloaded, and are kept out by its entry rule; every
// world route over real HTTP and every world event on a real subscription.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { EventEmitter } from 'node:events';
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { never, nextEvent, quit, recordMessages, waitFor, waitForMessage, type Bot } from './support/bots.ts';
import { startScene, type RestServer, type Scene, type Subscription } from './support/rest-server.ts';

const ADMIN_NODES = ['create', 'load', 'unload', 'delete', 'import', 'adopt', 'unregister', 'set', 'tp.others'];

describe('managed worlds', () => {
  let scene: Scene;
  let dataDir: string;
  let rs: RestServer;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: Bot;
  let ben: Bot;
  let annLines: string[];
  let benLines: string[];
  let benId: string;
  /** Where Ben stood in the default world after joining. */
  let benHome: { x: number; z: number };

  const standsAt = (bot: Bot, p: { x: number; z: number }) => Math.abs(bot.entity.position.x - p.x) < 0.01 && Math.abs(bot.entity.position.z - p.z) < 0.01;
  const respawnOf = (bot: Bot) => nextEvent<{ worldState: { name: string } }>(bot._client as unknown as EventEmitter, 'respawn', 15000);
  /** Runs a command as a bot and waits for the reply line. */
  async function run(bot: Bot, line: string, reply: RegExp, timeoutMs = 15000): Promise<string> {
    const answer = waitForMessage(bot, reply, timeoutMs);
    bot.chat(line);
    return answer;
  }
  /** The bot stands on the ground of the world it was sent to: chunks there, and its feet on a block. */
  async function onGround(bot: Bot, what: string): Promise<void> {
    await waitFor(() => bot.blockAt(bot.entity.position.offset(0, -1, 0))?.name === 'grass_block', `${what}: the ground under ${bot.username}`, 15000);
  }

  before(async () => {
    // Few chunks around each bot: a world's chunks are written when it unloads, slowly on a busy machine.
    ({ rs, dataDir, writer, reader, events, ann, ben } = scene = await startScene(['world.*'], { bots: { viewDistance: 2 } }));
    benId = ben.player.uuid;
    annLines = recordMessages(ann);
    benLines = recordMessages(ben);
    for (const node of ADMIN_NODES) await rs.console(`perm grant Ann core.worlds.${node}`, new RegExp(`core\\.worlds\\.${node.replace('.', '\\.')}`));
    await waitFor(() => ben.entity.onGround, 'Ben on the ground');
    benHome = { x: ben.entity.position.x, z: ben.entity.position.z };
  });
  after(() => scene?.close());

  it('creates a flat world with /world create, announced and listed over HTTP', async () => {
    await run(ann, '/world create arena flat 5', /^World arena created \(flat, seed 5\) and loaded\.$/);
    const created = await events.next('world.create', (d) => d.world === 'arena');
    assert.deepEqual([created.data.generator, created.data.seed, created.data.actor], ['flat', 5, 'Ann']);
    const r = await rs.call('GET', '/worlds', reader);
    assert.equal(r.status, 200);
    assert.deepEqual(r.json.data.worlds.map((w: { name: string; loaded: boolean }) => [w.name, w.loaded]), [['arena', true]]);
  });

  it('takes a bot into the world with /world tp: a new level, its chunks, the bot standing at its spawn', async () => {
    const respawned = respawnOf(ann);
    await run(ann, '/world tp arena', /^You are in arena\.$/);
    assert.equal((await respawned).worldState.name, 'core:arena');
    await onGround(ann, 'arena');
    assert.equal(ann.blockAt(ann.entity.position.offset(0, -2, 0))?.name, 'dirt');
    const one = await rs.call('GET', '/worlds/arena', reader);
    assert.deepEqual([one.json.data.players, one.json.data['built-in']], [1, false]);
  });

  it('keeps a player out of a permission world, telling the bot why; it stays where it is', async () => {
    await run(ann, '/world set arena entry permission', /^arena: entry is now permission\.$/);
    const changed = await events.next('world.setting-change', (d) => d.world === 'arena' && d.setting === 'entry');
    assert.deepEqual([changed.data.value, changed.data.previous], ['permission', 'open']);
    await run(ben, '/world go arena', /^You may not enter the world arena \(it needs core\.worlds\.enter\.arena\)\.$/);
    const denied = await events.next('world.entry-denied', (d) => d['player-id'] === benId);
    assert.deepEqual([denied.data.world, denied.data.reason, denied.data.cause], ['arena', 'no-permission', 'world']);
    await never(() => !standsAt(ben, benHome), 'Ben moved');
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
    await run(ann, '/mw set arena game-mode creative', /^arena: game-mode is now creative\.$/);
    const respawned = respawnOf(ben);
    await run(ben, '/world go arena', /^You are in arena\.$/);
    await respawned;
    await onGround(ben, 'arena');
    await waitFor(() => ben.game.gameMode === 'creative', 'Ben in creative mode');
  });

  it('with pvp and build off, a hit does no harm and a broken block comes back, each told to the bot', async () => {
    await run(ann, '/world set arena pvp false', /^arena: pvp is now off\.$/);
    await run(ann, '/world set arena build false', /^arena: build is now off\.$/);
    await waitFor(() => ben.players.Ann?.entity !== undefined, 'Ben to see Ann');
    const noPvp = waitForMessage(ben, /^PvP is off in the world arena\.$/);
    ben.attack(ben.players.Ann!.entity!);
    await noPvp;
    await never(() => ann.health < 20, 'Ann hurt by the hit');
    const block = ben.blockAt(ben.entity.position.offset(2, -1, 0).floored())!;
    assert.equal(block.name, 'grass_block');
    const noBuild = waitForMessage(ben, /^You may not build in the world arena\.$/);
    void ben.dig(block, true).catch(() => {});
    await noBuild;
    // Read by Ann, who looks on: mineflayer's dig sets the block to air on its own client when its
    // dig timer ends, even after the server put the block back (a game client would wait for the
    // server's acknowledgement), so the digger's view alone may show a gone block the world still has.
    await waitFor(() => ann.blockAt(block.position)?.name === 'grass_block', 'the broken block there for Ann');
    await never(() => ann.blockAt(block.position)?.name !== 'grass_block', 'the block gone for Ann');
  });

  it('unloads over HTTP after moving the bots out to the default spawn, telling them why', async () => {
    const annBack = respawnOf(ann);
    const benBack = respawnOf(ben);
    const r = await rs.call('POST', '/worlds/arena/unload', writer, {});
    assert.deepEqual([r.status, r.json.ok, r.json.data.loaded], [200, true, false]);
    assert.equal((await benBack).worldState.name, 'minecraft:overworld');
    await annBack;
    await waitFor(() => standsAt(ben, benHome), 'Ben at the default world spawn', 15000);
    await waitFor(() => benLines.includes('The world arena is being unloaded: you were moved to the spawn of world.'), 'Ben told why');
    assert.ok(annLines.includes('The world arena is being unloaded: you were moved to the spawn of world.'));
    const unloaded = await events.next('world.unload', (d) => d.world === 'arena');
    assert.deepEqual([unloaded.data.saved, unloaded.data['players-moved'], unloaded.data.actor], [true, 2, 'core-rest/writer']);
    const again = await rs.call('POST', '/worlds/arena/unload', writer, { save: false });
    assert.deepEqual([again.status, again.json.ok, again.json.code], [200, false, 'already-in-state']);
  });

  it('loads with /world load and over HTTP, and unloads without saving with /world unload nosave', async () => {
    await run(ann, '/world load arena', /^World arena loaded\.$/);
    assert.equal((await events.next('world.load', (d) => d.world === 'arena' && d.actor === 'Ann')).data['at-start'], false);
    const twice = await rs.call('POST', '/worlds/arena/load', writer);
    assert.deepEqual([twice.status, twice.json.ok, twice.json.code], [200, false, 'already-in-state']);
    await run(ann, '/world unload arena nosave', /^World arena unloaded without saving\.$/);
    assert.equal((await events.next('world.unload', (d) => d.world === 'arena' && d.actor === 'Ann')).data.saved, false);
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

  it('adopts the default world and unregisters it, touching none of its files', async () => {
    await run(ann, '/world adopt world', /^World world is now managed\.$/);
    const adopted = await events.next('world.adopt', (d) => d.world === 'world');
    assert.equal(adopted.data.generator, 'default');
    assert.equal((await rs.call('GET', '/worlds/world', reader)).json.data['built-in'], true);
    await run(ann, '/world unregister world', /^World world is no longer managed; its files were kept\.$/);
    await events.next('world.unregister', (d) => d.world === 'world');
    assert.equal((await rs.call('GET', '/worlds/world', reader)).json.code, 'not-found');
  });

  it('imports a world folder the admin copied into the worlds folder', async () => {
    await run(ann, '/world create source flat 9', /^World source created/);
    await run(ann, '/world unload source', /^World source unloaded\.$/);
    // The list answers once the files of the worlds just unloaded are written: then the admin copies the folder.
    await run(ann, '/world list', /^source \(not loaded; entry open\)$/);
    cpSync(join(dataDir, 'worlds', 'source'), join(dataDir, 'worlds', 'copied'), { recursive: true });
    await run(ann, '/world import copied', /^World copied imported \(flat, seed 9\) and loaded\.$/);
    const imported = await events.next('world.import', (d) => d.world === 'copied');
    assert.deepEqual([imported.data.generator, imported.data.seed], ['flat', 9]);
    await run(ann, '/world info copied', /^World copied: flat, seed 9, loaded \(0 players\)\.$/);
    await run(ann, '/world list', /^copied \(loaded, 0 players; entry open\)$/);
  });

  it('deletes a world and its folder only once confirmed', async () => {
    await run(ann, '/world delete source', /^Deleting source removes its folder and every block in it, for good\. Type \/world delete source confirm to do it\.$/);
    assert.ok(existsSync(join(dataDir, 'worlds', 'source', 'level.dat')));
    await run(ann, '/world delete source confirm', /^World source deleted\.$/);
    await events.next('world.delete', (d) => d.world === 'source');
    assert.equal(existsSync(join(dataDir, 'worlds', 'source')), false);
    assert.equal((await rs.call('GET', '/worlds/source', reader)).json.code, 'not-found');
  });

  it('refuses the admin subcommands to a player without their node', async () => {
    await run(ben, '/world create nope', /core\.worlds\.create/);
  });

  it('loads the load-on-start worlds again when the server restarts, with their settings', async () => {
    await run(ann, '/world set copied load-on-start false', /^copied: load-on-start is now off\.$/);
    events.close();
    await quit(ann);
    await quit(ben);
    rs = await scene.restart();
    reader = await rs.token('reader2');
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
    ]);
  });
});
