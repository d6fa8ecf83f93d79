// The holograms module: floating text players own, edit and bind a command to (/holo). What
// players see is in ./holograms.display.ts; a right-click on a hologram runs its bound command as
// the player who clicked.

import { defineModule } from '../../core/kernel/module.ts';
import { HOLO_NODES, hologramsCommands } from './holograms.commands.ts';
import { hologramsReloadable } from './holograms.config.ts';
import { createHologramDisplay, type HologramDisplay } from './holograms.display.ts';
import { HOLOGRAM_EVENTS } from './holograms.events.ts';
import { createHologramsService, type HologramsService } from './holograms.service.ts';
import { HOLOGRAMS_MIGRATIONS, createHologramsStore } from './holograms.store.ts';
import { HOLOGRAMS_ROUTES } from './holograms.routes.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    holograms: HologramsService;
  }
}

/** The display of each running service, to take the holograms out of sight when the module stops. */
const displays = new WeakMap<HologramsService, HologramDisplay>();

export const hologramsModule = defineModule({
  name: 'holograms',
  description: 'Holograms: /holo, floating text owned by players, with managers and a command run on right-click.',
  dependsOn: [],
  migrations: HOLOGRAMS_MIGRATIONS,
  routes: HOLOGRAMS_ROUTES,
  events: HOLOGRAM_EVENTS,
  playerNodes: [HOLO_NODES.use],
  readConfigFiles: (ctx) => void ctx.load(hologramsReloadable(ctx.configDir)),
  async createService(ctx) {
    const config = ctx.configs.load(hologramsReloadable(ctx.configDir));
    const display = createHologramDisplay({ platform: ctx.platform, placeholders: ctx.placeholders, log: ctx.log });
    const service = createHologramsService({
      db: ctx.db,
      events: ctx.events,
      clock: ctx.clock,
      players: ctx.players,
      permissions: ctx.permissions,
      audit: ctx.audit,
      platform: ctx.platform,
      display,
      config,
      runAs: (player, line) => ctx.commands.execute({ kind: 'player', player }, line),
      applyPlaceholders: (text, player) => ctx.placeholders.apply(text, player),
    });
    displays.set(service, display);

    // Holograms come back after a restart: every stored one is shown at start.
    const stored = createHologramsStore(ctx.db);
    for (const h of await stored.read(stored.db)) await display.show(h);

    ctx.platform.on('interact', (e) => {
      if (e.action !== 'use' || e.target.kind !== 'entity') return;
      const name = display.hologramOf(e.target.id);
      if (name === undefined) return;
      e.cancel();
      void service.use(name, e.player).then(
        (r) => {
          if (!r.ok) ctx.log.warn(`${e.player.name} clicked the hologram ${name}: ${r.message}`);
        },
        (err: unknown) => ctx.log.error(`the command of the hologram ${name} failed for ${e.player.name}`, err),
      );
    });
    // A player who joins gets the displays made for them; one who leaves loses theirs.
    const refresh = () => void display.refresh().catch((err: unknown) => ctx.log.error('the holograms could not be refreshed', err));
    ctx.platform.on('join', refresh);
    ctx.platform.on('quit', refresh);
    let last = ctx.clock.now().getTime();
    ctx.scheduler.every(1000, async () => {
      const now = ctx.clock.now().getTime();
      if (now - last < config().refreshSeconds * 1000) return;
      last = now;
      await display.refresh();
    });
    return service;
  },
  commands: (holograms, ctx) => hologramsCommands(holograms, ctx),
  async stop(service) {
    await displays.get(service)?.clear();
  },
});
