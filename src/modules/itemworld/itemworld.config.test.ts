import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { itemworldConfig, ruleOf } from './itemworld.config.ts';

function withDir(run: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'itemworld-conf-'));
  try {
    run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('itemworld.conf', () => {
  it('is written with comments on first start: items purged every 600 seconds after a 30-second warning, every mob allowed', () => {
    withDir((dir) => {
      assert.deepEqual(itemworldConfig.load(dir), {
        purgeIntervalSeconds: 600,
        purgeWarningSeconds: 30,
        purgeWhat: 'items',
        mobs: { allow: 'every', deny: [], cap: 0 },
        worldMobs: {},
      });
      assert.match(readFileSync(join(dir, 'itemworld.conf'), 'utf8'), /# Mob spawn rules/);
    });
  });

  it('reads per-world rules over those of [mobs], key by key, in the game\'s names', () => {
    withDir((dir) => {
      writeFileSync(
        join(dir, 'itemworld.conf'),
        'purge-interval-seconds = 0\npurge-warning-seconds = 0\npurge-what = "all"\n[mobs]\ndeny = ["minecraft:Creeper"]\ncap = 100\n[mobs.farm]\nallow = ["cow", "pig"]\n[mobs.world_nether]\ndeny = []\n',
      );
      const c = itemworldConfig.load(dir);
      assert.deepEqual([c.purgeIntervalSeconds, c.purgeWhat], [0, 'all']);
      assert.deepEqual(ruleOf(c, 'world'), { allow: 'every', deny: ['creeper'], cap: 100 });
      assert.deepEqual(ruleOf(c, 'farm'), { allow: ['cow', 'pig'], deny: ['creeper'], cap: 100 });
      assert.deepEqual(ruleOf(c, 'world_nether'), { allow: 'every', deny: [], cap: 100 });
    });
  });

  it('names the key of a bad value or an unknown key', () => {
    withDir((dir) => {
      const bad: Array<[string, RegExp]> = [
        ['purge-interval-seconds = 5', /key "purge-interval-seconds"/],
        ['purge-interval-seconds = 1.5', /key "purge-interval-seconds"/],
        ['purge-interval-seconds = 60\npurge-warning-seconds = 60', /key "purge-warning-seconds"/],
        ['purge-what = "everything"', /key "purge-what".*"items", "mobs", "all"/],
        ['[mobs]\ndeny = ["stone"]', /key "mobs.deny".*"stone" is not a mob type/],
        ['[mobs]\nallow = "cow"', /key "mobs.allow".*list/],
        ['[mobs]\ncap = -1', /key "mobs.cap"/],
        ['[mobs]\nmax = 3', /key "mobs.max".*not a key/],
        ['[mobs.Farm]\ncap = 3', /key "mobs.Farm".*lower-case/],
        ['[mobs.farm]\nlimit = 3', /key "mobs.farm.limit".*not a key/],
        ['interval = 30', /key "interval".*not a key/],
      ];
      for (const [text, message] of bad) {
        writeFileSync(join(dir, 'itemworld.conf'), `${text}\n`);
        assert.throws(() => itemworldConfig.load(dir), message, text);
      }
    });
  });
});
