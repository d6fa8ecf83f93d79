import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { presenceConfig } from './presence.config.ts';

function inDir(run: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'presence-conf-'));
  try {
    run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('presence.conf', () => {
  it('is written with comments on first start: away after 300 s, announced, no tab-list marker', () =>
    inDir((dir) => {
      assert.deepEqual(presenceConfig.load(dir), { afkAfterSeconds: 300, announce: true, tabListMarker: false });
      assert.match(readFileSync(join(dir, 'presence.conf'), 'utf8'), /# .*0 switches automatic marking off/);
    }));

  it('reads its keys, and names the key and line of a bad value', () =>
    inDir((dir) => {
      writeFileSync(join(dir, 'presence.conf'), 'afk-after-seconds = 0\nannounce = false\ntab-list-marker = true\n');
      assert.deepEqual(presenceConfig.load(dir), { afkAfterSeconds: 0, announce: false, tabListMarker: true });
      writeFileSync(join(dir, 'presence.conf'), 'announce = true\nafk-after-seconds = -5\n');
      assert.throws(() => presenceConfig.load(dir), /line 2, key "afk-after-seconds"/);
      writeFileSync(join(dir, 'presence.conf'), 'afk-after-seconds = 1.5\n');
      assert.throws(() => presenceConfig.load(dir), /key "afk-after-seconds"/);
      writeFileSync(join(dir, 'presence.conf'), 'announce = "yes"\n');
      assert.throws(() => presenceConfig.load(dir), /key "announce"/);
      writeFileSync(join(dir, 'presence.conf'), 'afk-kick = 5\n');
      assert.throws(() => presenceConfig.load(dir), /key "afk-kick".*not a key/);
    }));
});
