// The everyday commands of an essentials plugin: /seen, /whois, /near, /top, /rules, /motd (and the
// message of the day at join) and /me. The texts and /near's radius are in essentials.conf. No
// routes (the specification has no area for them) and no events. What /whois shows of the other
// modules is read from them while they are on.

import { defineModule } from '../../core/kernel/module.ts';
import { essentialsCommands, motdAtJoin } from './essentials.commands.ts';
import { essentialsReloadable } from './essentials.config.ts';
import { createEssentialsService, ESSENTIALS_NODES, type EssentialsService } from './essentials.service.ts';
import { createEssentialsStore, ESSENTIALS_MIGRATIONS } from './essentials.store.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    essentials: EssentialsService;
  }
}

export const essentialsModule = defineModule({
  name: 'essentials',
  description: 'Everyday commands: /seen, /whois, /near, /top, /rules, /motd (also at join, essentials.conf), /me.',
  dependsOn: ['teleport'],
  optionalDependsOn: ['economy', 'playerstate', 'presence', 'vanish', 'playtime', 'moderation'],
  migrations: ESSENTIALS_MIGRATIONS,
  playerNodes: [ESSENTIALS_NODES.seen, ESSENTIALS_NODES.rules, ESSENTIALS_NODES.motd, ESSENTIALS_NODES.me],
  readConfigFiles: (ctx) => void ctx.load(essentialsReloadable(ctx.configDir)),
  createService(ctx) {
    const config = ctx.configs.load(essentialsReloadable(ctx.configDir));
    const essentials = createEssentialsService({
      players: ctx.players,
      platform: ctx.platform,
      clock: ctx.clock,
      log: ctx.log,
      store: createEssentialsStore(ctx.db),
      placeholders: ctx.placeholders,
      teleport: ctx.api.teleport,
      config,
      optional: ctx.optional,
    });
    // Through the module's scope: taken off when it stops.
    ctx.platform.on('join', ({ player }) => {
      motdAtJoin(essentials, ctx, config, player).catch((e: unknown) => ctx.log.error(`could not show the message of the day to ${player.name}`, e));
    });
    ctx.platform.on('quit', ({ player }) => essentials.left(player));
    return essentials;
  },
  commands: (essentials, ctx) => essentialsCommands(essentials, ctx, ctx.configs.load(essentialsReloadable(ctx.configDir))),
  // Everyone still online leaves now, as the players table records them.
  stop: (essentials) => essentials.stopping(),
});
