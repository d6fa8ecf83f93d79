// In-game commands of the votes: /vote (where to vote, your totals, the party) and /votetop [period].

import type { CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import { argsFor } from '../../core/commands/command-args.ts';
import { succeeded } from '../../core/commands/command-helpers.ts';
import { command } from '../../core/commands/command-tree.ts';
import type { VotesConfig } from './votes.config.ts';
import { PERIODS } from './votes.schemas.ts';
import type { VotesService } from './votes.service.ts';

export const VOTE_NODES = {
  vote: 'core.vote',
  top: 'core.vote.top',
} as const;

export const TOP_ROWS = 10;

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
        if (links.length === 0) c.reply('No vote sites are set up.');
        else c.reply('Vote for this server:');
        for (const url of links) c.reply({ text: url, color: 'aqua', underlined: true, clickEvent: { action: 'open_url', value: url } });
        if (c.sender.kind === 'player') {
          const r = await votes.get(c.sender.player.uuid);
          if (!succeeded(c, r)) return;
          const t = r.value.totals;
          c.reply(`Your votes: ${t['all-time']} in all, ${t.monthly} this month, ${t.weekly} this week, ${t.daily} today.`);
        }
        const p = await votes.party();
        if (!succeeded(c, p)) return;
        c.reply(`Vote party: ${p.value.progress}/${p.value.goal} votes (${p.value.remaining} to go).`);
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
        if (r.value.entries.length === 0) return c.reply(`Nobody has voted (${which}).`);
        c.reply(`Most votes (${which}):`);
        for (const e of r.value.entries) c.reply(`${e.rank}. ${e['player-name']}: ${e.votes} vote${e.votes === 1 ? '' : 's'}`);
      },
    }),
  ];
}
