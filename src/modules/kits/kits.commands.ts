// In-game commands of the kits: /kit lists them with the sender's standing, /kit <id> claims one,
// /kit give <player> <id> (admin) gives one regardless of cooldown, cost and permission.

import { argsFor } from '../../core/commands/command-args.ts';
import { senderPlayer, succeeded } from '../../core/commands/command-helpers.ts';
import { command, sub } from '../../core/commands/command-tree.ts';
import type { CommandContext, CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import { duration, type Said } from '../../core/messages/catalogue.ts';
import { msg } from './kits.messages.ts';
import type { Kit, PlayerKit } from './kits.schemas.ts';
import type { KitsService } from './kits.service.ts';

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
  const costOf = (k: Kit): Said | string => (k.cost ? ctx.api.economy.format(k.cost) : msg('kits.free'));
  const standingOf = (pk: PlayerKit): Said => {
    if (pk['can-claim']) return msg('kits.ready');
    switch (pk['why-not']) {
      case 'cooldown':
        return msg('kits.ready-in', { wait: duration(pk['cooldown-remaining-seconds']) });
      case 'player-offline':
        return msg('kits.not-online');
      case 'no-permission':
        return msg('kits.not-yours');
      case 'insufficient-funds':
        return msg('kits.too-dear');
      default:
        return msg('kits.not-now');
    }
  };

  async function list(c: CommandContext): Promise<void> {
    if (c.sender.kind !== 'player') {
      const r = kits.list();
      if (!succeeded(c, r)) return;
      c.reply(r.value.kits.length === 0 ? msg('kits.list-empty') : msg('kits.list'));
      for (const k of r.value.kits) {
        c.reply(msg('kits.row', { id: k.id, kit: k.name, count: k['item-count'], cost: costOf(k), cooldown: duration(k['cooldown-seconds']) }));
      }
      return;
    }
    const r = await kits.forPlayer(senderPlayer(c).uuid);
    if (!succeeded(c, r)) return;
    c.reply(r.value.kits.length === 0 ? msg('kits.list-empty') : msg('kits.list'));
    for (const pk of r.value.kits) {
      const k = pk.kit;
      c.reply(msg('kits.row-standing', { id: k.id, kit: k.name, count: k['item-count'], cost: costOf(k), standing: standingOf(pk) }));
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
        if (c.sender.kind !== 'player') return c.reply(msg('kits.console'));
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
            if (succeeded(c, r)) c.reply(msg('kits.given', { kit: r.value.kit.name, player: r.value['player-name'] }));
          },
        }),
      ],
    }),
  ];
}
