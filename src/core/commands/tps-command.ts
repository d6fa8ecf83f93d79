// `tps [seconds]`: how the game loop keeps up, measured inside the server (the platform records
// every tick's interval): ticks per second and the interval's p50, p99 and maximum over the last
// minute, or the last 1 to 60 seconds. One line, for an operator at the console or a player holding
// core.tps; the ticks benchmark (bench/figures/ticks.ts) reads the same line.

import { arg } from './command-args.ts';
import type { CommandDefinition } from './commands.ts';
import { command } from './command-tree.ts';
import type { GamePlatform, TextComponent } from '../../platform/platform.ts';
import { MAX_WINDOW_SECONDS, type TickStats } from '../../platform/tick-recorder.ts';

/** An admin node: nobody holds it until it is granted (the console holds every node). */
export const TPS_NODE = 'core.tps';
/** Normal rate of the game loop. */
const TICKS_PER_SECOND = 20;

const ms = (n: number) => n.toFixed(1);

/** The reply, e.g. `TPS 20.0 over the last 60 s (1200 ticks); tick interval p50 50.1 ms, p99 52.3 ms, max 61.0 ms`. */
export function tpsLine(s: TickStats): TextComponent {
  const color = s.ticksPerSecond >= TICKS_PER_SECOND * 0.975 ? 'green' : s.ticksPerSecond >= TICKS_PER_SECOND * 0.75 ? 'yellow' : 'red';
  return {
    text: `TPS ${s.ticksPerSecond.toFixed(2)}`,
    color,
    extra: [
      {
        text: ` over the last ${Math.round(s.windowSeconds)} s (${s.ticks} ticks); tick interval p50 ${ms(s.p50Ms)} ms, p99 ${ms(s.p99Ms)} ms, max ${ms(s.maxMs)} ms; last tick ${ms(s.sinceLastMs)} ms ago`,
        color: 'gray',
      },
    ],
  };
}

export function tpsCommand(platform: Pick<GamePlatform, 'tickStats'>): CommandDefinition {
  return command({
    name: 'tps',
    permission: TPS_NODE,
    description: `Ticks per second and tick intervals (p50, p99, max) over the last minute, or the last 1-${MAX_WINDOW_SECONDS} seconds.`,
    args: [arg.integer('seconds', { min: 1, max: MAX_WINDOW_SECONDS }).optional()],
    run(ctx, { seconds }) {
      ctx.reply(tpsLine(platform.tickStats(seconds ?? MAX_WINDOW_SECONDS)));
    },
  });
}
