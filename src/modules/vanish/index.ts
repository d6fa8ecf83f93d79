// The vanish module: /vanish [player] (/v), /vanish list; levels from core.vanish.level.<n> and
// see-levels from core.vanish.see.<n>; hidden through a visibility rule of the platform.

import { defineModule } from '../../core/kernel/module.ts';
import { vanishCommands } from './vanish.commands.ts';
import { VANISH_EVENTS } from './vanish.events.ts';
import { createVanishService, type VanishService } from './vanish.service.ts';
import { VANISH_MIGRATIONS } from './vanish.store.ts';
import { VANISH_ROUTES } from './vanish.routes.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    vanish: VanishService;
  }
}

/** The rule each running service added, taken off when the module stops. */
const stops = new WeakMap<VanishService, () => void>();

export const vanishModule = defineModule({
  name: 'vanish',
  description: 'Vanish: /vanish [player], /vanish list; levels from core.vanish.level.<n>, see-levels from core.vanish.see.<n>.',
  dependsOn: [],
  migrations: VANISH_MIGRATIONS,
  routes: VANISH_ROUTES,
  events: VANISH_EVENTS,
  async createService(ctx) {
    const { service, stop } = await createVanishService({
      db: ctx.db,
      events: ctx.events,
      clock: ctx.clock,
      players: ctx.players,
      permissions: ctx.permissions,
      audit: ctx.audit,
      platform: ctx.platform,
      scheduler: ctx.scheduler,
    });
    stops.set(service, stop);
    return service;
  },
  commands: (vanish, ctx) => vanishCommands(vanish, ctx),
  stop(vanish) {
    stops.get(vanish)?.();
    stops.delete(vanish);
  },
});
