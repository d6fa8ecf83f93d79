// The communication module: the announcer (announcer.conf: messages shown in turn, with markup and
// placeholders), /announcements on|off (durable), and /broadcast. Events only; no routes.

import { defineModule } from '../../core/kernel/module.ts';
import { communicationCommands } from './communication.commands.ts';
import { announcerReloadable, type AnnouncerConfig } from './communication.config.ts';
import { COMMUNICATION_EVENTS } from './communication.events.ts';
import { COMMUNICATION_NODES, createCommunicationService, type CommunicationService } from './communication.service.ts';
import { COMMUNICATION_MIGRATIONS } from './communication.store.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    communication: CommunicationService;
  }
}

export const communicationModule = defineModule({
  name: 'communication',
  description: 'Announcer (announcer.conf), /announcements on|off, /broadcast.',
  dependsOn: [],
  migrations: COMMUNICATION_MIGRATIONS,
  events: COMMUNICATION_EVENTS,
  playerNodes: [COMMUNICATION_NODES.announcements],
  readConfigFiles: (ctx) => void ctx.load(announcerReloadable(ctx.configDir)),
  async createService(ctx) {
    // The announcer is made after the file is read; a reload before that cannot happen.
    let onReload: ((c: AnnouncerConfig, changed: boolean) => void) | undefined;
    const config = ctx.configs.load({ ...announcerReloadable(ctx.configDir), reloaded: (c, changed) => onReload?.(c, changed) });
    const communication = await createCommunicationService({
      db: ctx.db,
      events: ctx.events,
      clock: ctx.clock,
      players: ctx.players,
      audit: ctx.audit,
      platform: ctx.platform,
      scheduler: ctx.scheduler,
      placeholders: ctx.placeholders,
      config,
    });
    onReload = (c, changed) => communication.announcer.reloaded(c, changed);
    return communication;
  },
  commands: (communication, ctx) => communicationCommands(communication, ctx),
});
