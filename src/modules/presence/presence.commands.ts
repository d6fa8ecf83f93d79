// In-game command of the presence: /afk [reason] toggles the sender's away flag; with
// core.afk.others, /afk <player> [reason] toggles another online player's (as EssentialsX does: a
// first word naming an online player names the player).

import type { CommandDefinition } from '../../core/commands/commands.ts';
import type { GamePlatform } from '../../platform/platform.ts';
import { arg } from '../../core/commands/command-args.ts';
import { senderPlayer, succeeded } from '../../core/commands/command-helpers.ts';
import { command } from '../../core/commands/command-tree.ts';
import type { PresenceConfig } from './presence.config.ts';
import { msg } from './presence.messages.ts';
import type { PresenceService } from './presence.service.ts';

export const PRESENCE_NODES = {
  afk: 'core.afk',
  /** Marked away by themselves after afk-after-seconds without activity (see presence.service.ts). */
  auto: 'core.afk.auto',
  /** Admin: /afk <player> [reason] toggles another player's flag. */
  others: 'core.afk.others',
} as const;

export function presenceCommands(
  presence: PresenceService,
  platform: Pick<GamePlatform, 'playerByName'>,
  config: () => Pick<PresenceConfig, 'announce'>,
): CommandDefinition[] {
  return [
    command({
      name: 'afk',
      aliases: ['away'],
      permission: PRESENCE_NODES.afk,
      description: 'Marks you away (with an optional reason others see), or back when you are away.',
      args: [arg.text('reason').optional()],
      async run(c, { reason }) {
        const [first = '', ...rest] = (reason ?? '').split(/\s+/);
        const other = c.has(PRESENCE_NODES.others) ? platform.playerByName(first) : undefined;
        if (other && (c.sender.kind !== 'player' || other.uuid !== c.sender.player.uuid)) {
          const r = await presence.toggle(other.uuid, rest.length ? rest.join(' ') : null, c.actor);
          // With announcements on, the sender has read it with everyone else.
          if (succeeded(c, r) && !config().announce) c.reply(msg(r.value.away ? 'presence.away-other' : 'presence.back-other', { player: other.name }));
          return;
        }
        if (c.sender.kind !== 'player') return c.reply(msg('presence.console'));
        // The player is told by the service (with everyone else, when announcements are on).
        succeeded(c, await presence.toggle(senderPlayer(c).uuid, reason ?? null, c.actor));
      },
    }),
  ];
}
