// Tasks that run later: expiries, warm-ups, periodic sweeps. The composition root passes one
// scheduler in: timers in the server (`timerScheduler`), the test clock in unit tests
// (`manualScheduler`, run by `clock.advance`). A task that throws or rejects is logged and never
// stops the server nor the other tasks. Each module gets its own scope of the scheduler
// (`scopedScheduler`), whose tasks the kernel cancels when the module stops.

import type { Clock, ManualClock } from './clock.ts';
import type { Logger } from '../log/log.ts';

export type Task = () => void | Promise<void>;

export interface ScheduledTask {
  /** The task does not run again (a run already started finishes). Cancelling twice is harmless. */
  cancel(): void;
}

export interface Scheduler {
  /** Runs the task once, `ms` milliseconds from now (0: at the next turn). */
  after(ms: number, task: Task): ScheduledTask;
  /**
   * Runs the task every `ms` milliseconds, the first time `ms` from now, until cancelled. A run
   * slower than the period overlaps the next one: keep periodic tasks short.
   */
  every(ms: number, task: Task): ScheduledTask;
  /** Runs the task once at that instant (of the scheduler's clock); a past instant runs at the next turn. */
  at(when: Date, task: Task): ScheduledTask;
}

function checkDelay(what: 'after' | 'every', ms: number): void {
  const least = what === 'after' ? 'from 0' : 'above 0';
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || (what === 'every' && ms === 0)) {
    throw new RangeError(`scheduler.${what}: the delay must be a finite number of milliseconds ${least}, not ${String(ms)}`);
  }
}

function checkInstant(when: Date): void {
  if (!(when instanceof Date) || Number.isNaN(when.getTime())) throw new RangeError(`scheduler.at: "${String(when)}" is not a valid instant`);
}

/** Runs a task, logging what it throws or rejects with, never passing it on. */
function guarded(task: Task, log: Logger): () => Promise<void> | undefined {
  return () => {
    try {
      const r = task();
      if (r && typeof r.then === 'function') return Promise.resolve(r).catch((e: unknown) => log.error('a scheduled task failed', e));
    } catch (e) {
      log.error('a scheduled task failed', e);
    }
    return undefined;
  };
}

// setTimeout keeps at most about 24.8 days; a later instant is reached in several hops.
const LONGEST_TIMEOUT = 2 ** 31 - 1;

/**
 * Node's timers, unref'd: a pending task never keeps the process alive. `at` follows the clock
 * given (the system clock in the server).
 */
export function timerScheduler(clock: Clock, log: Logger): Scheduler {
  function timeoutUntil(due: () => number, run: () => void): ScheduledTask {
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      const wait = due() - clock.now().getTime();
      timer = setTimeout(wait > LONGEST_TIMEOUT ? arm : run, Math.max(0, Math.min(wait, LONGEST_TIMEOUT)));
      timer.unref();
    };
    arm();
    return { cancel: () => clearTimeout(timer) };
  }

  return {
    after(ms, task) {
      checkDelay('after', ms);
      const at = clock.now().getTime() + ms;
      return timeoutUntil(() => at, guarded(task, log));
    },
    every(ms, task) {
      checkDelay('every', ms);
      if (ms > LONGEST_TIMEOUT) throw new RangeError(`scheduler.every: a period is at most ${LONGEST_TIMEOUT} ms, not ${ms}`);
      const timer = setInterval(guarded(task, log), ms);
      timer.unref();
      return { cancel: () => clearInterval(timer) };
    },
    at(when, task) {
      checkInstant(when);
      return timeoutUntil(() => when.getTime(), guarded(task, log));
    },
  };
}

/** Tasks kept by the manual clock: they run when a test moves it (`await clock.advance(s)`). */
export function manualScheduler(clock: ManualClock, log: Logger): Scheduler {
  const now = () => clock.now().getTime();
  return {
    after(ms, task) {
      checkDelay('after', ms);
      return { cancel: clock.addTimer(now() + ms, guarded(task, log)) };
    },
    every(ms, task) {
      checkDelay('every', ms);
      const run = guarded(task, log);
      let cancelTimer = () => {};
      const arm = (at: number) => {
        cancelTimer = clock.addTimer(at, () => {
          // The next run is set before this one starts, so a task may cancel its own repetition.
          arm(at + ms);
          return run();
        });
      };
      arm(now() + ms);
      return { cancel: () => cancelTimer() };
    },
    at(when, task) {
      checkInstant(when);
      return { cancel: clock.addTimer(when.getTime(), guarded(task, log)) };
    },
  };
}

export interface ScopedScheduler extends Scheduler {
  /** Cancels every task scheduled through this scope; later calls schedule nothing. */
  cancelAll(): void;
}

/**
 * The part of a scheduler one owner (a module, a kernel service) uses: it keeps the tasks still
 * to run, so that `cancelAll` leaves none behind when the owner stops.
 */
export function scopedScheduler(parent: Scheduler): ScopedScheduler {
  const live = new Set<ScheduledTask>();
  let closed = false;

  function track(schedule: (run: Task) => ScheduledTask, task: Task, once: boolean): ScheduledTask {
    if (closed) return { cancel: () => {} };
    const inner = schedule(() => {
      if (once) live.delete(handle);
      return task();
    });
    const handle: ScheduledTask = {
      cancel() {
        live.delete(handle);
        inner.cancel();
      },
    };
    live.add(handle);
    return handle;
  }

  return {
    after: (ms, task) => track((run) => parent.after(ms, run), task, true),
    every: (ms, task) => track((run) => parent.every(ms, run), task, false),
    at: (when, task) => track((run) => parent.at(when, run), task, true),
    cancelAll() {
      closed = true;
      for (const handle of [...live]) handle.cancel();
    },
  };
}
