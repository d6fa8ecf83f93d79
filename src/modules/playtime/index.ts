// The playtime module: time played across sessions and restarts, time away (AFK) apart.

import { defineModule } from '../../core/kernel/module.ts';
import { playtimeReloadable } from './playtime.config.ts';
import { duration } from '../../core/messages/catalogue.ts';
import { PLAYTIME_NODES, playtimeCommands } from './playtime.commands.ts';
import { msg, PLAYTIME_MESSAGES } from './playtime.messages.ts';
import { createPlaytimeService, type PlaytimeService } from './playtime.service.ts';
import { createPlaytimeStore, PLAYTIME_MIGRATIONS } from './playtime.store.ts';
import { PLAYTIME_ROUTES } from './playtime.routes.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    playtime: PlaytimeService;
  }
}

export const playtimeModule = defineModule({
  name: 'playtime',
  description: 'Time played across sessions and restarts, AFK time apart: /playtime, /playtimetop.',
  dependsOn: [],
  migrations: PLAYTIME_MIGRATIONS,
  routes: PLAYTIME_ROUTES,
  messages: PLAYTIME_MESSAGES,
  playerNodes: [PLAYTIME_NODES.own, PLAYTIME_NODES.top],
  readConfigFiles: (ctx) => void ctx.load(playtimeReloadable(ctx.configDir)),
  createService(ctx) {
    const config = ctx.configs.load(playtimeReloadable(ctx.configDir));
    const playtime = createPlaytimeService({ store: createPlaytimeStore(ctx.db), clock: ctx.clock, players: ctx.players, log: ctx.log });
    // {playtime} in sidebar lines, tab lists and holograms: active time played, as /playtime shows it,
    // in the viewer's language.
    ctx.placeholders.register(
      'playtime',
      async (p) => {
        const r = p && (await playtime.get(p.uuid));
        return r?.ok && p ? ctx.messages.plain(msg('playtime.time', { time: duration(r.value['active-seconds']) }), p.uuid) : undefined;
      },
      'the time the player who sees the text has played, AFK time left out (e.g. 2 h 5 min 10 s)',
    );
    for (const p of ctx.platform.onlinePlayers()) playtime.joined(p);
    ctx.platform.on('join', ({ player }) => playtime.joined(player));
    ctx.platform.on('quit', ({ player }) => void playtime.left(player));
    // From the presence module when it is on; nothing arrives when it is off (all time is active).
    ctx.events.subscribe(({ name, data }) => {
      if (name === 'presence.afk' && typeof data['player-id'] === 'string') playtime.awayChanged(data['player-id'], data.away === true);
    });
    // Re-armed at each write, so that a changed flush-seconds applies from the next one.
    const arm = (): void => {
      ctx.scheduler.after(config().flushSeconds * 1000, () => {
        arm();
        return playtime.flush();
      });
    };
    arm();
    return playtime;
  },
  commands: (playtime, ctx) => playtimeCommands(playtime, ctx),
  stop: (playtime) => playtime.stop(),
});
