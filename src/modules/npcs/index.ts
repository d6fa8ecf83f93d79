// The NPCs module: player-like figures owned by players, standing where they were put, with a
// name, a skin copied from a game account, and a command a player runs by right-clicking them.

import { defineModule } from '../../core/kernel/module.ts';
import { NPC_NODES, npcsCommands } from './npcs.commands.ts';
import { npcsReloadable } from './npcs.config.ts';
import { NPC_EVENTS } from './npcs.events.ts';
import { createNpcsService, type NpcsService } from './npcs.service.ts';
import { npcSpawner } from './npcs.spawner.ts';
import { NPCS_MIGRATIONS } from './npcs.store.ts';
import { NPCS_ROUTES } from './npcs.routes.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    npcs: NpcsService;
  }
}

/** Events after which a world may have been loaded, so its NPCs can be spawned. */
const WORLD_LOADS = new Set<string>(['world.create', 'world.load', 'world.import', 'world.adopt']);

export const npcsModule = defineModule({
  name: 'npcs',
  description: 'NPCs: /npc, player-like figures that run a command when right-clicked (skins through the skins module).',
  dependsOn: [],
  optionalDependsOn: ['skins'],
  migrations: NPCS_MIGRATIONS,
  routes: NPCS_ROUTES,
  events: NPC_EVENTS,
  playerNodes: [NPC_NODES.use],
  readConfigFiles: (ctx) => void ctx.load(npcsReloadable(ctx.configDir)),
  async createService(ctx) {
    const spawner = npcSpawner(ctx.platform, ctx.log);
    const npcs = createNpcsService({
      db: ctx.db,
      events: ctx.events,
      clock: ctx.clock,
      players: ctx.players,
      permissions: ctx.permissions,
      audit: ctx.audit,
      platform: ctx.platform,
      spawner,
      config: ctx.configs.load(npcsReloadable(ctx.configDir)),
      skins: () => ctx.optional.skins,
      runAs: async (player, line) => ctx.commands.execute({ kind: 'player', player }, await ctx.placeholders.apply(line, player)),
    });
    const failed = (what: string) => (e: unknown) => ctx.log.error(what, e);
    await npcs.spawnMissing();
    ctx.events.subscribe((e) => {
      if (WORLD_LOADS.has(e.name)) npcs.spawnMissing().catch(failed('the NPCs of a world just loaded could not be spawned'));
    });
    ctx.platform.on('interact', (e) => {
      if (e.action !== 'use' || e.target.kind !== 'entity') return;
      npcs.clicked(e.player, e.target.id).catch(failed(`the command of the NPC ${e.player.name} clicked could not be run`));
    });
    return npcs;
  },
  commands: (npcs, ctx) => npcsCommands(npcs, ctx),
  stop: (npcs) => npcs.despawnAll(),
});
