// The scoreboard module: the sidebar (title and lines from scoreboard.conf, hidden by a player with
// /sidebar), the tab list header and footer, and a nametag per permission group.

import { defineModule } from '../../core/kernel/module.ts';
import { SCOREBOARD_NODES, scoreboardCommands } from './scoreboard.commands.ts';
import { scoreboardReloadable } from './scoreboard.config.ts';
import { SCOREBOARD_EVENTS } from './scoreboard.events.ts';
import { createScoreboardService, type ScoreboardService } from './scoreboard.service.ts';
import { createScoreboardStore, SCOREBOARD_MIGRATIONS } from './scoreboard.store.ts';
import { SCOREBOARD_ROUTES } from './scoreboard.routes.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    scoreboard: ScoreboardService;
  }
}

export const scoreboardModule = defineModule({
  name: 'scoreboard',
  description: 'The sidebar (/sidebar hides it), the tab list header and footer, and nametags per permission group, from scoreboard.conf.',
  dependsOn: [],
  migrations: SCOREBOARD_MIGRATIONS,
  routes: SCOREBOARD_ROUTES,
  events: SCOREBOARD_EVENTS,
  playerNodes: [SCOREBOARD_NODES.sidebar],
  readConfigFiles: (ctx) => void ctx.load(scoreboardReloadable(ctx.configDir)),
  createService: (ctx) =>
    createScoreboardService({
      store: createScoreboardStore(ctx.db),
      events: ctx.events,
      clock: ctx.clock,
      players: ctx.players,
      permissions: ctx.permissions,
      audit: ctx.audit,
      platform: ctx.platform,
      placeholders: ctx.placeholders,
      scheduler: ctx.scheduler,
      log: ctx.log,
      config: ctx.configs.load(scoreboardReloadable(ctx.configDir)),
    }),
  commands: (scoreboard) => scoreboardCommands(scoreboard),
});
