import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tpaConfig } from './tpa.config.ts';

describe('tpa.conf', () => {
  it('is written with comments on first start and gives an expiry of 120 seconds', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tpa-conf-'));
    try {
      assert.deepEqual(tpaConfig.load(dir), { requestExpirySeconds: 120 });
      assert.match(readFileSync(join(dir, 'tpa.conf'), 'utf8'), /# Seconds a request waits/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads another expiry, and names the key of a bad value or an unknown key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tpa-conf-'));
    try {
      writeFileSync(join(dir, 'tpa.conf'), 'request-expiry-seconds = 30\n');
      assert.deepEqual(tpaConfig.load(dir), { requestExpirySeconds: 30 });
      for (const bad of ['0', '3601', '1.5', '"soon"']) {
        writeFileSync(join(dir, 'tpa.conf'), `request-expiry-seconds = ${bad}\n`);
        assert.throws(() => tpaConfig.load(dir), /key "request-expiry-seconds"/, bad);
      }
      writeFileSync(join(dir, 'tpa.conf'), 'expiry = 30\n');
      assert.throws(() => tpaConfig.load(dir), /key "expiry".*not a key/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
