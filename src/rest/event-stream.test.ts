import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { WebSocket } from 'ws';
import { EVENT_NAMES } from '../core/kernel/events.ts';
import { startHarness, type Harness } from './test-support.ts';
import { isValidPattern } from './event-stream.ts';
import { type Msg, Client, connected, RawClient } from './event-stream.clients.ts';
import { raw } from './server.fixtures.ts';
import { within } from '../../test/support/within.ts';

const SPAWN = { world: 'world', x: 0, y: 64, z: 0, yaw: 0, pitch: 0 };

describe('the event stream', () => {
  let h: Harness;
  let watcher: string;
  let reader: string;

  before(async () => {
    h = await startHarness({
      conf: 'enabled = true\nport = 0\nmax-subscribers = 3\nrequests-per-minute = 1000\n',
      tuning: { pingIntervalMs: 150, pongTimeoutMs: 150 },
    });
    watcher = await h.token('watcher', 'events');
    reader = await h.token('reader', 'read');
  });
  after(() => h.close());

  it('refuses the handshake without a token (401) or without the events scope (403), as HTTP answers', async () => {
    const none = new Client(h.port, undefined);
    await assert.rejects(none.opened, (e: { status: number; body: Msg; headers: Record<string, string> }) => {
      assert.equal(e.status, 401);
      assert.equal(e.body.code, 'unauthorized');
      assert.equal(e.headers['www-authenticate'], 'Bearer, Basic realm="core-rest"');
      return true;
    });
    const noScope = new Client(h.port, reader);
    await assert.rejects(noScope.opened, (e: { status: number; body: Msg; headers: Record<string, string> }) => {
      assert.equal(e.status, 403);
      assert.deepEqual([e.body.code, e.body.scope], ['forbidden', 'events']);
      assert.ok(e.headers['ratelimit-limit']);
      return true;
    });
  });

  it('leaves an Upgrade header unread on any other path: the request is answered as without it', async () => {
    const status = new WebSocket(`ws://127.0.0.1:${h.port}/api/v1/status`, { headers: { authorization: `Bearer ${watcher}` } });
    status.on('error', () => {});
    const refused = await new Promise<number>((resolve, reject) => {
      status.once('upgrade', () => reject(new Error('upgraded')));
      // With this listener the request is the test's to end (ws leaves it open).
      status.once('unexpected-response', (req, res) => {
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
    });
    assert.equal(refused, 403, 'GET /status answered as a plain request: the watcher token has no read scope');
    const answer = await raw(h.port, `GET /api/v1/status HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${reader}\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n`);
    assert.match(answer, /^HTTP\/1\.1 200 /);
    assert.match(answer, /"api-version":"v1"/);
  });

  it('answers a handshake it cannot accept with 400 in the envelope, naming headers', async () => {
    const upgrade = `GET /api/v1/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${watcher}\r\nConnection: Upgrade\r\n`;
    for (const [what, headers] of [
      ['no key', 'Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\n'],
      ['another version', 'Upgrade: websocket\r\nSec-WebSocket-Version: 99\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n'],
      ['h2c', 'Upgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n'],
      ['a bad subprotocol', 'Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Protocol: a,,b\r\n'],
    ]) {
      const answer = await raw(h.port, `${upgrade}${headers}\r\n`);
      assert.match(answer, /^HTTP\/1\.1 400 /, what);
      assert.match(answer, /content-type: application\/json/i, what);
      assert.match(answer, /ratelimit-limit: 1000/i, what);
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
      assert.deepEqual([body.ok, body.code, body.field], [false, 'bad-request', 'headers'], what);
    }
  });

  it('greets with connected and the caller label, then says nothing until subscribed', async () => {
    const c = new Client(h.port, watcher);
    const upgrade = new Promise<Record<string, unknown>>((resolve) => c.ws.once('upgrade', (res) => resolve(res.headers)));
    await c.opened;
    const headers = await upgrade;
    assert.equal(headers['ratelimit-limit'], '1000', 'the 101 answer carries the RateLimit headers too');
    assert.match(String(headers['ratelimit-remaining']), /^\d+$/);
    const hello = await c.next();
    assert.equal(hello.event, 'connected');
    assert.equal(hello.caller, 'watcher');
    assert.equal(typeof hello.message, 'string');
    h.events.emit('warp.create', { name: 'spawn', location: SPAWN, permission: null, actor: 'console' });
    // A fence: the server answers this connection in order, so an event it was going to send would come before the reply.
    c.send({ subscribe: ['warp.*'] });
    assert.equal((await c.next()).event, 'subscribed', 'nothing came before the reply to a later subscribe');
    c.ws.close();
    await c.closed;
  });

  it('accepts the Basic form in the handshake', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${h.port}/api/v1/events`, { headers: { authorization: `Basic ${Buffer.from(`watcher:${watcher}`).toString('base64')}` } });
    const first = await new Promise<Msg>((resolve, reject) => {
      ws.once('message', (d) => resolve(JSON.parse(String(d))));
      ws.once('error', reject);
    });
    assert.deepEqual([first.event, first.caller], ['connected', 'watcher']);
    ws.close();
    await new Promise((r) => ws.once('close', r));
  });

  it('replies to subscribe and unsubscribe with every pattern held', async () => {
    const c = await connected(h.port, watcher);
    c.send({ subscribe: ['economy.*', 'warp.create'] });
    assert.deepEqual(await c.next(), { event: 'subscribed', topics: ['economy.*', 'warp.create'] });
    c.send({ subscribe: ['*', 'economy.*'] });
    assert.deepEqual(await c.next(), { event: 'subscribed', topics: ['economy.*', 'warp.create', '*'] });
    c.send({ unsubscribe: ['economy.*', 'home.create'] });
    assert.deepEqual(await c.next(), { event: 'unsubscribed', topics: ['warp.create', '*'] });
    c.ws.close();
    await c.closed;
  });

  it('answers a bad pattern or message with an error, applies nothing and stays open', async () => {
    const c = await connected(h.port, watcher);
    const bad: unknown[] = [
      { subscribe: ['economy.*', 'nosuch.*'] },
      { subscribe: ['economy.wallet'] },
      { subscribe: ['economy'] },
      { subscribe: ['economy.*.*'] },
      { subscribe: 'economy.*' },
      { subscribe: [1] },
      { subscribe: ['*'], unsubscribe: [] },
      { hello: 1 },
      [1],
      'not json',
    ];
    for (const m of bad) {
      c.send(typeof m === 'string' ? m : JSON.stringify(m));
      const reply = await c.next();
      assert.equal(reply.event, 'error', JSON.stringify(m));
      assert.equal(reply.code, 'bad-request');
      assert.equal(typeof reply.message, 'string');
    }
    c.send({ subscribe: [] });
    assert.deepEqual(await c.next(), { event: 'subscribed', topics: [] }, 'nothing was applied');
    assert.equal(c.ws.readyState, WebSocket.OPEN);
    c.ws.close();
    await c.closed;
  });

  it('knows every pattern form', () => {
    assert.equal(EVENT_NAMES.length, 87);
    for (const name of EVENT_NAMES) assert.ok(isValidPattern(name));
    assert.ok(isValidPattern('*') && isValidPattern('skin.*') && isValidPattern('world.*'));
    assert.ok(!isValidPattern('**') && !isValidPattern('.*') && !isValidPattern('skin.change.*'));
  });

  it('delivers the events matching the patterns, with the data as the bus emitted it, occurred-at and the server name', async () => {
    const c = await connected(h.port, watcher);
    c.send({ subscribe: ['economy.*', 'home.create'] });
    await c.next();
    const credit = {
      'player-id': '0a1b2c3d-4e5f-6789-abcd-ef0123456789',
      'player-name': 'Alex',
      amount: { currency: 'coins', amount: 12.5 },
      balance: { currency: 'coins', amount: 112.5 },
      'transaction-id': '42',
    };
    h.events.emit('warp.create', { name: 'ignored', location: SPAWN, permission: null, actor: 'console' });
    h.events.emit('economy.wallet-credit', credit);
    const location = { world: 'world', x: 1.5, y: 64, z: -3, yaw: 90, pitch: 0 };
    const home = { 'player-id': credit['player-id'], 'player-name': 'Alex', slot: 1, label: null, location, icon: 'red_bed', visibility: 'private' as const };
    h.events.emit('home.create', home);
    const first = await c.next();
    assert.equal(first.event, 'economy.wallet-credit');
    assert.match(first.data['occurred-at'], /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.deepEqual(first.data, { ...credit, 'occurred-at': first.data['occurred-at'], server: 'test' });
    const second = await c.next();
    assert.deepEqual(second, { event: 'home.create', data: { ...home, 'occurred-at': second.data['occurred-at'], server: 'test' } });
    c.ws.close();
    await c.closed;
  });

  it('delivers a burst of events emitted in one turn to every subscriber, all of them and in order', async () => {
    const a = await connected(h.port, watcher);
    const b = await connected(h.port, watcher);
    for (const c of [a, b]) {
      c.send({ subscribe: ['*'] });
      await c.next();
    }
    const credit = (i: number) => ({
      'player-id': '0a1b2c3d-4e5f-6789-abcd-ef0123456789',
      'player-name': 'Alex',
      amount: { currency: 'coins', amount: 1 },
      balance: { currency: 'coins', amount: i },
      'transaction-id': String(i),
    });
    for (let i = 1; i <= 300; i++) h.events.emit('economy.wallet-credit', credit(i));
    for (const c of [a, b]) {
      const ids: string[] = [];
      for (let i = 1; i <= 300; i++) ids.push((await c.next()).data['transaction-id']);
      assert.deepEqual(ids, Array.from({ length: 300 }, (_, i) => String(i + 1)));
    }
    // And a single event after the burst still goes out on its own (nothing stays held back).
    h.events.emit('economy.wallet-credit', credit(301));
    for (const c of [a, b]) assert.equal((await c.next()).data['transaction-id'], '301');
    for (const c of [a, b]) {
      c.ws.close();
      await c.closed;
    }
  });

  it('closes with 1003 on a binary frame', async () => {
    const c = await connected(h.port, watcher);
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    assert.equal((await c.closed).code, 1003);
  });

  it('closes with 1003 on a fragmented message (raw frames)', async () => {
    const raw = new RawClient(h.port, watcher);
    await raw.ready;
    raw.send(0x1, '{"subscribe":', false);
    raw.send(0x0, '["*"]}', true);
    assert.equal(await raw.closeCode(), 1003);
    raw.socket.destroy();
  });

  it('closes with 1003 on a frame over 64 KiB, without reading it (raw frames)', async () => {
    const raw = new RawClient(h.port, watcher);
    await raw.ready;
    raw.send(0x1, Buffer.alloc(1000, 0x20), true, 64 * 1024 + 1);
    assert.equal(await raw.closeCode(), 1003);
    raw.socket.destroy();
    // A frame of exactly 64 KiB is read.
    const ok = new RawClient(h.port, watcher);
    await ok.ready;
    const message = JSON.stringify({ subscribe: ['*'] });
    ok.send(0x1, message + ' '.repeat(64 * 1024 - message.length));
    await within(5000, () => ok.frames.some((f) => f.opcode === 0x1 && f.payload.toString().includes('"subscribed"')), 'the reply to the 64 KiB frame');
    const texts = ok.frames.filter((f) => f.opcode === 0x1).map((f) => JSON.parse(f.payload.toString()).event);
    assert.deepEqual(texts, ['connected', 'subscribed']);
    ok.socket.destroy();
  });

  it('pings after quiet, answers client pings, and drops a client that does not pong', async () => {
    const c = await connected(h.port, watcher);
    const pinged = new Promise<void>((resolve) => c.ws.once('ping', () => resolve()));
    const ponged = new Promise<void>((resolve) => c.ws.once('pong', () => resolve()));
    c.ws.ping();
    await ponged;
    await pinged;
    // Two more pings: each comes only after the pong to the one before was in time (150 ms).
    for (let i = 0; i < 2; i++) await new Promise<void>((resolve) => c.ws.once('ping', () => resolve()));
    assert.equal(c.ws.readyState, WebSocket.OPEN, 'a client that pongs stays');
    c.ws.close();
    await c.closed;

    const silent = new Client(h.port, watcher, { autoPong: false });
    await silent.opened;
    const closed = await silent.closed;
    assert.equal(closed.code, 1006, 'dropped without a close frame');
  });

  it('refuses a subscriber beyond max-subscribers, across all tokens, with 503', async () => {
    const other = await h.token('other', 'events');
    const a = await connected(h.port, watcher);
    const b = await connected(h.port, other);
    const c = await connected(h.port, watcher);
    const lines = (await h.commands.run('coreapi status')).map(String);
    assert.equal(lines[1], 'Event-stream subscribers: 3 of 3.');
    assert.match(lines[3] ?? '', /^- other from 127\.0\.0\.1 since .*: no patterns yet$/);
    const d = new Client(h.port, other);
    await assert.rejects(d.opened, (e: { status: number; body: Msg }) => {
      assert.equal(e.status, 503);
      assert.equal(e.body.code, 'too-many-subscribers');
      return true;
    });
    for (const x of [a, b, c]) x.ws.close();
    await Promise.all([a.closed, b.closed, c.closed]);
  });

  it('closes the streams of a revoked token with 1008, and only those', async () => {
    const doomed = await h.token('doomed', 'events');
    const a = await connected(h.port, doomed);
    const b = await connected(h.port, watcher);
    await h.commands.run('coreapi token revoke doomed');
    assert.equal((await a.closed).code, 1008);
    assert.equal(b.ws.readyState, WebSocket.OPEN);
    b.ws.close();
    await b.closed;
  });

  it('closes a subscriber that cannot keep up with 1013; the others get every event', async (t) => {
    // A server of its own that pings rarely: the paused subscriber cannot answer a ping, and under
    // the suite's 150 ms pings a slow machine dropped it for that (1006) before its buffer was full.
    const h = await startHarness({ conf: 'enabled = true\nport = 0\nrequests-per-minute = 1000\n', tuning: { pingIntervalMs: 60_000, pongTimeoutMs: 60_000 } });
    t.after(() => h.close());
    const watcher = await h.token('watcher', 'events');
    const ALEX_ID = '3f6a3c52-2f4b-4f0e-9a53-1d2b3c4d5e6f';
    const fast = await connected(h.port, watcher);
    fast.send({ subscribe: ['communication.*'] });
    await fast.next();
    const slow = new RawClient(h.port, watcher);
    await slow.ready;
    slow.send(0x1, JSON.stringify({ subscribe: ['communication.*'] }));
    // Paused only once the server has taken the subscription (its reply names the pattern).
    while (!slow.frames.some((f) => f.opcode === 0x1 && f.payload.toString().includes('communication.*'))) await new Promise((r) => setTimeout(r, 10));
    slow.socket.pause();
    const blob = 'x'.repeat(100_000);
    let sent = 0;
    // Paced by the fast subscriber: each event is emitted once it has read the previous one.
    while (!h.log.lines.some((l) => l.includes('could not keep up')) && sent < 2000) {
      h.events.emit('communication.broadcast-opt-out', { 'player-id': ALEX_ID, 'player-name': String(sent), 'opted-out': true, actor: blob });
      assert.equal((await fast.next()).data['player-name'], String(sent));
      sent++;
    }
    assert.ok(sent < 2000, 'the slow subscriber was closed');
    for (let i = 0; i < 5; i++) {
      h.events.emit('communication.broadcast-opt-out', { 'player-id': ALEX_ID, 'player-name': String(sent), 'opted-out': true, actor: blob });
      assert.equal((await fast.next()).data['player-name'], String(sent), 'the others still get every event');
      sent++;
    }
    slow.socket.resume();
    assert.equal(await slow.closeCode(), 1013);
    slow.socket.destroy();
    fast.ws.close();
    await fast.closed;
  });

  it('counts the handshake against the rate limit (429)', async () => {
    const limited = await startHarness({ conf: 'enabled = true\nport = 0\nrequests-per-minute = 1\n' });
    try {
      const s = await limited.token('w', 'events');
      const a = await connected(limited.port, s);
      const b = new Client(limited.port, s);
      await assert.rejects(b.opened, (e: { status: number; headers: Record<string, string> }) => {
        assert.equal(e.status, 429);
        assert.match(e.headers['retry-after'] ?? '', /^\d+$/);
        return true;
      });
      a.ws.close();
      await a.closed;
    } finally {
      await limited.close();
    }
  });

  it('closes every stream with 1001 on shutdown', async () => {
    const own = await startHarness();
    const s = await own.token('w', 'events');
    const a = await connected(own.port, s);
    const b = await connected(own.port, s);
    await own.close();
    assert.equal((await a.closed).code, 1001);
    assert.equal((await b.closed).code, 1001);
  });
});
