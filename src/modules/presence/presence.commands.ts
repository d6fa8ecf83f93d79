// In-game command of the presence: /afk [reason] toggles the sender's away flag.

import type { CommandDefinition } from '../../core/commands.ts';
import { arg } from '../../core/command-args.ts';
import { senderPlayer, succeeded } from '../../core/command-helpers.ts';
import { command } from '../../core/command-tree.ts';
import type { PresenceService } from './presence.service.ts';

export const PRESENCE_NODES = {
  afk: 'core.afk',
  /** Marked away by themselves after afk-after-seconds without activity (see presence.service.ts). */
  auto: 'core.afk.auto',
} as const;

export function presenceCommands(presence: PresenceService): CommandDefinition[] {
  return [
    command({
      name: 'afk',
      aliases: ['away'],
      permission: PRESENCE_NODES.afk,
      description: 'Marks you away (with an optional reason others see), or back when you are away.',
      playerOnly: true,
      args: [arg.text('reason').optional()],
      async run(c, { reason }) {
        // The player is told by the service (with everyone else, when announcements are on).
        succeeded(c, await presence.toggle(senderPlayer(c).uuid, reason ?? null, c.actor));
      },
    }),
  ];
}
