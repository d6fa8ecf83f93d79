// In-game commands of communication: /announcements [on|off] (hide or show the announcer's
// messages) and /broadcast <message> (alias /bc) for staff.

import type { CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import { argsFor } from '../../core/commands/command-args.ts';
import { senderPlayer, succeeded } from '../../core/commands/command-helpers.ts';
import { command } from '../../core/commands/command-tree.ts';
import { COMMUNICATION_NODES, type CommunicationService } from './communication.service.ts';

export function communicationCommands(communication: CommunicationService, ctx: ModuleContext): CommandDefinition[] {
  const arg = argsFor(ctx);
  return [
    command({
      name: 'announcements',
      permission: COMMUNICATION_NODES.announcements,
      description: 'Hides the server’s announcements (off) or shows them again (on); alone, says which.',
      playerOnly: true,
      args: [arg.choice('state', ['on', 'off'] as const).optional()],
      async run(c, { state }) {
        const me = senderPlayer(c);
        if (state === undefined) {
          return c.reply(
            communication.hidesAnnouncements(me.uuid)
              ? 'You hide announcements. /announcements on to see them again.'
              : 'You see announcements. /announcements off to hide them.',
          );
        }
        const r = await communication.setHideAnnouncements(me.uuid, state === 'off', c.actor);
        if (!succeeded(c, r)) return;
        c.reply(r.value.hidden ? 'Announcements hidden. Broadcasts from staff still reach you. /announcements on to see them again.' : 'Announcements shown again.');
      },
    }),
    command({
      name: 'broadcast',
      aliases: ['bc'],
      permission: COMMUNICATION_NODES.broadcast,
      description: 'Shows a message to every player (& codes and placeholders work), also to those who hide announcements.',
      args: [arg.text('message')],
      async run(c, { message }) {
        const r = await communication.broadcast(message, c.actor);
        if (succeeded(c, r) && c.sender.kind === 'console') c.reply(`Broadcast to ${r.value.recipients} player${r.value.recipients === 1 ? '' : 's'}.`);
      },
    }),
  ];
}
