// In-game commands of the warps: /warp (and /warp rate), /warps, /setwarp, /movewarp, /delwarp.

import type { CommandContext, CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import type { Said } from '../../core/messages/catalogue.ts';
import { msg } from './warps.messages.ts';
import type { Warp } from './warps.schemas.ts';
import type { WarpsService } from './warps.service.ts';
import { argsFor } from '../../core/commands/command-args.ts';
import { succeeded, senderPlayer } from '../../core/commands/command-helpers.ts';
import { command, sub } from '../../core/commands/command-tree.ts';

export const WARP_NODES = {
  use: 'core.warp.use',
  list: 'core.warp.list',
  rate: 'core.warp.rate',
  /** Admin: /setwarp, /movewarp, /delwarp. */
  admin: 'core.warp.admin',
} as const;

/** "4.5/5 from 2 ratings", or "not rated yet". */
function rating(w: Warp): Said {
  const average = w['average-rating'];
  if (average === null) return msg('warps.not-rated');
  return w.ratings === 1 ? msg('warps.rating-one', { average }) : msg('warps.rating', { average, count: w.ratings });
}

export function warpsCommands(warps: WarpsService, ctx: ModuleContext): CommandDefinition[] {
  const arg = argsFor(ctx);

  /** Completions: the names of the warps the sender may see (refreshed in the background). */
  let names: Warp[] = [];
  function visibleNames(c: CommandContext): string[] {
    void warps.list().then((r) => {
      if (r.ok) names = r.value.warps;
    });
    const me = c.sender.kind === 'player' ? c.sender.player.uuid : undefined;
    return names.filter((w) => me === undefined || warps.mayUse(me, w)).map((w) => w.name);
  }
  const warpName = arg.word('name', visibleNames);

  function here(c: CommandContext) {
    const at = ctx.platform.location(senderPlayer(c).uuid);
    if (!at) c.reply(msg('warps.location-unknown'));
    return at;
  }

  return [
    command({
      name: 'warp',
      permission: WARP_NODES.use,
      description: 'Takes you to a warp, or rates one from 1 to 5.',
      playerOnly: true,
      args: [warpName],
      async run(c, { name }) {
        const r = await warps.travel(senderPlayer(c).uuid, name);
        if (succeeded(c, r)) c.reply(msg('warps.warped', { warp: r.value.name }));
      },
      subcommands: [
        sub({
          name: 'rate',
          permission: WARP_NODES.rate,
          args: [warpName, arg.integer('rating', { min: 1, max: 5 })],
          async run(c, { name, rating: stars }) {
            const r = await warps.rate(name, senderPlayer(c).uuid, stars, c.actor);
            if (succeeded(c, r)) c.reply(msg('warps.rated', { warp: r.value.name, stars, rating: rating(r.value) }));
          },
        }),
      ],
    }),
    command({
      name: 'warps',
      permission: WARP_NODES.list,
      description: 'Lists the warps you may use, with their ratings.',
      async run(c) {
        const r = await warps.list(c.sender.kind === 'player' ? c.sender.player.uuid : null);
        if (!succeeded(c, r)) return;
        if (r.value.count === 0) return c.reply(msg('warps.none'));
        c.reply(msg('warps.list', { count: r.value.count }));
        for (const w of r.value.warps) {
          c.reply(w.permission ? msg('warps.row-permission', { warp: w.name, rating: rating(w), permission: w.permission }) : msg('warps.row', { warp: w.name, rating: rating(w) }));
        }
      },
    }),
    command({
      name: 'setwarp',
      aliases: ['createwarp'],
      permission: WARP_NODES.admin,
      description: 'Creates a warp where you stand, open to everyone or only to holders of a permission node.',
      playerOnly: true,
      args: [arg.word('name'), arg.word('permission').optional()],
      async run(c, { name, permission }) {
        const at = here(c);
        if (!at) return;
        const r = await warps.create(name, at, c.actor, permission ?? null);
        if (!succeeded(c, r)) return;
        const { name: warp, permission: node } = r.value;
        c.reply(node ? msg('warps.created-for', { warp, permission: node }) : msg('warps.created', { warp }));
      },
    }),
    command({
      name: 'movewarp',
      permission: WARP_NODES.admin,
      description: 'Moves a warp to where you stand.',
      playerOnly: true,
      args: [warpName],
      async run(c, { name }) {
        const at = here(c);
        if (!at) return;
        const r = await warps.move(name, at, c.actor);
        if (succeeded(c, r)) c.reply(msg('warps.moved', { warp: r.value.name }));
      },
    }),
    command({
      name: 'delwarp',
      aliases: ['deletewarp'],
      permission: WARP_NODES.admin,
      description: 'Deletes a warp and its ratings.',
      args: [warpName],
      async run(c, { name }) {
        const r = await warps.delete(name, c.actor);
        if (succeeded(c, r)) c.reply(msg('warps.deleted', { warp: r.value.name }));
      },
    }),
  ];
}
