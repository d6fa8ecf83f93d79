// Runs async work one at a time per key (a player, a vault), in the order it was asked for, while
// different keys run side by side: so that two claims of one player, or two saves of one vault,
// never interleave across their awaits.

export interface KeyedQueue {
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
  /** Resolves when everything queued so far (for every key) has finished. */
  idle(): Promise<void>;
}

export function createKeyedQueue(): KeyedQueue {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run(key, work) {
      const run = (tails.get(key) ?? Promise.resolve()).then(work);
      const tail = run.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return run;
    },
    async idle() {
      while (tails.size > 0) await Promise.all([...tails.values()]);
    },
  };
}
