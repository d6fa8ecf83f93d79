// Small pieces every module's commands use.

import type { OnlinePlayer } from '../../platform/platform.ts';
import type { CommandContext } from './commands.ts';
import { failureFor, type Result } from '../kernel/result.ts';

/**
 * Tells the sender a declined result: its words for players in their language when it has them
 * (src/core/kernel/result.ts, `tell`), else its message in red. True (and the value narrowed) when
 * it succeeded.
 */
export function succeeded<T>(c: CommandContext, r: Result<T>): r is { ok: true; value: T } {
  if (!r.ok) c.reply(failureFor(r, c.sender.kind === 'player' ? c.sender.player.uuid : undefined) ?? { text: r.message, color: 'red' });
  return r.ok;
}

/** The player who sent a player-only command (the framework refuses those at the console). */
export function senderPlayer(c: CommandContext): OnlinePlayer {
  if (c.sender.kind !== 'player') throw new Error('a player-only command ran at the console');
  return c.sender.player;
}
