import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_MUTE_BLOCKED, moderationConfig } from './moderation.config.ts';

describe('moderation.conf', () => {
  it('is written with comments on first start and blocks the private-message commands by default', () => {
    const dir = mkdtempSync(join(tmpdir(), 'moderation-conf-'));
    try {
      const c = moderationConfig.load(dir);
      assert.deepEqual(c.muteBlockedCommands, DEFAULT_MUTE_BLOCKED);
      for (const name of ['msg', 'tell', 'w', 'whisper', 'r', 'reply', 'mail', 'me', 'say']) assert.ok(c.muteBlockedCommands.includes(name), name);
      assert.match(readFileSync(join(dir, 'moderation.conf'), 'utf8'), /^# Commands a muted player may not run/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads its own list (a leading slash and upper case allowed), and names the key of a bad value or an unknown key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'moderation-conf-'));
    try {
      writeFileSync(join(dir, 'moderation.conf'), 'mute-blocked-commands = ["/MSG", "tell"]\n');
      assert.deepEqual(moderationConfig.load(dir).muteBlockedCommands, ['msg', 'tell']);
      writeFileSync(join(dir, 'moderation.conf'), '\nmute-blocked-commands = "msg"\n');
      assert.throws(() => moderationConfig.load(dir), /line 2, key "mute-blocked-commands": must be a list of command names/);
      writeFileSync(join(dir, 'moderation.conf'), 'mute-blocked-commands = ["two words"]\n');
      assert.throws(() => moderationConfig.load(dir), /key "mute-blocked-commands"/);
      writeFileSync(join(dir, 'moderation.conf'), 'mute-commands = []\n');
      assert.throws(() => moderationConfig.load(dir), /key "mute-commands": is not a key of this file/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
