// In-game commands of the ranks: /rankup, /prestige, /ranks (the ladder), /rank (your standing, or
// a player's) and the admin /rank set <player> <rank>.

import { argsFor } from '../../core/commands/command-args.ts';
import { senderPlayer, succeeded, tellFailure } from '../../core/commands/command-helpers.ts';
import { command, sub } from '../../core/commands/command-tree.ts';
import type { CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import { duration, type Said } from '../../core/messages/catalogue.ts';
import type { Money } from '../../core/values/schemas.ts';
import { msg } from './ranks.messages.ts';
import type { Rung } from './ranks.schemas.ts';
import type { RanksService } from './ranks.service.ts';

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
  /** "cost $30.00, playtime 1 h, balance $100.00": what a rung needs. */
  const needs = (r: Rung): Said => {
    let said = msg('ranks.needs-cost', { cost: fmt(r.cost) });
    if (r['min-playtime-seconds'] > 0) said = msg('ranks.and-playtime', { needs: said, time: duration(r['min-playtime-seconds']) });
    if (r['min-balance'].amount > 0) said = msg('ranks.and-balance', { needs: said, amount: fmt(r['min-balance']) });
    return said;
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
        const rank = r.value.standing.rank;
        c.reply(r.value.paid.amount > 0 ? msg('ranks.ranked-up-paid', { rank, cost: fmt(r.value.paid) }) : msg('ranks.ranked-up', { rank }));
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
        c.reply(msg('ranks.prestiged', { prestige: r.value.standing.prestige, rank: r.value.standing.rank }));
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
        c.reply(msg('ranks.list', { count: l.value.ranks.length }));
        for (const r of l.value.ranks) {
          c.reply(msg(r.name === mine ? 'ranks.row-yours' : 'ranks.row', { position: r.position, rank: r.name, needs: needs(r) }));
        }
        const [top, max, cost] = [l.value.ranks.at(-1)?.name ?? '', l.value['max-prestige'], fmt(l.value['prestige-cost'])];
        c.reply(max ? msg('ranks.prestige-most', { rank: top, cost, max }) : msg('ranks.prestige', { rank: top, cost }));
      },
    }),
    command({
      name: 'rank',
      permission: RANK_NODES.list,
      description: 'Shows your rank (or a player’s) and the next rung; /rank set puts a player on a rung.',
      args: [arg.knownPlayer('player').optional()],
      async run(c, { player }) {
        let target: { uuid: string; name: string };
        let own = false;
        if (player !== undefined && !(c.sender.kind === 'player' && c.sender.player.uuid === player.uuid)) {
          if (!c.has(RANK_NODES.others)) return c.reply(msg('ranks.others-denied', { permission: RANK_NODES.others }));
          target = player;
        } else if (c.sender.kind === 'player') {
          target = c.sender.player;
          own = true;
        } else {
          return c.reply(msg('ranks.console'));
        }
        const r = await ranks.explain(target.uuid);
        if (!succeeded(c, r)) return;
        const { status, blocked } = r.value;
        const s = status.standing;
        const named = { player: target.name };
        if (s) c.reply(own ? msg('ranks.standing', { rank: s.rank, prestige: s.prestige }) : msg('ranks.standing-other', { ...named, rank: s.rank, prestige: s.prestige }));
        else c.reply(own ? msg('ranks.unranked') : msg('ranks.unranked-other', named));
        if (status.next) c.reply(msg('ranks.next', { rank: status.next.name, needs: needs(status.next) }));
        // What a rankup would meet now, written to the player it is about or naming them.
        if (blocked) tellFailure(c, blocked);
        else c.reply(own ? msg('ranks.ready') : msg('ranks.ready-other', named));
      },
      subcommands: [
        sub({
          name: 'set',
          permission: RANK_NODES.set,
          args: [arg.knownPlayer('player'), arg.word('rank', rungNames)],
          async run(c, { player, rank }) {
            const r = await ranks.set(player.uuid, rank.toLowerCase(), c.actor);
            if (succeeded(c, r)) c.reply(msg('ranks.set', { player: player.name, rank: r.value.standing.rank }));
          },
        }),
      ],
    }),
  ];
}
