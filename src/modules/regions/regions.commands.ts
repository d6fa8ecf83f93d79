// In-game commands of the regions: /region pos1|pos2 (the corners, where the player stands),
// define, delete, list, info. The corners are remembered per player until they leave.

import type { CommandContext, CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import type { Location } from '../../platform/platform.ts';
import { argsFor } from '../../core/commands/command-args.ts';
import { succeeded, senderPlayer } from '../../core/commands/command-helpers.ts';
import { command, sub } from '../../core/commands/command-tree.ts';
import type { Region } from './regions.schemas.ts';
import { MAX_PRIORITY } from './regions.schemas.ts';
import { blockOf, type RegionsService } from './regions.service.ts';

export const REGION_NODES = {
  /** Admin: set corners, define regions. */
  define: 'core.region.define',
  /** Admin: delete regions. */
  delete: 'core.region.delete',
  list: 'core.region.list',
  info: 'core.region.info',
} as const;

const corner = (r: Region) => `${r.min.x}, ${r.min.y}, ${r.min.z} to ${r.max.x}, ${r.max.y}, ${r.max.z}`;
const line = (r: Region) => `${r.id} (priority ${r.priority}): ${corner(r)}`;

/** The corners each player has set, by uuid. */
export type Selections = Map<string, { pos1?: Location; pos2?: Location }>;

export function regionsCommands(regions: RegionsService, ctx: ModuleContext, selections: Selections): CommandDefinition[] {
  const arg = argsFor(ctx);

  function setCorner(c: CommandContext, which: 'pos1' | 'pos2'): void {
    const me = senderPlayer(c);
    const here = ctx.platform.location(me.uuid);
    if (!here) return c.reply({ text: 'Your location is not known yet.', color: 'red' });
    const sel = selections.get(me.uuid) ?? {};
    sel[which] = here;
    selections.set(me.uuid, sel);
    const b = blockOf(here);
    c.reply(`Corner ${which === 'pos1' ? 1 : 2} set at ${here.world} ${b.x}, ${b.y}, ${b.z}.`);
  }

  const corners = (which: 'pos1' | 'pos2') =>
    sub({ name: which, permission: REGION_NODES.define, playerOnly: true, run: (c) => setCorner(c, which) });

  /** The sender's world when they are a player; the console must name one. */
  function worldOf(c: CommandContext, world: string | undefined): string | undefined {
    if (world !== undefined) return world;
    if (c.sender.kind === 'player') return ctx.platform.location(c.sender.player.uuid)?.world;
    c.reply({ text: 'Name a world: the console stands in none.', color: 'red' });
    return undefined;
  }

  return [
    command({
      name: 'region',
      aliases: ['rg'],
      permission: null,
      description: 'Cuboid regions: set two corners, define, delete, list, and see the regions where you stand.',
      subcommands: [
        corners('pos1'),
        corners('pos2'),
        sub({
          name: 'define',
          permission: REGION_NODES.define,
          playerOnly: true,
          args: [arg.word('id'), arg.integer('priority', { min: -MAX_PRIORITY, max: MAX_PRIORITY }).optional()],
          async run(c, { id, priority }) {
            const me = senderPlayer(c);
            const sel = selections.get(me.uuid);
            if (!sel?.pos1 || !sel.pos2) return c.reply({ text: 'Set both corners first: /region pos1 and /region pos2.', color: 'red' });
            if (sel.pos1.world !== sel.pos2.world) {
              return c.reply({ text: `The corners are in different worlds (${sel.pos1.world}, ${sel.pos2.world}).`, color: 'red' });
            }
            const r = await regions.define(sel.pos1.world, id, sel.pos1, sel.pos2, priority ?? 0, c.actor);
            if (succeeded(c, r)) c.reply(`Region ${r.value.id} defined in ${r.value.world} (priority ${r.value.priority}, ${r.value.volume} blocks): ${corner(r.value)}.`);
          },
        }),
        sub({
          name: 'delete',
          aliases: ['remove'],
          permission: REGION_NODES.delete,
          args: [arg.word('id'), arg.world('world').optional()],
          async run(c, { id, world: w }) {
            const world = worldOf(c, w);
            if (world === undefined) return;
            const r = await regions.delete(world, id, c.actor);
            if (succeeded(c, r)) c.reply(`Region ${r.value.id} deleted from ${world}.`);
          },
        }),
        sub({
          name: 'list',
          permission: REGION_NODES.list,
          args: [arg.world('world').optional()],
          async run(c, { world: w }) {
            const world = worldOf(c, w);
            if (world === undefined) return;
            const r = await regions.list(world);
            if (!succeeded(c, r)) return;
            c.reply(`Regions in ${world} (${r.value.regions.length}):${r.value.regions.length === 0 ? ' none' : ''}`);
            for (const region of r.value.regions) c.reply(line(region));
          },
        }),
        sub({
          name: 'info',
          permission: REGION_NODES.info,
          playerOnly: true,
          async run(c) {
            const here = ctx.platform.location(senderPlayer(c).uuid);
            if (!here) return c.reply({ text: 'Your location is not known yet.', color: 'red' });
            const r = await regions.list(here.world, here);
            if (!succeeded(c, r)) return;
            if (r.value.regions.length === 0) return c.reply('No region here.');
            c.reply(`Regions here, highest priority first (${r.value.regions.length}):`);
            for (const region of r.value.regions) c.reply(line(region));
          },
        }),
      ],
    }),
  ];
}
