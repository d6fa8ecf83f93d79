import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { WebSocket } from 'ws';
import type { AccessEntry } from './access-log.ts';
import { clientAddresses, forwardedClient, parseRange, plainIp } from './client-address.ts';
import { http, startHarness, type Harness } from './test-support.ts';

const request = (peer: string | undefined, xff?: string | string[]): IncomingMessage =>
  ({ socket: { remoteAddress: peer }, headers: xff === undefined ? {} : { 'x-forwarded-for': xff } }) as unknown as IncomingMessage;

describe('the client address of a request', () => {
  const behind = (list: string[]) => clientAddresses({ trustedProxies: list });

  it('is the peer while no proxy is trusted, whatever X-Forwarded-For says', () => {
    assert.equal(behind([])(request('127.0.0.1', '203.0.113.7')), '127.0.0.1');
    assert.equal(behind(['10.0.0.1'])(request('127.0.0.1', '203.0.113.7')), '127.0.0.1', 'a peer that is not a listed proxy');
  });

  it('behind a trusted proxy is the rightmost entry that is not a trusted proxy', () => {
    const at = behind(['127.0.0.1', '::1', '10.0.0.0/8']);
    assert.equal(at(request('127.0.0.1', '203.0.113.7')), '203.0.113.7');
    // What nginx's $proxy_add_x_forwarded_for makes of a client's forged header: the forged part is on the left.
    assert.equal(at(request('127.0.0.1', '198.51.100.1, 203.0.113.7')), '203.0.113.7');
    // A chain of proxies, each appending the address it saw.
    assert.equal(at(request('::1', '203.0.113.7, 10.1.2.3,10.0.0.9')), '203.0.113.7');
    // Several headers arrive joined.
    assert.equal(at(request('127.0.0.1', ['198.51.100.1', '203.0.113.7'])), '203.0.113.7');
    // Every entry a trusted proxy: the furthest one.
    assert.equal(at(request('127.0.0.1', '10.0.0.5, 10.0.0.9')), '10.0.0.5');
    assert.equal(at(request('127.0.0.1', '2001:db8::7')), '2001:db8::7');
  });

  it('handles IPv4-mapped IPv6 peers, entries and ranges as the IPv4 they map', () => {
    assert.equal(behind(['127.0.0.1'])(request('::ffff:127.0.0.1', '::ffff:203.0.113.7')), '203.0.113.7');
    assert.equal(behind(['::ffff:127.0.0.0/104'])(request('127.0.0.9', '203.0.113.7')), '203.0.113.7');
    assert.equal(behind(['::ffff:127.0.0.0/104'])(request('::ffff:127.0.0.9', '[2001:db8::7]')), '2001:db8::7');
  });

  it('falls back to the peer for a header it cannot read or an absent one', () => {
    const at = behind(['127.0.0.1']);
    for (const xff of ['', 'unknown', '203.0.113.7:5555', '203.0.113.7,', '203.0.113.7 203.0.113.8']) {
      assert.equal(at(request('127.0.0.1', xff)), '127.0.0.1', JSON.stringify(xff));
    }
    assert.equal(at(request('127.0.0.1')), '127.0.0.1');
    // Garbage left of the client's entry is the client's own and is never read.
    assert.equal(at(request('127.0.0.1', 'garbage, 203.0.113.7')), '203.0.113.7');
  });

  it('reads a changed list (core reload replaces it)', () => {
    const config = { trustedProxies: [] as readonly string[] };
    const at = clientAddresses(config);
    assert.equal(at(request('127.0.0.1', '203.0.113.7')), '127.0.0.1');
    config.trustedProxies = ['127.0.0.1'];
    assert.equal(at(request('127.0.0.1', '203.0.113.7')), '203.0.113.7');
  });

  it('parses addresses and ranges', () => {
    assert.deepEqual(parseRange('10.0.0.0/8'), { address: '10.0.0.0', prefix: 8, family: 'ipv4' });
    assert.deepEqual(parseRange('::1'), { address: '::1', prefix: 128, family: 'ipv6' });
    assert.deepEqual(parseRange('::ffff:10.0.0.1'), { address: '10.0.0.1', prefix: 32, family: 'ipv4' });
    for (const bad of ['10.0.0.0/33', '::/129', 'fe80::1%eth0', 'nginx', '10.0.0.0/-1', '10.0.0.0/8/8']) assert.equal(parseRange(bad), undefined, bad);
    assert.equal(plainIp('[::1]'), '::1');
    assert.equal(plainIp('::FFFF:1.2.3.4'), '1.2.3.4');
    assert.equal(forwardedClient('p', undefined, () => true), 'p');
  });
});

/** Opens an event stream with these headers; resolves when `connected` arrives. */
function subscribe(port: number, headers: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/events`, { headers });
    ws.once('message', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`handshake answered ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

describe('the failed-authentication limit behind a proxy on loopback', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });
  // The harness listens on 127.0.0.1, so every request comes from 127.0.0.1, as from a proxy on this
  // machine; X-Forwarded-For is what such a proxy would send for its clients.
  const from = (client: string, forged?: string) => ({ headers: { 'x-forwarded-for': forged === undefined ? client : `${forged}, ${client}` } });
  const failed = async (port: number, client: string, forged?: string) => (await http(port, 'GET', '/api/v1/status', { token: 'crs_wrong', ...from(client, forged) })).status;
  const start = (extra: string, accessLog?: (e: AccessEntry) => void) =>
    startHarness({ conf: `enabled = true\nport = 0\nfailed-auth-per-minute = 3\n${extra}`, manualTime: true, ...(accessLog ? { accessLog } : {}) });

  it('without trusted-proxies, puts every client behind the proxy in one bucket', async () => {
    h = await start('');
    for (let i = 0; i < 3; i++) assert.equal(await failed(h.port, '203.0.113.7'), 401);
    assert.equal(await failed(h.port, '203.0.113.7'), 429);
    assert.equal(await failed(h.port, '203.0.113.8'), 429, 'another client behind the same proxy is throttled too');
  });

  it('with the proxy trusted, counts, logs and lists each client under its own address', async () => {
    const entries: AccessEntry[] = [];
    h = await start('trusted-proxies = ["127.0.0.1", "::1"]\n', (e) => entries.push(e));
    for (let i = 0; i < 3; i++) assert.equal(await failed(h.port, '203.0.113.7'), 401);
    assert.equal(await failed(h.port, '203.0.113.7'), 429);
    assert.equal(await failed(h.port, '203.0.113.7', '203.0.113.8'), 429, 'a forged X-Forwarded-For does not move it to another bucket');
    assert.equal(await failed(h.port, '203.0.113.8'), 401, 'another client keeps its own budget');
    assert.deepEqual(
      entries.map((e) => [e.address, e.status]),
      [...Array(3).fill(['203.0.113.7', 401]), ['203.0.113.7', 429], ['203.0.113.7', 429], ['203.0.113.8', 401]],
    );
    const reader = await h.token('reader', 'read,events');
    const ws = await subscribe(h.port, { authorization: `Bearer ${reader}`, ...from('203.0.113.9').headers });
    try {
      assert.deepEqual(entries.at(-1) && [entries.at(-1)?.address, entries.at(-1)?.status], ['203.0.113.9', 101]);
      assert.match(String((await h.commands.run('coreapi status'))[2]), /^- reader from 203\.0\.113\.9 since /);
    } finally {
      ws.close();
    }
  });

  it('applies a new trusted-proxies at core reload', async () => {
    h = await start('');
    writeFileSync(join(h.dir, 'core-rest', 'rest.conf'), 'enabled = true\nport = 0\nfailed-auth-per-minute = 3\ntrusted-proxies = ["127.0.0.1"]\n');
    assert.deepEqual(h.configs.reloadAll(), [{ file: 'rest.conf', outcome: 'changed', applied: ['trusted-proxies'], restart: [] }]);
    for (let i = 0; i < 3; i++) assert.equal(await failed(h.port, '203.0.113.7'), 401);
    assert.equal(await failed(h.port, '203.0.113.7'), 429);
    assert.equal(await failed(h.port, '203.0.113.8'), 401);
  });
});
