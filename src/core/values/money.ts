// Money is stored and computed as exact integers of a currency's smallest unit (cents for a
// currency with two decimal places), never as floating point. Amounts arrive as JSON numbers,
// config values or command words in major units; they are converted through their decimal text, so
// 0.1 + 0.2 never happens. Kernel arithmetic, so that every area (and every command argument)
// converts the same way; which currencies exist and their decimal places belong to the economy
// module, and reach other areas through its published API.

/** The largest balance or amount, in minor units: stays exact in a JS number and a 64-bit column. */
export const MAX_MINOR = Number.MAX_SAFE_INTEGER;

/** The decimal text of a finite number, without an exponent (1e-7 -> "0.0000001"). */
function plainDecimal(n: number): string {
  const s = Math.abs(n).toString();
  const m = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  const digits = (m[1] ?? '') + (m[2] ?? '');
  const point = (m[1] ?? '').length + Number(m[3]);
  if (point <= 0) return '0.' + '0'.repeat(-point) + digits;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return digits.slice(0, point) + '.' + digits.slice(point);
}

export type MinorParse = { ok: true; minor: number } | { ok: false; reason: string };

/**
 * Converts an amount in major units to minor units. Refuses what is not a finite number, has more
 * decimal places than the currency, or is beyond the largest amount.
 */
export function toMinor(amount: number | string, places: number): MinorParse {
  let text: string;
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount)) return { ok: false, reason: 'is not a finite number' };
    text = (amount < 0 ? '-' : '') + plainDecimal(amount);
  } else {
    text = amount.trim();
    if (!/^-?\d+(\.\d+)?$/.test(text)) return { ok: false, reason: 'is not a number' };
  }
  const negative = text.startsWith('-');
  const [whole = '0', frac = ''] = (negative ? text.slice(1) : text).split('.');
  const fracTrimmed = frac.replace(/0+$/, '');
  if (fracTrimmed.length > places) {
    return { ok: false, reason: `has more than ${places} decimal place${places === 1 ? '' : 's'}` };
  }
  const minor = BigInt(whole) * 10n ** BigInt(places) + BigInt(fracTrimmed.padEnd(places, '0') || '0');
  if (minor > BigInt(MAX_MINOR)) return { ok: false, reason: 'is too large' };
  const n = Number(minor);
  return { ok: true, minor: negative && n !== 0 ? -n : 0 + n };
}

/** Minor units as a number in major units (the nearest double, which prints as the exact decimal). */
export function toMajor(minor: number, places: number): number {
  return minor / 10 ** places;
}

/** Minor units as decimal text with every place, e.g. 1234 with 2 places -> "12.34". */
export function formatMinor(minor: number, places: number): string {
  const negative = minor < 0;
  const digits = Math.abs(minor).toString().padStart(places + 1, '0');
  const whole = places === 0 ? digits : digits.slice(0, -places);
  const frac = places === 0 ? '' : '.' + digits.slice(-places);
  return (negative ? '-' : '') + whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + frac;
}
