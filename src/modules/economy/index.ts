// The economy module: currencies, balances, transfers, banks and loans.

import { defineModule } from '../../core/kernel/module.ts';
import { economyReloadable } from './economy.config.ts';
import { listCurrencies } from './economy.currencies.ts';
import { ECONOMY_NODES, economyCommands } from './economy.commands.ts';
import { ECONOMY_EVENTS } from './economy.events.ts';
import { ECONOMY_MESSAGES } from './economy.messages.ts';
import { createEconomyService, type EconomyService } from './economy.service.ts';
import { ECONOMY_MIGRATIONS } from './economy.store.ts';
import { ECONOMY_ROUTES } from './economy.routes.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    economy: EconomyService;
  }
}

export const economyModule = defineModule({
  name: 'economy',
  description: 'Currencies, balances, /pay, /baltop, banks and loans.',
  dependsOn: [],
  migrations: ECONOMY_MIGRATIONS,
  routes: ECONOMY_ROUTES,
  events: ECONOMY_EVENTS,
  messages: ECONOMY_MESSAGES,
  playerNodes: [ECONOMY_NODES.balance, ECONOMY_NODES.pay, ECONOMY_NODES.top, ECONOMY_NODES.bank, ECONOMY_NODES.loan],
  readConfigFiles(ctx) {
    const config = ctx.load(economyReloadable(ctx.configDir));
    // What kits.conf and ranks.conf check their prices against, before the service exists.
    return { currencies: () => listCurrencies(config) };
  },
  createService(ctx) {
    const economy = createEconomyService({
      db: ctx.db,
      events: ctx.events,
      clock: ctx.clock,
      players: ctx.players,
      audit: ctx.audit,
      messages: ctx.messages,
      config: ctx.configs.load(economyReloadable(ctx.configDir)),
    });
    // {balance} in sidebar lines, tab lists and holograms: the player's wallet in the default currency.
    ctx.placeholders.register(
      'balance',
      async (p) => {
        const b = p && (await economy.balance(p.uuid));
        return b?.ok ? economy.format(b.value) : undefined;
      },
      'the balance of the player who sees the text, in the default currency (e.g. $1,234.50)',
    );
    // Every player gets their starting balances on first join, so the leaderboard knows them.
    ctx.platform.on('join', ({ player }) => {
      void economy.openWallets(player.uuid).catch((e: unknown) => ctx.log.error(`could not open the wallets of ${player.name}`, e));
    });
    return economy;
  },
  commands: (economy, ctx) => economyCommands(economy, ctx),
});
