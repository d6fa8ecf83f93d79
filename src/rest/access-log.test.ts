import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { WebSocket } from 'ws';
import { accessText } from './access-log-file.ts';
import type { AccessEntry } from './access-log.ts';
import { basic, http, startHarness, type Harness } from './test-support.ts';

/** Opens a WebSocket to the event stream; resolves with 101 or the refusal's status. */
function handshake(port: number, authorization?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/events`, authorization ? { headers: { authorization } } : {});
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    ws.once('error', reject);
  });
}

describe('the access log', () => {
  let h: Harness;
  let reader: string;
  const entries: AccessEntry[] = [];
  const last = (): AccessEntry => {
    const e = entries.at(-1);
    assert.ok(e, 'an entry was logged');
    return e;
  };

  before(async () => {
    h = await startHarness({ accessLog: (e) => entries.push(e) });
    reader = await h.token('reader', 'read,events');
  });
  after(() => h.close());

  it('logs a 200 with time, address, method, path, status, token label and milliseconds', async () => {
    const before = Date.now();
    const r = await http(h.port, 'GET', '/api/v1/status', { token: reader });
    assert.equal(r.status, 200);
    const e = last();
    assert.deepEqual({ ...e, time: 0, ms: 0 }, { time: 0, address: '127.0.0.1', method: 'GET', path: '/api/v1/status', status: 200, label: 'reader', ms: 0, auth: null });
    assert.ok(e.time >= before && e.time <= Date.now(), 'time is when it was answered');
    assert.ok(e.ms >= 0 && e.ms < 5000, `ms ${e.ms}`);
  });

  it('logs a 404 and a 400 with the token label, and the path without its query string', async () => {
    await http(h.port, 'GET', '/api/v1/nowhere?key=crs_looks_like_a_secret', { token: reader });
    assert.deepEqual([last().status, last().path, last().label, last().auth], [404, '/api/v1/nowhere', 'reader', null]);
    await http(h.port, 'GET', '/api/v1/status?verbose=1', { token: reader });
    assert.deepEqual([last().status, last().path, last().label], [400, '/api/v1/status', 'reader']);
    await http(h.port, 'POST', '/api/v1/status', { token: reader, body: {} });
    assert.deepEqual([last().method, last().status], ['POST', 405]);
  });

  it('logs each failed authentication as 401 with label - and why, never the secret', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'missing'],
      [{ authorization: 'Token abc' }, 'malformed'],
      [{ authorization: `Basic ${Buffer.from('no-colon-here').toString('base64')}` }, 'malformed'],
      [{ authorization: 'Bearer crs_nobodyissuedthisone' }, 'unknown'],
      [{ authorization: basic('reader', 'crs_wrongsecretforreader') }, 'unknown'],
    ];
    for (const [headers, why] of cases) {
      const r = await http(h.port, 'GET', '/api/v1/status', { headers });
      assert.equal(r.status, 401);
      const e = last();
      assert.deepEqual([e.status, e.label, e.auth], [401, '-', why], JSON.stringify(headers));
      const text = JSON.stringify(e) + accessText(e);
      assert.doesNotMatch(text, /crs_|Bearer|Basic|Token abc/);
    }
    // A valid token that is refused later is not a failed authentication.
    const watcher = await h.token('watcher', 'events');
    await http(h.port, 'GET', '/api/v1/status', { token: watcher });
    assert.deepEqual([last().status, last().label, last().auth], [403, 'watcher', null]);
  });

  it('logs the event-stream handshake, opened (101) and refused', async () => {
    assert.equal(await handshake(h.port, `Bearer ${reader}`), 101);
    assert.deepEqual([last().method, last().path, last().status, last().label], ['GET', '/api/v1/events', 101, 'reader']);
    assert.equal(await handshake(h.port), 401);
    assert.deepEqual([last().path, last().status, last().label, last().auth], ['/api/v1/events', 401, '-', 'missing']);
  });
});

describe('access-log = false in rest.conf', () => {
  it('logs nothing: no request, no failed authentication, no handshake', async () => {
    const entries: AccessEntry[] = [];
    const h = await startHarness({ conf: 'enabled = true\nport = 0\naccess-log = false\n', accessLog: (e) => entries.push(e) });
    try {
      const secret = await h.token('quiet', 'read,events');
      assert.equal((await http(h.port, 'GET', '/api/v1/status', { token: secret })).status, 200);
      assert.equal((await http(h.port, 'GET', '/api/v1/nowhere', { token: secret })).status, 404);
      assert.equal((await http(h.port, 'GET', '/api/v1/status')).status, 401);
      assert.equal(await handshake(h.port, `Bearer ${secret}`), 101);
      assert.deepEqual(entries, []);
    } finally {
      await h.close();
    }
  });
});
