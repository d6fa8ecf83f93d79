// Time comes from a clock passed in, so tests can move it.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test sets by hand. */
export function manualClock(start = new Date('2026-01-01T00:00:00Z')): Clock & { advance(seconds: number): void; set(d: Date): void } {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance: (seconds: number) => {
      t += seconds * 1000;
    },
    set: (d: Date) => {
      t = d.getTime();
    },
  };
}
