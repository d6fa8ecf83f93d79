// Small pieces every module's commands use.

import type { OnlinePlayer } from '../../platform/platform.ts';
import type { CommandContext } from './commands.ts';
import { failureFor, type Failure, type Result } from '../kernel/result.ts';

/**
 * Tells the sender a declined result: its words for players in their language when it has them
 * (src/core/kernel/result.ts, `tell`), else its message in red. True (and the value narrowed) when
 * it succeeded.
 */
export function succeeded<T>(c: CommandContext, r: Result<T>): r is { ok: true; value: T } {
  if (!r.ok) tellFailure(c, r);
  return r.ok;
}

/** Tells the sender a failure: its words for players in their language when it has them, else its message in red. */
export function tellFailure(c: CommandContext, f: Failure): void {
  c.reply(failureFor(f, c.sender.kind === 'player' ? c.sender.player.uuid : undefined) ?? { text: f.message, color: 'red' });
}

/** The player who sent a player-only command (the framework refuses those at the console). */
export function senderPlayer(c: CommandContext): OnlinePlayer {
  if (c.sender.kind !== 'player') throw new Error('a player-only command ran at the console');
  return c.sender.player;
}
