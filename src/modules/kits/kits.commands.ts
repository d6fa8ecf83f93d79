// In-game commands of the kits: /kit lists them with the sender's standing, /kit <id> claims one,
// /kit give <player> <id> (admin) gives one regardless of cooldown, cost and permission.

import { argsFor } from '../../core/commands/command-args.ts';
import { senderPlayer, succeeded } from '../../core/commands/command-helpers.ts';
import { command, sub } from '../../core/commands/command-tree.ts';
import type { CommandContext, CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import type { Kit } from './kits.schemas.ts';
import { durationText, type KitsService } from './kits.service.ts';

export const KIT_NODES = {
  /** List and claim kits (each kit may need its own node too). */
  use: 'core.kit.use',
  /** Admin: give a kit to anyone. */
  give: 'core.kit.give',
} as const;

export function kitsCommands(kits: KitsService, ctx: ModuleContext<'economy'>): CommandDefinition[] {
  const arg = argsFor(ctx);
  const ids = () => {
    const r = kits.list();
    return r.ok ? r.value.kits.map((k) => k.id) : [];
  };
  const kitId = arg.word('id', ids);
  const costText = (k: Kit) => (k.cost ? ctx.api.economy.format(k.cost) : 'free');
  const WHY: Record<string, string> = {
    'player-offline': 'offline',
    'no-permission': 'not yours',
    'insufficient-funds': 'you cannot afford it',
  };

  async function list(c: CommandContext): Promise<void> {
    if (c.sender.kind !== 'player') {
      const r = kits.list();
      if (!succeeded(c, r)) return;
      c.reply(r.value.kits.length === 0 ? 'There are no kits.' : 'Kits:');
      for (const k of r.value.kits) c.reply(`${k.id} (${k.name}): ${k['item-count']} items, ${costText(k)}, every ${durationText(k['cooldown-seconds'])}`);
      return;
    }
    const r = await kits.forPlayer(senderPlayer(c).uuid);
    if (!succeeded(c, r)) return;
    c.reply(r.value.kits.length === 0 ? 'There are no kits.' : 'Kits:');
    for (const pk of r.value.kits) {
      const k = pk.kit;
      const standing = pk['can-claim']
        ? 'ready'
        : pk['why-not'] === 'cooldown'
          ? `in ${durationText(pk['cooldown-remaining-seconds'])}`
          : (WHY[pk['why-not'] ?? ''] ?? 'not now');
      c.reply(`${k.id} (${k.name}): ${k['item-count']} items, ${costText(k)} - ${standing}`);
    }
  }

  return [
    command({
      name: 'kit',
      aliases: ['kits'],
      permission: KIT_NODES.use,
      description: 'Lists the kits, or claims one; an admin gives one with /kit give <player> <id>.',
      args: [kitId.optional()],
      async run(c, { id }) {
        if (id === undefined) return list(c);
        if (c.sender.kind !== 'player') return c.reply('The console claims no kits: give one with /kit give <player> <id>.');
        // The service tells the player what they got.
        succeeded(c, await kits.claim(senderPlayer(c).uuid, id, c.actor));
      },
      subcommands: [
        sub({
          name: 'give',
          permission: KIT_NODES.give,
          args: [arg.knownPlayer('player'), kitId],
          async run(c, { player, id }) {
            const r = await kits.give(player.uuid, id, c.actor);
            if (succeeded(c, r)) c.reply(`Gave the kit ${r.value.kit.name} to ${r.value['player-name']}.`);
          },
        }),
      ],
    }),
  ];
}
