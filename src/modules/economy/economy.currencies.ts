// The currencies in force (economy.conf, read again after `core reload`) and the money of the
// economy's answers: a currency by name, exact conversion between amounts in units of a currency and
// its minor units, and the text a person reads. The ledger (economy.service.ts) and other areas,
// through the published API, convert here, so every amount is read the same way.

import { InvalidInput } from '../../core/values/invalid-input.ts';
import { formatMinor, toMajor, toMinor } from '../../core/values/money.ts';
import { ok, type Result } from '../../core/kernel/result.ts';
import type { Money } from '../../core/values/schemas.ts';
import type { CurrencyConfig, EconomyConfig } from './economy.config.ts';
import type { Currencies } from './economy.schemas.ts';

/** An amount as exact minor units of a currency, or what is wrong with it. */
export type MinorAmount = { ok: true; currency: string; minor: number } | { ok: false; problem: string };

export interface CurrencyBook {
  byName(): ReadonlyMap<string, CurrencyConfig>;
  /** The currency a request names (the default one when it names none); 400 `currency` when unknown. */
  currencyOf(name: string | null | undefined): CurrencyConfig;
  money(c: CurrencyConfig, minor: number): Money;
  /** An amount from a request: positive (or zero where allowed) with no more places than the currency. */
  minorOf(amount: number, c: CurrencyConfig, allowZero: boolean): number;
  /** See EconomyService.toMinor. */
  toMinor(amount: number, currency?: string | null): MinorAmount;
  /** See EconomyService.toMoney. */
  toMoney(minor: number, currency: string): Money;
  format(m: Money): string;
}

/** A currency no longer in economy.conf: money another area kept in it counts in whole units. */
const gone = (name: string): CurrencyConfig => ({ name, symbol: '', places: 0, starting: 0 });

export function currencyBook(config: () => EconomyConfig): CurrencyBook {
  let indexed: EconomyConfig | undefined;
  let byNameCache = new Map<string, CurrencyConfig>();
  function byName(): ReadonlyMap<string, CurrencyConfig> {
    const now = config();
    if (now !== indexed) {
      indexed = now;
      byNameCache = new Map(now.currencies.map((c) => [c.name, c]));
    }
    return byNameCache;
  }

  function currencyOf(name: string | null | undefined): CurrencyConfig {
    const c = byName().get(name ?? config().defaultCurrency);
    if (!c) {
      throw new InvalidInput('currency', `There is no currency "${name}"; the currencies are ${[...byName().keys()].join(', ')}.`);
    }
    return c;
  }

  const money = (c: CurrencyConfig, minor: number): Money => ({ currency: c.name, amount: toMajor(minor, c.places) });

  function exact(amount: number, c: CurrencyConfig): MinorAmount {
    const parsed = toMinor(amount, c.places);
    if (!parsed.ok) return { ok: false, problem: `${parsed.reason} (${c.name} has ${c.places} decimal places)` };
    return { ok: true, currency: c.name, minor: parsed.minor };
  }

  function minorOf(amount: number, c: CurrencyConfig, allowZero: boolean): number {
    const parsed = exact(amount, c);
    if (!parsed.ok) throw new InvalidInput('amount', `The amount ${parsed.problem}.`);
    if (parsed.minor < 0) throw new InvalidInput('amount', 'The amount must not be negative.');
    if (parsed.minor === 0 && !allowZero) throw new InvalidInput('amount', 'The amount must be more than zero.');
    return parsed.minor;
  }

  const kept = (name: string | null | undefined): CurrencyConfig => {
    const wanted = name ?? config().defaultCurrency;
    return byName().get(wanted) ?? gone(wanted);
  };

  function format(m: Money): string {
    const c = byName().get(m.currency);
    if (!c) return `${m.amount} ${m.currency}`;
    const parsed = toMinor(m.amount, c.places);
    const text = parsed.ok ? formatMinor(parsed.minor, c.places) : String(m.amount);
    return c.symbol ? `${c.symbol}${text}` : `${text} ${c.name}`;
  }

  return {
    byName,
    currencyOf,
    money,
    minorOf,
    toMinor: (amount, currency) => exact(amount, kept(currency)),
    toMoney: (minor, currency) => money(kept(currency), minor),
    format,
  };
}

/** The currencies as `EconomyService.currencies()` answers them: economy.conf alone answers it. */
export function listCurrencies(config: () => EconomyConfig, book: Pick<CurrencyBook, 'money'> = currencyBook(config)): Result<Currencies> {
  const now = config();
  return ok({
    currencies: now.currencies.map((c) => ({
      name: c.name,
      symbol: c.symbol,
      'decimal-places': c.places,
      default: c.name === now.defaultCurrency,
      'starting-balance': book.money(c, c.starting),
    })),
    default: now.defaultCurrency,
  });
}
