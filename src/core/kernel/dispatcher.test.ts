import { describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import { createDispatcher } from './dispatcher.ts';
import { fail, ok, type Result } from './result.ts';

/**
 * The dispatcher's time in the test's hands: its sweep timer (setInterval) and the clock it measures
 * with (performance.now) move only when the test moves them, so that a timeout is met exactly, on
 * any machine. `restore` gives both back.
 */
function fakeTime(): { advance(ms: number): void; restore(): void } {
  mock.timers.enable({ apis: ['setInterval'] });
  let now = performance.now();
  const nowMock = mock.method(performance, 'now', () => now);
  return {
    advance(ms) {
      now += ms;
      mock.timers.tick(ms);
    },
    restore() {
      nowMock.mock.restore();
      mock.timers.reset();
    },
  };
}

/** Lets the promise callbacks queued so far run (a turn of the event loop). */
const settled = () => new Promise((r) => setImmediate(r));

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
    const time = fakeTime();
    try {
      const d = createDispatcher({ timeoutMs: 50 });
      const started = performance.now();
      let outcome: unknown;
      let waited = 0;
      void d.call('homes.move', () => new Promise<never>(() => {})).then((o) => {
        outcome = o;
        waited = performance.now() - started;
      });
      time.advance(45);
      await settled();
      assert.equal(outcome, undefined, 'no answer before the timeout');
      time.advance(10);
      await settled();
      assert.deepEqual(outcome, { kind: 'timeout' });
      assert.ok(waited >= 45, `waited ${waited} ms`);
      assert.ok(waited < 1000, `waited ${waited} ms`);
    } finally {
      time.restore();
    }
  });

  it('measures calls, timeouts and durations by name', async () => {
    // A timeout ten times the slow call's 5 ms: a loaded CI machine can run that timer late.
    const d = createDispatcher({ timeoutMs: 300 });
    await d.call('a', () => ok(1));
    await d.call('a', () => new Promise<Result<number>>((resolve) => setTimeout(() => resolve(ok(2)), 5)));
    await d.call('b', () => new Promise<never>(() => {}));
    const a = d.stats().get('a');
    const b = d.stats().get('b');
    assert.equal(a?.calls, 2);
    assert.equal(a?.timeouts, 0);
    assert.ok(a!.maxMs >= 4 && a!.totalMs >= a!.maxMs);
    assert.deepEqual([b?.calls, b?.timeouts], [1, 1]);
    assert.ok(b!.maxMs >= 290);
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

describe('dispatcher.run', () => {
  it('answers a synchronous call synchronously and measures it', () => {
    const d = createDispatcher();
    let seen: unknown;
    d.run('GET /x', () => ok(1), (o) => (seen = o), () => assert.fail('no error expected'));
    assert.deepEqual(seen, { kind: 'done', result: { ok: true, value: 1 } });
    assert.equal(d.stats().get('GET /x')?.calls, 1);
    assert.equal(d.timeoutMs, 10_000, 'ten seconds by default');
  });

  it('answers an asynchronous call when it settles, and passes a thrown error on', async () => {
    const d = createDispatcher({ timeoutMs: 1000 });
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
    const time = fakeTime();
    try {
      const d = createDispatcher({ timeoutMs: 100 });
      let resolveLate: (v: Result<number>) => void = () => {};
      const started = performance.now();
      const outcomes: unknown[] = [];
      let waited = 0;
      void d.call<number>('slow', () => new Promise<Result<number>>((r) => (resolveLate = r))).then((o) => {
        outcomes.push(o);
        waited = performance.now() - started;
      });
      time.advance(99);
      await settled();
      assert.deepEqual(outcomes, [], 'no answer before timeoutMs');
      // A sweep every timeoutMs / 10: the one at 100 ms or the next.
      time.advance(10);
      await settled();
      assert.deepEqual(outcomes, [{ kind: 'timeout' }]);
      assert.ok(waited >= 99 && waited < 400, `waited ${waited} ms`);
      resolveLate(ok(1));
      await settled();
      assert.deepEqual(outcomes, [{ kind: 'timeout' }], 'the late answer is ignored');
      assert.equal(d.stats().get('slow')?.timeouts, 1);
    } finally {
      time.restore();
    }
  });

  it('waits ten seconds by default before a timeout', async () => {
    mock.timers.enable({ apis: ['setInterval'] });
    const realNow = performance.now.bind(performance);
    let fake = realNow();
    const nowMock = mock.method(performance, 'now', () => fake);
    try {
      const d = createDispatcher();
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
});

describe('dispatcher.idle', () => {
  it('resolves at once with no call under way, and after the last call under way has answered', async () => {
    const d = createDispatcher({ timeoutMs: 1000 });
    await d.idle(5000);
    let release!: () => void;
    const answered: string[] = [];
    d.run('slow', () => new Promise<Result<string>>((r) => (release = () => r(ok('done')))), () => answered.push('answer'), () => {});
    let idle = false;
    const waiting = d.idle(5000).then(() => (idle = true));
    // A turn of the event loop: whatever the dispatcher would settle by itself has settled.
    await new Promise((r) => setImmediate(r));
    assert.equal(idle, false, 'a call is under way');
    release();
    await waiting;
    assert.deepEqual(answered, ['answer'], 'answered before idle resolved');
  });

  it('stops waiting after maxMs for a call that never answers', async () => {
    const d = createDispatcher({ timeoutMs: 60_000 });
    d.run('hangs', () => new Promise<Result<string>>(() => {}), () => {}, () => {});
    const started = Date.now();
    await d.idle(50);
    assert.ok(Date.now() - started < 1000);
  });
});
