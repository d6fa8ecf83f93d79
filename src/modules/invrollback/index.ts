// The invrollback module: inventory snapshots on death, quit and by command; /invrollback restores one.

import { defineModule } from '../../core/kernel/module.ts';
import { invRollbackReloadable } from './invrollback.config.ts';
import { invRollbackCommands } from './invrollback.commands.ts';
import { INVROLLBACK_EVENTS } from './invrollback.events.ts';
import { createInvRollbackService, type InvRollbackService } from './invrollback.service.ts';
import { INVROLLBACK_MIGRATIONS } from './invrollback.store.ts';
import { INVROLLBACK_ROUTES } from './invrollback.routes.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    invrollback: InvRollbackService;
  }
}

export const invRollbackModule = defineModule({
  name: 'invrollback',
  description: 'Inventory snapshots on death, on quit and by /invrollback; restore puts one back.',
  dependsOn: [],
  migrations: INVROLLBACK_MIGRATIONS,
  routes: INVROLLBACK_ROUTES,
  events: INVROLLBACK_EVENTS,
  readConfigFiles: (ctx) => void ctx.load(invRollbackReloadable(ctx.configDir)),
  createService(ctx) {
    const snapshots = createInvRollbackService({ ...ctx, config: ctx.configs.load(invRollbackReloadable(ctx.configDir)) });
    ctx.platform.on('death', ({ player }) => snapshots.died(player.uuid));
    ctx.platform.on('quit', ({ player, inventory }) => snapshots.left(player, inventory));
    return snapshots;
  },
  commands: (snapshots, ctx) => invRollbackCommands(snapshots, ctx),
  stop: (snapshots) => snapshots.flush(),
});
