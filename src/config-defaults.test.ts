// Every config file a first start writes, byte for byte: what src/main.ts reads before anything opens
// (network.conf, then every other file, rest.conf last) on an empty data folder, with every module
// on, compared with test/fixtures/first-start/. A change to a default file shows here as a diff of
// the file an operator would get. votes.conf's token is drawn at random: it is compared as a shape.
//
// To take a deliberate change of a default file into the fixtures:
//   CORE_UPDATE_FIXTURES=1 npx node --test src/config-defaults.test.ts

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_MODULES } from './modules/index.ts';
import { loadNetworkConfig } from './network-config.ts';
import { restReloadable } from './rest/config.ts';
import { readStartupConfigs } from './core/config/config-startup.ts';
import { memoryLogger } from './core/log/log.ts';

const FIXTURES = join(import.meta.dirname, '..', 'test', 'fixtures', 'first-start');
const FOLDERS = ['core', 'core-rest'];
const TOKEN = /^token = "[A-Za-z0-9_-]{16,128}"$/m;
const TOKEN_SHAPE = 'token = "<a fresh random token>"';

/** The config files under a data folder, by path relative to it (`core/homes.conf`). */
function configFiles(dataDir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const folder of FOLDERS) {
    for (const name of readdirSync(join(dataDir, folder)).filter((n) => n.endsWith('.conf')).sort()) {
      files.set(`${folder}/${name}`, readFileSync(join(dataDir, folder, name), 'utf8'));
    }
  }
  return files;
}

describe('the config files of a first start', () => {
  let dataDir: string;
  let written: Map<string, string>;

  before(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'core-first-start-'));
    for (const folder of FOLDERS) mkdirSync(join(dataDir, folder));
    const coreDir = join(dataDir, 'core');
    loadNetworkConfig(coreDir);
    readStartupConfigs({ configDir: coreDir, modules: ALL_MODULES, log: memoryLogger(), more: [restReloadable(join(dataDir, 'core-rest'), () => false)] });
    written = configFiles(dataDir);
    if (process.env.CORE_UPDATE_FIXTURES === '1') {
      rmSync(FIXTURES, { recursive: true, force: true });
      for (const folder of FOLDERS) mkdirSync(join(FIXTURES, folder), { recursive: true });
      for (const [path, text] of written) writeFileSync(join(FIXTURES, path), text.replace(TOKEN, TOKEN_SHAPE));
    }
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes the same files as before', () => {
    assert.deepEqual([...written.keys()], [...configFiles(FIXTURES).keys()]);
  });

  it('writes each of them byte for byte as before', () => {
    const expected = configFiles(FIXTURES);
    for (const [path, text] of written) {
      assert.ok(path !== 'core/votes.conf' || TOKEN.test(text), 'votes.conf holds a fresh token');
      assert.equal(text.replace(TOKEN, TOKEN_SHAPE), expected.get(path), path);
    }
  });
});
