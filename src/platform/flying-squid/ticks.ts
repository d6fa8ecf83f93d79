// The game loop's clock and its record.
//
// Clock: flying-squid ticks from a setInterval of 50 ms (tick.js). Node schedules each next run of
// an interval 50 ms after the previous one ran, so every late tick pushes all later ones back: under
// load the game fell to 14-17 ticks a second although the loop was idle half the time (the ticks
// benchmark). The clock here keeps flying-squid's tick (the same `tick` event with the same
// arguments, tickCount and lastTickTime) on a fixed schedule instead: tick n is due at
// start + n × 50 ms, a late tick is followed by the next one as soon as it is due, and a server
// more than a second behind (a long stall) starts a new schedule rather than running a burst of
// ticks, as the vanilla server does ("Can't keep up!").
//
// Record: the first listener of `tick` notes the time, before the game's own tick work (entities,
// block updates, the day cycle) runs, so the intervals are those of the loop itself. Always on (two
// array stores a tick); summarised by `tps`.

import { performance } from 'node:perf_hooks';
import { TickRecorder, type TickStats } from '../tick-recorder.ts';
import type { FsServer } from './fs-types.ts';

/** How far behind its schedule the clock may fall before it starts a new one, ms. */
export const MAX_BEHIND_MS = 1000;

/** The clock the ticks keep to: the real one, or a test's. */
export interface TickTiming {
  /** Monotonic milliseconds, for the schedule. */
  now(): number;
  /** Wall-clock milliseconds, for flying-squid's lastTickTime. */
  wallNow(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

const REAL_TIMING: TickTiming = {
  now: () => performance.now(),
  wallNow: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout),
};

/** Fixed-rate ticking for flying-squid: replaces its setTickInterval and stopTickInterval. */
export function keepTicksOnSchedule(serv: FsServer, timing: TickTiming = REAL_TIMING): void {
  /** A schedule: its timer, and whether it was stopped (a listener may stop or restart it). */
  type Schedule = { timer: unknown; stopped: boolean };
  let current: Schedule | undefined;
  serv.stopTickInterval();
  serv.stopTickInterval = () => {
    if (current) {
      timing.clearTimeout(current.timer);
      current.stopped = true;
    }
    current = undefined;
  };
  serv.setTickInterval = (ticksPerSecond: number) => {
    serv.stopTickInterval();
    const schedule: Schedule = { timer: undefined, stopped: false };
    current = schedule;
    const period = 1000 / ticksPerSecond;
    let due = timing.now() + period;
    const tick = () => {
      serv.tickCount++;
      const t = timing.wallNow();
      let time = (t - serv.lastTickTime) / 1000;
      if (time > 100) time = 0;
      try {
        serv.emit('tick', time, serv.tickCount);
      } finally {
        serv.lastTickTime = t;
        due += period;
        const now = timing.now();
        if (now - due > MAX_BEHIND_MS) due = now + period;
        if (!schedule.stopped) schedule.timer = timing.setTimeout(tick, Math.max(0, due - now));
      }
    };
    schedule.timer = timing.setTimeout(tick, period);
  };
  serv.setTickInterval(20);
}

export class Ticks {
  private readonly recorder = new TickRecorder();

  constructor(serv: FsServer) {
    serv.prependListener('tick', () => this.recorder.record(performance.now()));
    keepTicksOnSchedule(serv);
  }

  stats(windowSeconds?: number): TickStats {
    return this.recorder.stats(performance.now(), windowSeconds);
  }

  intervalsSince(cursor: number, each: (ms: number) => void): number {
    return this.recorder.intervalsSince(cursor, each);
  }
}
