import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CONSOLE, type Actor } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { declined, invalid, value } from '../../../test/support/results.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { teleportModule } from '../teleport/index.ts';
import { worldsModule } from './index.ts';
import type { WorldsService } from './worlds.service.ts';
import { createWorldsStore } from './worlds.store.ts';
import { AUDIT_TABLES } from '../../core/log/audit.ts';

const REST: Actor = { kind: 'rest', label: 'panel' };
const UNKNOWN = '00000000-0000-0000-0000-0000000000ab';

describe('worlds', () => {
  let t: TestKernel;
  let worlds: WorldsService;
  let ann: string;
  let ben: string;
  let startedAt: string;

  const where = (uuid: string) => t.platform.location(uuid)?.world;
  const last = (name: Parameters<TestKernel['emittedNamed']>[0]) => t.emittedNamed(name).at(-1)?.data;

  before(async () => {
    t = await startTestKernel({ modules: [teleportModule, worldsModule] });
    startedAt = t.clock.now().toISOString();
    worlds = t.kernel.api.worlds;
    ann = (await t.join('Ann')).uuid;
    ben = (await t.join('Ben')).uuid;
  });
  after(() => t.close());

  describe('worlds.create', () => {
    it('creates, loads and manages a world with the default settings, audited and announced', async () => {
      const w = value(await worlds.create('flatland', { generator: 'flat', seed: 42 }, REST));
      assert.deepEqual(w, {
        name: 'flatland',
        generator: 'flat',
        seed: 42,
        loaded: true,
        'built-in': false,
        players: 0,
        settings: { 'load-on-start': true, entry: 'open', 'game-mode': null, pvp: true, build: true, spawn: null },
        'managed-since': t.clock.now().toISOString(),
        'updated-at': t.clock.now().toISOString(),
      });
      assert.ok(t.platform.worlds().includes('flatland'));
      assert.deepEqual(last('world.create'), { world: 'flatland', actor: 'core-rest/panel', generator: 'flat', seed: 42, 'occurred-at': t.clock.now().toISOString() });
      const [row] = await AUDIT_TABLES.on(t.database.db).selectFrom('core_audit').select(['actor', 'action', 'details']).orderBy('id', 'desc').limit(1).execute();
      assert.deepEqual({ ...row }, { actor: 'core-rest/panel', action: 'world.create', details: JSON.stringify({ world: 'flatland', generator: 'flat', seed: 42 }) });
    });

    it('refuses a name against the world-name rule, naming the field', async () => {
      await assert.rejects(worlds.create('Bad Name', {}, REST), invalid('name'));
      await assert.rejects(worlds.create('x'.repeat(33), {}, REST), invalid('name'));
      await assert.rejects(worlds.create('okname', { seed: 2 ** 40 }, REST), invalid('seed'));
    });

    it('declines a managed name or a built-in one with already-exists', async () => {
      declined(await worlds.create('flatland', {}, REST), 'already-exists');
      declined(await worlds.create('world', {}, REST), 'already-exists');
    });
  });

  describe('worlds.list and worlds.get', () => {
    it('lists the managed worlds by name: the server’s own world from the first start, built in, with its real generator and seed', () => {
      assert.deepEqual(value(worlds.list()).worlds.map((w) => w.name), ['flatland', 'world']);
      assert.deepEqual(value(worlds.get('world')), {
        name: 'world',
        generator: 'default',
        seed: 0,
        loaded: true,
        'built-in': true,
        players: 2,
        settings: { 'load-on-start': false, entry: 'open', 'game-mode': null, pvp: true, build: true, spawn: null },
        'managed-since': startedAt,
        'updated-at': startedAt,
      });
      assert.equal(t.log.lines.filter((l) => /managing the built-in worlds world with the default settings/.test(l)).length, 1);
      assert.deepEqual(t.emittedNamed('world.adopt'), [], 'taken in at start, not adopted by anyone');
      declined(worlds.get('nowhere'), 'not-found');
      assert.throws(() => worlds.get('NoWhere'), invalid('name'));
    });
  });

  describe('worlds.unload and worlds.load', () => {
    it('moves the players out to the default world spawn first, tells them why, and counts them', async () => {
      value(await worlds.teleport(ann, 'flatland'));
      assert.equal(where(ann), 'flatland');
      assert.equal(value(worlds.get('flatland')).players, 1);
      const w = value(await worlds.unload('flatland', true, REST));
      assert.equal(w.loaded, false);
      assert.equal(where(ann), 'world');
      assert.ok(t.platform.messagesOf(ann).includes('The world flatland is being unloaded: you were moved to the spawn of world.'));
      assert.equal(last('world.unload')?.['players-moved'], 1);
      assert.equal(last('world.unload')?.saved, true);
      assert.deepEqual(t.platform.worldStore.unloads.at(-1), { name: 'flatland', saved: true });
    });

    it('answers already-in-state for an unloaded world, and loads it again', async () => {
      declined(await worlds.unload('flatland', true, REST), 'already-in-state');
      assert.equal(value(await worlds.load('flatland', REST)).loaded, true);
      assert.deepEqual(last('world.load'), { world: 'flatland', actor: 'core-rest/panel', 'at-start': false, 'occurred-at': t.clock.now().toISOString() });
      declined(await worlds.load('flatland', REST), 'already-in-state');
    });

    it('unloads without saving when asked', async () => {
      value(await worlds.unload('flatland', false, CONSOLE));
      assert.deepEqual(t.platform.worldStore.unloads.at(-1), { name: 'flatland', saved: false });
      assert.equal(last('world.unload')?.saved, false);
      value(await worlds.load('flatland', CONSOLE));
    });

    it('declines a world on disk that is not managed with not-found, pointing to import', async () => {
      t.platform.worldStore.putOnDisk('copied');
      const r = await worlds.load('copied', REST);
      declined(r, 'not-found');
      assert.match(!r.ok ? r.message : '', /import it first/);
    });
  });

  describe('worlds.import', () => {
    it('manages and loads a folder copied into the worlds folder, with its generator and seed', async () => {
      const w = value(await worlds.import('copied', REST));
      assert.deepEqual([w.loaded, w.generator, w.seed], [true, 'default', 7]);
      assert.equal(last('world.import')?.world, 'copied');
    });

    it('declines a missing folder and a managed world', async () => {
      declined(await worlds.import('nothere', REST), 'not-found');
      declined(await worlds.import('copied', REST), 'already-exists');
      declined(await worlds.import('world', REST), 'already-exists');
    });
  });

  describe('worlds.adopt and worlds.unregister', () => {
    it('refuses to unload, delete or unregister a built-in world, and answers already-exists to adopting it', async () => {
      declined(await worlds.unload('world', true, REST), 'refused');
      declined(await worlds.delete('world', REST), 'refused');
      const r = await worlds.unregister('world', REST);
      declined(r, 'refused');
      assert.equal(!r.ok && r.message, 'The world world is built in and always managed; change its settings with /world set.');
      declined(await worlds.adopt('world', REST), 'already-exists');
      assert.ok(t.platform.worlds().includes('world'));
      assert.equal(value(worlds.get('world'))['built-in'], true);
    });

    it('unregisters a world: it stays loaded and on disk; import asks to adopt it, and adopt manages it again without loading anything', async () => {
      value(await worlds.unregister('copied', REST));
      assert.equal(last('world.unregister')?.world, 'copied');
      assert.ok(t.platform.worlds().includes('copied'));
      declined(worlds.get('copied'), 'not-found');
      declined(await worlds.unregister('copied', REST), 'not-found');
      const r = await worlds.import('copied', REST);
      declined(r, 'refused');
      assert.match(!r.ok ? r.message : '', /adopt it instead/);
      const w = value(await worlds.adopt('copied', REST));
      assert.deepEqual([w.loaded, w['built-in'], w.settings['load-on-start']], [true, false, true]);
      assert.deepEqual(last('world.adopt'), { world: 'copied', actor: 'core-rest/panel', generator: 'default', seed: 7, 'occurred-at': t.clock.now().toISOString() });
      declined(await worlds.adopt('copied', REST), 'already-exists');
      declined(await worlds.adopt('elsewhere', REST), 'not-found');
    });
  });

  describe('worlds.delete', () => {
    it('moves the players out, unloads without saving, removes the folder and forgets the world', async () => {
      value(await worlds.create('doomed', {}, CONSOLE));
      value(await worlds.teleport(ben, 'doomed'));
      const w = value(await worlds.delete('doomed', CONSOLE));
      assert.equal(w.loaded, false);
      assert.equal(where(ben), 'world');
      assert.ok(t.platform.messagesOf(ben).includes('The world doomed is being deleted: you were moved to the spawn of world.'));
      assert.deepEqual(t.platform.worldStore.unloads.at(-1), { name: 'doomed', saved: false });
      assert.ok(!(await t.platform.storedWorlds()).includes('doomed'));
      declined(worlds.get('doomed'), 'not-found');
      assert.equal(last('world.delete')?.world, 'doomed');
      declined(await worlds.delete('doomed', CONSOLE), 'not-found');
    });
  });

  describe('worlds.set', () => {
    it('changes a setting, announcing the value and the previous one; the same value changes nothing', async () => {
      t.clock.advance(5);
      const before = t.emittedNamed('world.setting-change').length;
      const w = value(await worlds.set('flatland', 'entry', 'closed', REST));
      assert.equal(w.settings.entry, 'closed');
      assert.equal(w['updated-at'], t.clock.now().toISOString());
      assert.deepEqual(last('world.setting-change'), {
        world: 'flatland',
        actor: 'core-rest/panel',
        setting: 'entry',
        value: 'closed',
        previous: 'open',
        'occurred-at': t.clock.now().toISOString(),
      });
      value(await worlds.set('flatland', 'entry', 'closed', REST));
      assert.equal(t.emittedNamed('world.setting-change').length, before + 1);
    });

    it('refuses a value of the wrong kind, and a spawn outside the world, naming value', async () => {
      await assert.rejects(worlds.set('flatland', 'pvp', 'no' as unknown as boolean, REST), invalid('value'));
      await assert.rejects(worlds.set('flatland', 'spawn', { world: 'world', x: 0, y: 0, z: 0, yaw: 0, pitch: 0 }, REST), invalid('value'));
      declined(await worlds.set('nowhere', 'pvp', false, REST), 'not-found');
    });
  });

  describe('entry rules', () => {
    it('refuses a teleport into a closed world with the reason, emits world.entry-denied, and the player stays', async () => {
      const r = await t.kernel.api.teleport.teleport(ann, t.platform.spawnLocation('flatland'), { cause: 'home' });
      declined(r, 'refused');
      assert.equal(!r.ok && r.message, 'The world flatland is closed: nobody may enter it.');
      assert.equal(where(ann), 'world');
      assert.deepEqual(last('world.entry-denied'), {
        'player-id': ann,
        'player-name': 'Ann',
        world: 'flatland',
        reason: 'closed',
        cause: 'home',
        'occurred-at': t.clock.now().toISOString(),
      });
      declined(await worlds.teleport(ann, 'flatland'), 'refused');
    });

    it('lets holders of core.worlds.bypass-entry in, and lets a jail sentence through', async () => {
      value(await t.kernel.api.permissions.grant(ben, 'core.worlds.bypass-entry', CONSOLE));
      value(await worlds.teleport(ben, 'flatland'));
      value(await t.kernel.api.teleport.teleport(ann, t.platform.spawnLocation('flatland'), { cause: 'jail' }));
      assert.equal(where(ann), 'flatland');
      value(await worlds.teleport(ann, 'world'));
      value(await t.kernel.api.teleport.teleport(ann, t.platform.spawnLocation('flatland'), { cause: 'unjail' }));
      assert.equal(where(ann), 'flatland');
      // Moving inside the world one is in is no entry.
      value(await t.kernel.api.teleport.teleport(ann, { ...t.platform.spawnLocation('flatland'), x: 20 }, { cause: 'home' }));
      value(await worlds.teleport(ann, 'world'));
    });

    it('asks core.worlds.enter.<name> of a permission world; the access read says so', async () => {
      value(await worlds.set('flatland', 'entry', 'permission', REST));
      assert.deepEqual(value(await worlds.access('flatland', ann)), {
        world: 'flatland',
        'player-id': ann,
        'player-name': 'Ann',
        allowed: false,
        reason: 'no-permission',
        message: 'You may not enter the world flatland (it needs core.worlds.enter.flatland).',
      });
      declined(await worlds.teleport(ann, 'flatland'), 'refused');
      assert.equal(last('world.entry-denied')?.reason, 'no-permission');
      value(await t.kernel.api.permissions.grant(ann, 'core.worlds.enter.flatland', CONSOLE));
      assert.equal(value(await worlds.access('flatland', ann)).allowed, true);
      value(await worlds.teleport(ann, 'flatland'));
      value(await worlds.teleport(ann, 'world'));
    });

    it('answers not-loaded for an unloaded world, not-found for an unknown player or world', async () => {
      value(await worlds.unload('flatland', true, REST));
      assert.equal(value(await worlds.access('flatland', ann)).reason, 'not-loaded');
      declined(await worlds.access('flatland', UNKNOWN), 'not-found');
      declined(await worlds.access('nowhere', ann), 'not-found');
      await assert.rejects(worlds.access('flatland', 'bob'), invalid('player'));
      value(await worlds.load('flatland', REST));
      value(await worlds.set('flatland', 'entry', 'open', REST));
    });
  });

  describe('game mode, pvp, build and spawn', () => {
    it('puts a player arriving in the world into its game mode', async () => {
      value(await worlds.set('flatland', 'game-mode', 'creative', REST));
      assert.equal(t.platform.gameMode(ann), 'survival');
      value(await worlds.teleport(ann, 'flatland'));
      assert.equal(t.platform.gameMode(ann), 'creative');
      value(await worlds.set('world', 'game-mode', 'survival', REST));
      value(await worlds.teleport(ann, 'world'));
      assert.equal(t.platform.gameMode(ann), 'survival');
    });

    it('with pvp off, a player’s hit is cancelled and the attacker told', async () => {
      value(await worlds.set('world', 'pvp', false, REST));
      assert.equal(t.platform.gameplay.damage(ann, 2, { attacker: ben }), true);
      assert.ok(t.platform.messagesOf(ben).includes('PvP is off in the world world.'));
      assert.equal(t.platform.gameplay.damage(ann, 2, { cause: 'other' }), false, 'other damage still hurts');
      value(await worlds.set('world', 'pvp', true, REST));
      assert.equal(t.platform.gameplay.damage(ann, 2, { attacker: ben }), false);
    });

    it('with build off, breaking and placing are cancelled but for holders of core.worlds.bypass-build', async () => {
      value(await worlds.set('world', 'build', false, REST));
      const spot = { world: 'world', x: 3, y: 63, z: 3 };
      assert.equal(t.platform.gameplay.breakBlock(ann, spot), true);
      assert.ok(t.platform.messagesOf(ann).includes('You may not build in the world world.'));
      value(await t.kernel.api.permissions.grant(ann, 'core.worlds.bypass-build', CONSOLE));
      assert.equal(t.platform.gameplay.breakBlock(ann, spot), false);
      value(await worlds.set('world', 'build', true, REST));
    });

    it('takes /world tp to the world’s spawn setting when it has one', async () => {
      const spawn = { world: 'flatland', x: 5.5, y: 70, z: 9.5, yaw: 90, pitch: 0 };
      value(await worlds.set('flatland', 'spawn', spawn, REST));
      assert.deepEqual(value(await worlds.teleport(ann, 'flatland')), spawn);
      assert.deepEqual(t.platform.location(ann), spawn);
      value(await worlds.teleport(ann, 'world'));
    });
  });

  describe('/world', () => {
    const run = async (as: string, line: string) => {
      const before = as === 'console' ? t.platform.consoleText().length : t.platform.messagesOf(as).length;
      await t.platform.run(as, line);
      return as === 'console' ? t.platform.consoleText().slice(before) : t.platform.messagesOf(as).slice(before);
    };

    it('runs every subcommand at the console', async () => {
      assert.deepEqual(await run('console', 'world create cmdland flat 5'), ['Creating the world cmdland…', 'World cmdland created (flat, seed 5) and loaded.']);
      assert.deepEqual(await run('console', 'mw unload cmdland nosave'), ['World cmdland unloaded without saving.']);
      assert.deepEqual(await run('console', 'world load cmdland'), ['World cmdland loaded.']);
      assert.deepEqual(await run('console', 'world set cmdland entry closed'), ['cmdland: entry is now closed.']);
      assert.deepEqual(await run('console', 'world set cmdland pvp maybe'), ['"maybe" is not a value of pvp: use true, false.']);
      assert.deepEqual((await run('console', 'world info cmdland'))[0], 'World cmdland: flat, seed 5, loaded (0 players).');
      assert.deepEqual(await run('console', 'world unregister cmdland'), ['World cmdland is no longer managed; its files were kept.']);
      assert.deepEqual(await run('console', 'world adopt cmdland'), ['World cmdland is now managed.']);
      assert.deepEqual(await run('console', 'world delete cmdland'), [
        'Deleting cmdland removes its folder and every block in it, for good. Type world delete cmdland confirm to do it.',
      ]);
      assert.ok(t.platform.worlds().includes('cmdland'), 'nothing deleted without confirm');
      assert.deepEqual(await run('console', 'world delete cmdland confirm'), ['World cmdland deleted.']);
      t.platform.worldStore.putOnDisk('cmdcopy');
      assert.deepEqual(await run('console', 'world import cmdcopy'), ['World cmdcopy imported (default, seed 7) and loaded.']);
      const list = await run('console', 'world list');
      assert.ok(list[0]?.startsWith('Managed worlds ('), list.join('\n'));
      assert.ok(list.includes('cmdcopy (loaded, 0 players; entry open)'), list.join('\n'));
      assert.deepEqual(await run('console', 'world create Bad'), ['Creating the world Bad…', 'The world name "Bad" may hold only lower-case letters, digits, _ and -.']);
    });

    it('lets a player list, look and travel, but not manage without the node', async () => {
      assert.deepEqual(await run(ben, '/world tp cmdcopy'), ['You are in cmdcopy.']);
      assert.equal(where(ben), 'cmdcopy');
      assert.deepEqual(await run(ben, '/world go world'), ['You are in world.']);
      const refused = await run(ben, '/world create nope');
      assert.match(refused[0] ?? '', /core\.worlds\.create/);
      assert.match((await run(ben, '/world tp cmdcopy Ann'))[0] ?? '', /core\.worlds\.tp\.others/);
      assert.deepEqual(await run('console', 'world tp cmdcopy Ann'), ['Ann was taken to cmdcopy.']);
      assert.equal(where(ann), 'cmdcopy');
    });

    it('sets a spawn where the player stands', async () => {
      value(await t.kernel.api.permissions.grant(ann, 'core.worlds.set', CONSOLE));
      assert.deepEqual(await run(ann, '/world set cmdcopy spawn here'), [`cmdcopy: spawn is now ${t.platform.location(ann)!.x}, ${t.platform.location(ann)!.y}, ${t.platform.location(ann)!.z}.`]);
      assert.match((await run(ann, '/world set world spawn here'))[0] ?? '', /stand in world/);
    });

    it('records in-game writes with the player or the console as the actor', async () => {
      const rows = await AUDIT_TABLES.on(t.database.db).selectFrom('core_audit').select(['actor', 'action']).orderBy('id', 'desc').limit(1).execute();
      assert.deepEqual({ ...rows[0] }, { actor: 'Ann', action: 'world.set' });
    });
  });

  describe('across a restart', () => {
    it('keeps the registry and settings, loads the load-on-start worlds and leaves the others unloaded', async () => {
      value(await worlds.set('cmdcopy', 'load-on-start', false, CONSOLE));
      const before = t.emittedNamed('world.load').length;
      await t.restart();
      worlds = t.kernel.api.worlds;
      assert.ok(t.platform.worlds().includes('flatland'));
      assert.ok(!t.platform.worlds().includes('cmdcopy'));
      const loads = t.emittedNamed('world.load').slice(before).map((e) => [e.data.world, e.data['at-start'], e.data.actor]);
      assert.deepEqual(loads, [['copied', true, 'console'], ['flatland', true, 'console']]);
      const w = value(worlds.get('flatland'));
      assert.equal(w.settings['game-mode'], 'creative');
      assert.equal(w.settings.spawn?.x, 5.5);
      assert.deepEqual(value(worlds.list()).worlds.map((x) => [x.name, x.loaded]), [['cmdcopy', false], ['copied', true], ['flatland', true], ['world', true]]);
    });

    it('reports a load-on-start world whose folder is gone, and keeps managing it', async () => {
      t.platform.worldStore.stored.delete('flatland');
      await t.restart();
      assert.ok(t.log.lines.some((l) => /the managed world flatland could not be loaded at start: there is no world named flatland/.test(l)));
      assert.equal(value(t.kernel.api.worlds.get('flatland')).loaded, false);
    });
  });
});

describe('worlds on PostgreSQL', () => {
  it('creates, sets, unloads and keeps the registry and the built-in world’s settings across a restart', (ctx) =>
    withPostgres(ctx, 'worlds', async (openDb) => {
      const k = await startTestKernel({ modules: [teleportModule, worldsModule], openDb });
      try {
        const w = k.kernel.api.worlds;
        value(await w.create('pg_world', { generator: 'flat', seed: -5 }, REST));
        value(await w.set('pg_world', 'spawn', { world: 'pg_world', x: 1.5, y: 65, z: -2.25, yaw: 0, pitch: 10 }, REST));
        value(await w.set('pg_world', 'entry', 'permission', REST));
        value(await w.set('pg_world', 'game-mode', 'adventure', REST));
        value(await w.set('world', 'pvp', false, REST));
        value(await w.unload('pg_world', true, REST));
        await k.restart();
        const back = value(k.kernel.api.worlds.get('pg_world'));
        assert.deepEqual([back.loaded, back.seed, back.settings], [
          true,
          -5,
          { 'load-on-start': true, entry: 'permission', 'game-mode': 'adventure', pvp: true, build: true, spawn: { world: 'pg_world', x: 1.5, y: 65, z: -2.25, yaw: 0, pitch: 10 } },
        ]);
        assert.deepEqual(value(k.kernel.api.worlds.list()).worlds.map((x) => [x.name, x.settings.pvp]), [['pg_world', true], ['world', false]]);
      } finally {
        await k.close();
      }
    }));
});

describe('the built-in worlds on a database shared by a network', () => {
  it('are managed once: a server starting beside another that took them in keeps the row already there', async () => {
    const t = await startTestKernel({ modules: [teleportModule, worldsModule] });
    try {
      const store = createWorldsStore(t.database.db);
      const row = (seed: number) => ({
        name: 'world',
        generator: 'default' as const,
        seed,
        settings: { 'load-on-start': false, entry: 'open' as const, 'game-mode': null, pvp: true, build: true, spawn: null },
        managedSince: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      });
      assert.equal((await store.insertIfAbsent(row(99))).seed, 0, 'the row the kernel stored at its start');
      assert.equal((await store.all()).filter((w) => w.name === 'world').length, 1);
    } finally {
      await t.close();
    }
  });
});
