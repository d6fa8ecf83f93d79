// Managed worlds against the real game (every world route and event, the restart with its
// load-on-start worlds: src/modules/worlds/worlds.scene.test.ts): the server's own worlds are
// listed from its first start; bots run every /world subcommand, travel into a created world and
// see its level and chunks, are put into its game mode, are kept out by its entry rule, take no
// harm and break nothing there with pvp and build off, are moved out when it is unloaded, and a
// world folder copied on disk is imported.

import { after, it } from 'node:test';
import assert from 'node:assert/strict';
import type { EventEmitter } from 'node:events';
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { nextEvent, waitFor, waitForMessage, type Bot } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

const ADMIN_NODES = ['create', 'load', 'unload', 'delete', 'import', 'adopt', 'unregister', 'set'];
const ARENA = 'worlds-arena';
const SOURCE = 'worlds-source';
const COPIED = 'worlds-copied';

const respawnOf = (bot: Bot) => nextEvent<{ worldState: { name: string } }>(bot._client as unknown as EventEmitter, 'respawn', 15000);
const standsAt = (bot: Bot, p: { x: number; z: number }) => Math.abs(bot.entity.position.x - p.x) < 0.01 && Math.abs(bot.entity.position.z - p.z) < 0.01;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Runs a command as a bot and waits for the reply line. */
async function run(bot: Bot, line: string, reply: RegExp, timeoutMs = 15000): Promise<string> {
  const answer = waitForMessage(bot, reply, timeoutMs);
  bot.chat(line);
  return answer;
}

/** The bot stands on the ground of the world it was sent to: chunks there, and its feet on a block. */
async function onGround(bot: Bot, what: string): Promise<void> {
  await waitFor(() => bot.blockAt(bot.entity.position.offset(0, -1, 0))?.name === 'grass_block', `${what}: the ground under ${bot.username}`, 15000).catch((e: Error) => {
    const p = bot.entity.position;
    throw new Error(`${e.message}: at ${p}, on the ground ${bot.entity.onGround}, under it ${bot.blockAt(p.offset(0, -1, 0))?.name ?? 'a chunk it has not got'}, ${(bot.world as unknown as { getColumns(): unknown[] }).getColumns().length} columns`);
  });
}

/**
 * Waits until the bot has stood on one block, on the ground, for a while, and the server has read
 * what it sent. The server applies a position packet in steps (flying-squid's move behaviour awaits
 * its listeners): one still being applied when the server moves the bot into another world puts it
 * back at its old coordinates in the new one, and the server then sends it the chunks around those
 * instead of where it stands. A bot that stands still sends its position once a second: after a
 * second and a half, its last change and its repeat are sent, and the round trip fences them.
 */
async function standStill(bot: Bot): Promise<void> {
  let still = { at: Date.now(), block: '' };
  await waitFor(() => {
    const p = bot.entity.position;
    const block = `${Math.floor(p.x)},${Math.floor(p.y)},${Math.floor(p.z)}`;
    if (block !== still.block || !bot.entity.onGround) still = { at: Date.now(), block };
    return Date.now() - still.at >= 1500;
  }, `${bot.username} to stand still on the ground`, 20000);
  await bot.tabComplete('/');
}

export const worldsPart: AreaPart = {
  name: 'worlds',
  tests(scene) {
    const grants: Array<[string, string]> = [];
    const grant = async (player: string, node: string) => {
      await scene().rs.console(`perm grant ${player} ${node}`, new RegExp(`Granted ${escape(node)} to ${player}`));
      grants.push([player, node]);
    };

    after(async () => {
      const { rs, reader } = scene();
      // The worlds this part made go, whatever state a failure left them in.
      for (const name of [ARENA, SOURCE, COPIED]) {
        const w = await rs.call('GET', `/worlds/${name}`, reader);
        if (!w.json.ok) continue;
        if (w.json.data.loaded) await rs.console(`world unload ${name} nosave`, new RegExp(`World ${name} unloaded`));
        await rs.console(`world delete ${name} confirm`, new RegExp(`World ${name} deleted`));
      }
      for (const [player, node] of grants) await rs.console(`perm revoke ${player} ${node}`, new RegExp(`Revoked ${escape(node)} from ${player}`));
    });

    it('lists the server’s own worlds, world and world_nether, from its first start: built in, loaded, with their generators', async () => {
      const { rs, reader } = scene();
      const r = await rs.call('GET', '/worlds', reader);
      assert.equal(r.status, 200);
      const own = (r.json.data.worlds as Array<{ name: string; generator: string; loaded: boolean; 'built-in': boolean; settings: { 'load-on-start': boolean } }>)
        .filter((w) => w['built-in'])
        .map((w) => [w.name, w.generator, w.loaded, w.settings['load-on-start']]);
      assert.deepEqual(own, [
        ['world', 'default', true, false],
        ['world_nether', 'nether', true, false],
      ]);
      assert.equal((await rs.call('GET', '/worlds/world_nether', reader)).json.data['built-in'], true);
    });

    it('creates a flat world with /world create; /world tp takes the bot into its level, onto its ground', async () => {
      const { events, ann } = scene();
      for (const node of ADMIN_NODES) await grant('Ann', `core.worlds.${node}`);
      await run(ann, `/world create ${ARENA} flat 5`, new RegExp(`^World ${ARENA} created \\(flat, seed 5\\) and loaded\\.$`));
      const created = await events.next('world.create', (d) => d.world === ARENA);
      assert.deepEqual([created.data.generator, created.data.seed, created.data.actor], ['flat', 5, 'Ann']);
      await standStill(ann);
      const respawned = respawnOf(ann);
      await run(ann, `/world tp ${ARENA}`, new RegExp(`^You are in ${ARENA}\\.$`));
      assert.equal((await respawned).worldState.name, `core:${ARENA}`);
      await onGround(ann, ARENA);
      assert.equal(ann.blockAt(ann.entity.position.offset(0, -2, 0))?.name, 'dirt');
    });

    it('keeps Ben out while the entry rule wants a node, telling him why; let in, he arrives in the world’s game mode', async () => {
      const { events, ann, ben } = scene();
      const benId = ben.player.uuid;
      await run(ann, `/world set ${ARENA} entry permission`, new RegExp(`^${ARENA}: entry is now permission\\.$`));
      const before = ben.entity.position.clone();
      // The server answers a bot in order: a move would have reached Ben before the refusal.
      await run(ben, `/world go ${ARENA}`, new RegExp(`^You may not enter the world ${ARENA} \\(it needs core\\.worlds\\.enter\\.${ARENA}\\)\\.$`));
      await events.next('world.entry-denied', (d) => d['player-id'] === benId && d.world === ARENA);
      assert.ok(standsAt(ben, before), `Ben moved to ${ben.entity.position}`);
      await grant('Ben', `core.worlds.enter.${ARENA}`);
      await run(ann, `/mw set ${ARENA} game-mode creative`, new RegExp(`^${ARENA}: game-mode is now creative\\.$`));
      await standStill(ben);
      const respawned = respawnOf(ben);
      await run(ben, `/world go ${ARENA}`, new RegExp(`^You are in ${ARENA}\\.$`));
      await respawned;
      await onGround(ben, ARENA);
      await waitFor(() => ben.game.gameMode === 'creative', 'Ben in creative mode');
    });

    it('with pvp and build off, a hit does Ann no harm and a block Ben breaks stays, each told to Ben', async () => {
      const { ann, ben } = scene();
      await run(ann, `/world set ${ARENA} pvp false`, new RegExp(`^${ARENA}: pvp is now off\\.$`));
      await run(ann, `/world set ${ARENA} build false`, new RegExp(`^${ARENA}: build is now off\\.$`));
      await waitFor(() => ben.players.Ann?.entity !== undefined, 'Ben to see Ann');
      const health = ann.health;
      const noPvp = waitForMessage(ben, new RegExp(`^PvP is off in the world ${ARENA}\\.$`));
      ben.attack(ben.players.Ann!.entity!);
      await noPvp;
      // A hurt Ann would have been told before the server answers her next request.
      await ann.tabComplete('/');
      assert.equal(ann.health, health, 'Ann unhurt');
      const block = ben.blockAt(ben.entity.position.offset(2, -1, 0).floored())!;
      assert.equal(block.name, 'grass_block');
      const noBuild = waitForMessage(ben, new RegExp(`^You may not build in the world ${ARENA}\\.$`));
      void ben.dig(block, true).catch(() => {});
      await noBuild;
      // Read by Ann, who looks on: mineflayer's dig sets the block to air on its own client when its
      // dig timer ends, even after the server put the block back (a game client would wait for the
      // server's acknowledgement), so the digger's view alone may show a gone block the world still has.
      await ann.tabComplete('/');
      assert.equal(ann.blockAt(block.position)?.name, 'grass_block', 'the block is still there for Ann');
    });

    it('unloads over HTTP after moving both bots out to the default world’s spawn, telling them why', async () => {
      const { rs, writer, events, ann, ben } = scene();
      const told = `The world ${ARENA} is being unloaded: you were moved to the spawn of world.`;
      const annBack = respawnOf(ann);
      const benBack = respawnOf(ben);
      const annTold = waitForMessage(ann, (l) => l === told, 15000);
      const benTold = waitForMessage(ben, (l) => l === told, 15000);
      const r = await rs.call('POST', `/worlds/${ARENA}/unload`, writer, {});
      assert.deepEqual([r.status, r.json.ok, r.json.data.loaded], [200, true, false]);
      assert.equal((await benBack).worldState.name, 'minecraft:overworld');
      assert.equal((await annBack).worldState.name, 'minecraft:overworld');
      await Promise.all([annTold, benTold]);
      await waitFor(() => standsAt(ben, ann.entity.position) && Math.hypot(ben.entity.position.x - ben.spawnPoint.x, ben.entity.position.z - ben.spawnPoint.z) < 1.5, 'both at the default world’s spawn', 15000);
      const unloaded = await events.next('world.unload', (d) => d.world === ARENA);
      assert.deepEqual([unloaded.data.saved, unloaded.data['players-moved'], unloaded.data.actor], [true, 2, 'core-rest/writer']);
      // Ben leaves the world's game mode behind with the world: back to survival, as he came.
      const mode = await rs.call('POST', `/players/${ben.player.uuid}/state/gamemode`, writer, { mode: 'survival' });
      assert.equal(mode.json.ok, true, JSON.stringify(mode.json));
      await waitFor(() => ben.game.gameMode === 'survival', 'Ben in survival mode');
    });

    it('loads with /world load, unloads without saving with /world unload nosave', async () => {
      const { events, ann } = scene();
      await run(ann, `/world load ${ARENA}`, new RegExp(`^World ${ARENA} loaded\\.$`));
      assert.equal((await events.next('world.load', (d) => d.world === ARENA && d.actor === 'Ann')).data['at-start'], false);
      await run(ann, `/world unload ${ARENA} nosave`, new RegExp(`^World ${ARENA} unloaded without saving\\.$`));
      assert.equal((await events.next('world.unload', (d) => d.world === ARENA && d.actor === 'Ann')).data.saved, false);
    });

    it('imports a world folder the admin copied into the worlds folder, and deletes one only once confirmed', async () => {
      const { rs, reader, events, ann } = scene();
      const worldsDir = join(scene().dataDir, 'worlds');
      await run(ann, `/world create ${SOURCE} flat 9`, new RegExp(`^World ${SOURCE} created`));
      await run(ann, `/world unload ${SOURCE}`, new RegExp(`^World ${SOURCE} unloaded\\.$`));
      // The list answers once the files of the worlds just unloaded are written: then the admin copies the folder.
      await run(ann, '/world list', new RegExp(`^${SOURCE} \\(not loaded; entry open\\)$`));
      cpSync(join(worldsDir, SOURCE), join(worldsDir, COPIED), { recursive: true });
      await run(ann, `/world import ${COPIED}`, new RegExp(`^World ${COPIED} imported \\(flat, seed 9\\) and loaded\\.$`));
      const imported = await events.next('world.import', (d) => d.world === COPIED);
      assert.deepEqual([imported.data.generator, imported.data.seed], ['flat', 9]);
      await run(ann, `/world info ${COPIED}`, new RegExp(`^World ${COPIED}: flat, seed 9, loaded \\(0 players\\)\\.$`));
      await run(ann, '/world list', new RegExp(`^${COPIED} \\(loaded, 0 players; entry open\\)$`));
      await run(ann, `/world unregister ${COPIED}`, new RegExp(`^World ${COPIED} is no longer managed; its files were kept\\.$`));
      await events.next('world.unregister', (d) => d.world === COPIED);
      await run(ann, `/world adopt ${COPIED}`, new RegExp(`^World ${COPIED} is now managed\\.$`));
      assert.equal((await events.next('world.adopt', (d) => d.world === COPIED)).data.generator, 'flat');
      await run(ann, '/world unregister world', /^The world world is built in and always managed; change its settings with \/world set\.$/);

      await run(ann, `/world delete ${SOURCE}`, new RegExp(`^Deleting ${SOURCE} removes its folder and every block in it, for good\\. Type /world delete ${SOURCE} confirm to do it\\.$`));
      assert.ok(existsSync(join(worldsDir, SOURCE, 'level.dat')));
      await run(ann, `/world delete ${SOURCE} confirm`, new RegExp(`^World ${SOURCE} deleted\\.$`));
      await events.next('world.delete', (d) => d.world === SOURCE);
      assert.equal(existsSync(join(worldsDir, SOURCE)), false);
      assert.equal((await rs.call('GET', `/worlds/${SOURCE}`, reader)).json.code, 'not-found');
    });

    it('refuses the admin subcommands to a bot without their node', async () => {
      await run(scene().ben, '/world create worlds-nope', /core\.worlds\.create/);
    });
  },
};
