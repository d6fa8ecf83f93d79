import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import { createDispatcher } from '../core/kernel/dispatcher.ts';
import { ok } from '../core/kernel/result.ts';
import { UPSTREAM_TIMEOUT_MS } from './addon.ts';
import { defineRoute } from '../core/kernel/routes.ts';
import { basic, http, startHarness, type Harness } from './test-support.ts';
import { raw, testRoutes, UUID } from './server.fixtures.ts';
import type { Dispatcher } from '../core/kernel/dispatcher.ts';

describe('the HTTP listener', () => {
  let h: Harness;
  let dispatcher: Dispatcher;
  let reader: string;
  let writer: string;
  let eventsOnly: string;

  before(async () => {
    dispatcher = createDispatcher({ timeoutMs: 300 });
    h = await startHarness({ routes: testRoutes(), dispatcher, conf: 'enabled = true\nport = 0\nrequests-per-minute = 1000\n' });
    reader = await h.token('reader');
    writer = await h.token('writer', 'read,write');
    eventsOnly = await h.token('watcher', 'events');
  });
  after(() => h.close());

  it('answers status with the version, the API version and the modules on', async () => {
    const r = await http(h.port, 'GET', '/api/v1/status', { token: reader });
    assert.equal(r.status, 200);
    assert.deepEqual(r.json, { ok: true, data: { version: '9.9.9', 'api-version': 'v1', 'modules-on': [] } });
    assert.match(String(r.headers['content-type']), /^application\/json/);
  });

  it('answers 401 without a token, even for a path that does not exist, with WWW-Authenticate', async () => {
    for (const path of ['/api/v1/status', '/nowhere', '/api/v1/players/x/balance']) {
      const r = await http(h.port, 'GET', path);
      assert.equal(r.status, 401, path);
      assert.deepEqual(r.json, { ok: false, code: 'unauthorized', message: r.json.message });
      assert.equal(r.headers['www-authenticate'], 'Bearer, Basic realm="core-rest"');
      assert.ok(r.headers['ratelimit-limit']);
    }
    const unknown = await http(h.port, 'GET', '/api/v1/status', { token: 'crs_nobodyissuedthis' });
    assert.equal(unknown.status, 401);
  });

  it('sends the two challenges of a 401 on header lines of their own (a browser reads one per line), on every path and on an event-stream handshake', async () => {
    const challenges = (head: string) => head.split('\r\n').filter((l) => /^www-authenticate:/i.test(l)).map((l) => l.replace(/^www-authenticate:\s*/i, ''));
    for (const head of [
      'GET /api/v1/status HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /api/v1/events HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
      'CONNECT 127.0.0.1:1 HTTP/1.1\r\nHost: x\r\n\r\n',
    ]) {
      const answer = await raw(h.port, head);
      assert.match(answer, /^HTTP\/1\.1 401 /, head);
      assert.deepEqual(challenges(answer), ['Bearer', 'Basic realm="core-rest"'], head);
    }
  });

  it('accepts the Bearer and the Basic forms for the same token', async () => {
    const b = await http(h.port, 'GET', '/api/v1/status', { headers: { authorization: basic('reader', reader) } });
    assert.equal(b.status, 200);
    const lower = await http(h.port, 'GET', '/api/v1/status', { headers: { authorization: `bearer ${reader}` } });
    assert.equal(lower.status, 200);
  });

  it('refuses Basic whose label and secret belong to different tokens', async () => {
    const r = await http(h.port, 'GET', '/api/v1/status', { headers: { authorization: basic('writer', reader) } });
    assert.equal(r.status, 401);
    const noColon = await http(h.port, 'GET', '/api/v1/status', { headers: { authorization: `Basic ${Buffer.from(reader).toString('base64')}` } });
    assert.equal(noColon.status, 401);
  });

  it('answers 404 for an unknown path and 405 with Allow for a known path and another method', async () => {
    const r = await http(h.port, 'GET', '/api/v1/nothing-here', { token: reader });
    assert.equal(r.status, 404);
    assert.equal(r.json.code, 'not-found');
    const m = await http(h.port, 'POST', '/api/v1/status', { token: writer, body: {} });
    assert.equal(m.status, 405);
    assert.equal(m.json.code, 'method-not-allowed');
    assert.equal(m.headers.allow, 'GET');
    const head = await http(h.port, 'HEAD', '/api/v1/status', { token: reader });
    assert.equal(head.status, 405);
    const del = await http(h.port, 'DELETE', `/api/v1/test/players/${UUID}`, { token: writer });
    assert.equal(del.status, 405);
    assert.equal(del.headers.allow, 'GET');
    // An empty segment is a parameter to the router: GET reaches its row, another method is 405.
    const empty = await http(h.port, 'GET', '/api/v1/test/players/', { token: reader });
    assert.deepEqual([empty.status, empty.json.field], [400, 'uuid']);
    const emptyPost = await http(h.port, 'POST', '/api/v1/test/players/', { token: writer, body: {} });
    assert.deepEqual([emptyPost.status, emptyPost.headers.allow], [405, 'GET']);
  });

  it('answers methods Fastify does not know, and the root path, the same way', async () => {
    const anon = await http(h.port, 'PROPFIND', '/api/v1/status');
    assert.equal(anon.status, 401);
    const odd = await http(h.port, 'PROPFIND', '/api/v1/status', { token: reader });
    assert.equal(odd.status, 405);
    assert.equal(odd.headers.allow, 'GET');
    assert.equal((await http(h.port, 'GET', '/', { token: reader })).status, 404);
    assert.equal((await http(h.port, 'GET', '/')).status, 401);
    const trailing = await http(h.port, 'GET', '/api/v1/status/', { token: reader });
    assert.equal(trailing.status, 404);
  });

  it('answers 403 naming the missing scope', async () => {
    const r = await http(h.port, 'GET', '/api/v1/status', { token: eventsOnly });
    assert.equal(r.status, 403);
    assert.deepEqual({ code: r.json.code, scope: r.json.scope }, { code: 'forbidden', scope: 'read' });
    const w = await http(h.port, 'POST', `/api/v1/test/players/${UUID}/note`, { token: reader, body: { text: 'x' } });
    assert.equal(w.status, 403);
    assert.equal(w.json.scope, 'write');
  });

  it('checks scope before size, and route before scope', async () => {
    const big = 'x'.repeat(70_000);
    const r = await http(h.port, 'POST', `/api/v1/test/players/${UUID}/note`, { token: reader, body: big });
    assert.equal(r.status, 403);
    const m = await http(h.port, 'POST', '/api/v1/status', { token: eventsOnly, body: big });
    assert.equal(m.status, 405);
  });

  it('answers 413 from a large Content-Length without waiting for the body', async () => {
    const answer = await raw(
      h.port,
      `POST /api/v1/test/players/${UUID}/note HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${writer}\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\r\n{"text":`,
    );
    assert.match(answer, /^HTTP\/1\.1 413 /);
    assert.match(answer, /"code":"payload-too-large"/);
  });

  it('answers 413 to a chunked body once it passes 64 KiB', async () => {
    const answer = await raw(
      h.port,
      `POST /api/v1/test/players/${UUID}/note HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${writer}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      (write) => {
        const chunk = 'a'.repeat(8192);
        let sent = 0;
        const next = () => {
          if (sent > 400_000) return;
          if (!write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`)) return;
          sent += chunk.length;
          setImmediate(next);
        };
        next();
      },
    );
    assert.match(answer, /^HTTP\/1\.1 413 /);
  });

  it('answers 400 naming the field at fault', async () => {
    const url = `/api/v1/test/players/${UUID}/note`;
    const cases: [unknown, string][] = [
      [{}, 'text'],
      [{ text: 5 }, 'text'],
      [{ text: 'a', location: { world: 'w', x: 'east' } }, 'location.x'],
      [{ text: 'a', extra: 1 }, 'extra'],
      [[1, 2], 'body'],
      [{ text: 'a', other: 'not-a-uuid' }, 'other'],
    ];
    for (const [body, field] of cases) {
      const r = await http(h.port, 'POST', url, { token: writer, body: body as object });
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.json.code, 'bad-request');
      assert.equal(r.json.field, field, JSON.stringify(body));
      assert.equal(typeof r.json.message, 'string');
    }
    const badJson = await http(h.port, 'POST', url, { token: writer, body: '{"text": ' });
    assert.equal(badJson.status, 400);
    assert.equal(badJson.json.field, 'body');
    const text = await http(h.port, 'POST', url, { token: writer, body: 'text=a', headers: { 'content-type': 'text/plain' } });
    assert.equal(text.status, 400);
    assert.equal(text.json.field, 'body');
    const badUuid = await http(h.port, 'GET', '/api/v1/test/players/not-a-uuid', { token: reader });
    assert.equal(badUuid.status, 400);
    assert.equal(badUuid.json.field, 'uuid');
    const halfDashed = await http(h.port, 'GET', '/api/v1/test/players/0a1b2c3d4e5f-6789-abcd-ef0123456789', { token: reader });
    assert.equal(halfDashed.json.field, 'uuid');
    for (const bad of ['101', '0', '1.5', '1e1', '', 'ten']) {
      const limit = await http(h.port, 'GET', `/api/v1/test/players/${UUID}?limit=${bad}`, { token: reader });
      assert.equal(limit.status, 400, `limit=${bad}`);
      assert.equal(limit.json.field, 'limit');
    }
    const fine = await http(h.port, 'GET', `/api/v1/test/players/${UUID}?limit=7`, { token: reader });
    assert.equal(fine.status, 200);
    const unknownQuery = await http(h.port, 'GET', '/api/v1/status?verbose=1', { token: reader });
    assert.equal(unknownQuery.status, 400);
    assert.equal(unknownQuery.json.field, 'verbose');
    const invalidInput = await http(h.port, 'GET', '/api/v1/test/invalid-input', { token: reader });
    assert.equal(invalidInput.status, 400);
    assert.equal(invalidInput.json.field, 'amount');
  });

  it('answers 400 naming a path parameter of any length, for GET and POST rows', async () => {
    for (const length of [1001, 5000, 15_000]) {
      const get = await http(h.port, 'GET', `/api/v1/test/players/${'a'.repeat(length)}`, { token: reader });
      assert.deepEqual([get.status, get.json.field], [400, 'uuid'], `GET, ${length} characters`);
      const post = await http(h.port, 'POST', `/api/v1/test/players/${'a'.repeat(length)}/note`, { token: writer, body: { text: 'a' } });
      assert.deepEqual([post.status, post.json.field], [400, 'uuid'], `POST, ${length} characters`);
    }
  });

  it('accepts a uuid dashed or undashed in any case and passes it on dashed lower-case', async () => {
    for (const form of [UUID, UUID.toUpperCase(), UUID.replaceAll('-', ''), UUID.replaceAll('-', '').toUpperCase()]) {
      const r = await http(h.port, 'GET', `/api/v1/test/players/${form}?limit=5`, { token: reader });
      assert.equal(r.status, 200, form);
      assert.deepEqual(r.json.data, { uuid: UUID, limit: 5 });
    }
    const other = await http(h.port, 'POST', `/api/v1/test/players/${UUID}/note`, {
      token: writer,
      body: { text: 'a', other: UUID.replaceAll('-', '').toUpperCase() },
    });
    assert.equal(other.json.data.other, UUID);
    assert.equal(other.json.data.silent, false, 'defaults are applied');
  });

  it('attributes a write to core-rest/<label> in the audit log', async () => {
    const r = await http(h.port, 'POST', `/api/v1/test/players/${UUID}/note`, { token: writer, body: { text: 'hello' } });
    assert.equal(r.status, 200);
    assert.deepEqual(r.json, { ok: true, data: { noted: 'hello', silent: false, other: null } });
    const entry = h.api.audited.find((e) => e.action === 'test.note' && e.details.text === 'hello');
    assert.equal(entry?.actor, 'core-rest/writer');
    assert.equal(entry?.target, UUID);
  });

  it('answers a declined operation with 200 and ok:false, and not-found as 404 where the row says so', async () => {
    const r = await http(h.port, 'GET', '/api/v1/test/declined', { token: reader });
    assert.equal(r.status, 200);
    assert.deepEqual(r.json, { ok: false, code: 'insufficient-funds', message: 'Not enough money.' });
    const missing = await http(h.port, 'GET', '/api/v1/test/homes/3', { token: reader });
    assert.equal(missing.status, 404);
    assert.deepEqual(missing.json, { ok: false, code: 'not-found', message: 'No home in that slot.' });
  });

  it('answers 503 module-off after validation, for a module that is switched off', async () => {
    const bad = await http(h.port, 'POST', '/api/v1/test/economy/pay', { token: writer, body: { amount: -1 } });
    assert.equal(bad.status, 400);
    const r = await http(h.port, 'POST', '/api/v1/test/economy/pay', { token: writer, body: { amount: 1 } });
    assert.equal(r.status, 503);
    assert.equal(r.json.code, 'module-off');
  });

  it('answers 504 when the call does not answer within the dispatcher timeout', async () => {
    const started = Date.now();
    const r = await http(h.port, 'GET', '/api/v1/test/hang', { token: reader });
    assert.equal(r.status, 504);
    assert.equal(r.json.code, 'timeout');
    assert.ok(Date.now() - started < 2000);
    assert.equal(dispatcher.stats().get('GET /test/hang')?.timeouts, 1);
  });

  it('answers a thrown error with 500 and no detail, and logs its stack', async () => {
    const r = await http(h.port, 'GET', '/api/v1/test/bug', { token: reader });
    assert.equal(r.status, 500);
    assert.equal(r.json.code, 'internal-error');
    assert.doesNotMatch(r.text, /secret internal detail/);
    assert.ok(h.log.lines.some((l) => l.includes('secret internal detail') && l.includes('at ')), 'stack logged');
  });

  it('declines a call that meets a full database with failed naming the cause, and logs one line without a stack', async () => {
    const before = h.log.lines.length;
    const r = await http(h.port, 'POST', '/api/v1/test/full', { token: writer, body: {} });
    assert.equal(r.status, 200);
    assert.deepEqual(r.json, { ok: false, code: 'failed', message: "The server's disk is full, so the request was not carried out; try again later." });
    assert.deepEqual(
      h.log.lines.slice(before).map((l) => l.replace(/^.* ERROR /, 'ERROR ')),
      ['ERROR POST /test/full declined: the disk of the database /data/core/core.db is full (database or disk is full)'],
    );
  });

  it('answers a plain GET on the event-stream path with 426', async () => {
    const r = await http(h.port, 'GET', '/api/v1/events', { token: eventsOnly });
    assert.equal(r.status, 426);
    assert.equal(r.json.code, 'upgrade-required');
    const noScope = await http(h.port, 'GET', '/api/v1/events', { token: writer });
    assert.equal(noScope.status, 403);
    assert.equal(noScope.json.scope, 'events');
  });

  it('puts the RateLimit headers on every answer', async () => {
    for (const r of [
      await http(h.port, 'GET', '/api/v1/status', { token: reader }),
      await http(h.port, 'GET', '/api/v1/nothing', { token: reader }),
      await http(h.port, 'GET', '/api/v1/test/declined', { token: reader }),
    ]) {
      assert.equal(r.headers['ratelimit-limit'], '1000');
      assert.match(String(r.headers['ratelimit-remaining']), /^\d+$/);
      assert.match(String(r.headers['ratelimit-reset']), /^\d+$/);
    }
  });

  it('stops a revoked token at once', async () => {
    const secret = await h.token('shortlived');
    assert.equal((await http(h.port, 'GET', '/api/v1/status', { token: secret })).status, 200);
    await h.commands.run('coreapi token revoke shortlived');
    assert.equal((await http(h.port, 'GET', '/api/v1/status', { token: secret })).status, 401);
  });
});

describe('answer checks (for module tests)', () => {
  it('logs an answer that its schema does not allow, when switched on', async () => {
    const row = defineRoute({
      method: 'GET',
      path: '/test/sloppy',
      scope: 'read',
      module: null,
      answer: Type.Object({ name: Type.String(), owner: Type.Union([Type.String(), Type.Null()]) }),
      summary: 'forgets a key',
      call: () => ok({ name: 'x' } as unknown as { name: string; owner: string | null }),
    });
    const h = await startHarness({ routes: [row], tuning: { checkAnswers: true } });
    try {
      const r = await http(h.port, 'GET', '/api/v1/test/sloppy', { token: await h.token('t') });
      assert.equal(r.status, 200);
      assert.ok(h.log.lines.some((l) => l.includes('GET /test/sloppy answered data its schema does not allow')), h.log.lines.join('\n'));
    } finally {
      await h.close();
    }
  });
});

describe('the rate limit', () => {
  it('answers 429 with Retry-After past requests-per-minute, until the minute rolls', async () => {
    const h = await startHarness({ conf: 'enabled = true\nport = 0\nrequests-per-minute = 3\n', manualTime: true });
    try {
      const secret = await h.token('busy');
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await http(h.port, 'GET', '/api/v1/status', { token: secret }));
      assert.deepEqual(answers.map((a) => a.status), [200, 200, 200, 429]);
      assert.deepEqual(answers.map((a) => a.headers['ratelimit-remaining']), ['2', '1', '0', '0']);
      const limited = answers[3];
      assert.equal(limited?.json.code, 'rate-limited');
      assert.equal(limited?.headers['retry-after'], '55', 'whole seconds until the minute rolls');
      assert.equal(limited?.headers['ratelimit-reset'], '55');
      // Even a 404 counts and is refused first.
      assert.equal((await http(h.port, 'GET', '/api/v1/nope', { token: secret })).status, 429);
      (h.clock as unknown as { advance(s: number): void }).advance(60);
      assert.equal((await http(h.port, 'GET', '/api/v1/status', { token: secret })).status, 200);
    } finally {
      await h.close();
    }
  });

  it('limits failed authentication per remote address by failed-auth-per-minute', async () => {
    const h = await startHarness({ conf: 'enabled = true\nport = 0\nrequests-per-minute = 100000\nfailed-auth-per-minute = 2\n', manualTime: true });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await http(h.port, 'GET', '/api/v1/status', { token: 'crs_guess' + i })).status);
      assert.deepEqual(statuses, [401, 401, 429]);
      // A valid token has its own window.
      const secret = await h.token('fine');
      assert.equal((await http(h.port, 'GET', '/api/v1/status', { token: secret })).status, 200);
    } finally {
      await h.close();
    }
  });

  it('keeps the failed-authentication limit low (20 a minute) when requests-per-minute is raised for a busy panel, and serves good tokens from the throttled address', async () => {
    // rest.conf as an operator raising the per-token limit writes it: failed-auth-per-minute left out.
    const h = await startHarness({ conf: 'enabled = true\nport = 0\nrequests-per-minute = 100000\n', manualTime: true });
    try {
      const panel = await h.token('panel');
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        const r = await http(h.port, 'GET', '/api/v1/status', { token: `crs_guess${i}`.padEnd(47, 'x') });
        statuses.push(r.status);
        if (i === 0) assert.equal(r.headers['ratelimit-limit'], '20', 'a failed login is counted against the address limit');
      }
      assert.deepEqual(statuses, [...Array(20).fill(401), ...Array(10).fill(429)]);
      // The same address with a good token: its own bucket, at its own limit.
      const served = await http(h.port, 'GET', '/api/v1/status', { token: panel });
      assert.equal(served.status, 200);
      assert.equal(served.headers['ratelimit-limit'], '100000');
      assert.equal((await http(h.port, 'GET', '/api/v1/status', { headers: { authorization: basic('panel', panel) } })).status, 200, 'in the Basic form too');
      assert.equal((await http(h.port, 'GET', '/api/v1/status', { token: 'crs_oneguessmore' })).status, 429, 'while the guesses stay refused');
      // The next minute: guesses are answered 401 again.
      (h.clock as unknown as { advance(s: number): void }).advance(60);
      assert.equal((await http(h.port, 'GET', '/api/v1/status', { token: 'crs_nextminute' })).status, 401);
    } finally {
      await h.close();
    }
  });
});

describe('the upstream timeout', () => {
  it('answers 504 through the add-on dispatcher too', async () => {
    const h = await startHarness({ routes: testRoutes(), dispatcher: createDispatcher({ timeoutMs: 200 }) });
    try {
      const secret = await h.token('t');
      const started = Date.now();
      const r = await http(h.port, 'GET', '/api/v1/test/hang', { token: secret });
      assert.equal(r.status, 504);
      assert.deepEqual([r.json.code, typeof r.json.message], ['timeout', 'string']);
      assert.ok(Date.now() - started < 1000);
    } finally {
      await h.close();
    }
  });

  it('is ten seconds by default (dispatch.test.ts checks the wait itself)', () => {
    assert.equal(UPSTREAM_TIMEOUT_MS, 10_000);
    assert.equal(createDispatcher().timeoutMs, 10_000);
  });
});
