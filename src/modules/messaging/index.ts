// The messaging module: /msg and /r, /ignore, /mail send|read|clear, /helpop.

import { defineModule } from '../../core/kernel/module.ts';
import { MESSAGING_NODES, messagingCommands } from './messaging.commands.ts';
import { MESSAGING_EVENTS } from './messaging.events.ts';
import { createMessagingService, type MessagingService } from './messaging.service.ts';
import { MESSAGING_MIGRATIONS } from './messaging.store.ts';
import { MESSAGING_ROUTES } from './messaging.routes.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    messaging: MessagingService;
  }
}

export const messagingModule = defineModule({
  name: 'messaging',
  description: 'Private messages (/msg, /r), /ignore, mail (/mail send|read|clear) and /helpop.',
  dependsOn: [],
  optionalDependsOn: ['moderation', 'vanish'],
  migrations: MESSAGING_MIGRATIONS,
  routes: MESSAGING_ROUTES,
  events: MESSAGING_EVENTS,
  playerNodes: [MESSAGING_NODES.msg, MESSAGING_NODES.reply, MESSAGING_NODES.ignore, MESSAGING_NODES.mail, MESSAGING_NODES.helpop],
  createService: (ctx) =>
    createMessagingService({
      db: ctx.db,
      events: ctx.events,
      clock: ctx.clock,
      players: ctx.players,
      permissions: ctx.permissions,
      audit: ctx.audit,
      platform: ctx.platform,
      log: ctx.log,
      optional: ctx.optional,
    }),
  commands: (messaging, ctx) => messagingCommands(messaging, ctx),
});
