// In-game commands of the playtime: /playtime [player] and /playtimetop.

import type { CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import { argsFor } from '../../core/commands/command-args.ts';
import { succeeded } from '../../core/commands/command-helpers.ts';
import { command } from '../../core/commands/command-tree.ts';
import { duration } from '../../core/messages/catalogue.ts';
import { msg } from './playtime.messages.ts';
import type { PlaytimeService } from './playtime.service.ts';

export const PLAYTIME_NODES = {
  own: 'core.playtime',
  /** Admin: another player's time. */
  others: 'core.playtime.others',
  top: 'core.playtime.top',
} as const;

/** Rows /playtimetop shows. */
export const TOP_ROWS = 10;

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
        if (!target) return c.reply(msg('playtime.console'));
        const own = me !== undefined && target.uuid === me.uuid;
        if (!own && !c.has(PLAYTIME_NODES.others)) return c.reply(msg('playtime.others-denied', { permission: PLAYTIME_NODES.others }));
        const r = await playtime.get(target.uuid);
        if (!succeeded(c, r)) return;
        const t = r.value;
        const times = {
          total: duration(t['total-seconds']),
          active: duration(t['active-seconds']),
          away: duration(t['afk-seconds']),
          sessions: t.sessions === 1 ? msg('playtime.one-session') : msg('playtime.sessions', { count: t.sessions }),
        };
        c.reply(own ? msg('playtime.own', times) : msg('playtime.other', { player: target.name, ...times }));
        const session = t['session-seconds'];
        if (session !== null) c.reply(own ? msg('playtime.session', { time: duration(session) }) : msg('playtime.session-other', { player: target.name, time: duration(session) }));
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
        if (r.value.length === 0) return c.reply(msg('playtime.top-empty'));
        c.reply(msg('playtime.top', { count: TOP_ROWS }));
        r.value.forEach((p, i) => c.reply(msg('playtime.top-row', { rank: i + 1, player: p.name, active: duration(p.activeSeconds), total: duration(p.totalSeconds) })));
      },
    }),
  ];
}
