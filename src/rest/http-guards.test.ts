import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from './test-support.ts';
import { raw, testRoutes, UUID } from './server.fixtures.ts';

/** Status, headers (lower-case names; a repeated one joined with ", ", as Node's client does) and JSON body of a raw answer. */
function parse(answer: string): { status: number; headers: Record<string, string>; json: { ok: boolean; code: string; message: string; field?: string } } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const l of lines) {
    const name = l.slice(0, l.indexOf(':')).toLowerCase();
    const value = l.slice(l.indexOf(':') + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return { status: Number(statusLine.split(' ')[1]), headers, json: JSON.parse(body) };
}

describe('requests Node stops before any route', () => {
  let h: Harness;
  let auth = '';

  before(async () => {
    h = await startHarness({ routes: testRoutes() });
    auth = `Authorization: Bearer ${await h.token('writer', 'read,write')}`;
  });
  after(() => h.close());

  const note = `/api/v1/test/players/${UUID}/note`;

  it('answers what the HTTP parser refuses with 400 and the envelope, naming what is at fault', async () => {
    const cases: [string, string, string][] = [
      ['a method HTTP does not know', `FOO /api/v1/status HTTP/1.1\r\nHost: x\r\n${auth}\r\n\r\n`, 'method'],
      ['a lower-case method', `get /api/v1/status HTTP/1.1\r\nHost: x\r\n${auth}\r\n\r\n`, 'method'],
      ['a space in the path (the request line then has four parts)', `GET /api/v1/sta tus HTTP/1.1\r\nHost: x\r\n${auth}\r\n\r\n`, 'request'],
      ['bytes no URL holds', `GET /api/v1/\u00ff\u0080 HTTP/1.1\r\nHost: x\r\n${auth}\r\n\r\n`, 'path'],
      ['headers past 16 KiB', `GET /api/v1/status HTTP/1.1\r\nHost: x\r\n${auth}\r\nX-Fuzz: ${'a'.repeat(20_000)}\r\n\r\n`, 'headers'],
      ['a path past 16 KiB', `GET /api/v1/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n${auth}\r\n\r\n`, 'headers'],
      ['a folded header', `GET /api/v1/status HTTP/1.1\r\nHost: x\r\n${auth}\r\nX-Fuzz: a\r\n b\r\n\r\n`, 'headers'],
      ['a length that is not a number', `POST ${note} HTTP/1.1\r\nHost: x\r\n${auth}\r\nContent-Type: application/json\r\nContent-Length: two\r\n\r\n{}`, 'body'],
      ['two lengths', `POST ${note} HTTP/1.1\r\nHost: x\r\n${auth}\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{} `, 'body'],
      ['a length and chunks', `POST ${note} HTTP/1.1\r\nHost: x\r\n${auth}\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`, 'body'],
      ['a bad chunk size', `POST ${note} HTTP/1.1\r\nHost: x\r\n${auth}\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`, 'body'],
      ['an unknown version', `GET /api/v1/status HTTP/9.9\r\nHost: x\r\n${auth}\r\n\r\n`, 'request'],
    ];
    const before = h.api.audited.length;
    for (const [what, request, field] of cases) {
      const a = parse(await raw(h.port, request));
      assert.equal(a.status, 400, what);
      assert.match(a.headers['content-type'] ?? '', /^application\/json/, what);
      assert.deepEqual([a.json.ok, a.json.code, a.json.field], [false, 'bad-request', field], what);
      assert.match(a.json.message, new RegExp(`^${field}: .*\\.$`), what);
    }
    assert.equal(h.api.audited.length, before, 'no call was made');
  });

  it('answers CONNECT like any method: 401 without a token, then 405 on a route path and 404 elsewhere', async () => {
    const noToken = parse(await raw(h.port, 'CONNECT 127.0.0.1:1 HTTP/1.1\r\nHost: x\r\n\r\n'));
    assert.deepEqual([noToken.status, noToken.json.code], [401, 'unauthorized']);
    assert.equal(noToken.headers['www-authenticate'], 'Bearer, Basic realm="core-rest"');
    const route = parse(await raw(h.port, `CONNECT /api/v1/status HTTP/1.1\r\nHost: x\r\n${auth}\r\n\r\n`));
    assert.deepEqual([route.status, route.json.code, route.headers.allow], [405, 'method-not-allowed', 'GET']);
    assert.ok(route.headers['ratelimit-limit'], 'the RateLimit headers of every answer');
    const elsewhere = parse(await raw(h.port, `CONNECT 127.0.0.1:1 HTTP/1.1\r\nHost: x\r\n${auth}\r\n\r\n`));
    assert.deepEqual([elsewhere.status, elsewhere.json.code], [404, 'not-found']);
  });

  it('reads a request with an Expect it does not know as if it had none', async () => {
    const a = parse(await raw(h.port, `GET /api/v1/status HTTP/1.1\r\nHost: x\r\n${auth}\r\nExpect: fuzz\r\n\r\n`));
    assert.deepEqual([a.status, a.json.ok], [200, true]);
  });

  it('refuses an HTTP/1.1 request without Host with 400 naming host, and takes HTTP/1.0 without one', async () => {
    const a = parse(await raw(h.port, `GET /api/v1/status HTTP/1.1\r\n${auth}\r\n\r\n`));
    assert.deepEqual([a.status, a.json.code, a.json.field], [400, 'bad-request', 'host']);
    const old = parse(await raw(h.port, `GET /api/v1/status HTTP/1.0\r\n${auth}\r\n\r\n`));
    assert.equal(old.status, 200);
  });
});
