// The game loop's tick intervals, measured inside the server: flying-squid ticks from a
// setInterval of 50 ms (tick.js) that emits 'tick'; the first listener notes the time, before the
// game's own tick work (entities, block updates, the day cycle) runs, so the intervals are those
// of the loop itself. Always on (two array stores a tick); summarised by `tps`.

import { performance } from 'node:perf_hooks';
import { TickRecorder, type TickStats } from '../tick-recorder.ts';
import type { FsServer } from './fs-types.ts';

export class Ticks {
  private readonly recorder = new TickRecorder();

  constructor(serv: FsServer) {
    serv.prependListener('tick', () => this.recorder.record(performance.now()));
  }

  stats(windowSeconds?: number): TickStats {
    return this.recorder.stats(performance.now(), windowSeconds);
  }
}
