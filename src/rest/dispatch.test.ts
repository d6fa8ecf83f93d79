import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { fail, ok, type Result } from '../core/result.ts';
import { createRestDispatcher, running } from './dispatch.ts';
import { createDispatcher } from '../core/dispatcher.ts';

describe('the add-on dispatcher', () => {
  it('answers a synchronous call synchronously and measures it', () => {
    const d = createRestDispatcher();
    let seen: unknown;
    d.run('GET /x', () => ok(1), (o) => (seen = o), () => assert.fail('no error expected'));
    assert.deepEqual(seen, { kind: 'done', result: { ok: true, value: 1 } });
    assert.equal(d.stats().get('GET /x')?.calls, 1);
    assert.equal(d.timeoutMs, 10_000, 'ten seconds by default');
  });

  it('answers an asynchronous call when it settles, and passes a thrown error on', async () => {
    const d = createRestDispatcher({ timeoutMs: 1000 });
    assert.deepEqual(await d.call('a', async () => fail('refused', 'no')), { kind: 'done', result: { ok: false, code: 'refused', message: 'no' } });
    await assert.rejects(
      d.call('b', async () => {
        throw new Error('bug');
      }),
      /bug/,
    );
    await assert.rejects(
      d.call('c', () => {
        throw new Error('sync bug');
      }),
      /sync bug/,
    );
  });

  it('times a call out after timeoutMs (within one sweep) and ignores its late answer', async () => {
    const d = createRestDispatcher({ timeoutMs: 100 });
    let resolveLate: (v: Result<number>) => void = () => {};
    const started = performance.now();
    const outcome = await d.call<number>('slow', () => new Promise<Result<number>>((r) => (resolveLate = r)));
    const waited = performance.now() - started;
    assert.deepEqual(outcome, { kind: 'timeout' });
    assert.ok(waited >= 99 && waited < 400, `waited ${waited} ms`);
    resolveLate(ok(1));
    assert.equal(d.stats().get('slow')?.timeouts, 1);
  });

  it('waits ten seconds by default before a timeout', async () => {
    mock.timers.enable({ apis: ['setInterval'] });
    const realNow = performance.now.bind(performance);
    let fake = realNow();
    const nowMock = mock.method(performance, 'now', () => fake);
    try {
      const d = createRestDispatcher();
      let outcome: string | undefined;
      d.run('never', () => new Promise<never>(() => {}), (o) => (outcome = o.kind), () => assert.fail('no error expected'));
      fake += 9_950;
      mock.timers.tick(9_950);
      assert.equal(outcome, undefined);
      fake += 100;
      mock.timers.tick(100);
      assert.equal(outcome, 'timeout');
    } finally {
      nowMock.mock.restore();
      mock.timers.reset();
    }
  });

  it('wraps any other Dispatcher (the kernel one) through its call', async () => {
    const d = running(createDispatcher({ timeoutMs: 50 }));
    const outcome = await new Promise((resolve, reject) => d.run('x', () => ok(2), resolve, reject));
    assert.deepEqual(outcome, { kind: 'done', result: { ok: true, value: 2 } });
  });
});
