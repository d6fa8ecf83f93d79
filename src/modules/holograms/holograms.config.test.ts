import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConfigFiles } from '../../core/config/config-reload.ts';
import { hologramsConfig, hologramsReloadable } from './holograms.config.ts';

function inFolder(run: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'holograms-conf-'));
  try {
    run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('holograms.conf', () => {
  it('is written with comments on first start: a limit of 3 and a refresh every 5 seconds', () =>
    inFolder((dir) => {
      assert.deepEqual(hologramsConfig.load(dir), { defaultLimit: 3, refreshSeconds: 5 });
      assert.match(readFileSync(join(dir, 'holograms.conf'), 'utf8'), /# Seconds between two refreshes/);
    }));

  it('names the key of a bad value or an unknown key', () =>
    inFolder((dir) => {
      for (const [key, bad] of [
        ['default-limit', '-1'],
        ['default-limit', '2.5'],
        ['refresh-seconds', '0'],
        ['refresh-seconds', '3601'],
        ['refresh-seconds', '"often"'],
      ]) {
        writeFileSync(join(dir, 'holograms.conf'), `${key} = ${bad}\n`);
        assert.throws(() => hologramsConfig.load(dir), new RegExp(`key "${key}"`), `${key} = ${bad}`);
      }
      writeFileSync(join(dir, 'holograms.conf'), 'limit = 3\n');
      assert.throws(() => hologramsConfig.load(dir), /key "limit".*not a key/);
    }));

  it('applies both keys at once on core reload', () =>
    inFolder((dir) => {
      const files = createConfigFiles();
      const config = files.load(hologramsReloadable(dir));
      writeFileSync(join(dir, 'holograms.conf'), 'default-limit = 7\nrefresh-seconds = 30\n');
      const [reload] = files.reloadAll();
      assert.deepEqual(reload, { file: 'holograms.conf', outcome: 'changed', applied: ['default-limit', 'refresh-seconds'], restart: [] });
      assert.deepEqual(config(), { defaultLimit: 7, refreshSeconds: 30 });
    }));
});
