// The warps module: server warps by name, open or behind a permission node, rated by players.

import { defineModule } from '../../core/kernel/module.ts';
import { WARP_NODES, warpsCommands } from './warps.commands.ts';
import { WARP_EVENTS } from './warps.events.ts';
import { WARPS_MESSAGES } from './warps.messages.ts';
import { createWarpsService, type WarpsService } from './warps.service.ts';
import { WARPS_MIGRATIONS } from './warps.store.ts';
import { WARPS_ROUTES } from './warps.routes.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    warps: WarpsService;
  }
}

export const warpsModule = defineModule({
  name: 'warps',
  description: 'Server warps: /warp, /warps, /warp rate; /setwarp, /movewarp, /delwarp need core.warp.admin.',
  dependsOn: ['teleport'],
  migrations: WARPS_MIGRATIONS,
  routes: WARPS_ROUTES,
  events: WARP_EVENTS,
  messages: WARPS_MESSAGES,
  playerNodes: [WARP_NODES.use, WARP_NODES.list, WARP_NODES.rate],
  createService: (ctx) =>
    createWarpsService({
      db: ctx.db,
      events: ctx.events,
      clock: ctx.clock,
      players: ctx.players,
      permissions: ctx.permissions,
      audit: ctx.audit,
      platform: ctx.platform,
      teleport: ctx.api.teleport,
    }),
  commands: (warps, ctx) => warpsCommands(warps, ctx),
});
