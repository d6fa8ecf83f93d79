// Chunk sending paced against the game loop. flying-squid sends each player the chunks around them
// (on join and whenever they cross into a new chunk) as a chain of its own per player: generate or
// load the column, serialise it (light included), compress it (zlib, synchronously), write it. With
// 20 players walking, 20 such chains kept the loop busy back to back: the ticks benchmark measured
// 7.5 ticks per second and 0.9 s gaps. The pacer runs every player's chunk sends through one queue,
// one send at a time, with at most `budgetMs` of them in any `periodMs` (15 of every 50 ms: a tick
// is 50 ms), so ticks, HTTP and the rest of the game always get most of each tick. Chunks arrive a
// little later under load; nothing is dropped.

import { performance } from 'node:perf_hooks';
import type { AdapterContext } from './context.ts';

export interface PacerOptions {
  /** Time chunk sends may use in each period, milliseconds. */
  budgetMs?: number;
  periodMs?: number;
  /** A monotonic clock in milliseconds (tests pass their own). */
  now?: () => number;
  /** Waits `ms` milliseconds (tests pass their own). */
  wait?: (ms: number) => Promise<void>;
}

interface Job {
  task: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());
const yieldToLoop = () => new Promise<void>((r) => setImmediate(r));

export class ChunkPacer {
  private readonly queue: Job[] = [];
  private readonly budgetMs: number;
  private readonly periodMs: number;
  private readonly now: () => number;
  private readonly wait: (ms: number) => Promise<void>;
  private draining = false;
  private periodStart = 0;
  private used = 0;

  constructor(options: PacerOptions = {}) {
    this.budgetMs = options.budgetMs ?? 15;
    this.periodMs = options.periodMs ?? 50;
    this.now = options.now ?? (() => performance.now());
    this.wait = options.wait ?? pause;
  }

  /** Jobs waiting for their turn. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Runs `task` in its turn (first come, first served) and answers what it answers. */
  run<T>(task: () => T | Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ task, resolve: resolve as (v: unknown) => void, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      // Work that queued in the same turn of the loop starts after it.
      await yieldToLoop();
      for (let job = this.queue.shift(); job; job = this.queue.shift()) {
        let t = this.now();
        if (t - this.periodStart >= this.periodMs) {
          this.periodStart = t;
          this.used = 0;
        }
        if (this.used >= this.budgetMs) {
          await this.wait(this.periodMs - (t - this.periodStart));
          t = this.now();
          this.periodStart = t;
          this.used = 0;
        }
        try {
          job.resolve(await job.task());
        } catch (e) {
          job.reject(e);
        }
        this.used += this.now() - t;
      }
    } finally {
      this.draining = false;
    }
  }
}

/** Wraps each player's sendChunk so that every chunk send goes through one pacer. */
export function paceChunkSends(ctx: AdapterContext, pacer = new ChunkPacer()): ChunkPacer {
  ctx.onAttach((session) => {
    const player = session.fs;
    const send = player.sendChunk.bind(player);
    // A player who left while their chunks waited is not written to.
    player.sendChunk = (x, z, column) => pacer.run(() => (player._client.ended ? undefined : send(x, z, column)));
  });
  return pacer;
}
