// The powertools module: a command bound to a kind of item, run by using the item.

import { defineModule } from '../../core/kernel/module.ts';
import { POWERTOOL_NODES, powertoolsCommands } from './powertools.commands.ts';
import { createPowertoolsService, type PowertoolsService } from './powertools.service.ts';
import { POWERTOOLS_MIGRATIONS } from './powertools.store.ts';
import { POWERTOOLS_ROUTES } from './powertools.routes.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    powertools: PowertoolsService;
  }
}

export const powertoolsModule = defineModule({
  name: 'powertools',
  description: 'Powertools: /powertool <command> binds a command to the kind of item in hand; using the item runs it.',
  dependsOn: [],
  migrations: POWERTOOLS_MIGRATIONS,
  routes: POWERTOOLS_ROUTES,
  playerNodes: [POWERTOOL_NODES.use],
  createService: (ctx) =>
    createPowertoolsService({
      db: ctx.db,
      clock: ctx.clock,
      players: ctx.players,
      audit: ctx.audit,
      platform: ctx.platform,
      commands: ctx.commands,
      log: ctx.log,
    }),
  commands: (powertools, ctx) => powertoolsCommands(powertools, ctx),
});
