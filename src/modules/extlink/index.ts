// The account-links module: /link gives a one-time code, redeemed on the platform side (or with
// /extlink redeem <code> <id>) for a Discord-style account id; /unlink; reads from both sides. With
// a bot token in extlink.conf, a Discord bot redeems codes itself (/link code:<code> in Discord).

import { defineModule } from '../../core/kernel/module.ts';
import { extlinkReloadable } from './extlink.config.ts';
import { EXTLINK_NODES, extlinkCommands } from './extlink.commands.ts';
import { createBotSupervisor, type BotSupervisor } from './extlink.discord-bot.ts';
import { answerSlash } from './extlink.discord-commands.ts';
import { EXTLINK_EVENTS } from './extlink.events.ts';
import { createExtlinkService, type ExtlinkService } from './extlink.service.ts';
import { EXTLINK_MIGRATIONS } from './extlink.store.ts';
import { EXTLINK_ROUTES } from './extlink.routes.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    extlink: ExtlinkService;
  }
}

/** The Discord bot of each running service, and whether one is configured. */
const bots = new WeakMap<ExtlinkService, { bot: BotSupervisor; configured: () => boolean }>();

export const extlinkModule = defineModule({
  name: 'extlink',
  description: 'Account links: /link gives a one-time code to link a Discord-style account; /unlink; /extlink redeem <code> <id>; an optional Discord bot.',
  dependsOn: [],
  migrations: EXTLINK_MIGRATIONS,
  routes: EXTLINK_ROUTES,
  events: EXTLINK_EVENTS,
  playerNodes: [EXTLINK_NODES.link, EXTLINK_NODES.unlink],
  readConfigFiles: (ctx) => void ctx.load(extlinkReloadable(ctx.configDir)),
  createService(ctx) {
    let bot: BotSupervisor | undefined;
    // After every valid `core reload` the bot follows the file (the getter answers the new settings
    // by then); at start, from the next turn.
    const config = ctx.configs.load({ ...extlinkReloadable(ctx.configDir), reloaded: () => bot?.sync() });
    setImmediate(() => bot?.sync());
    const service = createExtlinkService({ db: ctx.db, events: ctx.events, clock: ctx.clock, players: ctx.players, audit: ctx.audit, config });
    const log = ctx.log.child('discord');
    bot = createBotSupervisor({
      settings: () => config().discord,
      load: async () => (await import('./extlink.discord-client.ts')).connectDiscord,
      answer: (call) => answerSlash(service, call, log),
      log,
      scheduler: ctx.scheduler,
    });
    bots.set(service, { bot, configured: () => config().discord !== undefined });
    return service;
  },
  commands: (extlink, ctx) => extlinkCommands(extlink, ctx, () => bots.get(extlink)?.configured() ?? false),
  stop: (service) => bots.get(service)?.bot.stop(),
});
