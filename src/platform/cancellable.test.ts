import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { emitCancellable } from './cancellable.ts';
import type { PlatformEvents } from './platform.ts';

const player = { uuid: '40f5db53-a47a-33ee-b1f6-db0e20deded4', name: 'Alice', address: '127.0.0.1' };
const block = { world: 'world', x: 1, y: 2, z: 3, material: 'stone' };

describe('a cancellable event', () => {
  it('is cancelled by a handler that calls cancel() while it runs, and says so to later handlers', () => {
    const seen: boolean[] = [];
    const handlers = [(e: PlatformEvents['blockBreak']) => e.cancel(), (e: PlatformEvents['blockBreak']) => seen.push(e.cancelled)];
    const cancelled = emitCancellable((_, data: PlatformEvents['blockBreak']) => handlers.forEach((h) => h(data)), 'blockBreak', { player, block });
    assert.equal(cancelled, true);
    assert.deepEqual(seen, [true]);
  });

  it('is not cancelled by a cancel() after the handlers have run', () => {
    let later: (() => void) | undefined;
    const cancelled = emitCancellable(
      (_, data: PlatformEvents['blockBreak']) => {
        later = () => data.cancel();
      },
      'blockBreak',
      { player, block },
    );
    later!();
    assert.equal(cancelled, false);
  });
});
