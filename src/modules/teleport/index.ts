// The teleport module: every move of a player goes through its service (warm-up, back location,
// gates, events), and it brings /back, /tp (/tppos), /tphere and the teleport routes. A module that
// moves players declares it (homes, warps, player warps, tpa, moderation's jails, worlds; security
// only adds a gate, so it uses it when it is on). The warm-up is core.conf's
// teleport-warmup-seconds, read through the kernel's core config.

import { defineModule } from '../../core/kernel/module.ts';
import { TELEPORT_PLAYER_NODES, teleportCommands } from './teleport.commands.ts';
import { TELEPORT_EVENTS } from './teleport.events.ts';
import { TELEPORT_ROUTES } from './teleport.routes.ts';
import { createTeleports, type TeleportService } from './teleport.service.ts';
import { TELEPORT_MIGRATIONS } from './teleport.store.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    teleport: TeleportService;
  }
}

export const teleportModule = defineModule({
  name: 'teleport',
  description: "Teleports: the warm-up (core.conf's teleport-warmup-seconds), back locations, /back, /tp, /tppos, /tphere.",
  dependsOn: [],
  migrations: TELEPORT_MIGRATIONS,
  // Kept by the kernel until teleport became a module.
  migrationsFormerlyRecordedAs: 'core.teleport',
  routes: TELEPORT_ROUTES,
  events: TELEPORT_EVENTS,
  playerNodes: TELEPORT_PLAYER_NODES,
  createService: (ctx) =>
    createTeleports({
      db: ctx.db,
      platform: ctx.platform,
      events: ctx.events,
      scheduler: ctx.scheduler,
      clock: ctx.clock,
      log: ctx.log,
      players: ctx.players,
      permissions: ctx.permissions,
      audit: ctx.audit,
      warmupSeconds: () => ctx.coreConfig().teleportWarmupSeconds,
    }),
  // A gate another module adds is taken off when that module stops (a jail's, a world's entry rule).
  scoped: (teleport, track) => ({ ...teleport, addGate: (gate) => track(teleport.addGate(gate)) }),
  commands: (teleport, ctx) => teleportCommands(teleport, ctx),
  // Every warm-up still waiting is cancelled (reason shutdown).
  stop: (teleport) => teleport.stop(),
});
