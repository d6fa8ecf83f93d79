// The spawn module: a spawn per world and a first-join spawn (/spawn, /setspawn, /delspawn);
// players who die respawn at the spawn of their world, and new players start at the first-join spawn.

import { defineModule } from '../../core/kernel/module.ts';
import { SPAWN_NODES, spawnCommands } from './spawn.commands.ts';
import { spawnReloadable } from './spawn.config.ts';
import { SPAWN_MESSAGES } from './spawn.messages.ts';
import { createSpawns, type SpawnService } from './spawn.service.ts';
import { createSpawnStore, SPAWN_MIGRATIONS } from './spawn.store.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    spawn: SpawnService;
  }
}

export const spawnModule = defineModule({
  name: 'spawn',
  description: 'A spawn per world and a first-join spawn: /spawn; /setspawn and /delspawn need core.spawn.set. Respawns go to the spawn.',
  dependsOn: ['teleport'],
  optionalDependsOn: ['worlds', 'homes'],
  migrations: SPAWN_MIGRATIONS,
  messages: SPAWN_MESSAGES,
  playerNodes: [SPAWN_NODES.use],
  readConfigFiles: (ctx) => void ctx.load(spawnReloadable(ctx.configDir)),
  createService: (ctx) =>
    createSpawns({
      store: createSpawnStore(ctx.db),
      clock: ctx.clock,
      log: ctx.log,
      platform: ctx.platform,
      players: ctx.players,
      audit: ctx.audit,
      teleport: ctx.api.teleport,
      config: ctx.configs.load(spawnReloadable(ctx.configDir)),
      optional: ctx.optional,
    }),
  commands: (spawn, ctx) => spawnCommands(spawn, ctx),
  // The respawn locator is the platform's one slot: taken off, respawns go to the default world's spawn.
  stop: (spawn) => spawn.stop(),
});
