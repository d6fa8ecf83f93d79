import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { manualClock, systemClock } from './clock.ts';
import { memoryLogger } from '../log/log.ts';
import { manualScheduler, scopedScheduler, timerScheduler } from './scheduler.ts';

function manual() {
  const clock = manualClock();
  const log = memoryLogger();
  return { clock, log, scheduler: manualScheduler(clock, log) };
}

describe('manualScheduler', () => {
  it('runs a task after its delay, when the clock is moved past it, and only once', async () => {
    const { clock, scheduler } = manual();
    const runs: string[] = [];
    scheduler.after(3000, () => void runs.push(clock.now().toISOString()));
    await clock.advance(2.999);
    assert.deepEqual(runs, []);
    await clock.advance(10);
    assert.deepEqual(runs, ['2026-01-01T00:00:03.000Z'], 'the task sees the clock at its own time');
    await clock.advance(10);
    assert.equal(runs.length, 1);
  });

  it('runs the tasks that fall due in the order of their time, ties in the order they were set', async () => {
    const { clock, scheduler } = manual();
    const order: string[] = [];
    scheduler.after(2000, () => void order.push('b'));
    scheduler.at(new Date('2026-01-01T00:00:01Z'), () => void order.push('a'));
    scheduler.after(2000, () => void order.push('c'));
    await clock.advance(5);
    assert.deepEqual(order, ['a', 'b', 'c']);
  });

  it('repeats an every task at each period the clock crosses, until cancelled', async () => {
    const { clock, scheduler } = manual();
    const seconds: number[] = [];
    const start = clock.now().getTime();
    const task = scheduler.every(1000, () => void seconds.push((clock.now().getTime() - start) / 1000));
    await clock.advance(3.5);
    assert.deepEqual(seconds, [1, 2, 3]);
    task.cancel();
    await clock.advance(5);
    assert.deepEqual(seconds, [1, 2, 3]);
  });

  it('lets a repeating task cancel itself from inside its run', async () => {
    const { clock, scheduler } = manual();
    let runs = 0;
    const task = scheduler.every(1000, () => {
      if (++runs === 2) task.cancel();
    });
    await clock.advance(10);
    assert.equal(runs, 2);
  });

  it('never runs a cancelled task', async () => {
    const { clock, scheduler } = manual();
    let ran = false;
    scheduler.after(1000, () => void (ran = true)).cancel();
    await clock.advance(5);
    assert.equal(ran, false);
  });

  it('waits for asynchronous tasks: advance resolves once they have settled', async () => {
    const { clock, scheduler } = manual();
    let done = false;
    scheduler.after(1000, async () => {
      await new Promise((r) => setImmediate(r));
      done = true;
    });
    await clock.advance(1);
    assert.equal(done, true);
  });

  it('logs a task that throws or rejects, and still runs the others', async () => {
    const { clock, log, scheduler } = manual();
    let after = false;
    scheduler.after(1000, () => {
      throw new Error('boom');
    });
    scheduler.after(1000, async () => {
      throw new Error('async boom');
    });
    scheduler.after(1000, () => void (after = true));
    await clock.advance(1);
    assert.equal(after, true);
    assert.equal(log.lines.filter((l) => l.includes('a scheduled task failed')).length, 2);
    assert.ok(log.lines.some((l) => l.includes('async boom')), log.lines.join('\n'));
  });

  it('runs an instant already past at the next move of the clock', async () => {
    const { clock, scheduler } = manual();
    let ran = false;
    scheduler.at(new Date('2025-12-31T00:00:00Z'), () => void (ran = true));
    assert.equal(ran, false);
    await clock.advance(0);
    assert.equal(ran, true);
  });

  it('refuses a delay that is not a finite number, a negative delay, a period of 0 and an invalid date', () => {
    const { scheduler } = manual();
    assert.throws(() => scheduler.after(-1, () => {}), /after: the delay must be a finite number of milliseconds from 0, not -1/);
    assert.throws(() => scheduler.after(Number.NaN, () => {}), /not NaN/);
    assert.throws(() => scheduler.every(0, () => {}), /every: the delay must be a finite number of milliseconds above 0, not 0/);
    assert.throws(() => scheduler.at(new Date('nonsense'), () => {}), /not a valid instant/);
  });
});

describe('timerScheduler', () => {
  it('runs after, at and every with real timers', async () => {
    const log = memoryLogger();
    const scheduler = timerScheduler(systemClock, log);
    const seen: string[] = [];
    await new Promise<void>((resolve) => {
      scheduler.after(5, () => void seen.push('after'));
      scheduler.at(new Date(Date.now() + 10), () => void seen.push('at'));
      let n = 0;
      const every = scheduler.every(5, () => {
        seen.push('every');
        if (++n === 2) {
          every.cancel();
          // A fence: Node runs timers in the order they fall due, so a third run would come before this one.
          setTimeout(resolve, 30);
        }
      });
    });
    assert.deepEqual(seen.filter((s) => s === 'every').length, 2);
    assert.ok(seen.includes('after') && seen.includes('at'), seen.join());
  });

  it('logs a failing task instead of throwing it out of the timer', async () => {
    const log = memoryLogger();
    const scheduler = timerScheduler(systemClock, log);
    await new Promise<void>((resolve) => {
      scheduler.after(1, () => {
        throw new Error('timer boom');
      });
      scheduler.after(20, resolve);
    });
    assert.ok(log.lines.some((l) => l.includes('a scheduled task failed')), log.lines.join('\n'));
  });

  it('keeps no process alive: a process with only a pending task exits', () => {
    const code = `import { timerScheduler } from ${JSON.stringify(import.meta.resolve('./scheduler.ts'))};
      const s = timerScheduler({ now: () => new Date() }, console);
      s.after(60000, () => {}); s.every(60000, () => {}); s.at(new Date(Date.now() + 60000), () => {});`;
    const started = Date.now();
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', timeout: 30000 });
    assert.equal(r.status, 0, r.stderr);
    assert.ok(Date.now() - started < 20000);
  });

  it('does not run a cancelled task', async () => {
    const scheduler = timerScheduler(systemClock, memoryLogger());
    let ran = false;
    scheduler.after(5, () => void (ran = true)).cancel();
    // A fence: Node runs timers in the order they fall due, so the task would have run before this one fires.
    await new Promise((r) => setTimeout(r, 30));
    assert.equal(ran, false);
  });
});

describe('scopedScheduler', () => {
  it('cancels every task of the scope that has not run yet, and schedules nothing afterwards', async () => {
    const { clock, scheduler } = manual();
    const scope = scopedScheduler(scheduler);
    const runs: string[] = [];
    scope.after(1000, () => void runs.push('once'));
    scope.every(1000, () => void runs.push('every'));
    scope.at(new Date('2026-01-01T01:00:00Z'), () => void runs.push('at'));
    scheduler.after(1500, () => void runs.push('outside the scope'));
    await clock.advance(1);
    assert.deepEqual(runs, ['once', 'every']);
    scope.cancelAll();
    scope.after(100, () => void runs.push('after the end'));
    await clock.advance(7200);
    assert.deepEqual(runs, ['once', 'every', 'outside the scope']);
  });
});
