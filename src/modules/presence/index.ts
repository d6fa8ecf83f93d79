// The presence module: the away (AFK) flag, set by /afk, by the route, or by itself after an idle
// time; cleared by activity. Announced to everyone; presence.afk on every change.

import { defineModule } from '../../core/kernel/module.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import { presenceReloadable, type PresenceConfig } from './presence.config.ts';
import { PRESENCE_NODES, presenceCommands } from './presence.commands.ts';
import { PRESENCE_EVENTS } from './presence.events.ts';
import { PRESENCE_MESSAGES } from './presence.messages.ts';
import { createPresenceService, type PresenceService } from './presence.service.ts';
import { PRESENCE_ROUTES } from './presence.routes.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    presence: PresenceService;
  }
}

/** How often idle players are looked for: an idle player is marked within a second of the limit. */
export const SWEEP_MS = 1000;

/** presence.conf, read once per server (the service and the command share it). */
const configs = new WeakMap<object, () => PresenceConfig>();
const configOf = (ctx: ModuleContext): (() => PresenceConfig) => {
  let c = configs.get(ctx);
  if (!c) {
    c = ctx.configs.load(presenceReloadable(ctx.configDir));
    configs.set(ctx, c);
  }
  return c;
};

export const presenceModule = defineModule({
  name: 'presence',
  description: 'The away (AFK) flag: /afk, automatic after an idle time, cleared by activity.',
  dependsOn: [],
  migrations: [],
  routes: PRESENCE_ROUTES,
  events: PRESENCE_EVENTS,
  messages: PRESENCE_MESSAGES,
  playerNodes: [PRESENCE_NODES.afk, PRESENCE_NODES.auto],
  readConfigFiles: (ctx) => void ctx.load(presenceReloadable(ctx.configDir)),
  createService(ctx) {
    const presence = createPresenceService({
      events: ctx.events,
      clock: ctx.clock,
      players: ctx.players,
      permissions: ctx.permissions,
      audit: ctx.audit,
      platform: ctx.platform,
      messages: ctx.messages,
      config: configOf(ctx),
      serverName: ctx.signals.serverName,
    });
    // Listeners, the filter, the check and the sweep go through the module's scope: taken off when it stops.
    for (const p of ctx.platform.onlinePlayers()) presence.joined(p);
    ctx.platform.on('join', ({ player }) => presence.joined(player));
    ctx.platform.on('quit', ({ player }) => presence.left(player));
    // Walking into another block; turning the head alone is not a move (the platform sends none).
    ctx.platform.on('move', ({ player }) => presence.activity(player.uuid, 'move'));
    for (const e of ['blockBreak', 'blockPlace', 'itemUse', 'interact'] as const) {
      ctx.platform.on(e, ({ player }) => presence.activity(player.uuid, 'interact'));
    }
    // Ahead of the message being shown, so "is no longer AFK" comes before it.
    ctx.chat.addFilter((player) => {
      presence.activity(player.uuid, 'chat');
      return undefined;
    });
    // Any command but /afk itself (which would otherwise clear the flag it is about to set).
    ctx.commands.addCheck((sender, command) => {
      if (sender.kind === 'player' && command !== 'afk') presence.activity(sender.player.uuid, 'command');
      return undefined;
    });
    ctx.scheduler.every(SWEEP_MS, () => presence.sweep());
    return presence;
  },
  commands: (presence, ctx) => presenceCommands(presence, ctx.platform, configOf(ctx)),
});
