// The player state module: god mode, flight, game mode, walking and flying speed, heal and feed.

import { defineModule } from '../../core/kernel/module.ts';
import { playerStateCommands } from './playerstate.commands.ts';
import { PLAYERSTATE_EVENTS } from './playerstate.events.ts';
import { createPlayerStateService, type PlayerStateService } from './playerstate.service.ts';
import { PLAYERSTATE_MIGRATIONS } from './playerstate.store.ts';
import { PLAYERSTATE_ROUTES } from './playerstate.routes.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    playerstate: PlayerStateService;
  }
}

export const playerStateModule = defineModule({
  name: 'playerstate',
  description: 'Player state: /god, /fly, /gamemode (/gm, /gmc, /gms, /gma, /gmsp), /speed, /heal, /feed.',
  dependsOn: [],
  migrations: PLAYERSTATE_MIGRATIONS,
  routes: PLAYERSTATE_ROUTES,
  events: PLAYERSTATE_EVENTS,
  // Every node is an admin's: none for everyone.
  playerNodes: [],
  createService: (ctx) =>
    createPlayerStateService({
      db: ctx.db,
      events: ctx.events,
      clock: ctx.clock,
      players: ctx.players,
      audit: ctx.audit,
      platform: ctx.platform,
    }),
  commands: (service, ctx) => playerStateCommands(service, ctx),
});
