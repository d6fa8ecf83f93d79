import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'smol-toml';
import { DEFAULT_CONFIG, defaultConfigText, loadConfig, parseConfig } from './config.ts';
import { http, startHarness, tempDir } from './test-support.ts';

describe('rest.conf', () => {
  it('is written with the defaults on first start, a comment line before each key', () => {
    const dir = join(tempDir(), 'core-rest');
    const outcome = loadConfig(dir);
    assert.ok(outcome.ok);
    assert.equal(outcome.written, true);
    assert.deepEqual(outcome.config, DEFAULT_CONFIG);
    const text = readFileSync(join(dir, 'rest.conf'), 'utf8');
    const lines = text.split('\n');
    for (const key of ['enabled', 'bind', 'port', 'requests-per-minute', 'failed-auth-per-minute', 'max-subscribers', 'max-connections', 'access-log', 'trusted-proxies', 'reference', 'public-reference']) {
      const i = lines.findIndex((l) => l.startsWith(`${key} = `));
      assert.ok(i > 0, key);
      assert.match(lines[i - 1] ?? '', /^# /, `comment before ${key}`);
    }
    assert.deepEqual({ ...parse(text) }, { enabled: false, bind: '127.0.0.1', port: 8123, 'requests-per-minute': 120, 'failed-auth-per-minute': 20, 'max-subscribers': 8, 'max-connections': 1024, 'access-log': true, 'trusted-proxies': [], reference: true, 'public-reference': false });
  });

  it('is never overwritten once it exists', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'rest.conf'), '# mine\nenabled = true\nport = 9000\n');
    const outcome = loadConfig(dir);
    assert.ok(outcome.ok);
    assert.equal(outcome.written, false);
    assert.equal(outcome.config.port, 9000);
    assert.equal(outcome.config.bind, '127.0.0.1', 'a key left out keeps its default');
    assert.equal(readFileSync(join(dir, 'rest.conf'), 'utf8'), '# mine\nenabled = true\nport = 9000\n');
  });

  it('loads a file written before failed-auth-per-minute and public-reference existed, with their defaults: a low failure limit whatever requests-per-minute says, and the reference behind a token', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'rest.conf'), 'enabled = true\nport = 0\nrequests-per-minute = 100000\nreference = true\n');
    const outcome = loadConfig(dir);
    assert.ok(outcome.ok, outcome.ok ? '' : outcome.message);
    assert.equal(outcome.config.requestsPerMinute, 100000);
    assert.equal(outcome.config.failedAuthPerMinute, 20);
    assert.equal(outcome.config.reference, true);
    assert.equal(outcome.config.publicReference, false);
    const zero = parseConfig('failed-auth-per-minute = 0\n', 'f');
    assert.ok(!zero.ok);
    assert.equal(zero.message, 'f line 1, key "failed-auth-per-minute": must be a whole number from 1 to 1000000000');
  });

  it('names the file, the line and the key of a value of the wrong type or range', () => {
    const text = defaultConfigText().replace('port = 8123', 'port = 70000');
    const line = text.split('\n').findIndex((l) => l.startsWith('port =')) + 1;
    const outcome = parseConfig(text, '/x/rest.conf');
    assert.ok(!outcome.ok);
    assert.equal(outcome.line, line);
    assert.equal(outcome.key, 'port');
    assert.match(outcome.message, new RegExp(`^/x/rest\\.conf line ${line}, key "port": must be a whole number from 0 to 65535$`));
    const wrongType = parseConfig('enabled = "yes"\n', 'f');
    assert.ok(!wrongType.ok && wrongType.key === 'enabled' && wrongType.line === 1);
    const badBind = parseConfig('\nbind = "example"\n', 'f');
    assert.ok(!badBind.ok && badBind.key === 'bind' && badBind.line === 2);
    const zeroRate = parseConfig('requests-per-minute = 0\n', 'f');
    assert.ok(!zeroRate.ok && zeroRate.key === 'requests-per-minute');
    const accessLog = parseConfig('enabled = true\naccess-log = "no"\n', 'f');
    assert.ok(!accessLog.ok);
    assert.equal(accessLog.message, 'f line 2, key "access-log": must be true or false');
  });

  it('names the line and key of an unknown key and of malformed TOML', () => {
    const unknown = parseConfig('enabled = false\nprot = 1\n', 'f');
    assert.ok(!unknown.ok);
    assert.equal(unknown.key, 'prot');
    assert.equal(unknown.line, 2);
    const malformed = parseConfig('enabled = false\n\nport = \n', 'f');
    assert.ok(!malformed.ok);
    assert.equal(malformed.line, 3);
    assert.equal(malformed.key, 'port');
    assert.doesNotMatch(malformed.message, /\n/, 'one line');
    const table = parseConfig('[server]\nport = 1\n', 'f');
    assert.ok(!table.ok && table.key === 'server' && table.line === 1);
  });

  it('reads trusted-proxies: addresses and CIDR ranges, IPv4, IPv6 and IPv4-mapped, and names the line and key of a bad entry', () => {
    const ok = parseConfig('trusted-proxies = ["127.0.0.1", "::1", "10.0.0.0/8", "fd00::/8", "::ffff:192.168.0.0/112"]\n', 'f');
    assert.ok(ok.ok);
    assert.deepEqual(ok.config.trustedProxies, ['127.0.0.1', '::1', '10.0.0.0/8', 'fd00::/8', '::ffff:192.168.0.0/112']);
    assert.deepEqual((parseConfig('port = 0\n', 'f') as { config: { trustedProxies: unknown } }).config.trustedProxies, [], 'empty by default');
    const bad = parseConfig('enabled = true\n\ntrusted-proxies = ["127.0.0.1", "10.0.0.0/33"]\n', 'f');
    assert.ok(!bad.ok);
    assert.equal(
      bad.message,
      'f line 3, key "trusted-proxies": "10.0.0.0/33" is not an IP address or a CIDR range (such as "127.0.0.1" or "10.0.0.0/8")',
    );
    for (const value of ['"127.0.0.1"', '["nginx"]', '["::1/129"]', '["10.0.0.0/"]', '["::ffff:10.0.0.0/64"]']) {
      const outcome = parseConfig(`trusted-proxies = ${value}\n`, 'f');
      assert.ok(!outcome.ok && outcome.key === 'trusted-proxies' && outcome.line === 1, value);
    }
    // A value that is not text is told as every list's value is: by its place in the list.
    const number = parseConfig('trusted-proxies = ["::1", 1]\n', 'f');
    assert.ok(!number.ok && number.key === 'trusted-proxies[2]' && number.line === 1, number.ok ? '' : number.message);
  });

  it('accepts port 0 as an ephemeral port', () => {
    const outcome = parseConfig('port = 0\n', 'f');
    assert.ok(outcome.ok && outcome.config.port === 0);
  });
});

describe('startRestAddon and rest.conf', () => {
  it('when written fresh (switched off) logs exactly one line naming the file and the key, and listens nowhere', async () => {
    const h = await startHarness({ conf: null });
    try {
      assert.ok(existsSync(join(h.dir, 'core-rest', 'rest.conf')));
      assert.equal(h.addon.listening, null);
      assert.equal(h.log.lines.length, 1, h.log.lines.join('\n'));
      assert.match(h.log.lines[0] ?? '', /INFO .*enabled = true.*core-rest\/rest\.conf/);
      const status = await h.commands.run('coreapi status');
      assert.match(String(status[0]), /closed \(switched off/);
    } finally {
      await h.close();
    }
  });

  it('with a bad value stops the start (throws the one line naming file, line and key) and logs nothing', async () => {
    await assert.rejects(startHarness({ conf: 'enabled = true\nport = 8123x\n' }), (e: Error) => {
      assert.match(e.message, /^\S+\/core-rest\/rest\.conf line 2, key "port": `8123x` is not a number$/);
      return true;
    });
  });

  it('warns once when bound to every interface', async () => {
    const h = await startHarness({ conf: 'enabled = true\nbind = "0.0.0.0"\nport = 0\n' });
    try {
      const warnings = h.log.lines.filter((l) => l.includes('WARN'));
      assert.equal(warnings.length, 1);
      assert.match(warnings[0] ?? '', /0\.0\.0\.0.*every network interface/);
      assert.ok(h.addon.listening);
      const secret = await h.token('any');
      const r = await http(h.port, 'GET', '/api/v1/status', { token: secret });
      assert.equal(r.status, 200);
    } finally {
      await h.close();
    }
  });
});
