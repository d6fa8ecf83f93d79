// In-game commands of the itemworld module: /purge (items on the ground and mobs), /spawnmob
// (through the spawn rules) and /mobrules (the rules of a world). All three are admin commands.

import { argsFor } from '../../core/commands/command-args.ts';
import { senderPlayer, succeeded } from '../../core/commands/command-helpers.ts';
import { command } from '../../core/commands/command-tree.ts';
import type { CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import { mobTypeName, mobTypes } from '../../platform/mob-types.ts';
import { describePurge, type ItemworldService } from './itemworld.service.ts';
import { PURGE_WHAT } from './itemworld.schemas.ts';

export const ITEMWORLD_NODES = {
  purge: 'core.itemworld.purge',
  spawnmob: 'core.itemworld.spawnmob',
  rules: 'core.itemworld.rules',
} as const;

/** The most mobs one /spawnmob makes. */
export const MAX_SPAWN_COUNT = 50;

export function itemworldCommands(itemworld: ItemworldService, ctx: ModuleContext): CommandDefinition[] {
  const arg = argsFor(ctx);
  const mobType = arg.custom('type', {
    parse: (word) => {
      const name = mobTypeName(word);
      return name ? { ok: true, value: name } : { ok: false, message: `"${word}" is not a mob type of the game (e.g. zombie, cow, iron_golem).` };
    },
    complete: (_c, typed) => mobTypes().filter((t) => t.startsWith(typed.toLowerCase().replace(/^minecraft:/, ''))),
  });

  return [
    command({
      name: 'purge',
      permission: ITEMWORLD_NODES.purge,
      description: 'Removes the items lying on the ground (and/or the mobs) of a world, or of every world.',
      args: [arg.choice('what', PURGE_WHAT).optional(), arg.world('world').optional()],
      run(c, { what, world }) {
        const r = itemworld.purge({ what: what ?? 'items', trigger: 'command', actor: c.actor, ...(world ? { world } : {}) });
        if (succeeded(c, r)) c.reply({ text: `Removed ${describePurge(r.value)} from ${world ?? 'every world'}.`, color: 'gold' });
      },
    }),
    command({
      name: 'spawnmob',
      permission: ITEMWORLD_NODES.spawnmob,
      description: "Spawns mobs where you stand, if the world's spawn rules allow them.",
      playerOnly: true,
      args: [mobType, arg.integer('count', { min: 1, max: MAX_SPAWN_COUNT }).optional()],
      run(c, { type, count }) {
        const player = senderPlayer(c);
        const at = ctx.platform.location(player.uuid);
        if (!at) return;
        const r = itemworld.spawnMobs(type, count ?? 1, at, player);
        if (!succeeded(c, r)) return;
        const { spawned, refusal } = r.value;
        c.reply({ text: `Spawned ${spawned} × ${type}.${refusal ? ` ${refusal}` : ''}`, color: refusal ? 'yellow' : 'gold' });
      },
    }),
    command({
      name: 'mobrules',
      permission: ITEMWORLD_NODES.rules,
      description: 'Shows which mobs may spawn in a world (yours, or the one named) and its cap.',
      args: [arg.world('world').optional()],
      run(c, { world }) {
        const name = world ?? (c.sender.kind === 'player' ? ctx.platform.location(c.sender.player.uuid)?.world : undefined) ?? ctx.platform.worlds()[0]!;
        const { rule, mobs } = itemworld.rules(name);
        const allowed = rule.allow === 'every' ? 'every type' : rule.allow.length === 0 ? 'no type' : rule.allow.join(', ');
        const denied = rule.deny.length === 0 ? 'none' : rule.deny.join(', ');
        const cap = rule.cap === 0 ? 'no cap' : `at most ${rule.cap}`;
        c.reply({ text: `Mob rules of ${name}: allowed: ${allowed}; denied: ${denied}; ${cap} (${mobs} now).`, color: 'gold' });
      },
    }),
  ];
}
