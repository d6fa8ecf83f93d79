// The game loop's tick intervals, recorded as they happen and summarised on demand: ticks per
// second and the interval's p50, p99 and maximum over a recent window (the `tps` console command,
// and the ticks benchmark reads it). Recording is two stores into fixed arrays, cheap enough to
// stay on always; the summary sorts at most one window of intervals when someone asks.

/** The game loop's timing over a recent window. */
export interface TickStats {
  /** The window the figures cover, seconds (shorter than asked while the server has just started). */
  windowSeconds: number;
  /** Intervals measured in the window. */
  ticks: number;
  ticksPerSecond: number;
  /** Interval between two ticks, milliseconds (0 when no interval was measured). */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Time since the last tick, milliseconds: a loop blocked right now shows here first. */
  sinceLastMs: number;
}

/** Enough for a minute at three times the normal rate (20 per second). */
const CAPACITY = 4096;
export const MAX_WINDOW_SECONDS = 60;

export class TickRecorder {
  private readonly at = new Float64Array(CAPACITY);
  private readonly gap = new Float64Array(CAPACITY);
  /** Intervals recorded so far (the newest is at (count - 1) % CAPACITY). */
  private count = 0;
  private last: number | undefined;
  private first: number | undefined;

  /** A tick happened at `now` (milliseconds, a monotonic clock). */
  record(now: number): void {
    if (this.last !== undefined) {
      const i = this.count % CAPACITY;
      this.at[i] = now;
      this.gap[i] = now - this.last;
      this.count++;
    } else this.first = now;
    this.last = now;
  }

  /**
   * Hands `each` every interval (ms) recorded after `cursor` (0, or what the last call returned),
   * oldest first, and returns the new cursor: the metrics' tick histogram takes the ticks since its
   * last scrape this way, so a tick costs nothing more. Intervals older than the ring (4096 ticks,
   * about 200 s at 20 a second) are gone and skipped.
   */
  intervalsSince(cursor: number, each: (ms: number) => void): number {
    for (let n = Math.max(cursor, this.count - CAPACITY); n < this.count; n++) each(this.gap[n % CAPACITY]!);
    return this.count;
  }

  /** The intervals that ended in the last `windowSeconds` (1 to 60) before `now`. */
  stats(now: number, windowSeconds = MAX_WINDOW_SECONDS): TickStats {
    const window = Math.min(MAX_WINDOW_SECONDS, Math.max(1, windowSeconds)) * 1000;
    const since = now - window;
    const gaps: number[] = [];
    for (let n = this.count - 1; n >= 0 && n >= this.count - CAPACITY; n--) {
      const i = n % CAPACITY;
      if (this.at[i]! <= since) break;
      gaps.push(this.gap[i]!);
    }
    gaps.sort((a, b) => a - b);
    const span = this.first === undefined ? 0 : Math.min(window, now - this.first);
    const rank = (p: number) => (gaps.length === 0 ? 0 : gaps[Math.max(0, Math.ceil(p * gaps.length) - 1)]!);
    return {
      windowSeconds: span / 1000,
      ticks: gaps.length,
      ticksPerSecond: span > 0 ? (gaps.length * 1000) / span : 0,
      p50Ms: rank(0.5),
      p99Ms: rank(0.99),
      maxMs: gaps.length === 0 ? 0 : gaps[gaps.length - 1]!,
      sinceLastMs: this.last === undefined ? 0 : now - this.last,
    };
  }
}
