// The tpa module: teleport requests between players (/tpa, /tpahere, /tpaccept, /tpdeny,
// /tpacancel) with an expiry, and the route reading a player's requests. The moves themselves,
// /back, /tp and /tphere belong to the teleport module (src/modules/teleport/).

import { defineModule } from '../../core/kernel/module.ts';
import { TPA_NODES, tpaCommands } from './tpa.commands.ts';
import { tpaReloadable } from './tpa.config.ts';
import { TPA_EVENTS } from './tpa.events.ts';
import { TPA_MESSAGES } from './tpa.messages.ts';
import { createTpaService, type TpaService } from './tpa.service.ts';
import { TPA_ROUTES } from './tpa.routes.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    tpa: TpaService;
  }
}

export const tpaModule = defineModule({
  name: 'tpa',
  description: 'Teleport requests: /tpa, /tpahere, /tpaccept, /tpdeny, /tpacancel; they expire after request-expiry-seconds.',
  dependsOn: ['teleport'],
  migrations: [],
  routes: TPA_ROUTES,
  events: TPA_EVENTS,
  messages: TPA_MESSAGES,
  playerNodes: Object.values(TPA_NODES),
  readConfigFiles: (ctx) => void ctx.load(tpaReloadable(ctx.configDir)),
  createService: (ctx) =>
    createTpaService({
      platform: ctx.platform,
      messages: ctx.messages,
      events: ctx.events,
      scheduler: ctx.scheduler,
      clock: ctx.clock,
      players: ctx.players,
      teleport: ctx.api.teleport,
      config: ctx.configs.load(tpaReloadable(ctx.configDir)),
    }),
  commands: (tpa, ctx) => tpaCommands(tpa, ctx),
  stop: (tpa) => tpa.stop(),
});
