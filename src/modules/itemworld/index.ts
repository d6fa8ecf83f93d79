// The itemworld module: items on the ground and mobs. Purges on a schedule (with a warning in
// chat) and with /purge; mob spawn rules per world, which every spawn goes through (spawn eggs,
// /spawnmob, other modules); the events itemworld.entity-purge and itemworld.mob-spawn.

import { defineModule } from '../../core/kernel/module.ts';
import { itemworldCommands } from './itemworld.commands.ts';
import { itemworldReloadable } from './itemworld.config.ts';
import { ITEMWORLD_EVENTS } from './itemworld.events.ts';
import { createItemworldService, type ItemworldService } from './itemworld.service.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    itemworld: ItemworldService;
  }
}

export const itemworldModule = defineModule({
  name: 'itemworld',
  description: 'Items on the ground and mobs: /purge and the automatic purge, mob spawn rules per world, /spawnmob.',
  dependsOn: [],
  migrations: [],
  events: ITEMWORLD_EVENTS,
  readConfigFiles: (ctx) => void ctx.load(itemworldReloadable(ctx.configDir)),
  createService: (ctx) =>
    createItemworldService({
      platform: ctx.platform,
      events: ctx.events,
      scheduler: ctx.scheduler,
      clock: ctx.clock,
      config: ctx.configs.load(itemworldReloadable(ctx.configDir)),
    }),
  commands: (itemworld, ctx) => itemworldCommands(itemworld, ctx),
});
