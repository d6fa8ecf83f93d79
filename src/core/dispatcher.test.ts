import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createDispatcher } from './dispatcher.ts';
import { fail, ok, type Result } from './result.ts';

describe('dispatcher.call', () => {
  it('answers the result of a call that finishes in time', async () => {
    const d = createDispatcher({ timeoutMs: 1000 });
    assert.deepEqual(await d.call('economy.balance', () => ok(5)), { kind: 'done', result: { ok: true, value: 5 } });
    assert.deepEqual(await d.call('economy.balance', async () => fail('not-found', 'No such player.')), {
      kind: 'done',
      result: { ok: false, code: 'not-found', message: 'No such player.' },
    });
  });

  it('answers timeout after the configured time when the call never resolves', async () => {
    const d = createDispatcher({ timeoutMs: 50 });
    const started = performance.now();
    const outcome = await d.call('homes.move', () => new Promise<never>(() => {}));
    const waited = performance.now() - started;
    assert.deepEqual(outcome, { kind: 'timeout' });
    assert.ok(waited >= 45, `waited ${waited} ms`);
    assert.ok(waited < 1000, `waited ${waited} ms`);
  });

  it('measures calls, timeouts and durations by name', async () => {
    const d = createDispatcher({ timeoutMs: 30 });
    await d.call('a', () => ok(1));
    await d.call('a', () => new Promise<Result<number>>((resolve) => setTimeout(() => resolve(ok(2)), 5)));
    await d.call('b', () => new Promise<never>(() => {}));
    const a = d.stats().get('a');
    const b = d.stats().get('b');
    assert.equal(a?.calls, 2);
    assert.equal(a?.timeouts, 0);
    assert.ok(a!.maxMs >= 4 && a!.totalMs >= a!.maxMs);
    assert.deepEqual([b?.calls, b?.timeouts], [1, 1]);
    assert.ok(b!.maxMs >= 25);
  });

  it('lets a thrown error through to the caller, as a bug', async () => {
    const d = createDispatcher({ timeoutMs: 1000 });
    await assert.rejects(
      d.call('x', () => {
        throw new Error('bug');
      }),
      /bug/,
    );
    assert.equal(d.stats().get('x')?.calls, 1);
  });
});
