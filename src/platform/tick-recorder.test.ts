import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TickRecorder } from './tick-recorder.ts';

/** A recorder that ticked at `start`, then after each of `gaps` in turn; returns it and the clock. */
function ticked(gaps: readonly number[], start = 1000) {
  const r = new TickRecorder();
  let now = start;
  r.record(now);
  for (const g of gaps) {
    now += g;
    r.record(now);
  }
  return { r, now };
}

describe('TickRecorder.stats', () => {
  it('answers zeros before two ticks gave an interval', () => {
    const r = new TickRecorder();
    assert.deepEqual(r.stats(0), { windowSeconds: 0, ticks: 0, ticksPerSecond: 0, p50Ms: 0, p99Ms: 0, maxMs: 0, sinceLastMs: 0 });
    r.record(10);
    const s = r.stats(30);
    assert.equal(s.ticks, 0);
    assert.equal(s.sinceLastMs, 20);
  });

  it('counts 20 ticks per second for a steady 50 ms loop', () => {
    const { r, now } = ticked(Array(1200).fill(50));
    const s = r.stats(now);
    assert.equal(s.windowSeconds, 60);
    assert.equal(s.ticks, 1200);
    assert.equal(s.ticksPerSecond, 20);
    assert.deepEqual([s.p50Ms, s.p99Ms, s.maxMs], [50, 50, 50]);
  });

  it('takes p50 and p99 by nearest rank and the longest gap as the maximum', () => {
    // 100 intervals: 97 of 50 ms, then 60, 70 and one stall of 400 ms.
    const { r, now } = ticked([...Array(97).fill(50), 60, 70, 400]);
    const s = r.stats(now);
    assert.equal(s.ticks, 100);
    assert.equal(s.p50Ms, 50);
    assert.equal(s.p99Ms, 70);
    assert.equal(s.maxMs, 400);
  });

  it('shows a blocked loop as fewer ticks per second', () => {
    // One second of ticks, then a 1 s stall: 21 intervals over 2 s.
    const { r, now } = ticked([...Array(20).fill(50), 1000]);
    const s = r.stats(now);
    assert.equal(s.windowSeconds, 2);
    assert.equal(s.ticksPerSecond, 10.5);
    assert.equal(s.maxMs, 1000);
  });

  it('covers only the last window: older intervals drop out', () => {
    // A 500 ms stall, then 30 s of steady ticks: the stall is in the last minute, not the last 10 s.
    const { r, now } = ticked([500, ...Array(600).fill(50)]);
    assert.equal(r.stats(now, 60).maxMs, 500);
    const last10 = r.stats(now, 10);
    assert.equal(last10.windowSeconds, 10);
    assert.equal(last10.ticks, 200);
    assert.equal(last10.maxMs, 50);
    assert.equal(last10.ticksPerSecond, 20);
  });

  it('keeps the window within 1 to 60 seconds', () => {
    const { r, now } = ticked(Array(2000).fill(50));
    assert.equal(r.stats(now, 600).windowSeconds, 60);
    assert.equal(r.stats(now, 600).ticks, 1200);
    assert.equal(r.stats(now, 0).windowSeconds, 1);
  });

  it('forgets the oldest intervals beyond its capacity without losing the last minute', () => {
    // 10,000 ticks at 5 ms (far above the normal rate) overflow the ring; the last second is whole.
    const { r, now } = ticked(Array(10_000).fill(5));
    const s = r.stats(now, 1);
    assert.equal(s.ticks, 200);
    assert.equal(s.ticksPerSecond, 200);
  });

  it('tells how long ago the last tick was, so a loop blocked now is seen', () => {
    const { r, now } = ticked(Array(40).fill(50));
    assert.equal(r.stats(now + 750).sinceLastMs, 750);
  });
});
