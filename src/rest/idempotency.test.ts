// Retries with an Idempotency-Key over real HTTP (docs/remote-access.md, "Retries: Idempotency-Key"):
// once per token and key, the first answer again for 24 hours, 422 for another request under the
// same key, 409 while the first is under way, refusals before the call not kept, and a restart.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import { createDispatcher } from '../core/kernel/dispatcher.ts';
import type { ManualClock } from '../core/kernel/clock.ts';
import { fail, ok } from '../core/kernel/result.ts';
import { defineRoute, type RouteDefinition } from '../core/kernel/routes.ts';
import { UuidParams } from '../core/values/schemas.ts';
import { sql } from '../core/storage/db.ts';
import { withPostgres } from '../../test/support/postgres.ts';
import { createIdempotencyStore, IDEMPOTENCY_KEEP_MS } from './idempotency.ts';
import { http, startHarness, tempDir, type Harness } from './test-support.ts';

const UUID = '0a1b2c3d-4e5f-6789-abcd-ef0123456789';

/** Rows that count what they apply; `gate` holds the slow row's calls until it is opened. */
function counting() {
  const applied = { add: 0, slow: 0, bug: 0 };
  let open: () => void = () => {};
  let gate = Promise.resolve();
  const counter = { applied, hold: () => (gate = new Promise<void>((r) => (open = r))), release: () => open() };
  const Body = Type.Object({ amount: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
  const Total = Type.Object({ total: Type.Integer(), at: Type.Number() }, { additionalProperties: false });
  const routes: RouteDefinition[] = [
    defineRoute({
      method: 'POST',
      path: '/test/players/:uuid/add',
      scope: 'write',
      module: null,
      params: UuidParams,
      body: Body,
      answer: Total,
      summary: 'adds (audited), declines above 1000',
      async call(api, { params, body, actor }) {
        if (body.amount > 1000) return fail('insufficient-funds', 'Not that much.');
        applied.add += body.amount;
        await api.audit.record({ actor, action: 'test.add', target: params.uuid, details: { amount: body.amount } });
        return ok({ total: applied.add, at: performance.now() });
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/test/slow',
      scope: 'write',
      module: null,
      answer: Total,
      summary: 'applies once the gate opens',
      async call() {
        await gate;
        applied.slow++;
        return ok({ total: applied.slow, at: performance.now() });
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/test/bug',
      scope: 'write',
      module: null,
      answer: Type.Null(),
      summary: 'throws',
      call() {
        applied.bug++;
        throw new Error('a bug');
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/test/switched',
      scope: 'write',
      module: 'switched',
      answer: Type.Null(),
      summary: 'behind a module switch',
      call: () => ok(null),
    }),
    defineRoute({
      method: 'GET',
      path: '/test/read',
      scope: 'read',
      module: null,
      answer: Type.Null(),
      summary: 'a read',
      call: () => ok(null),
    }),
  ];
  return { counter, routes };
}

const add = (uuid = UUID) => `/api/v1/test/players/${uuid}/add`;

describe('Idempotency-Key', () => {
  let h: Harness;
  let writer: string;
  let other: string;
  let c: ReturnType<typeof counting>['counter'];

  before(async () => {
    const made = counting();
    c = made.counter;
    h = await startHarness({
      routes: made.routes,
      dispatcher: createDispatcher({ timeoutMs: 300 }),
      conf: 'enabled = true\nport = 0\nrequests-per-minute = 10000\n',
      manualTime: true,
    });
    writer = await h.token('writer', 'read,write');
    other = await h.token('other', 'read,write');
  });
  after(() => h.close());

  const post = (path: string, key: string | undefined, body?: object, token = writer) =>
    http(h.port, 'POST', path, { token, ...(body ? { body } : {}), headers: key === undefined ? {} : { 'idempotency-key': key } });

  it('applies the first request and answers a retry with the first answer, marked replayed, the RateLimit headers live', async () => {
    const before = c.applied.add;
    const first = await post(add(), 'order-1', { amount: 5 });
    assert.equal(first.status, 200);
    assert.equal(first.json.ok, true);
    assert.equal(first.headers['idempotent-replayed'], undefined);
    const again = await post(add(), 'order-1', { amount: 5 });
    assert.equal(again.status, 200);
    assert.equal(again.text, first.text, 'the same body, byte for byte');
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(Number(again.headers['ratelimit-remaining']), Number(first.headers['ratelimit-remaining']) - 1);
    assert.equal(c.applied.add - before, 5, 'applied once');
    assert.equal(h.api.audited.filter((e) => e.action === 'test.add').length, 1, 'audited once');
  });

  it('takes the uuid in either form as the same request', async () => {
    const first = await post(add(), 'order-forms', { amount: 1 });
    const again = await post(add(UUID.replaceAll('-', '').toUpperCase()), 'order-forms', { amount: 1 });
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.text, first.text);
  });

  it('keeps keys per token: the same key from another token is another request', async () => {
    const before = c.applied.add;
    const mine = await post(add(), 'shared-key', { amount: 2 });
    const theirs = await post(add(), 'shared-key', { amount: 2 }, other);
    assert.equal(theirs.headers['idempotent-replayed'], undefined);
    assert.notEqual(theirs.text, mine.text);
    assert.equal(c.applied.add - before, 4);
  });

  it('answers 422 idempotency-key-reused for the key sent with another body or path, and applies nothing', async () => {
    await post(add(), 'order-2', { amount: 3 });
    const before = c.applied.add;
    const body = await post(add(), 'order-2', { amount: 4 });
    assert.equal(body.status, 422);
    assert.equal(body.json.code, 'idempotency-key-reused');
    assert.match(body.json.message, /another method, path or body/);
    const path = await post('/api/v1/test/players/11111111-2222-3333-4444-555555555555/add', 'order-2', { amount: 3 });
    assert.equal(path.status, 422);
    const route = await post('/api/v1/test/slow', 'order-2');
    assert.equal(route.status, 422);
    assert.equal(c.applied.add, before);
  });

  it('answers 400 naming the header for a key that is empty, too long or not printable ASCII', async () => {
    for (const key of ['', 'k'.repeat(256), 'caf\u00e9']) {
      const r = await post(add(), key, { amount: 1 });
      assert.equal(r.status, 400, JSON.stringify(key));
      assert.equal(r.json.field, 'Idempotency-Key');
      assert.match(r.json.message, /^Idempotency-Key: a key is 1 to 255 printable ASCII characters\.$/);
    }
    for (const key of ['k'.repeat(255), 'a key with spaces, ~ and 9', 'x']) {
      const r = await post(add(), key, { amount: 1 });
      assert.equal(r.status, 200, key);
    }
  });

  it('keeps no refusal made before the call: a 400 or a 503 is fixed and retried under the same key', async () => {
    const bad = await post(add(), 'order-fix', { amount: 0 });
    assert.equal(bad.status, 400);
    const fixed = await post(add(), 'order-fix', { amount: 6 });
    assert.equal(fixed.status, 200);
    assert.equal(fixed.headers['idempotent-replayed'], undefined);
    const off = await post('/api/v1/test/switched', 'order-switch');
    assert.equal(off.status, 503);
    h.api.modules.add('switched');
    try {
      const on = await post('/api/v1/test/switched', 'order-switch');
      assert.deepEqual([on.status, on.headers['idempotent-replayed']], [200, undefined]);
    } finally {
      h.api.modules.delete('switched');
    }
    const reader = await h.token('reader-only', 'read');
    const forbidden = await post(add(), 'order-scope', { amount: 1 }, reader);
    assert.equal(forbidden.status, 403);
  });

  it('keeps a declined answer: the retry replays it and the decline is audited once', async () => {
    const declinedBefore = h.api.audited.filter((e) => e.action === 'core-rest.declined').length;
    const first = await post(add(), 'order-big', { amount: 5000 });
    assert.deepEqual([first.status, first.json.ok, first.json.code], [200, false, 'insufficient-funds']);
    const again = await post(add(), 'order-big', { amount: 5000 });
    assert.equal(again.text, first.text);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(h.api.audited.filter((e) => e.action === 'core-rest.declined').length - declinedBefore, 1);
  });

  it('keeps no answer of a call that threw: the retry runs the call again', async () => {
    const before = c.applied.bug;
    const first = await post('/api/v1/test/bug', 'order-bug');
    assert.equal(first.status, 500);
    const again = await post('/api/v1/test/bug', 'order-bug');
    assert.equal(again.status, 500);
    assert.equal(c.applied.bug - before, 2);
  });

  it('applies two identical requests sent at once only once: the other gets 409 while the first is under way', async () => {
    const before = c.applied.slow;
    c.hold();
    const sent = [post('/api/v1/test/slow', 'at-once'), post('/api/v1/test/slow', 'at-once')];
    // The one that claimed the key waits at the gate, so the first answer can only be the other's.
    const quicker = await Promise.race(sent);
    assert.equal(quicker.status, 409);
    c.release();
    const answers = await Promise.all(sent);
    const statuses = answers.map((a) => a.status).sort();
    assert.deepEqual(statuses, [200, 409]);
    const conflict = answers.find((a) => a.status === 409)!;
    assert.equal(conflict.json.code, 'idempotency-key-in-use');
    assert.equal(conflict.headers['retry-after'], '1');
    assert.equal(c.applied.slow - before, 1);
    const later = await post('/api/v1/test/slow', 'at-once');
    assert.equal(later.headers['idempotent-replayed'], 'true');
    assert.equal(later.text, answers.find((a) => a.status === 200)!.text);
  });

  it('applies ten identical requests at once once, with no gate: each answer is the first answer or 409', async () => {
    const before = c.applied.add;
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(add(), 'burst', { amount: 7 })));
    assert.equal(c.applied.add - before, 7);
    const firsts = answers.filter((a) => a.status === 200 && a.headers['idempotent-replayed'] === undefined);
    assert.equal(firsts.length, 1);
    for (const a of answers) {
      if (a.status === 200) assert.equal(a.text, firsts[0]!.text);
      else assert.equal(a.json.code, 'idempotency-key-in-use');
    }
  });

  it('stores the real answer of a call that outlived the timeout: 504, then 409, then the answer', async () => {
    const before = c.applied.slow;
    c.hold();
    const first = await post('/api/v1/test/slow', 'late');
    assert.equal(first.status, 504);
    const meanwhile = await post('/api/v1/test/slow', 'late');
    assert.equal(meanwhile.status, 409);
    c.release();
    let replay = await post('/api/v1/test/slow', 'late');
    for (let i = 0; i < 300 && replay.status === 409; i++) {
      await new Promise((r) => setTimeout(r, 10));
      replay = await post('/api/v1/test/slow', 'late');
    }
    assert.deepEqual([replay.status, replay.json.ok, replay.headers['idempotent-replayed']], [200, true, 'true']);
    assert.equal(c.applied.slow - before, 1);
  });

  it('ignores the header on a GET', async () => {
    const r = await http(h.port, 'GET', '/api/v1/test/read', { token: writer, headers: { 'idempotency-key': 'read-1' } });
    const again = await http(h.port, 'GET', '/api/v1/test/read', { token: writer, headers: { 'idempotency-key': 'read-1' } });
    assert.deepEqual([r.status, again.status, again.headers['idempotent-replayed']], [200, 200, undefined]);
  });

  it('forgets an answer after 24 hours: the same key applies again', async () => {
    const clock = h.clock as ManualClock;
    const before = c.applied.add;
    const first = await post(add(), 'daily', { amount: 1 });
    await clock.advance(IDEMPOTENCY_KEEP_MS / 1000 - 1);
    const within = await post(add(), 'daily', { amount: 1 });
    assert.equal(within.headers['idempotent-replayed'], 'true');
    assert.equal(within.text, first.text);
    await clock.advance(2);
    const after = await post(add(), 'daily', { amount: 1 });
    assert.equal(after.headers['idempotent-replayed'], undefined);
    assert.equal(c.applied.add - before, 2);
  });
});

describe('Idempotency-Key across a restart', () => {
  it('replays an answer stored before the server stopped', async () => {
    const dir = tempDir();
    const made = counting();
    const conf = 'enabled = true\nport = 0\n';
    let h = await startHarness({ dir, routes: made.routes, conf });
    try {
      const writer = await h.token('writer', 'read,write');
      const first = await http(h.port, 'POST', add(), { token: writer, body: { amount: 9 }, headers: { 'idempotency-key': 'kept' } });
      assert.equal(first.status, 200);
      await h.close();
      h = await startHarness({ dir, routes: made.routes, conf });
      const again = await http(h.port, 'POST', add(), { token: writer, body: { amount: 9 }, headers: { 'idempotency-key': 'kept' } });
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.equal(again.text, first.text);
      assert.equal(made.counter.applied.add, 9);
    } finally {
      await h.close();
    }
  });
});

describe('the Idempotency-Key store', () => {
  it('sweeps the answers past 24 hours and keeps the others', async () => {
    const h = await startHarness({ manualTime: true });
    try {
      const clock = h.clock as ManualClock;
      const store = await createIdempotencyStore({ database: h.database, clock, log: h.log });
      const count = async () => Number((await sql<{ n: number }>`select count(*) as n from rest_idempotency`.execute(h.database.db)).rows[0]!.n);
      const a = await store.claim(1, 'old', 'f');
      assert.equal(a.kind, 'first');
      if (a.kind === 'first') await a.finish({ status: 200, body: '{}' });
      await clock.advance(IDEMPOTENCY_KEEP_MS / 1000 - 10);
      const b = await store.claim(1, 'new', 'f');
      if (b.kind === 'first') await b.finish({ status: 200, body: '{}' });
      assert.equal(await count(), 2);
      await clock.advance(20);
      assert.equal(await store.sweep(), 1);
      assert.equal(await count(), 1);
      assert.equal((await store.claim(1, 'new', 'f')).kind, 'replay');
      await store.close();
    } finally {
      await h.close();
    }
  });

  it('says a claim never answered for a minute was cut off, without Retry-After', async () => {
    const h = await startHarness({ manualTime: true });
    try {
      const clock = h.clock as ManualClock;
      const store = await createIdempotencyStore({ database: h.database, clock, log: h.log });
      assert.equal((await store.claim(1, 'cut', 'f')).kind, 'first');
      const now = await store.claim(1, 'cut', 'f');
      assert.deepEqual(now.kind === 'in-use' && now.abandoned, false);
      await clock.advance(61);
      const later = await store.claim(1, 'cut', 'f');
      assert.deepEqual(later.kind === 'in-use' && later.abandoned, true);
      await store.close();
    } finally {
      await h.close();
    }
  });
});

describe('Idempotency-Key on PostgreSQL', () => {
  it('applies concurrent retries once and replays the answer', (t) =>
    withPostgres(t, 'idem', async (openDb) => {
      const made = counting();
      const h = await startHarness({ dir: tempDir(), openDb, routes: made.routes, conf: 'enabled = true\nport = 0\nrequests-per-minute = 1000\n' });
      try {
        const writer = await h.token('writer', 'read,write');
        const send = () => http(h.port, 'POST', add(), { token: writer, body: { amount: 4 }, headers: { 'idempotency-key': 'pg-1' } });
        const answers = await Promise.all([send(), send(), send()]);
        assert.equal(made.counter.applied.add, 4);
        assert.ok(answers.every((a) => a.status === 200 || a.status === 409));
        const again = await send();
        assert.equal(again.headers['idempotent-replayed'], 'true');
        const reused = await http(h.port, 'POST', add(), { token: writer, body: { amount: 5 }, headers: { 'idempotency-key': 'pg-1' } });
        assert.equal(reused.status, 422);
        assert.equal(made.counter.applied.add, 4);
      } finally {
        await h.close();
      }
    }));
});
