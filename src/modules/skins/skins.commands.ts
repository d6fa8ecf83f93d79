// In-game commands of the skins: /skin <account> [player] and /skin clear [player].

import type { CommandContext, CommandDefinition } from '../../core/commands/commands.ts';
import type { KnownPlayer } from '../../core/kernel/api.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import { argsFor } from '../../core/commands/command-args.ts';
import { succeeded } from '../../core/commands/command-helpers.ts';
import { command, sub } from '../../core/commands/command-tree.ts';
import type { SkinsService } from './skins.service.ts';

export const SKIN_NODES = {
  set: 'core.skin.set',
  /** Admin: choose or clear another player's skin. */
  others: 'core.skin.others',
} as const;

export function skinsCommands(skins: SkinsService, ctx: ModuleContext): CommandDefinition[] {
  const arg = argsFor(ctx);

  /** The player a command acts on: the one named (with .others), else the sender. */
  function target(c: CommandContext, named: KnownPlayer | undefined): { uuid: string; self: boolean } | undefined {
    if (named !== undefined) {
      const self = c.sender.kind === 'player' && c.sender.player.uuid === named.uuid;
      if (!self && !c.has(SKIN_NODES.others)) {
        c.reply({ text: `You do not have permission (${SKIN_NODES.others}).`, color: 'red' });
        return undefined;
      }
      return { uuid: named.uuid, self };
    }
    if (c.sender.kind === 'player') return { uuid: c.sender.player.uuid, self: true };
    c.reply({ text: 'Name a player: the console has no skin.', color: 'red' });
    return undefined;
  }

  return [
    command({
      name: 'skin',
      permission: SKIN_NODES.set,
      description: 'Wear the skin of a game account, or your own again with /skin clear.',
      args: [arg.word('account'), arg.knownPlayer('player').optional()],
      async run(c, { account, player }) {
        const who = target(c, player);
        if (!who) return;
        const r = await skins.choose(who.uuid, account, c.actor);
        if (!succeeded(c, r)) return;
        c.reply(who.self ? `You now wear the skin of ${r.value.account}.` : `${r.value['player-name']} now wears the skin of ${r.value.account}.`);
      },
      subcommands: [
        sub({
          name: 'clear',
          args: [arg.knownPlayer('player').optional()],
          async run(c, { player }) {
            const who = target(c, player);
            if (!who) return;
            const r = await skins.clear(who.uuid, c.actor);
            if (!succeeded(c, r)) return;
            c.reply(who.self ? 'You wear your own skin again.' : `${r.value['player-name']} wears their own skin again.`);
          },
        }),
      ],
    }),
  ];
}
