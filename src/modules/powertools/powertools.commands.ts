// In-game commands of the powertools: /powertool <command> binds, /powertool (or clear) unbinds,
// /powertool list lists the player's binds.

import type { CommandContext, CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import { argsFor } from '../../core/commands/command-args.ts';
import { senderPlayer, succeeded } from '../../core/commands/command-helpers.ts';
import { command, sub } from '../../core/commands/command-tree.ts';
import type { PowertoolsService } from './powertools.service.ts';

export const POWERTOOL_NODES = {
  /** Binding commands to one's own items: harmless, the command still needs its own permission when used. */
  use: 'core.powertool',
} as const;

export function powertoolsCommands(powertools: PowertoolsService, ctx: ModuleContext): CommandDefinition[] {
  const arg = argsFor(ctx);

  async function clear(c: CommandContext): Promise<void> {
    const r = await powertools.unbind(senderPlayer(c).uuid, c.actor);
    if (succeeded(c, r)) c.reply(`Unbound /${r.value.command} from ${r.value.material}.`);
  }

  return [
    command({
      name: 'powertool',
      permission: POWERTOOL_NODES.use,
      description: 'Binds a command to the kind of item in your hand (using it runs the command); without a command, unbinds it.',
      playerOnly: true,
      args: [arg.text('command').optional()],
      async run(c, { command: line }) {
        if (line === undefined) return clear(c);
        const r = await powertools.bind(senderPlayer(c).uuid, line, c.actor);
        if (succeeded(c, r)) c.reply(`Bound /${r.value.command} to ${r.value.material}: use the item to run it.`);
      },
      subcommands: [
        sub({ name: 'clear', run: (c) => clear(c) }),
        sub({
          name: 'list',
          async run(c) {
            const r = await powertools.binds(senderPlayer(c).uuid);
            if (!succeeded(c, r)) return;
            if (r.value.length === 0) return c.reply('You have no powertools.');
            c.reply(`Your powertools (${r.value.length}):`);
            for (const b of r.value) c.reply(`${b.material}: /${b.command}`);
          },
        }),
      ],
    }),
  ];
}
