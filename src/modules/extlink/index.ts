// The account-links module: /link gives a one-time code, redeemed on the platform side (or with
// /extlink redeem <code> <id>) for a Discord-style account id; /unlink; reads from both sides.

import { defineModule } from '../../core/module.ts';
import { extlinkReloadable } from './extlink.config.ts';
import { EXTLINK_NODES, extlinkCommands } from './extlink.commands.ts';
import { EXTLINK_EVENTS } from './extlink.events.ts';
import { createExtlinkService, type ExtlinkService } from './extlink.service.ts';
import { EXTLINK_MIGRATIONS } from './extlink.store.ts';

declare module '../../core/api.ts' {
  interface ModuleServices {
    extlink: ExtlinkService;
  }
}

export const extlinkModule = defineModule<ExtlinkService>({
  name: 'extlink',
  description: 'Account links: /link gives a one-time code to link a Discord-style account; /unlink; /extlink redeem <code> <id>.',
  dependsOn: [],
  migrations: EXTLINK_MIGRATIONS,
  events: EXTLINK_EVENTS,
  playerNodes: [EXTLINK_NODES.link, EXTLINK_NODES.unlink],
  createService: (ctx) =>
    createExtlinkService({
      db: ctx.db,
      events: ctx.events,
      clock: ctx.clock,
      players: ctx.players,
      audit: ctx.audit,
      config: ctx.configs.load(extlinkReloadable(ctx.configDir)),
    }),
  commands: (extlink, ctx) => extlinkCommands(extlink, ctx),
});
