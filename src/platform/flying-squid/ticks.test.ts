import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { keepTicksOnSchedule, type TickTiming } from './ticks.ts';
import type { FsServer } from './fs-types.ts';

/**
 * A clock of the test's own: time moves only when the test runs it (`runFor`) or a tick's work
 * takes time (`busy`), and timers fire in the order they fall due, each at its time or, when a
 * tick's work overran it, as soon as that work ends. What the loop does is then exact.
 */
function fakeTime() {
  let now = 0;
  let ids = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  const timing: TickTiming = {
    now: () => now,
    wallNow: () => 1_800_000_000_000 + now,
    setTimeout: (run, ms) => {
      timers.set(++ids, { at: now + ms, run });
      return ids;
    },
    clearTimeout: (id) => {
      timers.delete(id as number);
    },
  };
  return {
    timing,
    now: () => now,
    /** The work of a tick takes this long. */
    busy: (ms: number) => {
      now += ms;
    },
    /** Runs the timers that fall due within the next `ms`, then stops the clock at its end. */
    runFor(ms: number) {
      const end = now + ms;
      for (;;) {
        let next: [number, { at: number; run: () => void }] | undefined;
        for (const entry of timers) if (entry[1].at <= end && (next === undefined || entry[1].at < next[1].at)) next = entry;
        if (next === undefined) break;
        timers.delete(next[0]);
        now = Math.max(now, next[1].at);
        next[1].run();
      }
      now = Math.max(now, end);
    },
  };
}

/** The part of flying-squid's server its tick plugin (tick.js) makes, with its interval stopped, on the fake clock. */
function server() {
  const time = fakeTime();
  const serv = new EventEmitter() as EventEmitter & Pick<FsServer, 'tickCount' | 'lastTickTime' | 'setTickInterval' | 'stopTickInterval'>;
  serv.tickCount = 0;
  serv.lastTickTime = 0;
  serv.stopTickInterval = () => {};
  serv.setTickInterval = () => {};
  const at: number[] = [];
  serv.on('tick', () => at.push(time.now()));
  keepTicksOnSchedule(serv as unknown as FsServer, time.timing);
  return { serv, at, time };
}

describe('the tick clock', () => {
  it('holds 20 ticks a second when one tick takes 200 ms: the ticks behind come as soon as they are due', () => {
    const { serv, at, time } = server();
    let stalled = false;
    serv.on('tick', () => {
      if (serv.tickCount === 3 && !stalled) {
        stalled = true;
        time.busy(200);
      }
    });
    time.runFor(1560);
    serv.stopTickInterval();
    // flying-squid's setInterval would have lost the 200 ms: 27 ticks instead of 31.
    assert.equal(at.length, 31, `${at.length} ticks in 1.56 s`);
    assert.equal(serv.tickCount, at.length);
    assert.deepEqual(at.slice(2, 8), [150, 350, 350, 350, 350, 400], 'the four ticks due during the stall run at once after it');
  });

  it('passes the time since the last tick, in seconds, as flying-squid does', () => {
    const { serv, time } = server();
    const deltas: number[] = [];
    serv.on('tick', (delta: number) => deltas.push(delta));
    time.runFor(180);
    serv.stopTickInterval();
    assert.equal(deltas.length, 3);
    // The first has no last tick to measure from (lastTickTime 0: over 100 s ago, so 0).
    assert.deepEqual(deltas, [0, 0.05, 0.05]);
  });

  it('starts a new schedule after a stall of over a second instead of running the missed ticks in a burst', () => {
    const { serv, at, time } = server();
    serv.once('tick', () => time.busy(1300));
    time.runFor(1300 + 180);
    serv.stopTickInterval();
    const after = at.filter((t) => t > at[0]! + 1300);
    assert.ok(after.length <= 5, `${after.length} ticks in the 180 ms after the stall (26 were missed)`);
    assert.deepEqual(after, [1400, 1450], 'a fresh schedule from the end of the stall');
  });

  it('stops; a listener that restarts the clock leaves a single schedule', () => {
    const { serv, at, time } = server();
    serv.once('tick', () => serv.setTickInterval(20));
    time.runFor(530);
    serv.stopTickInterval();
    const n = at.length;
    assert.equal(n, 10, `${n} ticks in 530 ms`);
    time.runFor(120);
    assert.equal(at.length, n, 'no tick after the clock stopped');
  });
});
