// In-game commands of the warps: /warp (and /warp rate), /warps, /setwarp, /movewarp, /delwarp.

import type { CommandContext, CommandDefinition } from '../../core/commands.ts';
import type { ModuleContext } from '../../core/module.ts';
import type { Warp } from './warps.schemas.ts';
import type { WarpsService } from './warps.service.ts';
import { completeFrom, succeeded, senderPlayer } from '../../core/command-helpers.ts';

export const WARP_NODES = {
  use: 'core.warp.use',
  list: 'core.warp.list',
  rate: 'core.warp.rate',
  /** Admin: /setwarp, /movewarp, /delwarp. */
  admin: 'core.warp.admin',
} as const;

const rating = (w: Warp) => (w['average-rating'] === null ? 'not rated' : `${w['average-rating']}/5 from ${w.ratings}`);

export function warpsCommands(warps: WarpsService, ctx: ModuleContext): CommandDefinition[] {

  /** Completions: the names of the warps the sender may see (refreshed in the background). */
  let names: Warp[] = [];
  function visibleNames(c: CommandContext): string[] {
    void warps.list().then((r) => {
      if (r.ok) names = r.value.warps;
    });
    const me = c.sender.kind === 'player' ? c.sender.player.uuid : undefined;
    return names.filter((w) => me === undefined || warps.mayUse(me, w)).map((w) => w.name);
  }

  function here(c: CommandContext) {
    const at = ctx.platform.location(senderPlayer(c).uuid);
    if (!at) c.reply({ text: 'Your location is not known yet.', color: 'red' });
    return at;
  }

  return [
    {
      name: 'warp',
      permission: WARP_NODES.use,
      description: 'Takes you to a warp, or rates one from 1 to 5.',
      usage: 'warp <name> | warp rate <name> <1-5>',
      playerOnly: true,
      async run(c, args) {
        const me = senderPlayer(c);
        if (args[0] === 'rate' && args.length === 3) {
          if (!c.has(WARP_NODES.rate)) return c.reply({ text: `You do not have permission (${WARP_NODES.rate}).`, color: 'red' });
          const stars = args[2]!;
          if (!/^[1-5]$/.test(stars)) return c.reply({ text: 'A rating is a whole number from 1 to 5.', color: 'red' });
          const r = await warps.rate(args[1]!, me.uuid, Number(stars), c.actor);
          if (succeeded(c, r)) c.reply(`You rated ${r.value.name} ${stars}/5. It is now ${rating(r.value)}.`);
          return;
        }
        if (args.length !== 1) return c.reply('Usage: /warp <name>, /warp rate <name> <1-5>');
        const r = await warps.travel(me.uuid, args[0]!);
        if (succeeded(c, r)) c.reply(`Warped to ${r.value.name}.`);
      },
      complete: (c, args) => {
        if (args.length === 1) return completeFrom([...visibleNames(c), 'rate'], args[0] ?? '');
        if (args.length === 2 && args[0] === 'rate') return completeFrom(visibleNames(c), args[1] ?? '');
        if (args.length === 3 && args[0] === 'rate') return ['1', '2', '3', '4', '5'];
        return [];
      },
    },
    {
      name: 'warps',
      permission: WARP_NODES.list,
      description: 'Lists the warps you may use, with their ratings.',
      usage: 'warps',
      async run(c) {
        const r = await warps.list(c.sender.kind === 'player' ? c.sender.player.uuid : null);
        if (!succeeded(c, r)) return;
        if (r.value.count === 0) return c.reply('There are no warps.');
        c.reply(`Warps (${r.value.count}):`);
        for (const w of r.value.warps) c.reply(`${w.name}: ${rating(w)}${w.permission ? ` [${w.permission}]` : ''}`);
      },
    },
    {
      name: 'setwarp',
      aliases: ['createwarp'],
      permission: WARP_NODES.admin,
      description: 'Creates a warp where you stand, open to everyone or only to holders of a permission node.',
      usage: 'setwarp <name> [permission]',
      playerOnly: true,
      async run(c, args) {
        if (args[0] === undefined || args.length > 2) return c.reply('Usage: /setwarp <name> [permission]');
        const at = here(c);
        if (!at) return;
        const r = await warps.create(args[0], at, c.actor, args[1] ?? null);
        if (!r.ok && r.code === 'already-exists') return c.reply({ text: `${r.message} Move it with /movewarp ${args[0]}.`, color: 'red' });
        if (succeeded(c, r)) c.reply(`Warp ${r.value.name} created${r.value.permission ? ` for holders of ${r.value.permission}` : ''}.`);
      },
    },
    {
      name: 'movewarp',
      permission: WARP_NODES.admin,
      description: 'Moves a warp to where you stand.',
      usage: 'movewarp <name>',
      playerOnly: true,
      async run(c, args) {
        if (args.length !== 1) return c.reply('Usage: /movewarp <name>');
        const at = here(c);
        if (!at) return;
        const r = await warps.move(args[0]!, at, c.actor);
        if (succeeded(c, r)) c.reply(`Warp ${r.value.name} moved.`);
      },
      complete: (c, args) => (args.length === 1 ? completeFrom(visibleNames(c), args[0] ?? '') : []),
    },
    {
      name: 'delwarp',
      aliases: ['deletewarp'],
      permission: WARP_NODES.admin,
      description: 'Deletes a warp and its ratings.',
      usage: 'delwarp <name>',
      async run(c, args) {
        if (args.length !== 1) return c.reply('Usage: /delwarp <name>');
        const r = await warps.delete(args[0]!, c.actor);
        if (succeeded(c, r)) c.reply(`Warp ${r.value.name} deleted.`);
      },
      complete: (c, args) => (args.length === 1 ? completeFrom(visibleNames(c), args[0] ?? '') : []),
    },
  ];
}
