// In-game commands of the playtime: /playtime [player] and /playtimetop.

import type { CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import { argsFor } from '../../core/commands/command-args.ts';
import { succeeded } from '../../core/commands/command-helpers.ts';
import { command } from '../../core/commands/command-tree.ts';
import type { PlaytimeService } from './playtime.service.ts';

export const PLAYTIME_NODES = {
  own: 'core.playtime',
  /** Admin: another player's time. */
  others: 'core.playtime.others',
  top: 'core.playtime.top',
} as const;

/** Rows /playtimetop shows. */
export const TOP_ROWS = 10;

/** 3725 → "1h 2m 5s"; 0 → "0s". */
export function durationText(seconds: number): string {
  const parts: string[] = [];
  const units: Array<[string, number]> = [
    ['d', 86_400],
    ['h', 3600],
    ['m', 60],
    ['s', 1],
  ];
  let left = Math.max(0, Math.floor(seconds));
  for (const [unit, size] of units) {
    const n = Math.floor(left / size);
    left -= n * size;
    if (n > 0) parts.push(`${n}${unit}`);
  }
  return parts.length ? parts.join(' ') : '0s';
}

export function playtimeCommands(playtime: PlaytimeService, ctx: ModuleContext): CommandDefinition[] {
  const arg = argsFor(ctx);
  return [
    command({
      name: 'playtime',
      aliases: ['pt'],
      permission: PLAYTIME_NODES.own,
      description: 'Shows how long you (or another player) have played, and how much of it away.',
      args: [arg.knownPlayer('player').optional()],
      async run(c, { player }) {
        const me = c.sender.kind === 'player' ? c.sender.player : undefined;
        const target = player ?? me;
        if (!target) return c.reply({ text: 'Name a player: the console has no playtime.', color: 'red' });
        const own = me !== undefined && target.uuid === me.uuid;
        if (!own && !c.has(PLAYTIME_NODES.others)) {
          return c.reply({ text: `You do not have permission (${PLAYTIME_NODES.others}).`, color: 'red' });
        }
        const r = await playtime.get(target.uuid);
        if (!succeeded(c, r)) return;
        const t = r.value;
        const who = own ? 'You have' : `${target.name} has`;
        const sessions = `${t.sessions} session${t.sessions === 1 ? '' : 's'}`;
        c.reply(`${who} played ${durationText(t['total-seconds'])}: ${durationText(t['active-seconds'])} active, ${durationText(t['afk-seconds'])} AFK, in ${sessions}.`);
        if (t['session-seconds'] !== null) c.reply(`This session: ${durationText(t['session-seconds'])}.`);
      },
    }),
    command({
      name: 'playtimetop',
      aliases: ['pttop'],
      permission: PLAYTIME_NODES.top,
      description: `Lists the ${TOP_ROWS} players with the most active (not AFK) time played.`,
      async run(c) {
        const r = await playtime.top(TOP_ROWS);
        if (!succeeded(c, r)) return;
        if (r.value.length === 0) return c.reply('Nobody has played yet.');
        c.reply(`Most active time played (top ${TOP_ROWS}):`);
        r.value.forEach((p, i) => c.reply(`${i + 1}. ${p.name}: ${durationText(p.activeSeconds)} active (${durationText(p.totalSeconds)} in all)`));
      },
    }),
  ];
}
