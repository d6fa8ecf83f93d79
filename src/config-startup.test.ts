import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_MODULES } from './modules/index.ts';
import { loadNetworkConfig } from './network-config.ts';
import { restReloadable } from './rest/config.ts';
import { startKernelAddon } from '../test/support/rest-addon.ts';
import { startTestKernel } from '../test/support/test-kernel.ts';
import { readStartupConfigs } from './core/config/config-startup.ts';
import { memoryLogger } from './core/log/log.ts';
import { defineModule } from './core/kernel/module.ts';

describe('the start-up check of the config files', () => {
  let dataDir: string;
  let coreDir: string;
  let restDir: string;
  /** What src/main.ts reads before anything opens: network.conf, then every other file. */
  const startUpCheck = () => {
    loadNetworkConfig(coreDir);
    return readStartupConfigs({ configDir: coreDir, modules: ALL_MODULES, log: memoryLogger(), more: [restReloadable(restDir, () => false)] });
  };

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'core-startup-'));
    coreDir = join(dataDir, 'core');
    restDir = join(dataDir, 'core-rest');
    // A first start with every module and the add-on writes every file a server has.
    const t = await startTestKernel({ modules: ALL_MODULES, dir: dataDir });
    const addon = await startKernelAddon(t);
    await addon.stop();
    await t.close();
    loadNetworkConfig(coreDir);
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('passes the files a first start writes', () => {
    const { order, configs } = startUpCheck();
    assert.ok(order.length > 20, 'the modules on by default');
    // modules.conf compares against the modules running, and none runs in the check.
    assert.deepEqual(configs.reloadAll().filter((r) => r.outcome !== 'unchanged' && r.file !== 'modules.conf'), []);
  });

  it('refuses each of them with an unknown key: one line naming that file, the line and the key', () => {
    const files = [...readdirSync(coreDir).map((f) => join(coreDir, f)), ...readdirSync(restDir).map((f) => join(restDir, f))].filter((f) => f.endsWith('.conf'));
    // Whatever a start writes is here: a new file is checked without a list to edit.
    for (const name of ['core.conf', 'modules.conf', 'permissions.conf', 'network.conf', 'kits.conf', 'economy.conf', 'rest.conf']) {
      assert.ok(files.some((f) => f.endsWith(`/${name}`)), name);
    }
    assert.ok(files.length >= 25, files.join('\n'));
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      try {
        writeFileSync(file, `no-such-key = 1\n${text}`);
        assert.throws(startUpCheck, (e: Error) => {
          assert.ok(e.message.startsWith(`${file} line 1, key "no-such-key": `), `${file}: ${e.message}`);
          assert.doesNotMatch(e.message, /\n/);
          return true;
        });
      } finally {
        writeFileSync(file, text);
      }
    }
  });

  it('refuses a TOML mistake in any of them in the same one line', () => {
    const file = join(restDir, 'rest.conf');
    const text = readFileSync(file, 'utf8');
    try {
      writeFileSync(file, text.replace(/^port = \d+$/m, 'port = 8123x'));
      const line = text.split('\n').findIndex((l) => l.startsWith('port = ')) + 1;
      assert.throws(startUpCheck, { message: `${file} line ${line}, key "port": \`8123x\` is not a number` });
    } finally {
      writeFileSync(file, text);
    }
  });

  it('refuses, at boot, a module reading a file its readConfigFiles does not read', async () => {
    const sneaky = defineModule({
      name: 'sneaky',
      dependsOn: [],
      migrations: [],
      createService: (ctx) => ctx.configs.load({ path: join(ctx.configDir, 'sneaky.conf'), read: () => 1, keys: () => new Map() }),
    });
    await assert.rejects(startTestKernel({ modules: [sneaky] }), /sneaky\.conf is read after the start-up check of the config files, so a fault in it would not stop the start/);
  });
});
