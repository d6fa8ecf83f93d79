// In-game commands of the kits: /kit lists them with the sender's standing, /kit <id> claims one,
// /kit give <player> <id> (admin) gives one regardless of cooldown, cost and permission.

import { completeFrom, senderPlayer, succeeded } from '../../core/command-helpers.ts';
import type { CommandDefinition } from '../../core/commands.ts';
import type { ModuleContext } from '../../core/module.ts';
import type { Kit } from './kits.schemas.ts';
import { durationText, type KitsService } from './kits.service.ts';

export const KIT_NODES = {
  /** List and claim kits (each kit may need its own node too). */
  use: 'core.kit.use',
  /** Admin: give a kit to anyone. */
  give: 'core.kit.give',
} as const;

export function kitsCommands(kits: KitsService, ctx: ModuleContext): CommandDefinition[] {
  const ids = () => {
    const r = kits.list();
    return r.ok ? r.value.kits.map((k) => k.id) : [];
  };
  const costText = (k: Kit) => (k.cost ? ctx.api.economy.format(k.cost) : 'free');
  const WHY: Record<string, string> = {
    'player-offline': 'offline',
    'no-permission': 'not yours',
    'insufficient-funds': 'you cannot afford it',
  };

  return [
    {
      name: 'kit',
      aliases: ['kits'],
      permission: KIT_NODES.use,
      description: 'Lists the kits, or claims one; an admin gives one with /kit give <player> <id>.',
      usage: 'kit [id] | kit give <player> <id>',
      async run(c, args) {
        const [first, second, third] = args;
        if (first === 'give') {
          if (!c.has(KIT_NODES.give)) return c.reply({ text: `You do not have permission (${KIT_NODES.give}).`, color: 'red' });
          if (second === undefined || third === undefined || args.length > 3) return c.reply('Usage: /kit give <player> <id>');
          const p = await ctx.players.find(second);
          if (!p) return c.reply({ text: `No player named ${second} has ever joined this server.`, color: 'red' });
          const r = await kits.give(p.uuid, third, c.actor);
          if (succeeded(c, r)) c.reply(`Gave the kit ${r.value.kit.name} to ${r.value['player-name']}.`);
          return;
        }
        if (args.length > 1) return c.reply('Usage: /kit [id], or /kit give <player> <id>');
        if (first !== undefined) {
          if (c.sender.kind !== 'player') return c.reply('The console claims no kits: give one with /kit give <player> <id>.');
          // The service tells the player what they got.
          succeeded(c, await kits.claim(senderPlayer(c).uuid, first, c.actor));
          return;
        }
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
      },
      complete(c, args) {
        if (args.length === 1) return completeFrom([...ids(), ...(c.has(KIT_NODES.give) ? ['give'] : [])], args[0] ?? '');
        if (args.length === 2 && args[0] === 'give') return completeFrom(ctx.platform.onlinePlayers().map((p) => p.name), args[1] ?? '');
        if (args.length === 3 && args[0] === 'give') return completeFrom(ids(), args[2] ?? '');
        return [];
      },
    },
  ];
}
