// The worlds module: managed worlds (create, load, unload, delete, import, adopt, unregister),
// their settings (load-on-start, entry, game mode, pvp, build, spawn) and /world.

import { defineModule } from '../../core/kernel/module.ts';
import { WORLD_NODES, worldsCommands } from './worlds.commands.ts';
import { applyArrival, enforceWorldRules } from './worlds.enforce.ts';
import { WORLD_EVENTS } from './worlds.events.ts';
import { createWorldsService, type WorldsService } from './worlds.service.ts';
import { WORLDS_MIGRATIONS } from './worlds.store.ts';
import { WORLDS_ROUTES } from './worlds.routes.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    worlds: WorldsService;
  }
}

export const worldsModule = defineModule({
  name: 'worlds',
  description: 'Managed worlds: /world create, load, unload, delete, import, adopt, set, tp; entry rules per world.',
  dependsOn: ['teleport'],
  migrations: WORLDS_MIGRATIONS,
  routes: WORLDS_ROUTES,
  events: WORLD_EVENTS,
  playerNodes: [WORLD_NODES.list, WORLD_NODES.info, WORLD_NODES.tp],
  async createService(ctx) {
    let service: WorldsService | undefined;
    service = await createWorldsService({
      db: ctx.db,
      events: ctx.events,
      clock: ctx.clock,
      log: ctx.log,
      players: ctx.players,
      permissions: ctx.permissions,
      audit: ctx.audit,
      platform: ctx.platform,
      teleport: ctx.api.teleport,
      entered: (uuid, world) => service && applyArrival(ctx, service, uuid, world),
    });
    enforceWorldRules(ctx, service);
    return service;
  },
  commands: (worlds, ctx) => worldsCommands(worlds, ctx),
});
