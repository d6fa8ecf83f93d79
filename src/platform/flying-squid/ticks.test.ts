import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import { keepTicksOnSchedule } from './ticks.ts';
import type { FsServer } from './fs-types.ts';

/** The part of flying-squid's server its tick plugin (tick.js) makes, with its interval stopped. */
function server() {
  const serv = new EventEmitter() as EventEmitter & Pick<FsServer, 'tickCount' | 'lastTickTime' | 'setTickInterval' | 'stopTickInterval'>;
  serv.tickCount = 0;
  serv.lastTickTime = 0;
  serv.stopTickInterval = () => {};
  serv.setTickInterval = () => {};
  const at: number[] = [];
  serv.on('tick', () => at.push(performance.now()));
  keepTicksOnSchedule(serv as unknown as FsServer);
  return { serv, at };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

describe('the tick clock', () => {
  it('holds 20 ticks a second when one tick takes 200 ms: the ticks behind come as soon as they are due', async () => {
    const { serv, at } = server();
    let stalled = false;
    serv.on('tick', () => {
      if (serv.tickCount === 3 && !stalled) {
        stalled = true;
        busy(200);
      }
    });
    await sleep(1560);
    serv.stopTickInterval();
    // flying-squid's setInterval would have lost the 200 ms: about 27 ticks instead of 31.
    assert.ok(at.length >= 30, `${at.length} ticks in 1.56 s`);
    assert.equal(serv.tickCount, at.length);
  });

  it('passes the time since the last tick, in seconds, as flying-squid does', async () => {
    const { serv } = server();
    const deltas: number[] = [];
    serv.on('tick', (delta: number) => deltas.push(delta));
    await sleep(180);
    serv.stopTickInterval();
    assert.ok(deltas.length >= 2);
    for (const d of deltas.slice(1)) assert.ok(d > 0.02 && d < 0.2, `delta ${d}`);
  });

  it('starts a new schedule after a stall of over a second instead of running the missed ticks in a burst', async () => {
    const { serv, at } = server();
    serv.once('tick', () => busy(1300));
    await sleep(1300 + 180);
    serv.stopTickInterval();
    const after = at.filter((t) => t > at[0]! + 1300);
    assert.ok(after.length <= 5, `${after.length} ticks in the 180 ms after the stall (26 were missed)`);
  });

  it('stops; a listener that restarts the clock leaves a single schedule', async () => {
    const { serv, at } = server();
    serv.once('tick', () => serv.setTickInterval(20));
    await sleep(530);
    serv.stopTickInterval();
    const n = at.length;
    assert.ok(n >= 8 && n <= 12, `${n} ticks in 530 ms`);
    await sleep(120);
    assert.equal(at.length, n, 'no tick after the clock stopped');
  });
});
