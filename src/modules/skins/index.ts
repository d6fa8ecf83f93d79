// The skins module: /skin <account> puts a game account's skin on a player (fetched from the
// account service and kept), seen by everyone at once and again at every join; /skin clear.

import { defineModule } from '../../core/kernel/module.ts';
import { lookUpSkin } from './skins.account-service.ts';
import { SKIN_NODES, skinsCommands } from './skins.commands.ts';
import { skinsReloadable } from './skins.config.ts';
import { SKIN_EVENTS } from './skins.events.ts';
import { createSkinsService, type SkinsService } from './skins.service.ts';
import { SKINS_MIGRATIONS } from './skins.store.ts';
import { SKINS_ROUTES } from './skins.routes.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    skins: SkinsService;
  }
}

export const skinsModule = defineModule({
  name: 'skins',
  description: 'Skins of game accounts: /skin <account>, /skin clear (looked up at the account service, kept).',
  dependsOn: [],
  migrations: SKINS_MIGRATIONS,
  routes: SKINS_ROUTES,
  events: SKIN_EVENTS,
  playerNodes: [SKIN_NODES.set],
  readConfigFiles: (ctx) => void ctx.load(skinsReloadable(ctx.configDir)),
  createService: (ctx) => {
    const skins = createSkinsService({
      db: ctx.db,
      events: ctx.events,
      clock: ctx.clock,
      players: ctx.players,
      audit: ctx.audit,
      platform: ctx.platform,
      config: ctx.configs.load(skinsReloadable(ctx.configDir)),
      lookUp: lookUpSkin,
    });
    const joined = (uuid: string) =>
      void skins.joined(uuid).catch((e: unknown) => ctx.log.warn(`could not put the chosen skin on ${uuid}: ${e instanceof Error ? e.message : String(e)}`));
    for (const p of ctx.platform.onlinePlayers()) joined(p.uuid);
    ctx.platform.on('join', ({ player }) => joined(player.uuid));
    return skins;
  },
  commands: (skins, ctx) => skinsCommands(skins, ctx),
});
