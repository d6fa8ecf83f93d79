// The ranks module: a ladder from ranks.conf climbed with /rankup (cost and requirements), left from
// the top with /prestige, set by admins with /rank set; each rung grants a permission group.

import { defineModule, type ServicesOf } from '../../core/kernel/module.ts';
import { ranksReloadable, type RankCurrencies } from './ranks.config.ts';
import { RANK_NODES, ranksCommands } from './ranks.commands.ts';
import { RANK_EVENTS } from './ranks.events.ts';
import { RANKS_MESSAGES } from './ranks.messages.ts';
import { createRanksService, type RanksService } from './ranks.service.ts';
import { createRanksStore, RANKS_MIGRATIONS } from './ranks.store.ts';
import { RANKS_ROUTES } from './ranks.routes.ts';

declare module '../../core/kernel/api.ts' {
  interface ModuleServices {
    ranks: RanksService;
  }
}

/** The economy's currencies, which prices name. */
function currenciesOf(api: ServicesOf<'economy'>): RankCurrencies {
  const currencies = api.economy.currencies();
  if (!currencies.ok) throw new Error(`ranks: the economy's currencies cannot be read: ${currencies.message}`);
  return currencies.value;
}

export const ranksModule = defineModule({
  name: 'ranks',
  description: 'A rank ladder from ranks.conf: /rankup, /prestige, /ranks, /rank set; ranks grant permission groups.',
  dependsOn: ['economy'],
  optionalDependsOn: ['playtime'],
  migrations: RANKS_MIGRATIONS,
  routes: RANKS_ROUTES,
  events: RANK_EVENTS,
  messages: RANKS_MESSAGES,
  playerNodes: [RANK_NODES.rankup, RANK_NODES.prestige, RANK_NODES.list],
  readConfigFiles: (ctx) => void ctx.load(ranksReloadable(ctx.configDir, () => currenciesOf(ctx.api))),
  createService(ctx) {
    const money = (): RankCurrencies => currenciesOf(ctx.api);
    const config = ctx.configs.load(ranksReloadable(ctx.configDir, money));
    const groups = ctx.permissions.groupNames();
    for (const r of config().rungs) {
      if (r.group !== 'default' && !groups.includes(r.group)) {
        ctx.log.warn(`ranks.conf: the rank ${r.name} grants the permission group "${r.group}", which permissions.conf does not define: nobody can reach that rank until it does.`);
      }
    }
    const store = createRanksStore(ctx.db);
    // {rank} in sidebar lines, tab lists and holograms: the rung the player stands on.
    ctx.placeholders.register('rank', async (p) => (p ? ((await store.get(p.uuid))?.rank ?? 'none') : undefined), 'the rank of the player who sees the text ("none" below the first rung)');
    return createRanksService({
      store,
      events: ctx.events,
      clock: ctx.clock,
      players: ctx.players,
      permissions: ctx.permissions,
      audit: ctx.audit,
      config,
      economy: () => ctx.api.economy,
      playtime: () => ctx.optional.playtime,
    });
  },
  commands: (ranks, ctx) => ranksCommands(ranks, ctx),
});
