import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { openAccessLog, type AccessEntry } from './access-log-file.ts';

let savedZone: string | undefined;
beforeEach(() => {
  savedZone = process.env.TZ;
  process.env.TZ = 'UTC';
});
afterEach(() => {
  if (savedZone === undefined) delete process.env.TZ;
  else process.env.TZ = savedZone;
});

const call: AccessEntry = {
  time: Date.parse('2026-11-23T17:43:58.042Z'),
  address: '127.0.0.1',
  method: 'GET',
  path: '/players',
  status: 200,
  label: 'panel',
  ms: 4.4,
  auth: null,
};
const refused: AccessEntry = { ...call, path: '/economy/x"\nforged line', status: 401, label: '-', ms: 1, auth: 'unknown' };

describe('logs/access.log', () => {
  it('writes one Common-Log-like line per call, a failed authentication with its reason, each on its own line', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'core-access-'));
    const log = openAccessLog(dataDir, 'text');
    log.write(call);
    log.write(refused);
    await log.close();
    assert.deepEqual(readFileSync(join(dataDir, 'logs', 'access.log'), 'utf8').split('\n'), [
      '127.0.0.1 - panel [23/Nov/2026:17:43:58 +0000] "GET /players" 200 4ms',
      '127.0.0.1 - - [23/Nov/2026:17:43:58 +0000] "GET /economy/x\\"\\x0aforged line" 401 1ms "unknown token"',
      '',
    ]);
  });

  it('writes one object a line in json', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'core-access-'));
    const log = openAccessLog(dataDir, 'json');
    log.write(call);
    log.write(refused);
    await log.close();
    const [a, b] = readFileSync(join(dataDir, 'logs', 'access.log'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.deepEqual(a, { time: '2026-11-23T17:43:58.042+00:00', address: '127.0.0.1', method: 'GET', path: '/players', status: 200, label: 'panel', ms: 4.4 });
    assert.equal(b!.reason, 'unknown token');
    assert.equal(b!.label, null);
  });

  it('masks a secret a client put in the path, in both formats', async () => {
    const secret = 'crs_' + 'Zq9-_x'.repeat(7) + 'A';
    for (const format of ['text', 'json'] as const) {
      const dataDir = mkdtempSync(join(tmpdir(), 'core-access-'));
      const log = openAccessLog(dataDir, format);
      log.write({ ...refused, path: `/api/v1/status/${secret}` });
      await log.close();
      const text = readFileSync(join(dataDir, 'logs', 'access.log'), 'utf8');
      assert.ok(!text.includes(secret), text);
      assert.match(text, /\/api\/v1\/status\/crs_…/);
    }
  });

  it('rolls daily to access-YYYY-MM-DD-N.log.gz, apart from latest.log archives', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'core-access-'));
    const log = openAccessLog(dataDir, 'text', { now: () => new Date(call.time) });
    log.write(call);
    log.write({ ...call, time: Date.parse('2026-11-24T00:00:01Z') });
    await log.close();
    const archived = gunzipSync(readFileSync(join(dataDir, 'logs', 'access-2026-11-23-1.log.gz'))).toString('utf8');
    assert.match(archived, /^127\.0\.0\.1 - panel \[23\/Nov\/2026:17:43:58 \+0000\]/);
    assert.match(readFileSync(join(dataDir, 'logs', 'access.log'), 'utf8'), /^127\.0\.0\.1 - panel \[24\/Nov\/2026:00:00:01 \+0000\]/);
  });
});
