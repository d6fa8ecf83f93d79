// The kits module: sets of items from kits.conf, claimed with /kit <id> (cooldown, cost,
// permission) or given by an admin with /kit give.

import { defineModule, type ServicesOf } from '../../core/kernel/module.ts';
import { KIT_NODES, kitsCommands } from './kits.commands.ts';
import { kitsReloadable, type KitCurrencies } from './kits.config.ts';
import { KIT_EVENTS } from './kits.events.ts';
import { KITS_MESSAGES } from './kits.messages.ts';
import { createKitsService, type KitsService } from './kits.service.ts';
import { KITS_MIGRATIONS } from './kits.store.ts';
import { KITS_ROUTES } from './kits.routes.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    kits: KitsService;
  }
}

/** The economy's currencies, which prices name. */
function currenciesOf(api: ServicesOf<'economy'>): KitCurrencies {
  const currencies = api.economy.currencies();
  if (!currencies.ok) throw new Error(`kits: the economy's currencies cannot be read: ${currencies.message}`);
  return currencies.value;
}

export const kitsModule = defineModule({
  name: 'kits',
  description: 'Kits of items from kits.conf: /kit, /kit <id> with cooldown, cost and permission; /kit give for admins.',
  dependsOn: ['economy'],
  migrations: KITS_MIGRATIONS,
  routes: KITS_ROUTES,
  events: KIT_EVENTS,
  messages: KITS_MESSAGES,
  playerNodes: [KIT_NODES.use],
  readConfigFiles: (ctx) => void ctx.load(kitsReloadable(ctx.configDir, () => currenciesOf(ctx.api))),
  createService(ctx) {
    const money = (): KitCurrencies => currenciesOf(ctx.api);
    return createKitsService({ ...ctx, kits: ctx.configs.load(kitsReloadable(ctx.configDir, money)), economy: () => ctx.api.economy });
  },
  commands: (kits, ctx) => kitsCommands(kits, ctx),
});
