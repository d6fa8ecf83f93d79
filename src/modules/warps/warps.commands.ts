// In-game commands of the warps: /warp (and /warp rate), /warps, /setwarp, /movewarp, /delwarp.

import type { CommandContext, CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
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

const rating = (w: Warp) => (w['average-rating'] === null ? 'not rated' : `${w['average-rating']}/5 from ${w.ratings}`);

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
    if (!at) c.reply({ text: 'Your location is not known yet.', color: 'red' });
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
        if (succeeded(c, r)) c.reply(`Warped to ${r.value.name}.`);
      },
      subcommands: [
        sub({
          name: 'rate',
          permission: WARP_NODES.rate,
          args: [warpName, arg.integer('rating', { min: 1, max: 5 })],
          async run(c, { name, rating: stars }) {
            const r = await warps.rate(name, senderPlayer(c).uuid, stars, c.actor);
            if (succeeded(c, r)) c.reply(`You rated ${r.value.name} ${stars}/5. It is now ${rating(r.value)}.`);
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
        if (r.value.count === 0) return c.reply('There are no warps.');
        c.reply(`Warps (${r.value.count}):`);
        for (const w of r.value.warps) c.reply(`${w.name}: ${rating(w)}${w.permission ? ` [${w.permission}]` : ''}`);
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
        if (!r.ok && r.code === 'already-exists') return c.reply({ text: `${r.message} Move it with /movewarp ${name}.`, color: 'red' });
        if (succeeded(c, r)) c.reply(`Warp ${r.value.name} created${r.value.permission ? ` for holders of ${r.value.permission}` : ''}.`);
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
        if (succeeded(c, r)) c.reply(`Warp ${r.value.name} moved.`);
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
        if (succeeded(c, r)) c.reply(`Warp ${r.value.name} deleted.`);
      },
    }),
  ];
}
