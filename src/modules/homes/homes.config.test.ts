import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { homesConfig } from './homes.config.ts';

describe('homes.conf', () => {
  it('is written with comments on first start and gives limit 3 and the red_bed icon', () => {
    const dir = mkdtempSync(join(tmpdir(), 'homes-conf-'));
    try {
      assert.deepEqual(homesConfig.load(dir), { defaultLimit: 3, defaultIcon: 'red_bed' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads another default limit, and names the key of a bad value', () => {
    const dir = mkdtempSync(join(tmpdir(), 'homes-conf-'));
    try {
      writeFileSync(join(dir, 'homes.conf'), 'default-limit = 7\ndefault-icon = "oak_door"\n');
      assert.deepEqual(homesConfig.load(dir), { defaultLimit: 7, defaultIcon: 'oak_door' });
      writeFileSync(join(dir, 'homes.conf'), 'default-limit = 3\ndefault-icon = "banana"\n');
      assert.throws(() => homesConfig.load(dir), /line 2, key "default-icon"/);
      writeFileSync(join(dir, 'homes.conf'), 'default-limit = -1\n');
      assert.throws(() => homesConfig.load(dir), /key "default-limit"/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
