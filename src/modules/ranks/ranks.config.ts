// data/core/ranks.conf: the ladder, rung by rung in order, and what a prestige costs. Written with
// an example ladder on first start, never overwritten. A ladder that cannot be read stops the
// start with a message naming the file, the line and the key.

import { Type } from '@sinclair/typebox';
import { defineConfig, type ConfigCheck } from '../../core/config/config-define.ts';
import { lines } from '../../core/config/config-schema.ts';
import { toMinor } from '../../core/values/money.ts';

export interface RungConfig {
  name: string;
  /** The permission group the rung grants ("default": none, every player is in it). */
  group: string;
  /** Price of ranking up to this rung, in minor units of the ladder's currency. */
  costMinor: number;
  /** Active seconds played (the playtime module) a player needs; 0: no requirement. */
  minPlaytimeSeconds: number;
  /** Balance (minor units) a player needs before paying; 0: no requirement. */
  minBalanceMinor: number;
}

export interface RanksConfig {
  currency: string;
  rungs: RungConfig[];
  prestigeCostMinor: number;
  /** The most prestiges a player may take; 0: no limit. */
  maxPrestige: number;
}

/** What ranks.conf needs to know of the economy. */
export interface RankCurrencies {
  default: string;
  currencies: ReadonlyArray<{ name: string; 'decimal-places': number }>;
}

export const RANK_NAME_PATTERN = '^[a-z0-9_-]{1,32}$';
export const MAX_RUNGS = 100;

const Rung = Type.Object(
  {
    name: Type.String({ pattern: RANK_NAME_PATTERN, errorMessage: 'must be 1-32 of a-z, 0-9, _ and -' }),
    group: Type.String({ pattern: '^[a-z0-9_-]{1,64}$', errorMessage: 'must be a permission group name (a-z, 0-9, _ and -)' }),
    cost: Type.Number({ default: 0 }),
    'min-playtime-seconds': Type.Integer({ default: 0, minimum: 0, maximum: Number.MAX_SAFE_INTEGER, errorMessage: 'must be a whole number of at least 0' }),
    'min-balance': Type.Number({ default: 0 }),
  },
  { title: 'a rung' },
);

export const ranksConfig = defineConfig({
  file: 'ranks.conf',
  header: lines(
    "Core ranks: a ladder players climb with /rankup, paying each rung's cost, and leave from the top",
    'with /prestige (back to the first rung, one prestige more).',
    '',
    'currency       the currency of every cost and balance below (default: the default currency of',
    '               economy.conf)',
    'prestige-cost  what /prestige costs (0: free)',
    'max-prestige   the most prestiges a player may take (0: no limit)',
    '',
    'One [[rungs]] table per rung, lowest first. Keys of a rung:',
    '  name                  what players type and read: 1-32 of a-z, 0-9, _ and -; unique',
    '  group                 the permission group the rung grants: a [groups.<name>] of permissions.conf,',
    '                        or "default" (every player is in it: nothing is granted). A player holds',
    '                        the group of their rung only: the group of the rung they leave is taken.',
    "                        Let a rung's group inherit the one below it to keep what it gave.",
    '                        A rung whose group is missing from permissions.conf cannot be reached',
    '                        (rankup and rank set answer that) until the group is added.',
    '  cost                  what ranking up to this rung costs (default 0: free)',
    '  min-playtime-seconds  active time played a player needs (default 0; needs the playtime module)',
    '  min-balance           money a player must hold before paying (default 0)',
    'A player the ladder holds nothing for is below the first rung: their first /rankup takes them',
    'onto it (at its cost).',
  ),
  schema: Type.Object({
    currency: Type.Optional(Type.String()),
    'prestige-cost': Type.Number({ default: 0, examples: [10000] }),
    'max-prestige': Type.Integer({ default: 0, minimum: 0, maximum: Number.MAX_SAFE_INTEGER, errorMessage: 'must be a whole number of at least 0' }),
    rungs: Type.Array(Rung, {
      default: [],
      minItems: 1,
      maxItems: MAX_RUNGS,
      errorMessage: { type: 'must be [[rungs]] tables', minItems: 'the ladder needs at least one [[rungs]] table', maxItems: `a ladder has at most ${MAX_RUNGS} rungs` },
      examples: [
        [
          { name: 'member', group: 'default', cost: 0 },
          { name: 'regular', group: 'regular', cost: 500, 'min-playtime-seconds': 3600 },
          { name: 'veteran', group: 'veteran', cost: 2500, 'min-playtime-seconds': 36000, 'min-balance': 1000 },
        ],
      ],
    }),
  }),
  decode(settings, at: ConfigCheck<RankCurrencies>): RanksConfig {
    const money = at.context;
    const currency = money.currencies.find((c) => c.name === (settings.currency ?? money.default));
    if (!currency) return at.problem('currency', `must name a currency of economy.conf (${money.currencies.map((c) => c.name).join(', ')})`);
    const places = currency['decimal-places'];
    const amount = (raw: number, key: string): number => {
      const r = raw >= 0 ? toMinor(raw, places) : undefined;
      if (!r?.ok) return at.problem(key, `must be an amount of at least 0 with at most ${places} decimal places (${currency.name})`);
      return r.minor;
    };
    const rungs: RungConfig[] = [];
    settings.rungs.forEach((r, i) => {
      const key = `rungs[${i + 1}]`;
      if (rungs.some((o) => o.name === r.name)) at.problem(`${key}.name`, `"${r.name}" names two rungs`);
      rungs.push({
        name: r.name,
        group: r.group,
        costMinor: amount(r.cost, `${key}.cost`),
        minPlaytimeSeconds: r.minPlaytimeSeconds,
        minBalanceMinor: amount(r.minBalance, `${key}.min-balance`),
      });
    });
    return { currency: currency.name, rungs, prestigeCostMinor: amount(settings.prestigeCost, 'prestige-cost'), maxPrestige: settings.maxPrestige };
  },
});

/** ranks.conf for `core reload`: the whole ladder applies at once (to the next rankup or read). */
export const ranksReloadable = (configDir: string, money: () => RankCurrencies) => ranksConfig.reloadable(configDir, money);
