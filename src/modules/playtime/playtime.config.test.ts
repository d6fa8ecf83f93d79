import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { playtimeConfig } from './playtime.config.ts';

describe('playtime.conf', () => {
  it('is written on first start with a write every 60 s, reads another, and names the key of a bad value', () => {
    const dir = mkdtempSync(join(tmpdir(), 'playtime-conf-'));
    try {
      assert.deepEqual(playtimeConfig.load(dir), { flushSeconds: 60 });
      writeFileSync(join(dir, 'playtime.conf'), 'flush-seconds = 15\n');
      assert.deepEqual(playtimeConfig.load(dir), { flushSeconds: 15 });
      writeFileSync(join(dir, 'playtime.conf'), '# c\nflush-seconds = 1\n');
      assert.throws(() => playtimeConfig.load(dir), /line 2, key "flush-seconds"/);
      writeFileSync(join(dir, 'playtime.conf'), 'flush = 10\n');
      assert.throws(() => playtimeConfig.load(dir), /key "flush".*not a key/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
