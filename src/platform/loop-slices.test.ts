import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { LoopSlices } from './loop-slices.ts';

/** Holds the loop for `ms`, as serialising a chunk does. */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

/**
 * A burst of `count` pieces of `pieceMs` each, run one after the other the way a player's packet
 * stream takes them (the next piece starts when the one before is done); resolves with their order.
 */
function burst(slices: LoopSlices, count: number, pieceMs: number, onPiece: (i: number) => void = () => {}): Promise<number[]> {
  const done: number[] = [];
  return new Promise((resolve) => {
    const piece = (i: number): void => {
      if (i === count) return resolve(done);
      if (!slices.mayRun()) return slices.later(() => piece(i));
      busy(pieceMs);
      done.push(i);
      onPiece(i);
      piece(i + 1);
    };
    piece(0);
  });
}

describe('LoopSlices', () => {
  it('lets a timer that falls due run in the middle of a burst that would hold the loop for 120 ms', async () => {
    const slices = new LoopSlices(4);
    let doneWhenTimerRan = -1;
    let done = 0;
    setTimeout(() => (doneWhenTimerRan = done), 0);
    const order = await burst(slices, 60, 2, () => done++);
    assert.deepEqual(order, [...Array(60).keys()], 'every piece ran, in order');
    assert.ok(doneWhenTimerRan >= 1 && doneWhenTimerRan < 60, `the timer ran after ${doneWhenTimerRan} of 60 pieces`);
  });

  it('lets I/O that arrives during a burst be answered before the burst ends', async () => {
    const { createServer, connect } = await import('node:net');
    const server = createServer((s) => s.on('data', () => s.write('pong')));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const socket = connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    try {
      const slices = new LoopSlices(4);
      let done = 0;
      let doneWhenAnswered = -1;
      socket.once('data', () => (doneWhenAnswered = done));
      socket.write('ping');
      await burst(slices, 100, 2, () => done++);
      assert.ok(doneWhenAnswered >= 0 && doneWhenAnswered < 100, `the ping was answered after ${doneWhenAnswered} of 100 pieces`);
    } finally {
      socket.destroy();
      await new Promise((r) => server.close(r));
    }
  });

  it('runs a short piece of work at once, in the same turn', async () => {
    const slices = new LoopSlices(4);
    let ranAtOnce = false;
    const turn = slices.turn().then(() => (ranAtOnce = true));
    await Promise.resolve();
    assert.equal(ranAtOnce, true);
    await turn;
  });

  it('holds work back to a later turn once the turn has used its slice, and then runs it', async () => {
    let now = 0;
    const slices = new LoopSlices(4, () => now);
    assert.equal(slices.mayRun(), true);
    now = 5;
    assert.equal(slices.mayRun(), false, 'the slice of this turn is spent');
    let ran = false;
    const waited = slices.turn().then(() => (ran = true));
    await Promise.resolve();
    assert.equal(ran, false, 'held back');
    await waited;
    assert.equal(ran, true, 'run in a later turn, which opened a new slice');
  });
});
