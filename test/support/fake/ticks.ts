// The fake platform's game loop: a manual clock the test advances one tick at a time, recorded by
// the same TickRecorder as the real adapter's.

import { TickRecorder, type TickStats } from '../../../src/platform/tick-recorder.ts';

export class FakeTicks {
  private readonly recorder = new TickRecorder();
  /** The fake's monotonic clock, milliseconds. */
  now = 0;

  constructor() {
    this.recorder.record(this.now);
  }

  /** Ticks after `intervalMs`, `times` times over. */
  tick(intervalMs: number, times = 1): void {
    for (let i = 0; i < times; i++) {
      this.now += intervalMs;
      this.recorder.record(this.now);
    }
  }

  stats(windowSeconds?: number): TickStats {
    return this.recorder.stats(this.now, windowSeconds);
  }

  intervalsSince(cursor: number, each: (ms: number) => void): number {
    return this.recorder.intervalsSince(cursor, each);
  }
}
