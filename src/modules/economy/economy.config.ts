// data/core/economy.conf: the currencies, banks and loans. A money config that cannot be read stops
// the start with a message naming the file, the line and the key: guessing the decimal places of a
// currency would misread every amount.

import { Type } from '@sinclair/typebox';
import { defineConfig } from '../../core/config/config-define.ts';

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

function scaled(value: number, places: number): number | undefined {
  const s = Math.round(value * 10 ** places);
  return value >= 0 && Number.isSafeInteger(s) && Math.abs(s / 10 ** places - value) < 1e-9 ? s : undefined;
}

const Currency = Type.Object(
  {
    symbol: Type.String({ default: '', maxLength: 8, errorMessage: 'must be a string of at most 8 characters', description: 'Shown before amounts.' }),
    'decimal-places': Type.Integer({ default: 2, minimum: 0, maximum: 4, description: 'Decimal places of the currency, 0 to 4 (2: cents).' }),
    'starting-balance': Type.Number({ default: 0, description: 'Balance of a player the first time the economy sees them.' }),
    'max-loan': Type.Number({ default: 0, description: 'Largest loan a player may have outstanding in this currency; 0 switches loans off for it.' }),
  },
  { title: 'a currency' },
);

const NO_CURRENCY = 'at least one [currencies.<name>] table is needed';

export const economyConfig = defineConfig({
  file: 'economy.conf',
  header: 'Core economy. Amounts are in whole units of the currency (12.5 is twelve and a half coins).',
  schema: Type.Object({
    'default-currency': Type.Optional(Type.String({ examples: ['coins'], description: 'The currency used where a command or request names none.' })),
    currencies: Type.Record(Type.String({ pattern: '^[a-z][a-z0-9_-]{0,31}$' }), Currency, {
      minProperties: 1,
      errorMessage: { type: NO_CURRENCY, required: NO_CURRENCY, propertyNames: 'a currency name is 1-32 of a-z, 0-9, _ and -, starting with a letter' },
      examples: [
        {
          coins: { symbol: '$', 'decimal-places': 2, 'starting-balance': 100, 'max-loan': 1000 },
          gems: { symbol: '\u25C6', 'decimal-places': 0, 'starting-balance': 0, 'max-loan': 0 },
        },
      ],
      comments: { coins: 'One table per currency, named as players type it.' },
    }),
  }),
  decode(settings, at): EconomyConfig {
    const currencies: CurrencyConfig[] = [];
    const maxLoan = new Map<string, number>();
    for (const [name, c] of Object.entries(settings.currencies)) {
      const amount = (value: number, key: string): number => {
        const minor = scaled(value, c.decimalPlaces);
        if (minor === undefined) return at.problem(`currencies.${name}.${key}`, `must be a number of at least 0 with at most ${c.decimalPlaces} decimal places`);
        return minor;
      };
      currencies.push({ name, symbol: c.symbol, places: c.decimalPlaces, starting: amount(c.startingBalance, 'starting-balance') });
      maxLoan.set(name, amount(c.maxLoan, 'max-loan'));
    }
    const defaultCurrency = settings.defaultCurrency ?? currencies[0]!.name;
    if (!currencies.some((c) => c.name === defaultCurrency)) {
      at.problem('default-currency', `must name one of the currencies (${currencies.map((c) => c.name).join(', ')})`);
    }
    return { currencies, defaultCurrency, maxLoan };
  },
  // A currency's keys one by one: the reply of `core reload` says which changed.
  keys(settings) {
    const keys = new Map<string, unknown>([['default-currency', settings.defaultCurrency ?? Object.keys(settings.currencies)[0]]]);
    for (const [name, c] of Object.entries(settings.currencies)) {
      const at = `currencies.${name}`;
      keys.set(`${at}.symbol`, c.symbol);
      keys.set(`${at}.decimal-places`, c.decimalPlaces);
      keys.set(`${at}.starting-balance`, c.startingBalance);
      keys.set(`${at}.max-loan`, c.maxLoan);
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
});

/** Whether a currency is in force before and after with the same decimal places. */
function stable(current: EconomyConfig, next: EconomyConfig, name: string): boolean {
  const a = current.currencies.find((c) => c.name === name);
  const b = next.currencies.find((c) => c.name === name);
  return a !== undefined && b !== undefined && a.places === b.places;
}

/**
 * economy.conf for `core reload`. Symbols, starting balances, loan limits and the default currency
 * apply at once. A currency added or removed, or one whose decimal places change, waits for a
 * restart with all its keys: money is stored in whole smallest units, so every stored amount of
 * that currency would be read with the new places.
 */
export const economyReloadable = (configDir: string) => economyConfig.reloadable(configDir);
