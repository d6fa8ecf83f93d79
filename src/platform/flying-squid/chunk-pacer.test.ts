import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ChunkPacer } from './chunk-pacer.ts';

/** A pacer on a manual clock: each task "costs" the time it adds; waits advance the clock. */
function paced(budgetMs = 15, periodMs = 50) {
  let clock = 1000;
  const waits: number[] = [];
  const pacer = new ChunkPacer({
    budgetMs,
    periodMs,
    now: () => clock,
    wait: async (ms) => {
      waits.push(ms);
      clock += ms;
    },
  });
  /** A send costing `ms`; it notes the clock at which it started. */
  const send = (ms: number, starts: number[]) => () => {
    starts.push(clock);
    clock += ms;
    return ms;
  };
  return { pacer, waits, send, clock: () => clock };
}

describe('ChunkPacer', () => {
  it('runs sends within the budget of each period and waits for the next period beyond it', async () => {
    const { pacer, waits, send } = paced(15, 50);
    const starts: number[] = [];
    await Promise.all(Array.from({ length: 7 }, () => pacer.run(send(5, starts))));
    // Three 5 ms sends fill the 15 ms budget; the rest of the 50 ms period is left to the game.
    assert.deepEqual(starts, [1000, 1005, 1010, 1050, 1055, 1060, 1100]);
    assert.deepEqual(waits, [35, 35]);
  });

  it('answers each send in the order they came, with its own value or error', async () => {
    const { pacer } = paced();
    const order: string[] = [];
    const a = pacer.run(() => (order.push('a'), 'A'));
    const b = pacer.run(async () => {
      order.push('b');
      throw new Error('the client left');
    });
    const c = pacer.run(() => (order.push('c'), 'C'));
    assert.equal(await a, 'A');
    await assert.rejects(b, /the client left/);
    assert.equal(await c, 'C');
    assert.deepEqual(order, ['a', 'b', 'c']);
    assert.equal(pacer.waiting, 0);
  });

  it('lets one send longer than the budget finish, then rests for the rest of its period', async () => {
    const { pacer, waits, send } = paced(15, 50);
    const starts: number[] = [];
    await Promise.all([pacer.run(send(40, starts)), pacer.run(send(5, starts))]);
    assert.deepEqual(starts, [1000, 1050]);
    assert.deepEqual(waits, [10]);
  });

  it('does not wait when the sends stay within the budget', async () => {
    const { pacer, waits, send } = paced(15, 50);
    const starts: number[] = [];
    await pacer.run(send(5, starts));
    await pacer.run(send(5, starts));
    assert.deepEqual(waits, []);
  });
});
