// The listener's deadline and connection cap (connection-limits.ts) on the add-on, with a request
// deadline of 600 ms instead of 15 s so that the slow clients are cut off quickly; the real server's
// 15 s is test/e2e/floods.e2e.test.ts's.

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseConfig } from './config.ts';
import { connected } from './event-stream.clients.ts';
import { every, KeepAliveClient, openRaw, slowBody, slowHeaders, type RawConnection } from './flood.clients.ts';
import { testRoutes, UUID } from './server.fixtures.ts';
import { startHarness, type Harness } from './test-support.ts';

const DEADLINE_MS = 600;
const CHECK_MS = 100;

describe('the request deadline', () => {
  let h: Harness;
  let reader: string;
  let writer: string;
  const accessLines: string[] = [];
  before(async () => {
    h = await startHarness({
      routes: testRoutes(),
      conf: 'enabled = true\nport = 0\nrequests-per-minute = 100000\n',
      tuning: { requestDeadlineMs: DEADLINE_MS, deadlineCheckMs: CHECK_MS },
      accessLog: (e) => void accessLines.push(`${e.method} ${e.path} ${e.status}`),
    });
    reader = await h.token('reader');
    writer = await h.token('writer', 'read,write,events');
  });
  after(() => h.close());

  it('closes slow headers, a silent connection and a slow body without an answer, while a client on another connection is served', async () => {
    const slow: Record<string, RawConnection> = {
      headers: slowHeaders(h.port, 20),
      silent: openRaw(h.port),
      body: slowBody(h.port, `/api/v1/test/players/${UUID}/note`, writer, { text: 'never' }, 20),
    };
    const served = new KeepAliveClient(h.port);
    const polls = every(20, () => served.get('/api/v1/status', reader));
    const times = Object.fromEntries(await Promise.all(Object.entries(slow).map(async ([k, c]) => [k, await c.closed] as const)));
    await polls.stop();
    served.close();
    for (const [k, c] of Object.entries(slow)) {
      assert.ok(times[k]! >= DEADLINE_MS - 50 && times[k]! < DEADLINE_MS + CHECK_MS + 400, `${k} closed after ${Math.round(times[k]!)} ms`);
      assert.equal(c.received(), '', `${k} got no answer`);
    }
    assert.deepEqual(polls.errors, []);
    assert.ok(polls.results.length >= 10, `${polls.results.length} answers meanwhile`);
    assert.ok(polls.results.every((r) => r.status === 200));
    assert.deepEqual(h.log.lines.filter((l) => / (ERROR|WARN) /.test(l)), [], 'nothing logged as a failure');
    assert.deepEqual(accessLines.filter((l) => l.includes('/note')), [`POST /api/v1/test/players/${UUID}/note 408`], 'the access log tells the cut-off body');
    assert.deepEqual(h.api.audited.filter((e) => e.action === 'test.note'), [], 'the cut-off write was not applied');
  });

  it('keeps an idle keep-alive connection and an event stream open past the deadline', async () => {
    const idle = new KeepAliveClient(h.port);
    assert.equal((await idle.get('/api/v1/status', reader)).status, 200);
    const socket = [...Object.values(idle.agent.freeSockets)].flat()[0];
    assert.ok(socket, 'the connection is kept for the next request');
    const stream = await connected(h.port, writer);
    // A connection opened after both that sends nothing is cut off: the deadline has passed for them too.
    const silent = openRaw(h.port);
    await silent.closed;
    assert.equal(silent.received(), '', 'the silent connection was cut off without an answer');
    assert.equal(socket.destroyed, false, 'the idle keep-alive connection is open');
    assert.equal((await idle.get('/api/v1/status', reader)).status, 200);
    assert.equal([...Object.values(idle.agent.freeSockets)].flat()[0], socket, 'on the same connection');
    stream.send({ subscribe: ['*'] });
    assert.equal((await stream.next()).event, 'subscribed', 'the stream is open');
    idle.close();
    stream.ws.close();
    await stream.closed;
  });
});

describe('max-connections', () => {
  let h: Harness;
  let reader: string;
  before(async () => {
    h = await startHarness({ conf: 'enabled = true\nport = 0\nrequests-per-minute = 100000\nmax-connections = 6\n' });
    reader = await h.token('reader');
  });
  after(() => h.close());

  it('closes new connections beyond the cap at once; the open ones are served; the status counts them', async () => {
    const held = Array.from({ length: 6 }, () => new KeepAliveClient(h.port));
    for (const c of held) assert.equal((await c.get('/api/v1/status', reader)).status, 200);
    assert.match(String((await h.commands.run('coreapi status'))[0]), /; connections open: 6 of 6\.$/);
    const extra = Array.from({ length: 5 }, () => openRaw(h.port));
    for (const c of extra) c.socket.write(`GET /api/v1/status HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${reader}\r\n\r\n`);
    const closedAfter = await Promise.all(extra.map((c) => c.closed));
    assert.ok(closedAfter.every((ms) => ms < 1000), `closed after ${closedAfter.map(Math.round).join(', ')} ms`);
    assert.deepEqual(extra.map((c) => c.received()), ['', '', '', '', ''], 'no answer to a refused connection');
    for (const c of held) assert.equal((await c.get('/api/v1/status', reader)).status, 200, 'the open ones are still served');
    const warnings = h.log.lines.filter((l) => l.includes('refused'));
    assert.equal(warnings.length, 1, 'one warning for the burst');
    assert.match(warnings[0]!, /WARN .*A connection was refused: max-connections \(6\) are open/);

    // A reload applies to the connections opened after it.
    writeFileSync(join(h.dir, 'core-rest', 'rest.conf'), 'enabled = true\nport = 0\nrequests-per-minute = 100000\nmax-connections = 8\n');
    assert.deepEqual(h.configs.reloadAll(), [{ file: 'rest.conf', outcome: 'changed', applied: ['max-connections'], restart: [] }]);
    const more = [new KeepAliveClient(h.port), new KeepAliveClient(h.port)];
    for (const c of more) assert.equal((await c.get('/api/v1/status', reader)).status, 200);
    const ninth = openRaw(h.port);
    await ninth.closed;
    assert.equal(ninth.received(), '');
    for (const c of [...held, ...more]) c.close();
  });

  it('is a whole number from 1, named with its file and line when it is not', () => {
    const zero = parseConfig('enabled = true\nmax-connections = 0\n', 'f');
    assert.ok(!zero.ok);
    assert.equal(zero.message, 'f line 2, key "max-connections": must be a whole number from 1 to 1000000');
    const text = parseConfig('max-connections = "many"\n', 'f');
    assert.ok(!text.ok && text.key === 'max-connections' && text.line === 1);
    const fine = parseConfig('max-connections = 1024\n', 'f');
    assert.ok(fine.ok && fine.config.maxConnections === 1024);
  });
});
