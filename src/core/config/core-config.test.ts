import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { coreConfig } from './core-config.ts';
import { startTestKernel } from '../../../test/support/test-kernel.ts';

describe('core.conf', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'core-conf-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  const withText = (text: string) => {
    writeFileSync(join(dir, 'core.conf'), text);
    return () => coreConfig.load(dir);
  };

  it('is written with its comments on first start, a warm-up of 0, English', () => {
    rmSync(join(dir, 'core.conf'), { force: true });
    assert.deepEqual(coreConfig.load(dir), { teleportWarmupSeconds: 0, language: 'en' });
    assert.equal(readFileSync(join(dir, 'core.conf'), 'utf8'), coreConfig.defaultText());
    assert.match(coreConfig.defaultText(), /# .*core\.teleport\.bypass-warmup/);
  });

  it('reads a warm-up in whole or decimal seconds', () => {
    assert.deepEqual(withText('teleport-warmup-seconds = 3\n')(), { teleportWarmupSeconds: 3, language: 'en' });
    assert.deepEqual(withText('teleport-warmup-seconds = 1.5\n')(), { teleportWarmupSeconds: 1.5, language: 'en' });
  });

  it('reads the default language, and refuses one that is not a language code', () => {
    assert.equal(withText('language = "de"\n')().language, 'de');
    assert.throws(withText('# c\nlanguage = "German"\n'), {
      message: `${join(dir, 'core.conf')} line 2, key "language": must be a language code of two or three lower-case letters, such as "en" or "de"`,
    });
  });

  it('refuses a warm-up out of range or not a number, and an unknown key, naming file, line and key', () => {
    const path = join(dir, 'core.conf');
    assert.throws(withText('# c\nteleport-warmup-seconds = 301\n'), { message: `${path} line 2, key "teleport-warmup-seconds": must be a number of seconds from 0 to 300` });
    assert.throws(withText('teleport-warmup-seconds = "3"\n'), /key "teleport-warmup-seconds": must be a number/);
    assert.throws(withText('teleport-warmup = 3\n'), { message: `${path} line 1, key "teleport-warmup": is not a key of this file` });
  });

  it('stops the start when faulty, in the one line naming file, line and key, before any module starts', async () => {
    await assert.rejects(
      startTestKernel({ beforeStart: (configDir) => writeFileSync(join(configDir, 'core.conf'), 'teleport-warmup-seconds = 0\nteleport-warmup = 3\n') }),
      (e: Error) => {
        assert.match(e.message, /^\S+\/core\.conf line 2, key "teleport-warmup": is not a key of this file$/);
        return true;
      },
    );
  });
});
