// The vaults module: numbered private chests per player, /pv; limits from core.vault.limit.<n>.

import { defineModule } from '../../core/kernel/module.ts';
import { vaultsReloadable } from './vaults.config.ts';
import { VAULT_NODES, vaultsCommands } from './vaults.commands.ts';
import { VAULT_EVENTS } from './vaults.events.ts';
import { createVaultsService, type VaultsService } from './vaults.service.ts';
import { VAULTS_MIGRATIONS } from './vaults.store.ts';
import { VAULTS_ROUTES } from './vaults.routes.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    vaults: VaultsService;
  }
}

export const vaultsModule = defineModule({
  name: 'vaults',
  description: 'Player vaults: private chests opened with /pv <n>; limits from core.vault.limit.<n>.',
  dependsOn: [],
  migrations: VAULTS_MIGRATIONS,
  routes: VAULTS_ROUTES,
  events: VAULT_EVENTS,
  playerNodes: [VAULT_NODES.use],
  readConfigFiles: (ctx) => void ctx.load(vaultsReloadable(ctx.configDir)),
  createService: (ctx) => createVaultsService({ ...ctx, config: ctx.configs.load(vaultsReloadable(ctx.configDir)) }),
  commands: (vaults) => vaultsCommands(vaults),
  stop: (vaults) => vaults.flush(),
});
