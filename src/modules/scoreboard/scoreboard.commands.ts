// In-game command of the scoreboard: /sidebar, which hides or shows the player's own sidebar (the
// same durable preference POST /players/{uuid}/scoreboard writes).

import type { CommandDefinition } from '../../core/commands/commands.ts';
import { senderPlayer, succeeded } from '../../core/commands/command-helpers.ts';
import { command } from '../../core/commands/command-tree.ts';
import type { ScoreboardService } from './scoreboard.service.ts';

export const SCOREBOARD_NODES = {
  /** /sidebar: hide or show one's own sidebar. */
  sidebar: 'core.scoreboard.sidebar',
} as const;

export function scoreboardCommands(scoreboard: ScoreboardService): CommandDefinition[] {
  return [
    command({
      name: 'sidebar',
      permission: SCOREBOARD_NODES.sidebar,
      description: 'Hides your sidebar, or shows it again; the choice is kept when you leave.',
      playerOnly: true,
      async run(c) {
        const r = await scoreboard.toggleSidebar(senderPlayer(c).uuid, c.actor);
        if (succeeded(c, r)) c.reply(r.value.hidden ? 'Sidebar hidden. /sidebar shows it again.' : 'Sidebar shown. /sidebar hides it.');
      },
    }),
  ];
}
