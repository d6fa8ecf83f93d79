// In-game commands of the ranks: /rankup, /prestige, /ranks (the ladder), /rank (your standing, or
// a player's) and the admin /rank set <player> <rank>.

import { argsFor } from '../../core/commands/command-args.ts';
import { senderPlayer, succeeded } from '../../core/commands/command-helpers.ts';
import { command, sub } from '../../core/commands/command-tree.ts';
import type { CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import type { Money } from '../../core/values/schemas.ts';
import type { Rung } from './ranks.schemas.ts';
import { duration, type RanksService } from './ranks.service.ts';

export const RANK_NODES = {
  rankup: 'core.rank.rankup',
  prestige: 'core.rank.prestige',
  list: 'core.rank.list',
  /** Admin: see another player's standing. */
  others: 'core.rank.others',
  /** Admin: put a player on a rung without cost or requirements. */
  set: 'core.rank.set',
} as const;

export function ranksCommands(ranks: RanksService, ctx: ModuleContext<'economy'>): CommandDefinition[] {
  const arg = argsFor(ctx);
  const fmt = (m: Money) => ctx.api.economy.format(m);
  const rungNames = () => {
    const l = ranks.ladder();
    return l.ok ? l.value.ranks.map((r) => r.name) : [];
  };
  const needs = (r: Rung) => {
    const parts = [`cost ${fmt(r.cost)}`];
    if (r['min-playtime-seconds'] > 0) parts.push(`playtime ${duration(r['min-playtime-seconds'])}`);
    if (r['min-balance'].amount > 0) parts.push(`balance ${fmt(r['min-balance'])}`);
    return parts.join(', ');
  };

  return [
    command({
      name: 'rankup',
      permission: RANK_NODES.rankup,
      description: 'Climbs one rung of the rank ladder, paying its cost.',
      playerOnly: true,
      args: [],
      async run(c) {
        const r = await ranks.rankup(senderPlayer(c).uuid, c.actor);
        if (!succeeded(c, r)) return;
        const paid = r.value.paid.amount > 0 ? ` for ${fmt(r.value.paid)}` : '';
        c.reply({ text: `You ranked up to ${r.value.standing.rank}${paid}.`, color: 'green' });
      },
    }),
    command({
      name: 'prestige',
      permission: RANK_NODES.prestige,
      description: 'From the top rank, starts the ladder again with one prestige more.',
      playerOnly: true,
      args: [],
      async run(c) {
        const r = await ranks.prestige(senderPlayer(c).uuid, c.actor);
        if (!succeeded(c, r)) return;
        c.reply({ text: `You prestiged: prestige ${r.value.standing.prestige}, back on ${r.value.standing.rank}.`, color: 'green' });
      },
    }),
    command({
      name: 'ranks',
      permission: RANK_NODES.list,
      description: 'Shows the rank ladder and what each rung needs.',
      args: [],
      async run(c) {
        const l = ranks.ladder();
        if (!succeeded(c, l)) return;
        let mine: string | undefined;
        if (c.sender.kind === 'player') {
          const s = await ranks.status(c.sender.player.uuid);
          if (s.ok) mine = s.value.standing?.rank;
        }
        c.reply(`Ranks (${l.value.ranks.length}):`);
        for (const r of l.value.ranks) {
          c.reply(`${r.position}. ${r.name}${r.name === mine ? ' (you)' : ''}: ${needs(r)}`);
        }
        const max = l.value['max-prestige'];
        c.reply(`Prestige from ${l.value.ranks.at(-1)?.name}: ${fmt(l.value['prestige-cost'])}${max ? `, at most ${max}` : ''}.`);
      },
    }),
    command({
      name: 'rank',
      permission: RANK_NODES.list,
      description: 'Shows your rank (or a player’s) and the next rung; /rank set puts a player on a rung.',
      args: [arg.knownPlayer('player').optional()],
      async run(c, { player }) {
        let uuid: string;
        let who = 'You';
        if (player !== undefined && !(c.sender.kind === 'player' && c.sender.player.uuid === player.uuid)) {
          if (!c.has(RANK_NODES.others)) return c.reply({ text: `You do not have permission (${RANK_NODES.others}).`, color: 'red' });
          uuid = player.uuid;
          who = player.name;
        } else if (c.sender.kind === 'player') {
          uuid = c.sender.player.uuid;
        } else {
          return c.reply('Name a player: the console has no rank.');
        }
        const r = await ranks.status(uuid);
        if (!succeeded(c, r)) return;
        const s = r.value.standing;
        c.reply(s ? `${who}: rank ${s.rank}, prestige ${s.prestige}.` : `${who}: no rank yet.`);
        if (r.value.next) c.reply(`Next: ${r.value.next.name} (${needs(r.value.next)}).`);
        c.reply(r.value['can-rank-up'] ? 'Ready: /rankup.' : `Not yet: ${r.value.reason}`);
      },
      subcommands: [
        sub({
          name: 'set',
          permission: RANK_NODES.set,
          args: [arg.knownPlayer('player'), arg.word('rank', rungNames)],
          async run(c, { player, rank }) {
            const r = await ranks.set(player.uuid, rank.toLowerCase(), c.actor);
            if (succeeded(c, r)) c.reply(`${player.name} is now on the rank ${r.value.standing.rank}.`);
          },
        }),
      ],
    }),
  ];
}
