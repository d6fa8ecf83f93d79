// The commandgate module: which commands players may run (command-gate.conf: a server-wide
// blacklist or whitelist, lists of permission groups, overrides of worlds, a bypass node), checked
// before every command a player runs, hidden from what they are offered, and read by one route.

import { defineModule } from '../../core/kernel/module.ts';
import { commandGateReloadable } from './commandgate.config.ts';
import { createCommandGateService, type CommandGateService } from './commandgate.service.ts';
import { COMMANDGATE_ROUTES } from './commandgate.routes.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    commandgate: CommandGateService;
  }
}

export const commandGateModule = defineModule({
  name: 'commandgate',
  description: 'The command gate: command-gate.conf lists the commands players may (whitelist) or may not (blacklist) run, per group and per world.',
  dependsOn: [],
  migrations: [],
  routes: COMMANDGATE_ROUTES,
  readConfigFiles: (ctx) => void ctx.load(commandGateReloadable(ctx.configDir, () => ctx.api.permissions.groupNames())),
  createService: (ctx) =>
    createCommandGateService({
      config: ctx.configs.load(commandGateReloadable(ctx.configDir, () => ctx.permissions.groupNames())),
      permissions: ctx.permissions,
      players: ctx.players,
      platform: ctx.platform,
      commands: ctx.commands,
      scheduler: ctx.scheduler,
    }),
});
