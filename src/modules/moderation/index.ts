// The moderation module: bans, mutes, warnings, kicks, address bans and alt detection (the
// sanctions half: moderation.*), and jails (the jail half: jail.*).

import { defineModule } from '../../core/kernel/module.ts';
import { jailCommands, JAIL_NODES } from './jail.commands.ts';
import { jailReloadable } from './jail.config.ts';
import { enforceJails } from './jail.enforcement.ts';
import { createJailService, jailApiOf, type JailApi } from './jail.service.ts';
import { JAIL_MIGRATIONS } from './jail.store.ts';
import { moderationReloadable } from './moderation.config.ts';
import { MODERATION_NODES, moderationCommands } from './moderation.commands.ts';
import { MODERATION_EVENTS } from './moderation.events.ts';
import { createModerationService, type ModerationService } from './moderation.service.ts';
import { MODERATION_MIGRATIONS } from './moderation.store.ts';
import { JAIL_ROUTES } from './jail.routes.ts';
import { MODERATION_ROUTES } from './moderation.routes.ts';

/** What the module's stop waits for, by the service it made: the jails' work under way. */
const settling = new WeakMap<object, () => Promise<void>>();

/** `ctx.api.moderation`: the sanctions and the jails. */
export interface ModerationApi extends ModerationService, JailApi {}

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    moderation: ModerationApi;
  }
}

export { JAIL_NODES };

export const moderationModule = defineModule({
  name: 'moderation',
  description: 'Bans, mutes, warnings, kicks, address bans, alt detection and jails.',
  dependsOn: ['teleport'],
  migrations: [...MODERATION_MIGRATIONS, ...JAIL_MIGRATIONS],
  routes: [...MODERATION_ROUTES, ...JAIL_ROUTES],
  events: MODERATION_EVENTS,
  playerNodes: [MODERATION_NODES.warnings],
  readConfigFiles(ctx) {
    ctx.load(jailReloadable(ctx.configDir));
    ctx.load(moderationReloadable(ctx.configDir));
  },
  async createService(ctx) {
    const jailConfig = ctx.configs.load(jailReloadable(ctx.configDir));
    const jails = await createJailService({
      db: ctx.db,
      events: ctx.events,
      clock: ctx.clock,
      scheduler: ctx.scheduler,
      log: ctx.log,
      players: ctx.players,
      permissions: ctx.permissions,
      audit: ctx.audit,
      platform: ctx.platform,
      teleport: ctx.api.teleport,
      config: jailConfig,
    });
    enforceJails(jails, { platform: ctx.platform, clock: ctx.clock, commands: ctx.commands, teleport: ctx.api.teleport, config: jailConfig, log: ctx.log });
    const sanctions = await createModerationService({
      db: ctx.db,
      events: ctx.events,
      clock: ctx.clock,
      scheduler: ctx.scheduler,
      players: ctx.players,
      permissions: ctx.permissions,
      audit: ctx.audit,
      platform: ctx.platform,
      log: ctx.log,
      chat: ctx.chat,
      logins: ctx.logins,
      commands: ctx.commands,
      config: ctx.configs.load(moderationReloadable(ctx.configDir)),
      jailOf: jails.current,
      signals: ctx.signals,
    });
    const service = { ...sanctions, ...jailApiOf(jails) };
    settling.set(service, () => jails.idle());
    return service;
  },
  // A join still being worked on (a sentence to apply, a release to tell) finishes before the database closes.
  stop: (service) => settling.get(service)?.(),
  commands: (moderation, ctx) => [...moderationCommands(moderation, ctx), ...jailCommands(moderation, ctx)],
});
