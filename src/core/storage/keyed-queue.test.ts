import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createKeyedQueue } from './keyed-queue.ts';

const tick = () => new Promise((r) => setImmediate(r));

describe('keyed queue', () => {
  it('runs the work of one key one at a time, in order, and other keys alongside', async () => {
    const q = createKeyedQueue();
    const log: string[] = [];
    const job = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      await tick();
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([q.run('a', job('a1')), q.run('a', job('a2')), q.run('b', job('b1'))]);
    assert.deepEqual(results, ['a1', 'a2', 'b1']);
    assert.ok(log.indexOf('a1 end') < log.indexOf('a2 start'), log.join(', '));
    assert.ok(log.indexOf('b1 start') < log.indexOf('a1 end'), log.join(', '));
  });

  it('goes on after a failure, which reaches only its own caller', async () => {
    const q = createKeyedQueue();
    await assert.rejects(q.run('a', async () => Promise.reject(new Error('boom'))), /boom/);
    assert.equal(await q.run('a', async () => 'next'), 'next');
    await q.idle();
  });
});
