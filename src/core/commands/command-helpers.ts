// Small pieces every module's commands use.

import type { OnlinePlayer } from '../../platform/platform.ts';
import type { CommandContext } from './commands.ts';
import type { Result } from '../kernel/result.ts';

/** Tells the sender a declined result in red; true (and the value narrowed) when it succeeded. */
export function succeeded<T>(c: CommandContext, r: Result<T>): r is { ok: true; value: T } {
  if (!r.ok) c.reply({ text: r.message, color: 'red' });
  return r.ok;
}

/** The player who sent a player-only command (the framework refuses those at the console). */
export function senderPlayer(c: CommandContext): OnlinePlayer {
  if (c.sender.kind !== 'player') throw new Error('a player-only command ran at the console');
  return c.sender.player;
}
