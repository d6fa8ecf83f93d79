// The trade module: /trade between two online players, a shared window, both confirm, items swap;
// the read routes of open trades. Items in a window are journalled (trade.store.ts).

import { defineModule } from '../../core/kernel/module.ts';
import { TRADE_NODES, tradeCommands } from './trade.commands.ts';
import { tradeReloadable } from './trade.config.ts';
import { TRADE_EVENTS } from './trade.events.ts';
import { createTradeService, type TradeService } from './trade.service.ts';
import { createTradeStore, TRADE_MIGRATIONS } from './trade.store.ts';
import { TRADE_ROUTES } from './trade.routes.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    trade: TradeService;
  }
}

export const tradeModule = defineModule({
  name: 'trade',
  description: 'Trades between two players: /trade <player>, /trade accept|deny|cancel; a shared window, both confirm.',
  dependsOn: [],
  migrations: TRADE_MIGRATIONS,
  routes: TRADE_ROUTES,
  events: TRADE_EVENTS,
  playerNodes: [TRADE_NODES.use],
  readConfigFiles: (ctx) => void ctx.load(tradeReloadable(ctx.configDir)),
  createService: (ctx) =>
    createTradeService({
      db: ctx.db,
      store: createTradeStore(ctx.db),
      platform: ctx.platform,
      events: ctx.events,
      scheduler: ctx.scheduler,
      clock: ctx.clock,
      players: ctx.players,
      audit: ctx.audit,
      log: ctx.log,
      config: ctx.configs.load(tradeReloadable(ctx.configDir)),
    }),
  commands: (trade, ctx) => tradeCommands(trade, ctx),
  stop: (trade) => trade.stop(),
});
