// Time comes from a clock passed in, so tests can move it.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock a test sets by hand. It also keeps the timers of a manual scheduler
 * (src/core/kernel/scheduler.ts `manualScheduler`), so that moving the clock runs what falls due.
 */
export interface ManualClock extends Clock {
  /**
   * Moves time forward. Each timer that falls due on the way runs in the order of its time (timers
   * of the same time in the order they were set), with the clock showing that time while its task
   * starts. Resolves when the tasks it started have settled; the clock has moved when it returns.
   */
  advance(seconds: number): Promise<void>;
  /** Sets the time; moving forward runs the timers that fall due, as `advance` does. */
  set(d: Date): Promise<void>;
  /** Runs `task` when time reaches `at` (milliseconds since the epoch). Returns the cancel function. */
  addTimer(at: number, task: () => unknown): () => void;
}

interface Timer {
  at: number;
  seq: number;
  task: () => unknown;
}

export function manualClock(start = new Date('2026-01-01T00:00:00Z')): ManualClock {
  let t = start.getTime();
  let seq = 0;
  const timers = new Set<Timer>();

  function due(until: number): Timer | undefined {
    let first: Timer | undefined;
    for (const timer of timers) {
      if (timer.at > until) continue;
      if (!first || timer.at < first.at || (timer.at === first.at && timer.seq < first.seq)) first = timer;
    }
    return first;
  }

  function moveTo(target: number): Promise<void> {
    const started: Array<PromiseLike<unknown>> = [];
    // A task may add timers that fall due before `target` (a repeating one does): they run too.
    for (let timer = due(target); timer; timer = due(target)) {
      timers.delete(timer);
      t = Math.max(t, timer.at);
      const r = timer.task();
      if (r && typeof (r as PromiseLike<unknown>).then === 'function') started.push(r as PromiseLike<unknown>);
    }
    t = target;
    return Promise.allSettled(started).then(() => undefined);
  }

  return {
    now: () => new Date(t),
    advance: (seconds: number) => moveTo(t + seconds * 1000),
    set: (d: Date) => moveTo(d.getTime()),
    addTimer(at, task) {
      const timer: Timer = { at, seq: seq++, task };
      timers.add(timer);
      return () => void timers.delete(timer);
    },
  };
}
