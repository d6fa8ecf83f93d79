import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONSOLE } from '../kernel/actor.ts';
import { memoryLogger } from '../log/log.ts';
import { defineModule } from '../kernel/module.ts';
import { readPermissionsFile } from './permissions.config.ts';
import { covers, parsePermissionsFile, defaultPermissionsFile } from './permissions.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';

const homes = defineModule({
  name: 'homes',
  dependsOn: [],
  migrations: [],
  playerNodes: ['core.home.set', 'core.home.use'],
  createService: () => ({}),
});

describe('permissions', () => {
  let t: TestKernel;
  let alice: string;
  before(async () => {
    t = await startTestKernel({ modules: [homes] });
    alice = t.platform.join('Alice')!.uuid;
  });
  after(() => t.close());

  describe('the default group', () => {
    it('holds the player nodes of every module, for every player', () => {
      assert.equal(t.kernel.api.permissions.playerHas(alice, 'core.home.set'), true);
      assert.equal(t.kernel.api.permissions.playerHas('00000000-0000-0000-0000-000000000001', 'core.home.use'), true);
      assert.deepEqual(t.kernel.api.permissions.groupsOf(alice), ['default']);
    });

    it('gives nobody an admin node such as core.rest.admin, core.perm or core.stop', () => {
      for (const node of ['core.rest.admin', 'core.perm', 'core.stop', 'core.anything']) {
        assert.equal(t.kernel.api.permissions.playerHas(alice, node), false, node);
      }
    });

    it('is written to permissions.conf on first start, with comments', () => {
      const text = readFileSync(join(t.configDir, 'permissions.conf'), 'utf8');
      assert.match(text, /^# Permission groups of Core/);
      assert.match(text, /^# {3}core\.home\.set\n# {3}core\.home\.use$/m);
      assert.match(text, /\[groups\.default\]\ninherits = \[\]\nnodes = \[\]\nwithhold = \[\]/);
      assert.match(text, /\[groups\.admin\]\ninherits = \["moderator"\]\nnodes = \["\*"\]/);
    });
  });

  describe('player nodes of modules', () => {
    const kits = defineModule({ name: 'kits', dependsOn: [], migrations: [], playerNodes: ['core.kit.use'], createService: () => ({}) });

    it('are held by every player for a module added after permissions.conf was written', async () => {
      const k = await startTestKernel({ modules: [homes] });
      try {
        const kitsLater = await startTestKernel({ dir: k.dir, modules: [homes, kits] });
        try {
          const bob = kitsLater.platform.join('Bob')!.uuid;
          assert.equal(kitsLater.kernel.api.permissions.playerHas(bob, 'core.kit.use'), true);
          assert.doesNotMatch(readFileSync(join(kitsLater.configDir, 'permissions.conf'), 'utf8'), /core\.kit\.use/);
        } finally {
          await kitsLater.close();
        }
      } finally {
        await k.close();
      }
    });

    it('are taken from everyone when listed under withhold in the default group', async () => {
      const beforeStart = (dir: string) =>
        writeFileSync(join(dir, 'permissions.conf'), '[groups.default]\nnodes = ["core.fly"]\nwithhold = ["core.home.use"]\n');
      const k = await startTestKernel({ modules: [homes], beforeStart });
      try {
        const carl = k.platform.join('Carl')!.uuid;
        assert.equal(k.kernel.api.permissions.playerHas(carl, 'core.home.use'), false);
        assert.equal(k.kernel.api.permissions.playerHas(carl, 'core.home.set'), true);
        assert.equal(k.kernel.api.permissions.playerHas(carl, 'core.fly'), true);
      } finally {
        await k.close();
      }
    });
  });

  describe('actors', () => {
    it('lets the console hold every node', () => {
      assert.equal(t.kernel.api.permissions.has(CONSOLE, 'core.rest.admin'), true);
      assert.equal(t.kernel.api.permissions.has(CONSOLE, 'whatever.else'), true);
    });
    it('lets a REST actor hold no node', () => {
      assert.equal(t.kernel.api.permissions.has({ kind: 'rest', label: 'panel' }, 'core.home.set'), false);
    });
    it('checks a player actor against the player', () => {
      assert.equal(t.kernel.api.permissions.has({ kind: 'player', uuid: alice, name: 'Alice' }, 'core.home.set'), true);
      assert.equal(t.kernel.api.permissions.has({ kind: 'player', uuid: alice, name: 'Alice' }, 'core.perm'), false);
    });
  });

  describe('wildcards', () => {
    it('lets "core.*" cover every node below core, and nothing else', () => {
      const held = new Set(['core.*']);
      assert.equal(covers(held, 'core.home.set'), true);
      assert.equal(covers(held, 'core.rest.admin'), true);
      assert.equal(covers(held, 'other.node'), false);
      assert.equal(covers(held, 'corex.node'), false);
    });
    it('lets "core.home.*" cover core.home.set but not core.homes', () => {
      const held = new Set(['core.home.*']);
      assert.equal(covers(held, 'core.home.set'), true);
      assert.equal(covers(held, 'core.homes'), false);
    });
    it('lets "*" cover every node', () => {
      assert.equal(covers(new Set(['*']), 'anything.at.all'), true);
    });
  });

  describe('permissions.grant', () => {
    it('gives a node at once', async () => {
      const result = await t.kernel.api.permissions.grant(alice, 'core.fly', CONSOLE);
      assert.deepEqual(result, { ok: true, value: { node: 'core.fly' } });
      assert.equal(t.kernel.api.permissions.playerHas(alice, 'core.fly'), true);
    });

    it('gives a group at once, with everything it inherits', async () => {
      const result = await t.kernel.api.permissions.grant(alice.replaceAll('-', '').toUpperCase(), 'group.admin', CONSOLE);
      assert.equal(result.ok, true);
      assert.equal(t.kernel.api.permissions.playerHas(alice, 'core.rest.admin'), true);
      assert.deepEqual(t.kernel.api.permissions.groupsOf(alice), ['default', 'admin']);
    });

    it('keeps grants across a restart on the same database file', async () => {
      await t.restart();
      alice = t.platform.join('Alice')!.uuid;
      assert.equal(t.kernel.api.permissions.playerHas(alice, 'core.fly'), true);
      assert.equal(t.kernel.api.permissions.playerHas(alice, 'core.rest.admin'), true);
    });

    it('records each grant in the audit log with its actor', async () => {
      const history = await t.kernel.api.audit.history(alice, 10);
      assert.deepEqual(
        history.map((e) => [e.actor, e.action, e.details.node]),
        [
          ['console', 'permission.grant', 'group.admin'],
          ['console', 'permission.grant', 'core.fly'],
        ],
      );
    });

    it('declines a node the player was already given with already-in-state', async () => {
      const result = await t.kernel.api.permissions.grant(alice, 'core.fly', CONSOLE);
      assert.equal(result.ok ? 'ok' : result.code, 'already-in-state');
    });

    it('declines a player the server has never seen with not-found', async () => {
      const result = await t.kernel.api.permissions.grant('00000000-0000-0000-0000-000000000009', 'core.fly', CONSOLE);
      assert.equal(result.ok ? 'ok' : result.code, 'not-found');
    });

    it('declines a group that is not defined with not-found', async () => {
      const result = await t.kernel.api.permissions.grant(alice, 'group.wizards', CONSOLE);
      assert.equal(result.ok ? 'ok' : result.code, 'not-found');
    });

    it('refuses text that is not a node', async () => {
      const result = await t.kernel.api.permissions.grant(alice, 'core..fly', CONSOLE);
      assert.equal(result.ok ? 'ok' : result.code, 'refused');
    });
  });

  describe('permissions.revoke', () => {
    it('takes a node and a group at once, and for good', async () => {
      assert.equal((await t.kernel.api.permissions.revoke(alice, 'core.fly', { kind: 'rest', label: 'panel' })).ok, true);
      assert.equal((await t.kernel.api.permissions.revoke(alice, 'group.admin', CONSOLE)).ok, true);
      assert.equal(t.kernel.api.permissions.playerHas(alice, 'core.fly'), false);
      assert.equal(t.kernel.api.permissions.playerHas(alice, 'core.rest.admin'), false);
      await t.restart();
      alice = t.platform.join('Alice')!.uuid;
      assert.equal(t.kernel.api.permissions.playerHas(alice, 'core.fly'), false);
      assert.deepEqual(t.kernel.api.permissions.groupsOf(alice), ['default']);
      const [last] = await t.kernel.api.audit.history(alice, 3);
      assert.equal(last?.action, 'permission.revoke');
    });

    it('declines a node the player was not given with already-in-state', async () => {
      const result = await t.kernel.api.permissions.revoke(alice, 'core.fly', CONSOLE);
      assert.equal(result.ok ? 'ok' : result.code, 'already-in-state');
    });
  });

  describe('permissions.numeric', () => {
    it('answers the highest number the player holds under a prefix', async () => {
      await t.kernel.api.permissions.grant(alice, 'core.home.limit.3', CONSOLE);
      await t.kernel.api.permissions.grant(alice, 'core.home.limit.12', CONSOLE);
      assert.equal(t.kernel.api.permissions.numeric(alice, 'core.home.limit'), 12);
      assert.equal(t.kernel.api.permissions.numeric(alice, 'core.warp.limit'), undefined);
    });
  });

  describe('the perm command', () => {
    afterEach(() => t.platform.clearMessages());

    it('grants a node from the console and says so', async () => {
      const bob = t.platform.join('Bob')!.uuid;
      await t.platform.run('console', 'perm grant bob core.perm');
      assert.deepEqual(t.platform.consoleText(), ['Granted core.perm to Bob.']);
      assert.equal(t.kernel.api.permissions.playerHas(bob, 'core.perm'), true);
    });

    it('records the player who ran it as the actor', async () => {
      const bob = t.platform.player(t.platform.playerByName('Bob')!.uuid)!.uuid;
      await t.platform.run(bob, 'perm grant Alice group.moderator');
      assert.deepEqual(t.platform.messagesOf(bob), ['Granted group.moderator to Alice.']);
      const [entry] = await t.kernel.api.audit.history(alice, 1);
      assert.deepEqual([entry?.actor, entry?.action], ['Bob', 'permission.grant']);
    });

    it('refuses a player without core.perm', async () => {
      await t.platform.run(alice, 'perm grant Alice core.perm');
      assert.deepEqual(t.platform.messagesOf(alice), ['You do not have permission (core.perm).']);
    });

    it('shows the groups and nodes of a player', async () => {
      await t.platform.run('console', 'perm info alice');
      const text = t.platform.consoleText();
      assert.match(text[1] ?? '', /^Groups: default, moderator$/);
      assert.match(text[2] ?? '', /core\.home\.limit\.3/);
    });

    it('tells the sender about an unknown player and a declined grant', async () => {
      await t.platform.run('console', 'perm grant Nobody core.fly');
      await t.platform.run('console', 'perm revoke Alice core.never.given');
      assert.deepEqual(t.platform.consoleText(), ['No player named Nobody has ever joined this server.', 'Alice was not given core.never.given.']);
    });

    it('completes sub-commands, online player names and groups', () => {
      assert.deepEqual(t.platform.complete('console', 'perm g'), ['grant']);
      assert.deepEqual(t.platform.complete('console', 'perm grant ').sort(), ['Alice', 'Bob']);
      assert.deepEqual(t.platform.complete('console', 'perm grant Alice group.a'), ['group.admin']);
      assert.ok(t.platform.complete('console', 'perm grant Alice core.').includes('core.perm'));
      assert.deepEqual(t.platform.complete('console', 'perm revoke Alice group.'), ['group.moderator']);
    });
  });
});

describe('permissions.conf', () => {
  it('is never overwritten once written', async () => {
    const custom = '[groups.default]\nnodes = ["core.home.set"]\n\n[groups.vip]\ninherits = ["default"]\nnodes = ["core.fly"]\n';
    const t = await startTestKernel({
      beforeStart: (dir) => {
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, 'permissions.conf'), custom);
      },
    });
    try {
      assert.equal(readFileSync(join(t.configDir, 'permissions.conf'), 'utf8'), custom);
      const bob = t.platform.join('Bob')!.uuid;
      assert.equal((await t.kernel.api.permissions.grant(bob, 'group.vip', CONSOLE)).ok, true);
      assert.equal(t.kernel.api.permissions.playerHas(bob, 'core.fly'), true);
    } finally {
      await t.close();
    }
  });

  it('refuses a faulty file in the one line naming the file, the line and the key (a start stops on it)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'core-perms-'));
    try {
      const file = join(dir, 'permissions.conf');
      for (const [text, message] of [
        ['[groups.default]\nnodes = ["core.fly"\n', `${file} line 2, key "groups.default.nodes": the list is not closed: a ] is missing, or a , between two of its values`],
        ['# groups\n[groups.default]\nnodes = []\n\n[groups.vip]\nnodes = ["core.fly"]\ninherits = ["gold"]\n', `${file} line 7, key "groups.vip.inherits": group "vip" inherits "gold", which is not defined`],
        ['colour = "red"\n[groups.default]\n', `${file} line 1, key "colour": is not a key of this file (only [groups.<name>] tables belong here)`],
      ] as const) {
        writeFileSync(file, text);
        assert.throws(() => readPermissionsFile(dir, [], memoryLogger()), { message }, text);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses nodes that are not nodes, unknown keys, a missing default group and circles', () => {
    const cases: Array<[string, RegExp]> = [
      ['[groups.default]\nnodes = ["Core Fly"]\n', /"core fly" in group "default" is not a permission node/],
      ['[groups.default]\nnode = []\n', /line 2, key "groups\.default\.node": is not a key of \[groups\.default\] \(inherits, nodes, withhold\)/],
      ['[groups.default]\nnodes = "core.fly"\n', /must be a list of strings/],
      ['[groups.vip]\nnodes = []\n', /no \[groups\.default\]/],
      ['[groups.default]\ninherits = ["a"]\n[groups.a]\ninherits = ["default"]\n', /circle/],
    ];
    for (const [text, message] of cases) assert.throws(() => parsePermissionsFile(text), message, text);
  });

  it('parses the file it writes by default, which names the player nodes in a comment', () => {
    const text = defaultPermissionsFile(['core.home.set']);
    const groups = parsePermissionsFile(text);
    assert.deepEqual([...groups.keys()], ['default', 'regular', 'veteran', 'moderator', 'admin']);
    assert.deepEqual(groups.get('default')?.withhold, []);
    assert.match(text, /^# {3}core\.home\.set$/m);
  });

  it('allows withhold only in the default group', () => {
    assert.throws(() => parsePermissionsFile('[groups.default]\n[groups.vip]\nwithhold = ["core.home.set"]\n'), /"withhold" belongs only to the default group/);
    assert.throws(() => parsePermissionsFile('[groups.default]\nwithhold = ["Not A Node"]\n'), /is not a permission node/);
  });
});
