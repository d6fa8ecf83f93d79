// The moderation module: bans, mutes, warnings, kicks, address bans and alt detection (the
// sanctions half: moderation.*), and jails (the jail half: jail.*).

import { defineModule } from '../../core/module.ts';
import { MODERATION_EVENTS } from './moderation.events.ts';
import { createModerationService, type ModerationService } from './moderation.service.ts';
import { MODERATION_MIGRATIONS } from './moderation.store.ts';

declare module '../../core/api.ts' {
  interface ModuleServices {
    moderation: ModerationService;
  }
}

export const moderationModule = defineModule<ModerationService>({
  name: 'moderation',
  description: 'Bans, mutes, warnings, kicks, address bans, alt detection and jails.',
  dependsOn: [],
  migrations: MODERATION_MIGRATIONS,
  events: MODERATION_EVENTS,
  playerNodes: [],
  createService: (ctx) =>
    createModerationService({
      db: ctx.db,
      events: ctx.events,
      clock: ctx.clock,
      players: ctx.players,
      audit: ctx.audit,
      platform: ctx.platform,
      jailOf: async () => null,
    }),
});
