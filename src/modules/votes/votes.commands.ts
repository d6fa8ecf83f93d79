// In-game commands of the votes: /vote (where to vote, your totals, the party) and /votetop [period].

import type { CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import { argsFor } from '../../core/commands/command-args.ts';
import { succeeded } from '../../core/commands/command-helpers.ts';
import { command } from '../../core/commands/command-tree.ts';
import type { VotesConfig } from './votes.config.ts';
import { PERIODS } from './votes.schemas.ts';
import type { VotesService } from './votes.service.ts';
import { msg } from './votes.messages.ts';

export const VOTE_NODES = {
  vote: 'core.vote',
  top: 'core.vote.top',
} as const;

export const TOP_ROWS = 10;

const PERIOD_WORDS = { 'all-time': 'votes.all-time', monthly: 'votes.monthly', weekly: 'votes.weekly', daily: 'votes.daily' } as const;

export function votesCommands(votes: VotesService, ctx: ModuleContext, config: () => VotesConfig): CommandDefinition[] {
  const arg = argsFor(ctx);
  return [
    command({
      name: 'vote',
      aliases: ['votes'],
      permission: VOTE_NODES.vote,
      description: 'Shows where to vote, your vote totals and the vote party.',
      async run(c) {
        const links = config().links;
        c.reply(links.length === 0 ? msg('votes.no-sites') : msg('votes.sites'));
        for (const url of links) c.reply({ text: url, color: 'aqua', underlined: true, clickEvent: { action: 'open_url', value: url } });
        if (c.sender.kind === 'player') {
          const r = await votes.get(c.sender.player.uuid);
          if (!succeeded(c, r)) return;
          const t = r.value.totals;
          c.reply(msg('votes.totals', { all: t['all-time'], month: t.monthly, week: t.weekly, today: t.daily }));
        }
        const p = await votes.party();
        if (!succeeded(c, p)) return;
        c.reply(msg('votes.party-state', { progress: p.value.progress, goal: p.value.goal, remaining: p.value.remaining }));
      },
    }),
    command({
      name: 'votetop',
      permission: VOTE_NODES.top,
      description: `Lists the ${TOP_ROWS} players with the most votes (all-time, monthly, weekly or daily).`,
      args: [arg.choice('period', PERIODS).optional()],
      async run(c, { period }) {
        const which = period ?? 'all-time';
        const r = await votes.top(which, TOP_ROWS);
        if (!succeeded(c, r)) return;
        const named = msg(PERIOD_WORDS[which]);
        if (r.value.entries.length === 0) return c.reply(msg('votes.top-empty', { period: named }));
        c.reply(msg('votes.top', { period: named }));
        for (const e of r.value.entries) {
          const player = e['player-name'];
          c.reply(e.votes === 1 ? msg('votes.top-row-one', { rank: e.rank, player }) : msg('votes.top-row', { rank: e.rank, player, votes: e.votes }));
        }
      },
    }),
  ];
}
