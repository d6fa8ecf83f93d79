// In-game commands of vanish: /vanish [player] (alias /v) and /vanish list.

import type { CommandContext, CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import type { KnownPlayer } from '../../core/kernel/api.ts';
import { argsFor } from '../../core/commands/command-args.ts';
import { succeeded } from '../../core/commands/command-helpers.ts';
import { command, sub } from '../../core/commands/command-tree.ts';
import { selfLine, VANISH_NODES, type VanishService } from './vanish.service.ts';

export function vanishCommands(vanish: VanishService, ctx: ModuleContext): CommandDefinition[] {
  const arg = argsFor(ctx);

  async function toggle(c: CommandContext, target: KnownPlayer | undefined): Promise<void> {
    const me = c.sender.kind === 'player' ? c.sender.player : undefined;
    const who = target ?? me;
    if (!who) return c.reply({ text: 'Name a player: the console cannot vanish. Usage: vanish <player>', color: 'red' });
    const own = who.uuid === me?.uuid;
    if (!own && !c.has(VANISH_NODES.others)) return c.reply({ text: `You do not have permission (${VANISH_NODES.others}).`, color: 'red' });
    const r = await vanish.toggle(who.uuid, c.actor);
    if (!succeeded(c, r)) return;
    if (own) return c.reply(selfLine(r.value));
    const where = r.value.online ? '' : ' (offline: it applies when they join)';
    // The player is told by the service, as for a change made over the Remote Access Service.
    c.reply(r.value.hidden ? `${r.value['player-name']} is now vanished (level ${r.value.level})${where}.` : `${r.value['player-name']} is visible again${where}.`);
  }

  return [
    command({
      name: 'vanish',
      aliases: ['v'],
      permission: VANISH_NODES.use,
      description: 'Vanishes you (or another player), or shows you again: hidden from players whose see-level is below your level.',
      args: [arg.knownPlayer('player').optional()],
      run: (c, { player }) => toggle(c, player),
      subcommands: [
        sub({
          name: 'list',
          description: 'Lists the vanished players you can see.',
          async run(c) {
            const r = await vanish.list();
            if (!succeeded(c, r)) return;
            const viewer = c.sender.kind === 'player' ? c.sender.player.uuid : undefined;
            const shown = r.value.players.filter((p) => viewer === undefined || vanish.mayView(viewer, p['player-id']));
            if (shown.length === 0) return c.reply('Nobody you can see is vanished.');
            c.reply(`Vanished (${shown.length}): ${shown.map((p) => `${p['player-name']} [level ${p.level}${p.online ? '' : ', offline'}]`).join(', ')}`);
          },
        }),
      ],
    }),
  ];
}
