// Work that comes in bursts shares the event loop in slices, so the game's ticks and the add-on's
// requests are never held up behind it for long.
//
// The game sends players their chunks in bursts: 20 players walking into new ground, a player
// joining (a view of 289 chunks) or a slow client's socket draining at once each serialise and
// compress dozens of packets back to back, and every one of them ran on the loop before anything
// else could: ticks came 100-340 ms late (the ticks benchmark, docs/performance.md). Such work asks
// `mayRun()` before each piece: the first piece of a turn of the loop opens a slice of `sliceMs`,
// pieces go on while the slice lasts, and a piece that finds it spent waits for a later turn
// (`later`), after the loop has run its timers and I/O. On an idle loop the turns follow each other
// at once, so the work goes at full speed; on a busy one it takes its share in slices.

import { performance } from 'node:perf_hooks';

export class LoopSlices {
  readonly sliceMs: number;
  readonly #now: () => number;
  /** When the current turn's slice began; undefined until something asks in a new turn. */
  #start: number | undefined;
  readonly #endTurn = () => {
    this.#start = undefined;
  };

  constructor(sliceMs: number, now: () => number = () => performance.now()) {
    this.sliceMs = sliceMs;
    this.#now = now;
  }

  /** Whether a piece of work may run now: true while this turn's slice lasts. */
  mayRun(): boolean {
    const now = this.#now();
    if (this.#start === undefined) {
      this.#start = now;
      // Immediates queued now run after this turn's I/O: the next piece after that opens a new slice.
      setImmediate(this.#endTurn);
      return true;
    }
    return now - this.#start < this.sliceMs;
  }

  /** Runs `work` in a later turn of the loop (after the timers and I/O due meanwhile). */
  later(work: () => void): void {
    setImmediate(work);
  }

  /** Resolves when a piece of work may run: at once while the slice lasts, else in a later turn. */
  turn(): Promise<void> {
    if (this.mayRun()) return Promise.resolve();
    return new Promise((resolve) => {
      const retry = () => (this.mayRun() ? resolve() : this.later(retry));
      this.later(retry);
    });
  }
}
