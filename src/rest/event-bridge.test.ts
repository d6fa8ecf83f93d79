// Two servers on one Redis of the test's own (docs/network.md): each one's events reach the other's
// event stream once, with the server they happened on; its own are not sent twice; an outage of
// Redis leaves the local stream working with one warning, and the bridge comes back by itself.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import type { EmittedEvent } from '../core/kernel/events.ts';
import { connected, type Client } from './event-stream.clients.ts';
import { EVENTS_CHANNEL } from './event-bridge.ts';
import { startTestRedis, until, type TestRedis } from './redis.fixtures.ts';
import { startHarness, type Harness } from './test-support.ts';

const SPAWN = { world: 'world', x: 0, y: 64, z: 0, yaw: 0, pitch: 0 };
const warp = (name: string) => ({ name, location: SPAWN, permission: null, actor: 'console' });

const lines = (h: Harness, pattern: RegExp): string[] => h.log.lines.filter((l) => pattern.test(l));

describe('the Redis event bridge between two servers', () => {
  let redis: TestRedis;
  let a: Harness;
  let b: Harness;
  let onA: Client;
  let onB: Client;
  const busOfA: EmittedEvent[] = [];

  before(async () => {
    redis = await startTestRedis();
    const conf = 'enabled = true\nport = 0\nrequests-per-minute = 1000\n';
    a = await startHarness({ conf, serverName: 'a', redis: redis.url, tuning: { redisRetryMaxMs: 100 } });
    b = await startHarness({ conf, serverName: 'b', redis: redis.url, tuning: { redisRetryMaxMs: 100 } });
    a.events.subscribe((e) => busOfA.push(e));
    for (const h of [a, b]) await until(`${h.addon.listening?.port} connected to Redis`, () => lines(h, /INFO .*events of the other servers of the network now reach/).length === 1);
    onA = await connected(a.port, await a.token('watcher', 'events'));
    onB = await connected(b.port, await b.token('watcher', 'events'));
    for (const c of [onA, onB]) {
      c.send({ subscribe: ['*'] });
      assert.equal((await c.next()).event, 'subscribed');
    }
  });
  after(async () => {
    for (const c of [onA, onB]) c?.ws.close();
    await a?.close();
    await b?.close();
    await redis?.close();
  });

  it('hands an event of A to the subscribers of B, once, with server "a", and not to B\'s modules', async () => {
    const busOfB: EmittedEvent[] = [];
    const off = b.events.subscribe((e) => busOfB.push(e));
    a.events.emit('warp.create', warp('from-a'));
    const local = await onA.next();
    assert.deepEqual([local.event, local.data.name, local.data.server], ['warp.create', 'from-a', 'a']);
    const remote = await onB.next();
    assert.deepEqual(remote, local, "B's subscriber gets exactly what A's got");
    off();
    assert.deepEqual(busOfB, [], "B's own event bus (its modules) never sees A's events");
  });

  it("does not send B's own events twice, and keeps each server's events in order", async () => {
    b.events.emit('warp.create', warp('b-1'));
    b.events.emit('warp.delete', warp('b-1'));
    for (let i = 0; i < 20; i++) a.events.emit('warp.create', warp(`a-${i}`));
    const seenOnB = [];
    for (let i = 0; i < 22; i++) seenOnB.push(await onB.next());
    const fromA = seenOnB.filter((m) => m.data.server === 'a').map((m) => m.data.name);
    const fromB = seenOnB.filter((m) => m.data.server === 'b').map((m) => `${m.event} ${m.data.name}`);
    assert.deepEqual(fromA, Array.from({ length: 20 }, (_, i) => `a-${i}`));
    assert.deepEqual(fromB, ['warp.create b-1', 'warp.delete b-1']);
    const seenOnA = [];
    for (let i = 0; i < 22; i++) seenOnA.push(await onA.next());
    assert.deepEqual(seenOnA.filter((m) => m.data.server === 'b').map((m) => m.data.name), ['b-1', 'b-1']);
    // Nothing more is waiting: a marker from A is the next message on both.
    a.events.emit('warp.create', warp('marker'));
    assert.equal((await onB.next()).data.name, 'marker');
    assert.equal((await onA.next()).data.name, 'marker');
    assert.ok(busOfA.every((e) => !String(e.data.name).startsWith('b-')), "A's bus holds only its own events");
  });

  it('drops a repeated message and one that is not an event, saying the latter once', async () => {
    const raw = new Redis(redis.url);
    try {
      const text = JSON.stringify({ event: 'warp.create', data: { ...warp('from-c'), 'occurred-at': '2026-01-01T00:00:00.000Z', server: 'c' } });
      const message = `run-c 1 c warp.create\n${text}`;
      await raw.publish(EVENTS_CHANNEL, message);
      await raw.publish(EVENTS_CHANNEL, message);
      await raw.publish(EVENTS_CHANNEL, 'hello');
      await raw.publish(EVENTS_CHANNEL, 'run-c 2 c warp.create\n{"not": "an event"}');
      await raw.publish(EVENTS_CHANNEL, message.replace('run-c 1', 'run-c 3').replace('from-c', 'from-c-again'));
    } finally {
      raw.disconnect();
    }
    for (const [h, c] of [[a, onA], [b, onB]] as const) {
      assert.deepEqual([(await c.next()).data.name, (await c.next()).data.name], ['from-c', 'from-c-again']);
      assert.equal(lines(h, /WARN .*not an event of a Core server/).length, 1);
    }
  });

  it('keeps the local stream through an outage of Redis, warns once, and reconnects by itself', async () => {
    await redis.stopRefusing();
    // The event stream's warning (on PostgreSQL the rate limit, counted through Redis too, warns on its own line).
    const streamWarning = /WARN .*is unreachable.*events of the other servers/;
    await until('the warning on A', () => lines(a, streamWarning).length > 0);
    a.events.emit('warp.create', warp('during-outage'));
    const local = await onA.next();
    assert.deepEqual([local.data.name, local.data.server], ['during-outage', 'a'], 'the local stream keeps working');
    // Several reconnection attempts give no further line: twelve refused connections are about three
    // attempts of each connection of A and B (two each), all retrying every 100 ms at most.
    await redis.refused(12);
    const warnings = lines(a, streamWarning);
    assert.equal(warnings.length, 1, warnings.join('\n'));
    assert.match(warnings[0] ?? '', /events of the other servers are not received on this server's event stream.*reconnecting/);
    assert.ok(!warnings[0]?.includes('\n    at '), 'no stack');

    await redis.start();
    for (const h of [a, b]) await until('the bridge back', () => lines(h, /INFO .*is back: events of the other servers reach/).length === 1);
    a.events.emit('warp.create', warp('after-outage'));
    const next = await onB.next();
    assert.deepEqual([next.data.name, next.data.server], ['after-outage', 'a'], 'the next event of A reaches B; the one of the outage is not replayed');
    assert.equal((await onA.next()).data.name, 'after-outage');
  });
});
