import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE } from './actor.ts';
import { MIGRATIONS_TABLES, sql } from '../storage/db.ts';
import { KERNEL_TABLES } from './kernel-tables.ts';
import { defineModule, type ModuleDefinition } from './module.ts';
import { col, defineTables } from '../storage/tables.ts';
import { startTestKernel } from '../../../test/support/test-kernel.ts';
import type { FakePlatform } from '../../../test/support/fake-platform.ts';
import { withPostgres } from '../../../test/support/postgres.ts';

/** Modules that note what the kernel did with them. */
function fixtures() {
  const trail: string[] = [];
  let migrations = 0;
  const economy = defineModule({
    name: 'economy',
    description: 'Money.',
    dependsOn: [],
    migrations: [
      {
        name: '001-wallets',
        async up(db) {
          migrations++;
          await db.schema.createTable('economy_test_wallets').addColumn('uuid', 'varchar(36)', (c) => c.primaryKey()).execute();
        },
      },
    ],
    createService: () => {
      trail.push('create economy');
      return { balance: () => 42 };
    },
    commands: (service) => [
      { name: 'balance', permission: null, description: 'Shows money.', usage: 'balance', run: (ctx) => ctx.reply(`You have ${service.balance()}.`) },
    ],
    stop: () => {
      trail.push('stop economy');
    },
  });
  const homes = defineModule({
    name: 'homes',
    dependsOn: ['economy'],
    migrations: [],
    createService: (ctx) => {
      trail.push('create homes');
      // Reached through the api when a call happens, as modules do.
      return { cost: () => (ctx.api as unknown as { economy: { balance(): number } }).economy.balance() };
    },
    commands: () => [{ name: 'home', permission: null, description: 'Goes home.', usage: 'home', run: (ctx) => ctx.reply('Home.') }],
    stop: () => {
      trail.push('stop homes');
    },
  });
  const votes = defineModule({ name: 'votes', description: 'Votes.', dependsOn: [], defaultOn: false, migrations: [], createService: () => ({}) });
  return { trail, economy, homes, votes, migrations: () => migrations };
}

function writeModulesConf(text: string) {
  return (dir: string) => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'modules.conf'), text);
  };
}

describe('kernel.start', () => {
  it('writes modules.conf on first start, listing every known module with its default', async () => {
    const f = fixtures();
    // Listed dependants first: the order of the file follows the list, the boot order the needs.
    const t = await startTestKernel({ modules: [f.homes, f.economy, f.votes] });
    try {
      const text = readFileSync(join(t.configDir, 'modules.conf'), 'utf8');
      assert.match(text, /^# /);
      assert.match(text, /\nhomes = true\n/);
      assert.match(text, /# Money\.\neconomy = true\n/);
      assert.match(text, /# Votes\.\nvotes = false\n/);
      assert.deepEqual(f.trail, ['create economy', 'create homes']);
      assert.deepEqual(t.kernel.api.modulesOn(), ['economy', 'homes']);
    } finally {
      await t.close();
    }
  });

  it("builds the api from the kernel's services and each module's service under its name", async () => {
    const f = fixtures();
    const t = await startTestKernel({ modules: [f.economy, f.homes] });
    try {
      const api = t.kernel.api as unknown as Record<string, unknown>;
      assert.equal(t.kernel.api.version, '0.0.0-test');
      assert.equal(t.kernel.api.isModuleOn('homes'), true);
      assert.equal((api.homes as { cost(): number }).cost(), 42);
      for (const k of ['players', 'permissions', 'audit']) assert.ok(api[k], k);
    } finally {
      await t.close();
    }
  });

  it("installs the command handler with the kernel's and the modules' commands", async () => {
    const f = fixtures();
    const t = await startTestKernel({ modules: [f.economy] });
    try {
      const alice = t.platform.join('Alice')!.uuid;
      await t.platform.run(alice, 'balance');
      assert.deepEqual(t.platform.messagesOf(alice), ['You have 42.']);
      assert.deepEqual(
        t.kernel.commands.list().map((c) => c.name),
        ['help', 'stop', 'tps', 'core', 'perm', 'balance'],
      );
      await t.platform.run('console', 'stop');
      assert.equal(t.stops, 1);
    } finally {
      await t.close();
    }
  });

  it("asks the checks modules add before every command, the kernel's and the modules' own included", async () => {
    const f = fixtures();
    const frozen = new Set<string>();
    const security = defineModule({
      name: 'security',
      dependsOn: [],
      migrations: [],
      createService: (ctx) => {
        ctx.commands.addCheck((sender, command) =>
          sender.kind === 'player' && frozen.has(sender.player.uuid) && command !== 'help' ? 'You are frozen until you verify.' : undefined,
        );
        return {};
      },
    });
    const t = await startTestKernel({ modules: [f.economy, security] });
    try {
      const alice = t.platform.join('Alice')!.uuid;
      frozen.add(alice);
      await t.platform.run(alice, 'balance');
      await t.platform.run(alice, 'perm list');
      assert.deepEqual(t.platform.messagesOf(alice), ['You are frozen until you verify.', 'You are frozen until you verify.']);
      await t.platform.run('console', 'balance');
      assert.deepEqual(t.platform.consoleText(), ['You have 42.']);
      frozen.delete(alice);
      await t.platform.run(alice, 'balance');
      assert.equal(t.platform.messagesOf(alice).at(-1), 'You have 42.');
    } finally {
      await t.close();
    }
  });

  it('leaves a module switched off out of the api and registers none of its commands', async () => {
    const f = fixtures();
    const t = await startTestKernel({ modules: [f.economy, f.homes], beforeStart: writeModulesConf('economy = true\nhomes = false\n') });
    try {
      assert.equal(t.kernel.api.isModuleOn('homes'), false);
      assert.equal('homes' in t.kernel.api, false);
      assert.deepEqual(t.kernel.api.modulesOn(), ['economy']);
      assert.equal(t.kernel.commands.list().some((c) => c.name === 'home'), false);
      assert.deepEqual(f.trail, ['create economy']);
    } finally {
      await t.close();
    }
  });

  it('fails with a message naming both modules, the file, the line and the key when a dependency is switched off', async () => {
    const f = fixtures();
    await assert.rejects(
      startTestKernel({ modules: [f.economy, f.homes], beforeStart: writeModulesConf('economy = false\nhomes = true\n') }),
      (e: Error) => {
        assert.match(e.message, /^\S*core\/modules\.conf line 1, key "economy": module "homes" needs "economy", which is switched off \(switch homes off too, or economy on\)$/);
        return true;
      },
    );
    assert.deepEqual(f.trail, []);
  });

  it('fails when a dependency is not a known module', async () => {
    const f = fixtures();
    await assert.rejects(startTestKernel({ modules: [f.homes] }), /module "homes" needs "economy", which is not a known module/);
  });

  it('fails when modules need each other in a circle', async () => {
    const a: ModuleDefinition = { name: 'a', dependsOn: ['b'], migrations: [], createService: () => ({}) };
    const b: ModuleDefinition = { name: 'b', dependsOn: ['a'], migrations: [], createService: () => ({}) };
    await assert.rejects(startTestKernel({ modules: [a, b] }), /modules need each other in a circle: a -> b -> a/);
  });

  it('refuses a module named like a kernel service', async () => {
    const players: ModuleDefinition = { name: 'players', dependsOn: [], migrations: [], createService: () => ({}) };
    await assert.rejects(startTestKernel({ modules: [players] }), /may not be named "players"/);
  });

  it('applies migrations once, across restarts', async () => {
    const f = fixtures();
    const t = await startTestKernel({ modules: [f.economy] });
    const wallets = defineTables([], { economy_test_wallets: { uuid: col.text() } });
    try {
      await wallets.on(t.database.db).insertInto('economy_test_wallets').values({ uuid: 'x' }).execute();
      await t.restart();
      await t.restart();
      assert.equal(f.migrations(), 1);
      const rows = await wallets.on(t.database.db).selectFrom('economy_test_wallets').selectAll().execute();
      assert.equal(rows.length, 1);
    } finally {
      await t.close();
    }
  });

  it("applies the kernel's declared tables, then each module's, recording each under the name it was declared with", async () => {
    const f = fixtures();
    const t = await startTestKernel({ modules: [f.economy] });
    try {
      const rows = await MIGRATIONS_TABLES.on(t.database.db).selectFrom('core_migrations').select(['module', 'name']).execute();
      const recorded = (module: string) => rows.filter((r) => r.module === module).map((r) => String(r.name));
      for (const part of KERNEL_TABLES) assert.deepEqual(recorded(part.name), part.migrations.map((m) => m.name), part.name);
      assert.deepEqual(recorded('economy'), ['001-wallets']);
      assert.deepEqual(new Set(rows.map((r) => String(r.module))), new Set([...KERNEL_TABLES.map((p) => p.name), 'economy']));
    } finally {
      await t.close();
    }
  });

  it('refuses an unknown module and a value that is not a boolean, naming file, line and key, before any module starts', async () => {
    for (const [text, message] of [
      ['# switches\neconomy = "yes"\nvotes = true\n', /modules\.conf line 2, key "economy": must be true or false$/],
      ['# switches\neconomy = true\nbanking = true\n', /modules\.conf line 3, key "banking": there is no module named "banking" \(the modules are economy, votes\)$/],
      ['economy = true\nvotes = = false\n', /modules\.conf line 2, key "votes": /],
    ] as const) {
      const f = fixtures();
      await assert.rejects(startTestKernel({ modules: [f.economy, f.votes], beforeStart: writeModulesConf(text) }), message, text);
      assert.deepEqual(f.trail, [], 'no module started');
    }
  });

  it('never overwrites modules.conf', async () => {
    const f = fixtures();
    const text = '# mine\neconomy = true\n';
    const t = await startTestKernel({ modules: [f.economy, f.votes], beforeStart: writeModulesConf(text) });
    try {
      await t.restart();
      assert.equal(readFileSync(join(t.configDir, 'modules.conf'), 'utf8'), text);
    } finally {
      await t.close();
    }
  });
});

describe('kernel.stop', () => {
  it('stops the modules in reverse boot order, once', async () => {
    const f = fixtures();
    const t = await startTestKernel({ modules: [f.homes, f.economy] });
    await t.kernel.stop();
    await t.kernel.stop();
    assert.deepEqual(f.trail, ['create economy', 'create homes', 'stop homes', 'stop economy']);
    await t.close();
  });

  it('takes off everything a module attached through its context, even what its own stop leaves', async () => {
    const heard: string[] = [];
    const votes = defineModule({
      name: 'votes',
      dependsOn: [],
      migrations: [],
      createService: (ctx) => {
        ctx.platform.on('join', ({ player }) => heard.push(`join ${player.name}`));
        ctx.platform.on('move', () => heard.push('move'));
        ctx.events.subscribe((e) => heard.push(e.name));
        ctx.scheduler.every(1000, () => void heard.push('tick'));
        ctx.chat.addFilter(() => ({ cancel: true, reply: 'Chat is off.' }));
        ctx.logins.addGate((_uuid, name) => (name === 'Mallory' ? 'Banned.' : undefined));
        ctx.commands.addCheck(() => 'Frozen.');
        return {};
      },
      stop: () => void heard.push('stop'),
    });
    const t = await startTestKernel({ modules: [votes] });
    try {
      const kernelJoins = t.platform.listenerCount('join') - 1;
      assert.equal(t.platform.join('Mallory'), undefined);
      await t.clock.advance(1);
      assert.deepEqual(heard, ['tick']);
      await t.kernel.stop();
      assert.deepEqual(heard, ['tick', 'stop']);
      for (const event of ['join', 'quit', 'move', 'chat'] as const) assert.equal(t.platform.listenerCount(event), 0, event);
      assert.ok(kernelJoins >= 1, "the kernel's own join listener is gone too");
      assert.equal(t.platform.chatFilter, undefined);
      assert.equal(t.platform.loginGate, undefined);
      await t.clock.advance(5);
      t.events.emit('communication.announcer-reload', { changed: false, enabled: true, messages: 0, 'interval-seconds': 60, order: 'sequential' });
      const mallory = t.platform.join('Mallory')!.uuid;
      t.platform.move(mallory, { world: 'world', x: 40, y: 64, z: 0, yaw: 0, pitch: 0 });
      assert.equal(t.platform.chat(mallory, 'hi'), true);
      await t.platform.run(mallory, 'help');
      assert.notEqual(t.platform.messagesOf(mallory)[0], 'Frozen.');
      assert.deepEqual(heard, ['tick', 'stop']);
    } finally {
      await t.close();
    }
  });

  it('takes off what a module attached before its start failed', async () => {
    // A module started earlier counts the chat listeners when the kernel stops it, after the failure.
    let chatListeners: number | undefined;
    const counter = defineModule({
      name: 'counter',
      dependsOn: [],
      migrations: [],
      createService: (ctx) => ctx.platform as unknown as FakePlatform,
      stop: (platform) => void (chatListeners = platform.listenerCount('chat')),
    });
    const broken = defineModule({
      name: 'broken',
      dependsOn: [],
      migrations: [],
      createService: (ctx) => {
        ctx.platform.on('chat', () => {});
        throw new Error('cannot start');
      },
    });
    await assert.rejects(startTestKernel({ modules: [counter, broken] }), /cannot start/);
    assert.equal(chatListeners, 0);
  });

  it('stops the modules already started when a later one fails to start', async () => {
    const f = fixtures();
    const broken: ModuleDefinition = {
      name: 'broken',
      dependsOn: ['economy'],
      migrations: [],
      createService: () => {
        throw new Error('cannot start');
      },
    };
    await assert.rejects(startTestKernel({ modules: [f.economy, broken] }), /cannot start/);
    assert.deepEqual(f.trail, ['create economy', 'stop economy']);
  });
});

describe('kernel on PostgreSQL', () => {
  it('boots, records players, grants and audits, and keeps them across a restart', (t) =>
    withPostgres(t, 'kernel', async (openDb, schema) => {
      const f = fixtures();
      const k = await startTestKernel({ modules: [f.economy], openDb });
      try {
        const alice = k.platform.join('Alice')!.uuid;
        assert.equal((await k.kernel.api.permissions.grant(alice, 'group.admin', CONSOLE)).ok, true);
        await k.restart();
        assert.equal(k.kernel.api.permissions.playerHas(alice, 'core.rest.admin'), true);
        assert.equal((await k.kernel.api.players.byName('ALICE'))?.uuid, alice);
        const [entry] = await k.kernel.api.audit.history(alice, 10);
        assert.deepEqual([entry?.actor, entry?.action, typeof entry?.id], ['console', 'permission.grant', 'number']);
        assert.equal(f.migrations(), 1);
        const tables = await sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables WHERE table_schema = ${schema}`.execute(k.database.db);
        assert.ok(tables.rows.some((r) => r.table_name === 'core_players'));
      } finally {
        await k.close();
      }
    }));
});
