// data/core/ranks.conf: the ladder, rung by rung in order, and what a prestige costs. Written with
// an example ladder on first start, never overwritten. A ladder that cannot be read stops the
// start with a message naming the file, the line and the key.

import { join } from 'node:path';
import { readConfigFile, configProblem } from '../../core/config-file.ts';
import type { ReloadableConfig } from '../../core/config-reload.ts';
import { toMinor } from '../../core/money.ts';

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
const NAME = new RegExp(RANK_NAME_PATTERN);
const GROUP = /^[a-z0-9_-]{1,64}$/;
export const MAX_RUNGS = 100;

export const RANKS_CONF_DEFAULT = `# Core ranks: a ladder players climb with /rankup, paying each rung's cost, and leave from the top
# with /prestige (back to the first rung, one prestige more).
#
# currency       the currency of every cost and balance below (default: the default currency of
#                economy.conf)
# prestige-cost  what /prestige costs (0: free)
# max-prestige   the most prestiges a player may take (0: no limit)
#
# One [[rungs]] table per rung, lowest first. Keys of a rung:
#   name                  what players type and read: 1-32 of a-z, 0-9, _ and -; unique
#   group                 the permission group the rung grants: a [groups.<name>] of permissions.conf,
#                         or "default" (every player is in it: nothing is granted). A player holds
#                         the group of their rung only: the group of the rung they leave is taken.
#                         Let a rung's group inherit the one below it to keep what it gave.
#                         A rung whose group is missing from permissions.conf cannot be reached
#                         (rankup and rank set answer that) until the group is added.
#   cost                  what ranking up to this rung costs (default 0: free)
#   min-playtime-seconds  active time played a player needs (default 0; needs the playtime module)
#   min-balance           money a player must hold before paying (default 0)
# A player the ladder holds nothing for is below the first rung: their first /rankup takes them
# onto it (at its cost).

prestige-cost = 10000
max-prestige = 0

[[rungs]]
name = "member"
group = "default"
cost = 0

[[rungs]]
name = "regular"
group = "regular"
cost = 500
min-playtime-seconds = 3600

[[rungs]]
name = "veteran"
group = "veteran"
cost = 2500
min-playtime-seconds = 36000
min-balance = 1000
`;

const TOP_KEYS = ['currency', 'prestige-cost', 'max-prestige', 'rungs'];
const RUNG_KEYS = ['name', 'group', 'cost', 'min-playtime-seconds', 'min-balance'];

export function loadRanksConfig(configDir: string, money: () => RankCurrencies): RanksConfig {
  const path = join(configDir, 'ranks.conf');
  const read = readConfigFile(path, RANKS_CONF_DEFAULT);
  if (!read.ok) throw new Error(read.message);
  const { table, text } = read;
  const problem = (key: string, what: string) => new Error(configProblem(path, text, key, what));
  for (const key of Object.keys(table)) if (!TOP_KEYS.includes(key)) throw problem(key, 'is not a key of this file');

  const m = money();
  const currencyName = table.currency ?? m.default;
  const currency = m.currencies.find((c) => c.name === currencyName);
  if (typeof currencyName !== 'string' || !currency) {
    throw problem('currency', `must name a currency of economy.conf (${m.currencies.map((c) => c.name).join(', ')})`);
  }
  const places = currency['decimal-places'];
  const amount = (raw: unknown, key: string): number => {
    const r = typeof raw === 'number' && raw >= 0 ? toMinor(raw, places) : undefined;
    if (!r?.ok) throw problem(key, `must be an amount of at least 0 with at most ${places} decimal places (${currency.name})`);
    return r.minor;
  };
  const whole = (raw: unknown, key: string): number => {
    if (typeof raw !== 'number' || !Number.isSafeInteger(raw) || raw < 0) throw problem(key, 'must be a whole number of at least 0');
    return raw;
  };

  const rawRungs = table.rungs ?? [];
  if (!Array.isArray(rawRungs)) throw problem('rungs', 'must be [[rungs]] tables');
  if (rawRungs.length === 0) throw problem('rungs', 'the ladder needs at least one [[rungs]] table');
  if (rawRungs.length > MAX_RUNGS) throw problem('rungs', `a ladder has at most ${MAX_RUNGS} rungs`);
  const rungs: RungConfig[] = [];
  for (const [i, raw] of rawRungs.entries()) {
    const at = `rungs[${i + 1}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw problem('rungs', `${at} must be a table`);
    const r = raw as Record<string, unknown>;
    for (const key of Object.keys(r)) if (!RUNG_KEYS.includes(key)) throw problem(key, `is not a key of a rung (${at})`);
    if (typeof r.name !== 'string' || !NAME.test(r.name)) throw problem('name', `of ${at} must be 1-32 of a-z, 0-9, _ and -`);
    const name = r.name;
    if (rungs.some((o) => o.name === name)) throw problem('name', `"${name}" names two rungs`);
    if (typeof r.group !== 'string' || !GROUP.test(r.group)) throw problem('group', `of rung "${name}" must be a permission group name (a-z, 0-9, _ and -)`);
    rungs.push({
      name,
      group: r.group,
      costMinor: amount(r.cost ?? 0, 'cost'),
      minPlaytimeSeconds: whole(r['min-playtime-seconds'] ?? 0, 'min-playtime-seconds'),
      minBalanceMinor: amount(r['min-balance'] ?? 0, 'min-balance'),
    });
  }
  return {
    currency: currency.name,
    rungs,
    prestigeCostMinor: amount(table['prestige-cost'] ?? 0, 'prestige-cost'),
    maxPrestige: whole(table['max-prestige'] ?? 0, 'max-prestige'),
  };
}

/** ranks.conf for `core reload`: the whole ladder applies at once (to the next rankup or read). */
export function ranksReloadable(configDir: string, money: () => RankCurrencies): ReloadableConfig<RanksConfig> {
  return {
    path: join(configDir, 'ranks.conf'),
    read: () => loadRanksConfig(configDir, money),
    keys: (c) =>
      new Map<string, unknown>([
        ['currency', c.currency],
        ['prestige-cost', c.prestigeCostMinor],
        ['max-prestige', c.maxPrestige],
        ['rungs', JSON.stringify(c.rungs)],
      ]),
  };
}
