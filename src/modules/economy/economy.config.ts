// data/core/economy.conf: the currencies, banks and loans. A money config that cannot be read stops
// the start with a message naming the file and key: guessing the decimal places of a currency would
// misread every amount.

import { join } from 'node:path';
import { configProblem, readConfigFile, type ConfigTable } from '../../core/config-file.ts';
import type { ReloadableConfig } from '../../core/config-reload.ts';
import { toMajor } from '../../core/money.ts';

export interface CurrencyConfig {
  name: string;
  symbol: string;
  places: number;
  /** Minor units a new player starts with. */
  starting: number;
}

export interface EconomyConfig {
  currencies: CurrencyConfig[];
  defaultCurrency: string;
  /** Largest loan outstanding per player and currency, in minor units of that currency (0: no loans). */
  maxLoan: Map<string, number>;
}

export const ECONOMY_CONF_DEFAULT = `# Core economy. Amounts are in whole units of the currency (12.5 is twelve and a half coins).

# The currency used where a command or request names none.
default-currency = "coins"

# One table per currency, named as players type it.
[currencies.coins]
# Shown before amounts.
symbol = "$"
# Decimal places of the currency, 0 to 4 (2: cents).
decimal-places = 2
# Balance of a player the first time the economy sees them.
starting-balance = 100
# Largest loan a player may have outstanding in this currency; 0 switches loans off for it.
max-loan = 1000

[currencies.gems]
symbol = "\u25C6"
decimal-places = 0
starting-balance = 0
max-loan = 0
`;

function scaled(value: number, places: number): number | undefined {
  const s = Math.round(value * 10 ** places);
  return Number.isSafeInteger(s) && Math.abs(s / 10 ** places - value) < 1e-9 ? s : undefined;
}

export function loadEconomyConfig(configDir: string): EconomyConfig {
  const path = join(configDir, 'economy.conf');
  const read = readConfigFile(path, ECONOMY_CONF_DEFAULT);
  if (!read.ok) throw new Error(read.message);
  const { table, text } = read;
  const problem = (key: string, what: string) => new Error(configProblem(path, text, key, what));
  for (const key of Object.keys(table)) {
    if (key !== 'default-currency' && key !== 'currencies') throw problem(key, 'is not a key of this file');
  }
  const raw = table.currencies;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || Object.keys(raw).length === 0) {
    throw problem('currencies', 'at least one [currencies.<name>] table is needed');
  }
  const currencies: CurrencyConfig[] = [];
  const maxLoan = new Map<string, number>();
  for (const [name, value] of Object.entries(raw as ConfigTable)) {
    if (!/^[a-z][a-z0-9_-]{0,31}$/.test(name)) throw problem(name, 'a currency name is 1-32 of a-z, 0-9, _ and -, starting with a letter');
    if (typeof value !== 'object' || value === null) throw problem(name, 'must be a table');
    const c = value as ConfigTable;
    for (const k of Object.keys(c)) {
      if (!['symbol', 'decimal-places', 'starting-balance', 'max-loan'].includes(k)) throw problem(k, `is not a key of a currency`);
    }
    const symbol = c.symbol ?? '';
    if (typeof symbol !== 'string' || symbol.length > 8) throw problem('symbol', 'must be a string of at most 8 characters');
    const places = c['decimal-places'] ?? 2;
    if (typeof places !== 'number' || !Number.isInteger(places) || places < 0 || places > 4) {
      throw problem('decimal-places', 'must be a whole number from 0 to 4');
    }
    const startingRaw = c['starting-balance'] ?? 0;
    const starting = typeof startingRaw === 'number' && startingRaw >= 0 ? scaled(startingRaw, places) : undefined;
    if (starting === undefined) throw problem('starting-balance', `must be a number of at least 0 with at most ${places} decimal places`);
    const loanRaw = c['max-loan'] ?? 0;
    const loan = typeof loanRaw === 'number' && loanRaw >= 0 ? scaled(loanRaw, places) : undefined;
    if (loan === undefined) throw problem('max-loan', `must be a number of at least 0 with at most ${places} decimal places`);
    currencies.push({ name, symbol, places, starting });
    maxLoan.set(name, loan);
  }
  const defaultCurrency = table['default-currency'] ?? currencies[0]?.name;
  if (typeof defaultCurrency !== 'string' || !currencies.some((c) => c.name === defaultCurrency)) {
    throw problem('default-currency', `must name one of the currencies (${currencies.map((c) => c.name).join(', ')})`);
  }
  return { currencies, defaultCurrency, maxLoan };
}

/**
 * economy.conf for `core reload`. Symbols, starting balances, loan limits and the default currency
 * apply at once. A currency added or removed, or one whose decimal places change, waits for a
 * restart with all its keys: money is stored in whole smallest units, so every stored amount of
 * that currency would be read with the new places.
 */
export function economyReloadable(configDir: string): ReloadableConfig<EconomyConfig> {
  const stable = (current: EconomyConfig, next: EconomyConfig, name: string): boolean => {
    const a = current.currencies.find((c) => c.name === name);
    const b = next.currencies.find((c) => c.name === name);
    return a !== undefined && b !== undefined && a.places === b.places;
  };
  return {
    path: join(configDir, 'economy.conf'),
    read: () => loadEconomyConfig(configDir),
    keys(config) {
      const keys = new Map<string, unknown>([['default-currency', config.defaultCurrency]]);
      for (const c of config.currencies) {
        const at = `currencies.${c.name}`;
        keys.set(`${at}.symbol`, c.symbol);
        keys.set(`${at}.decimal-places`, c.places);
        keys.set(`${at}.starting-balance`, toMajor(c.starting, c.places));
        keys.set(`${at}.max-loan`, toMajor(config.maxLoan.get(c.name) ?? 0, c.places));
      }
      return keys;
    },
    restart: {
      needs(key, current, next) {
        if (key === 'default-currency') return !current.currencies.some((c) => c.name === next.defaultCurrency);
        return !stable(current, next, key.split('.')[1] ?? '');
      },
      applyLive(current, next) {
        const take = (name: string) => stable(current, next, name);
        return {
          currencies: current.currencies.map((c) => (take(c.name) ? next.currencies.find((n) => n.name === c.name)! : c)),
          maxLoan: new Map(current.currencies.map((c) => [c.name, (take(c.name) ? next : current).maxLoan.get(c.name) ?? 0])),
          defaultCurrency: current.currencies.some((c) => c.name === next.defaultCurrency) ? next.defaultCurrency : current.defaultCurrency,
        };
      },
    },
  };
}
