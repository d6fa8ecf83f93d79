// The player warps module: warps players own, name, share, charge for and manage themselves.

import { defineModule } from '../../core/kernel/module.ts';
import { PWARP_NODES, playerWarpsCommands } from './playerwarps.commands.ts';
import { playerWarpsReloadable } from './playerwarps.config.ts';
import { PLAYERWARP_EVENTS } from './playerwarps.events.ts';
import { PLAYERWARPS_MESSAGES } from './playerwarps.messages.ts';
import { createPlayerWarpsService, type PlayerWarpsService } from './playerwarps.service.ts';
import { PLAYERWARPS_MIGRATIONS } from './playerwarps.store.ts';
import { PLAYERWARPS_ROUTES } from './playerwarps.routes.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    playerwarps: PlayerWarpsService;
  }
}

export const playerWarpsModule = defineModule({
  name: 'playerwarps',
  description: 'Player warps: /pwarp, owned by players, with managers, whitelist, bans and visit fees.',
  dependsOn: ['economy', 'teleport'],
  migrations: PLAYERWARPS_MIGRATIONS,
  routes: PLAYERWARPS_ROUTES,
  events: PLAYERWARP_EVENTS,
  messages: PLAYERWARPS_MESSAGES,
  playerNodes: [PWARP_NODES.use, PWARP_NODES.create, PWARP_NODES.manage],
  readConfigFiles: (ctx) => void ctx.load(playerWarpsReloadable(ctx.configDir)),
  createService: (ctx) =>
    createPlayerWarpsService({
      db: ctx.db,
      events: ctx.events,
      clock: ctx.clock,
      players: ctx.players,
      permissions: ctx.permissions,
      audit: ctx.audit,
      platform: ctx.platform,
      messages: ctx.messages,
      teleport: ctx.api.teleport,
      log: ctx.log,
      config: ctx.configs.load(playerWarpsReloadable(ctx.configDir)),
      economy: () => ctx.api.economy,
    }),
  commands: (warps, ctx) => playerWarpsCommands(warps, ctx),
});
