// The contract of worlds created, loaded and unloaded while the server runs.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { playerName, type Contract } from './platform.contract.ts';
import type { WorldOutcome } from '../../src/platform/worlds.ts';

function refusal(outcome: WorldOutcome): string {
  return outcome.ok ? 'ok' : `${outcome.reason}: ${outcome.message}`;
}

export const runtimeWorldsContract: Contract = (h) => {
  describe('worlds at run time', () => {
    it('creates a world that is listed, has a spawn, and that a player is teleported into', async () => {
      const { platform } = h();
      const made = await platform.createWorld('contract_flat', { generator: 'flat', seed: 12 });
      assert.deepEqual(made, { ok: true, world: { name: 'contract_flat', generator: 'flat', seed: 12, builtIn: false } });
      assert.deepEqual(platform.worlds().slice(-1), ['contract_flat']);
      assert.equal(platform.worlds()[0], platform.spawnLocation().world, 'the default world stays first');
      assert.deepEqual(platform.worldInfo('contract_flat'), made.ok ? made.world : undefined);
      const spawn = platform.spawnLocation('contract_flat');
      assert.equal(spawn.world, 'contract_flat');
      const p = await h().join(playerName('Traveller'));
      assert.equal(await platform.teleport(p.player.uuid, spawn), true);
      assert.equal(platform.location(p.player.uuid)?.world, 'contract_flat');
      await p.leave();
    });

    it('unloads a world after moving its players to the default world, and loads it again', async () => {
      const { platform } = h();
      assert.equal((await platform.createWorld('contract_keep')).ok, true);
      const p = await h().join(playerName('Evicted'));
      assert.equal(await platform.teleport(p.player.uuid, platform.spawnLocation('contract_keep')), true);
      assert.equal(refusal(await platform.unloadWorld('contract_keep')), 'ok');
      assert.equal(platform.location(p.player.uuid)?.world, platform.worlds()[0]);
      assert.ok(!platform.worlds().includes('contract_keep'));
      assert.equal(platform.worldInfo('contract_keep'), undefined);
      assert.equal(await platform.teleport(p.player.uuid, { ...platform.spawnLocation(), world: 'contract_keep' }), false);
      assert.ok((await platform.storedWorlds()).includes('contract_keep'));
      assert.equal(refusal(await platform.loadWorld('contract_keep')), 'ok');
      assert.ok(platform.worlds().includes('contract_keep'));
      assert.equal(await platform.teleport(p.player.uuid, platform.spawnLocation('contract_keep')), true);
      await p.leave();
    });

    it('unloads without saving when asked, and deletes an unloaded world from disk, not a loaded or built-in one', async () => {
      const { platform } = h();
      const home = platform.worlds()[0]!;
      assert.equal(refusal(await platform.createWorld('contract_gone', { generator: 'flat' })), 'ok');
      assert.match(refusal(await platform.deleteWorld('contract_gone')), /^loaded: /);
      assert.ok(platform.worlds().includes('contract_gone'), 'a refused delete leaves the world loaded');
      assert.equal(refusal(await platform.unloadWorld('contract_gone', { save: false })), 'ok');
      assert.ok((await platform.storedWorlds()).includes('contract_gone'), 'unloaded without saving, it stays on disk');
      const deleted = await platform.deleteWorld('contract_gone');
      assert.deepEqual(deleted.ok && { ...deleted.world, seed: 0 }, { name: 'contract_gone', generator: 'flat', seed: 0, builtIn: false });
      assert.ok(!(await platform.storedWorlds()).includes('contract_gone'));
      assert.match(refusal(await platform.loadWorld('contract_gone')), /^not-found: /);
      assert.match(refusal(await platform.deleteWorld('contract_gone')), /^not-found: /);
      assert.match(refusal(await platform.deleteWorld(home)), /^built-in: /);
      assert.match(refusal(await platform.deleteWorld('Bad Name')), /^invalid: /);
      assert.equal(refusal(await platform.createWorld('contract_gone')), 'ok', 'the name is free again');
    });

    it('declines bad names and options, taken names, unknown worlds and the built-in worlds, saying why', async () => {
      const { platform } = h();
      const home = platform.worlds()[0]!;
      assert.match(refusal(await platform.createWorld('Bad Name')), /^invalid: .*"Bad Name" may hold only lower-case letters, digits, _ and -/);
      assert.match(refusal(await platform.createWorld('x'.repeat(33))), /^invalid: .*longer than 32 characters/);
      assert.match(refusal(await platform.createWorld('ok_name', { seed: 2 ** 40 })), /^invalid: the seed/);
      assert.match(refusal(await platform.createWorld(home)), /^already-exists: /);
      assert.match(refusal(await platform.loadWorld('contract_never_made')), /^not-found: /);
      assert.match(refusal(await platform.unloadWorld('contract_never_made')), /^not-found: /);
      assert.match(refusal(await platform.unloadWorld(home)), /^built-in: /);
      assert.equal(refusal(await platform.createWorld('contract_twice', { generator: 'flat' })), 'ok');
      assert.match(refusal(await platform.createWorld('contract_twice')), /^already-exists: /);
      assert.match(refusal(await platform.loadWorld('contract_twice')), /^already-loaded: /);
      assert.ok(platform.worlds().includes(home));
    });
  });
};
