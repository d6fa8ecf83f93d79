// The homes module: numbered home slots per player, /sethome, /home, /delhome, /homes.

import { defineModule } from '../../core/kernel/module.ts';
import { homesReloadable } from './homes.config.ts';
import { HOME_NODES, homesCommands } from './homes.commands.ts';
import { HOME_EVENTS } from './homes.events.ts';
import { HOMES_MESSAGES } from './homes.messages.ts';
import { createHomesService, type HomesService } from './homes.service.ts';
import { HOMES_MIGRATIONS } from './homes.store.ts';
import { HOMES_ROUTES } from './homes.routes.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    homes: HomesService;
  }
}

export const homesModule = defineModule({
  name: 'homes',
  description: 'Home slots per player: /sethome, /home, /delhome, /homes; limits from core.home.limit.<n>.',
  dependsOn: ['teleport'],
  migrations: HOMES_MIGRATIONS,
  routes: HOMES_ROUTES,
  events: HOME_EVENTS,
  messages: HOMES_MESSAGES,
  playerNodes: [HOME_NODES.set, HOME_NODES.use, HOME_NODES.delete, HOME_NODES.list, HOME_NODES.visit],
  readConfigFiles: (ctx) => void ctx.load(homesReloadable(ctx.configDir)),
  createService: (ctx) =>
    createHomesService({
      db: ctx.db,
      events: ctx.events,
      clock: ctx.clock,
      players: ctx.players,
      permissions: ctx.permissions,
      audit: ctx.audit,
      platform: ctx.platform,
      teleport: ctx.api.teleport,
      config: ctx.configs.load(homesReloadable(ctx.configDir)),
    }),
  commands: (homes, ctx) => homesCommands(homes, ctx),
});
