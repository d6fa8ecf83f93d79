import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { createConsoleSink, type ConsoleStream } from './log-console.ts';

/** A console stream that fails as a closed pipe does: the write is taken, the error comes later as an event. */
class PipeStream extends EventEmitter implements ConsoleStream {
  written: string[] = [];
  closed = false;
  failedWrites = 0;
  write(chunk: string): boolean {
    if (!this.closed) this.written.push(chunk);
    else if (this.failedWrites++ === 0)
      process.nextTick(() => this.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })));
    return true;
  }
}

const record = (level: 'info' | 'error', msg: string) => ({ time: new Date(), level, name: '', msg });

describe('the console log sink', () => {
  it('sends info and warnings to standard output, errors to standard error', () => {
    const stdout = new PipeStream();
    const stderr = new PipeStream();
    const sink = createConsoleSink({ stdout, stderr });
    sink.write(record('info', 'fine'));
    sink.write(record('error', 'bad'));
    assert.match(stdout.written.join(''), /INFO fine\n$/);
    assert.match(stderr.written.join(''), /ERROR bad\n$/);
  });

  it('stops writing to a stream once its pipe is closed, tells it once, and goes on with the other', async () => {
    const stdout = new PipeStream();
    const stderr = new PipeStream();
    const broken: string[] = [];
    const sink = createConsoleSink({ stdout, stderr, onBroken: (name, e) => broken.push(`${name}: ${(e as Error).message}`) });
    stdout.closed = true;
    sink.write(record('info', 'into the closed pipe'));
    await new Promise((r) => setImmediate(r));
    for (let i = 0; i < 100; i++) sink.write(record('info', `more ${i}`));
    // Another writer of the same stream (readline's prompt) fails too: handled, never uncaught.
    stdout.emit('error', new Error('write after end'));
    sink.write(record('error', 'still on standard error'));
    assert.deepEqual(broken, ['standard output: write EPIPE']);
    assert.equal(stdout.failedWrites, 1, 'one failed write, none after it');
    assert.match(stderr.written.join(''), /still on standard error/);
  });
});
