import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { defaultConfigText, isLiveKey } from './config.ts';
import { http, startHarness, type Harness } from './test-support.ts';

describe('rest.conf at core reload', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });
  const conf = (h: Harness, text: string) => writeFileSync(join(h.dir, 'core-rest', 'rest.conf'), text);

  it('applies a new requests-per-minute to the running listener at once', async () => {
    h = await startHarness({ conf: 'enabled = true\nport = 0\nrequests-per-minute = 1000\n' });
    const token = await h.token('panel', 'read');
    assert.equal((await http(h.port, 'GET', '/api/v1/status', { token })).headers['ratelimit-limit'], '1000');

    conf(h, 'enabled = true\nport = 0\nrequests-per-minute = 3\n');
    assert.deepEqual(h.configs.reloadAll(), [{ file: 'rest.conf', outcome: 'changed', applied: ['requests-per-minute'], restart: [] }]);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await http(h.port, 'GET', '/api/v1/status', { token }));
    assert.deepEqual(answers.map((a) => [a.status, a.headers['ratelimit-limit']]), [[200, '3'], [200, '3'], [429, '3']]);
  });

  it('applies max-subscribers at once (status shows it)', async () => {
    h = await startHarness({ conf: 'enabled = true\nport = 0\nmax-subscribers = 8\n' });
    conf(h, 'enabled = true\nport = 0\nmax-subscribers = 2\n');
    h.configs.reloadAll();
    assert.match(String((await h.commands.run('coreapi status'))[1]), /subscribers: 0 of 2\./);
  });

  it('names bind and port as needing a restart and keeps listening where it listens', async () => {
    h = await startHarness({ conf: 'enabled = true\nport = 0\n' });
    conf(h, 'enabled = true\nport = 0\nbind = "::1"\nrequests-per-minute = 50\n');
    assert.deepEqual(h.configs.reloadAll(), [{ file: 'rest.conf', outcome: 'changed', applied: ['requests-per-minute'], restart: ['bind'] }]);
    const token = await h.token('panel', 'read');
    assert.equal((await http(h.port, 'GET', '/api/v1/status', { token })).headers['ratelimit-limit'], '50');
  });

  it('keeps every setting of an invalid file, naming file, line and key', async () => {
    h = await startHarness({ conf: 'enabled = true\nport = 0\nrequests-per-minute = 40\n' });
    conf(h, 'enabled = true\nrequests-per-minute = 20\nport = 0\nmax-subscribers = -1\n');
    const file = join(h.dir, 'core-rest', 'rest.conf');
    assert.deepEqual(h.configs.reloadAll(), [
      { file: 'rest.conf', outcome: 'invalid', problem: `${file} line 4, key "max-subscribers": must be a whole number from 0 to 100000` },
    ]);
    const token = await h.token('panel', 'read');
    assert.equal((await http(h.port, 'GET', '/api/v1/status', { token })).headers['ratelimit-limit'], '40', 'the valid key of the invalid file is not applied');
  });

  it('reports every change as needing a restart while the listener is closed', async () => {
    h = await startHarness({ conf: 'enabled = false\n' });
    conf(h, 'enabled = true\nrequests-per-minute = 20\n');
    assert.deepEqual(h.configs.reloadAll(), [{ file: 'rest.conf', outcome: 'changed', applied: [], restart: ['enabled', 'requests-per-minute'] }]);
    assert.equal(h.addon.listening, null);
  });

  it('marks the live keys in the default file', () => {
    const text = defaultConfigText();
    for (const key of ['enabled', 'bind', 'port', 'requests-per-minute', 'failed-auth-per-minute', 'max-subscribers', 'max-connections', 'access-log', 'trusted-proxies', 'reference', 'public-reference']) {
      const comment = text.split('\n')[text.split('\n').findIndex((l) => l.startsWith(`${key} =`)) - 1] ?? '';
      assert.equal(comment.endsWith('(live)'), isLiveKey(key), key);
    }
    assert.equal(isLiveKey('requests-per-minute'), true);
    assert.equal(isLiveKey('failed-auth-per-minute'), true);
    assert.equal(isLiveKey('port'), false);
  });
});
