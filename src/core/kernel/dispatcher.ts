// Every published-API call from the add-on goes through here: it applies the upstream timeout
// (10 s by default: the caller answers 504) and measures each call by name. Built for the request
// path:
//   - a call that answers synchronously is answered synchronously: no timer, no promise, no
//     microtask hop (a synchronous call cannot be interrupted by a timeout anyway);
//   - a call that returns a promise is watched by one shared timer (a sweep every
//     min(100 ms, timeout / 10)) instead of a timer per call, so a call that never answers gets its
//     timeout between `timeoutMs` and `timeoutMs` + one sweep.

import type { Result } from './result.ts';

export type DispatchOutcome<T> = { kind: 'done'; result: Result<T> } | { kind: 'timeout' };

export interface CallStats {
  calls: number;
  timeouts: number;
  totalMs: number;
  maxMs: number;
}

export interface Dispatcher {
  readonly timeoutMs: number;
  /** Calls `fn`; `done` runs synchronously when `fn` answers synchronously. `failed` gets a thrown error. */
  run<T>(name: string, fn: () => Promise<Result<T>> | Result<T>, done: (outcome: DispatchOutcome<T>) => void, failed: (e: unknown) => void): void;
  /** The same as a promise; a thrown error rejects it. */
  call<T>(name: string, fn: () => Promise<Result<T>> | Result<T>): Promise<DispatchOutcome<T>>;
  stats(): ReadonlyMap<string, CallStats>;
  /** Resolves once no call is under way (each answered, failed or timed out), or after `maxMs`. */
  idle(maxMs: number): Promise<void>;
}

interface Pending {
  deadline: number;
  settled: boolean;
  started: number;
  stats: CallStats;
  done(outcome: DispatchOutcome<never>): void;
}

export function createDispatcher(options: { timeoutMs?: number } = {}): Dispatcher {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const sweepMs = Math.max(1, Math.min(100, Math.floor(timeoutMs / 10)));
  const stats = new Map<string, CallStats>();
  const pending = new Set<Pending>();
  let timer: NodeJS.Timeout | undefined;
  /** Waiting for no call to be under way (`idle`). */
  let idleWaiters: Array<() => void> = [];

  /** A call has ended (its outcome handed on): wakes `idle` waiters once none is left. */
  function ended(): void {
    if (pending.size > 0 || idleWaiters.length === 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  }

  function statsOf(name: string): CallStats {
    let s = stats.get(name);
    if (s === undefined) {
      s = { calls: 0, timeouts: 0, totalMs: 0, maxMs: 0 };
      stats.set(name, s);
    }
    return s;
  }

  function record(s: CallStats, started: number): void {
    const ms = performance.now() - started;
    s.totalMs += ms;
    if (ms > s.maxMs) s.maxMs = ms;
  }

  function sweep(): void {
    const now = performance.now();
    for (const p of pending) {
      if (now < p.deadline) continue;
      p.settled = true;
      pending.delete(p);
      p.stats.timeouts++;
      record(p.stats, p.started);
      p.done({ kind: 'timeout' });
      ended();
    }
    if (pending.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  }

  const dispatcher: Dispatcher = {
    timeoutMs,
    run(name, fn, done, failed) {
      const s = statsOf(name);
      s.calls++;
      const started = performance.now();
      let r: Promise<Result<never>> | Result<never>;
      try {
        r = fn() as Promise<Result<never>> | Result<never>;
      } catch (e) {
        record(s, started);
        failed(e);
        return;
      }
      if (!(r instanceof Promise)) {
        record(s, started);
        done({ kind: 'done', result: r });
        return;
      }
      const p: Pending = { deadline: started + timeoutMs, settled: false, started, stats: s, done: done as Pending['done'] };
      pending.add(p);
      if (timer === undefined) {
        timer = setInterval(sweep, sweepMs);
        timer.unref();
      }
      r.then(
        (result) => {
          if (p.settled) return;
          p.settled = true;
          pending.delete(p);
          record(s, started);
          done({ kind: 'done', result });
          ended();
        },
        (e: unknown) => {
          if (p.settled) return;
          p.settled = true;
          pending.delete(p);
          record(s, started);
          failed(e);
          ended();
        },
      );
    },
    call<T>(name: string, fn: () => Promise<Result<T>> | Result<T>): Promise<DispatchOutcome<T>> {
      return new Promise((resolve, reject) => dispatcher.run(name, fn, resolve, reject));
    },
    stats: () => stats,
    idle(maxMs) {
      if (pending.size === 0) return Promise.resolve();
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        setTimeout(resolve, maxMs).unref();
      });
    },
  };
  return dispatcher;
}
