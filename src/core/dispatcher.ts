// Every published-API call from the add-on goes through here: it applies the upstream timeout
// (10 s by default: the caller answers 504) and measures each call by name.

import type { Result } from './result.ts';

export type DispatchOutcome<T> = { kind: 'done'; result: Result<T> } | { kind: 'timeout' };

export interface CallStats {
  calls: number;
  timeouts: number;
  totalMs: number;
  maxMs: number;
}

export interface Dispatcher {
  call<T>(name: string, fn: () => Promise<Result<T>> | Result<T>): Promise<DispatchOutcome<T>>;
  stats(): ReadonlyMap<string, CallStats>;
}

export function createDispatcher(options: { timeoutMs?: number } = {}): Dispatcher {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const stats = new Map<string, CallStats>();
  return {
    async call<T>(name: string, fn: () => Promise<Result<T>> | Result<T>): Promise<DispatchOutcome<T>> {
      const s = stats.get(name) ?? { calls: 0, timeouts: 0, totalMs: 0, maxMs: 0 };
      stats.set(name, s);
      s.calls++;
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<DispatchOutcome<T>>((resolve) => {
        timer = setTimeout(() => resolve({ kind: 'timeout' }), timeoutMs);
      });
      try {
        const outcome = await Promise.race([
          Promise.resolve().then(fn).then((result): DispatchOutcome<T> => ({ kind: 'done', result })),
          timeout,
        ]);
        if (outcome.kind === 'timeout') s.timeouts++;
        return outcome;
      } finally {
        clearTimeout(timer);
        const ms = performance.now() - started;
        s.totalMs += ms;
        s.maxMs = Math.max(s.maxMs, ms);
      }
    },
    stats: () => stats,
  };
}
