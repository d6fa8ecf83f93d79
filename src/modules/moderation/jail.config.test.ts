import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jailConfig } from './jail.config.ts';

function inDir(run: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'jail-conf-'));
  try {
    run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('jail.conf', () => {
  it('is written with comments on first start: radius 5, the allow-list, release to the previous place', () =>
    inDir((dir) => {
      const c = jailConfig.load(dir);
      assert.equal(c.radius, 5);
      assert.equal(c.releaseTo, 'previous');
      assert.ok(c.allowedCommands.includes('msg') && c.allowedCommands.includes('helpop'));
      assert.match(readFileSync(join(dir, 'jail.conf'), 'utf8'), /# How far/);
    }));

  it('reads other values (a leading slash and capitals in the list are forgiven)', () =>
    inDir((dir) => {
      writeFileSync(join(dir, 'jail.conf'), 'radius = 2.5\nallowed-commands = ["/MSG"]\nrelease-to = "spawn"\n');
      assert.deepEqual(jailConfig.load(dir), { radius: 2.5, allowedCommands: ['msg'], releaseTo: 'spawn' });
    }));

  it('names the key of a bad value or an unknown key', () =>
    inDir((dir) => {
      for (const [text, key] of [
        ['radius = 0\n', 'radius'],
        ['allowed-commands = "msg"\n', 'allowed-commands'],
        ['allowed-commands = ["two words"]\n', 'allowed-commands'],
        ['release-to = "home"\n', 'release-to'],
        ['radius = 3\nradios = 4\n', 'radios'],
      ]) {
        writeFileSync(join(dir, 'jail.conf'), text!);
        assert.throws(() => jailConfig.load(dir), new RegExp(`key "${key}"`), text);
      }
    }));
});
