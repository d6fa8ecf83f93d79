import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { teleportModule } from '../../modules/teleport/index.ts';
import { economyModule } from '../../modules/economy/index.ts';
import { homesModule } from '../../modules/homes/index.ts';
import { kitsModule } from '../../modules/kits/index.ts';
import { vaultsModule } from '../../modules/vaults/index.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { changedKeys, createConfigFiles, describeReload, type FileReload } from './config-reload.ts';
import { AUDIT_TABLES } from '../log/audit.ts';

const MODULES = [teleportModule, economyModule, homesModule, kitsModule, vaultsModule];

const HOMES = 'default-limit = 3\ndefault-icon = "red_bed"\n';
const VAULTS = 'default-limit = 2\nrows = 6\n';
const ECONOMY = `default-currency = "coins"
[currencies.coins]
symbol = "$"
decimal-places = 2
starting-balance = 100
max-loan = 1000
`;
const KITS = `[kits.starter]
items = [ { material = "bread", count = 16 } ]
`;
const CORE = 'teleport-warmup-seconds = 0\n';
const PERMISSIONS = `[groups.default]
nodes = []
[groups.admin]
nodes = ["*"]
`;

function byFile(results: readonly FileReload[]): Map<string, FileReload> {
  return new Map(results.map((r) => [r.file, r]));
}

describe('core reload', () => {
  let t: TestKernel;
  let alice: string;
  let modulesConf: string;
  const FILES = [['homes.conf', HOMES], ['vaults.conf', VAULTS], ['economy.conf', ECONOMY], ['kits.conf', KITS], ['permissions.conf', PERMISSIONS], ['core.conf', CORE]] as const;
  const write = (file: string, text: string) => writeFileSync(join(t.configDir, file), text);
  const reload = () => byFile(t.kernel.configs.reloadAll());

  before(async () => {
    t = await startTestKernel({ modules: MODULES, beforeStart: (dir) => FILES.forEach(([file, text]) => writeFileSync(join(dir, file), text)) });
    alice = (await t.join('Alice')).uuid;
    modulesConf = readFileSync(join(t.configDir, 'modules.conf'), 'utf8');
  });
  beforeEach(async () => {
    for (const [file, text] of FILES) write(file, text);
    write('modules.conf', modulesConf);
    t.kernel.configs.reloadAll();
    t.platform.clearMessages();
  });
  after(() => t.close());

  it('answers every config file as unchanged when none was edited, kernel files first and rest in boot order', () => {
    const results = t.kernel.configs.reloadAll();
    assert.deepEqual(
      results.map((r) => `${r.file} ${r.outcome}`),
      ['permissions.conf unchanged', 'modules.conf unchanged', 'core.conf unchanged', 'messages unchanged', 'economy.conf unchanged', 'homes.conf unchanged', 'kits.conf unchanged', 'vaults.conf unchanged'],
    );
  });

  it('applies a new home limit at once and names the key', () => {
    assert.equal(t.kernel.api.homes.limit(alice), 3);
    write('homes.conf', HOMES.replace('default-limit = 3', 'default-limit = 5'));
    assert.deepEqual(reload().get('homes.conf'), { file: 'homes.conf', outcome: 'changed', applied: ['default-limit'], restart: [] });
    assert.equal(t.kernel.api.homes.limit(alice), 5);
  });

  it('applies a new teleport warm-up of core.conf at once, to the next teleport', async () => {
    write('core.conf', 'teleport-warmup-seconds = 2.5\n');
    assert.deepEqual(reload().get('core.conf'), { file: 'core.conf', outcome: 'changed', applied: ['teleport-warmup-seconds'], restart: [] });
    const going = t.kernel.api.teleport.teleport(alice, { world: 'world', x: 5, y: 64, z: 5, yaw: 0, pitch: 0 }, { cause: 'home' });
    assert.deepEqual(t.platform.messagesOf(alice), ["Teleporting in 2.5 seconds, don't move."]);
    await t.clock.advance(2.5);
    assert.equal((await going).ok, true);
    write('core.conf', 'teleport-warmup-seconds = -1\n');
    const bad = reload().get('core.conf');
    assert.ok(bad?.outcome === 'invalid');
    assert.equal(bad.problem, `${join(t.configDir, 'core.conf')} line 1, key "teleport-warmup-seconds": must be a number of seconds from 0 to 300`);
  });

  it('keeps the old settings of an invalid file, with the start-up message naming file, line and key', () => {
    write('homes.conf', 'default-icon = "red_bed"\ndefault-limit = -1\n');
    const r = reload().get('homes.conf');
    assert.deepEqual(r, {
      file: 'homes.conf',
      outcome: 'invalid',
      problem: `${join(t.configDir, 'homes.conf')} line 2, key "default-limit": must be a whole number from 0 to 1000`,
    });
    assert.equal(t.kernel.api.homes.limit(alice), 3);
  });

  it('applies a valid file even when another file is invalid (all or nothing per file)', async () => {
    write('homes.conf', 'default-limit = 4\ndefault-icon = "banana"\n');
    write('vaults.conf', VAULTS.replace('default-limit = 2', 'default-limit = 7'));
    const results = reload();
    assert.equal(results.get('homes.conf')?.outcome, 'invalid');
    assert.match(describeReload(results.get('homes.conf')!), /^homes\.conf: invalid, its old settings stay in force\. .*homes\.conf line 2, key "default-icon": must be a game material name/);
    assert.equal(t.kernel.api.homes.limit(alice), 3, 'the valid default-limit of the invalid file is not applied either');
    assert.equal(t.kernel.api.vaults.limit(alice), 7);
  });

  it('names the keys that need a restart and keeps their old value, applying the rest', async () => {
    write('vaults.conf', 'default-limit = 4\nrows = 3\n');
    assert.deepEqual(reload().get('vaults.conf'), { file: 'vaults.conf', outcome: 'changed', applied: ['default-limit'], restart: ['rows'] });
    const list = await t.kernel.api.vaults.list(alice);
    assert.ok(list.ok);
    assert.equal(list.value.limit, 4);
    assert.equal(list.value['row-size'], 6);
    // Told again at the next reload, until the restart.
    assert.deepEqual(reload().get('vaults.conf'), { file: 'vaults.conf', outcome: 'changed', applied: [], restart: ['rows'] });
  });

  it("applies a currency's symbol and loan limit at once, but not new decimal places or a new currency", () => {
    write('economy.conf', ECONOMY.replace('symbol = "$"', 'symbol = "C"').replace('max-loan = 1000', 'max-loan = 50') + '\n[currencies.gems]\ndecimal-places = 0\n');
    const r = reload().get('economy.conf');
    assert.equal(r?.outcome, 'changed');
    assert.ok(r?.outcome === 'changed');
    assert.deepEqual(r.applied, ['currencies.coins.max-loan', 'currencies.coins.symbol']);
    assert.deepEqual(r.restart, ['currencies.gems.decimal-places', 'currencies.gems.max-loan', 'currencies.gems.starting-balance', 'currencies.gems.symbol']);
    const c = t.kernel.api.economy.currencies();
    assert.ok(c.ok);
    assert.deepEqual(c.value.currencies.map((x) => [x.name, x.symbol]), [['coins', 'C']]);

    write('economy.conf', ECONOMY.replace('decimal-places = 2', 'decimal-places = 3'));
    const places = reload().get('economy.conf');
    assert.ok(places?.outcome === 'changed');
    // Every key of a currency whose places change waits: its amounts are read with its places.
    assert.deepEqual(places.restart, ['currencies.coins.decimal-places', 'currencies.coins.max-loan', 'currencies.coins.symbol']);
    assert.deepEqual(places.applied, []);
    const after = t.kernel.api.economy.currencies();
    assert.ok(after.ok);
    assert.equal(after.value.currencies[0]?.['decimal-places'], 2);
  });

  it('adds a kit of kits.conf at once, and keeps the kits when one names an unknown material', () => {
    write('kits.conf', KITS + '[kits.tools]\nitems = [ { material = "iron_pickaxe" } ]\n');
    assert.deepEqual(reload().get('kits.conf'), { file: 'kits.conf', outcome: 'changed', applied: ['kits.tools'], restart: [] });
    assert.ok(t.kernel.api.kits.get('tools').ok);

    write('kits.conf', KITS + '[kits.tools]\nitems = [ { material = "iron_pikaxe" } ]\n');
    const r = reload().get('kits.conf');
    assert.ok(r?.outcome === 'invalid');
    assert.match(r.problem, /kits\.conf line 4, key "kits\.tools\.items\[1\]\.material": "iron_pikaxe" is not a game material name/);
    assert.ok(t.kernel.api.kits.get('tools').ok, 'the kits in force stay');
  });

  it('applies permission groups at once, and keeps them when permissions.conf is faulty', () => {
    assert.equal(t.kernel.api.permissions.playerHas(alice, 'core.fly'), false);
    write('permissions.conf', PERMISSIONS.replace('nodes = []', 'nodes = ["core.fly"]'));
    assert.deepEqual(reload().get('permissions.conf'), { file: 'permissions.conf', outcome: 'changed', applied: ['groups.default'], restart: [] });
    assert.equal(t.kernel.api.permissions.playerHas(alice, 'core.fly'), true);

    write('permissions.conf', PERMISSIONS.replace('nodes = []', 'nodes = ["core fly"]'));
    const r = reload().get('permissions.conf');
    assert.ok(r?.outcome === 'invalid');
    assert.equal(r.problem, `${join(t.configDir, 'permissions.conf')} line 2, key "groups.default.nodes": "core fly" in group "default" is not a permission node`);
    assert.equal(t.kernel.api.permissions.playerHas(alice, 'core.fly'), true);
  });

  it('names a module switched off in modules.conf as needing a restart, and refuses a file the next start would refuse', () => {
    write('modules.conf', modulesConf.replace(/^homes = true$/m, 'homes = false'));
    assert.deepEqual(reload().get('modules.conf'), { file: 'modules.conf', outcome: 'changed', applied: [], restart: ['homes'] });
    assert.equal(t.kernel.api.isModuleOn('homes'), true);

    write('modules.conf', modulesConf.replace(/^economy = true$/m, 'economy = false'));
    const r = reload().get('modules.conf');
    assert.ok(r?.outcome === 'invalid');
    assert.match(r.problem, /modules\.conf line \d+, key "economy": module "kits" needs "economy", which is switched off/);

    write('modules.conf', modulesConf.replace(/^homes = true$/m, 'homes = "no"'));
    const bad = reload().get('modules.conf');
    assert.ok(bad?.outcome === 'invalid');
    assert.match(bad.problem, /modules\.conf line \d+, key "homes": must be true or false$/);
  });

  describe('the core reload command', () => {
    it('answers one line per file at the console, logs who ran it and records it in the audit log', async () => {
      write('homes.conf', HOMES.replace('default-limit = 3', 'default-limit = 6'));
      await t.platform.run('console', 'core reload');
      const lines = t.platform.consoleText();
      assert.equal(lines[0], 'Reloaded 8 config files: 1 changed, 7 unchanged.');
      assert.ok(lines.includes('homes.conf: changed; applied now: default-limit.'), lines.join('\n'));
      assert.ok(lines.includes('vaults.conf: unchanged.'));
      assert.ok(t.log.lines.some((l) => /console ran core reload\. Reloaded 8 config files/.test(l)), t.log.lines.join('\n'));
      const row = await AUDIT_TABLES.on(t.database.db).selectFrom('core_audit').selectAll().where('action', '=', 'core.reload').orderBy('id', 'desc').executeTakeFirst();
      assert.equal(row?.actor, 'console');
      assert.deepEqual(JSON.parse(String(row?.details))['homes.conf'], { outcome: 'changed', applied: ['default-limit'], restart: [] });
    });

    it('keeps the settings of a faulty file and says so in a WARN line naming file, line and key, at the console as for a player', async () => {
      write('core.conf', 'teleport-warmup-seconds = 2\n');
      assert.deepEqual(reload().get('core.conf'), { file: 'core.conf', outcome: 'changed', applied: ['teleport-warmup-seconds'], restart: [] });
      write('core.conf', '# typo\nteleport-warmup-seconds = 2x\n');
      const mark = t.log.lines.length;
      await t.platform.run('console', 'core reload');
      assert.equal(t.platform.consoleText()[0], 'Reloaded 8 config files: 0 changed, 7 unchanged, 1 invalid (kept as they were).');
      const warnings = t.log.lines.slice(mark).filter((l) => / WARN /.test(l));
      assert.deepEqual(
        warnings.map((l) => l.replace(/^.* WARN /, '')),
        [`core.conf: invalid, its old settings stay in force. ${join(t.configDir, 'core.conf')} line 2, key "teleport-warmup-seconds": \`2x\` is not a number`],
      );
      assert.ok(!t.platform.consoleText().some((l) => l.includes('invalid, its old')), 'told once, as the warning');
      // The settings in force are still those of the last valid file: put back, it is unchanged.
      write('core.conf', 'teleport-warmup-seconds = 2\n');
      assert.deepEqual(reload().get('core.conf'), { file: 'core.conf', outcome: 'unchanged' });
    });

    it('is refused to a player without core.reload, and runs for one who was granted it', async () => {
      await t.platform.run(alice, 'core reload');
      assert.equal(t.kernel.api.permissions.playerHas(alice, 'core.reload'), false);
      assert.deepEqual(t.platform.messagesOf(alice), ['You do not have permission (core.reload).']);
      await t.platform.run('console', 'perm grant Alice core.reload');
      await t.platform.run(alice, 'core reload');
      assert.match(t.platform.messagesOf(alice).join('\n'), /Reloaded 8 config files/);
      await t.platform.run('console', 'perm revoke Alice core.reload');
    });

    it('says in its first line how many changed files wait for a restart', async () => {
      write('vaults.conf', 'default-limit = 2\nrows = 1\n');
      write('homes.conf', 'default-limit = 9\n');
      await t.platform.run('console', 'core reload');
      assert.equal(t.platform.consoleText()[0], 'Reloaded 8 config files: 2 changed (1 of them needs a restart), 6 unchanged.');
    });

    it('answers its usage for anything but a subcommand (the console also has copy-to-postgres)', async () => {
      await t.platform.run('console', 'core');
      assert.deepEqual(t.platform.consoleText(), ['Usage: core copy-to-postgres <postgres-url>, core reload']);
    });
  });
});

describe('config files (the registry)', () => {
  it('tells added, removed and changed keys apart from unchanged ones', () => {
    const before = new Map<string, unknown>([['a', 1], ['b', { x: 1 }], ['c', 3]]);
    const after = new Map<string, unknown>([['a', 1], ['b', { x: 2 }], ['d', 4]]);
    assert.deepEqual(changedKeys(before, after), ['b', 'c', 'd']);
  });

  it('reports a reload that throws something other than a config problem as invalid, and goes on with the next file', () => {
    const files = createConfigFiles();
    files.add({
      path: '/x/broken.conf',
      reload: () => {
        throw new TypeError('boom');
      },
    });
    let value = 1;
    const get = files.load({ path: '/x/fine.conf', read: () => value, keys: (v) => new Map([['value', v]]) });
    value = 2;
    assert.deepEqual(files.reloadAll(), [
      { file: 'broken.conf', outcome: 'invalid', problem: '/x/broken.conf: could not be read again (boom)' },
      { file: 'fine.conf', outcome: 'changed', applied: ['value'], restart: [] },
    ]);
    assert.equal(get(), 2);
  });

  it('tells the owner of a file after each valid reload, changed or not, and not after an invalid one', () => {
    const files = createConfigFiles();
    let value = 1;
    const told: Array<[number, boolean]> = [];
    files.load({
      path: '/x/told.conf',
      read: () => {
        if (value < 0) throw new Error('/x/told.conf line 1, key "value": must not be negative');
        return value;
      },
      keys: (v) => new Map([['value', v]]),
      reloaded: (v, changed) => told.push([v, changed]),
    });
    files.reloadAll();
    value = 2;
    files.reloadAll();
    value = -1;
    files.reloadAll();
    assert.deepEqual(told, [[1, false], [2, true]]);
  });
});
