// Durations as moderators type them in game (`1d2h30m`, `90s`, `2w`) and as messages show them
// ("1 day 2 hours 30 minutes"); and the `-s` flag that makes a sanction silent. Shared by the
// sanctions and the jail commands.

import { DurationSeconds } from './moderation.schemas.ts';

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };
const DURATION = /^(\d+[smhdw])+$/i;
const PART = /(\d+)([smhdw])/gi;

/** The largest duration a sanction takes (DurationSeconds' maximum: 10 years). */
export const MAX_DURATION_SECONDS = DurationSeconds.maximum as number;

/** Whether a word looks like a duration (`30m`, `1d2h`), valid or not. */
export const looksLikeDuration = (word: string): boolean => DURATION.test(word);

/**
 * Seconds of a typed duration: one or more parts of a number and a unit (s, m, h, d, w), e.g.
 * `1d2h30m`, `90s`; a text saying what is wrong when it is not one or is out of range.
 */
export function parseDuration(word: string): { ok: true; seconds: number } | { ok: false; message: string } {
  if (!DURATION.test(word)) {
    return { ok: false, message: `"${word}" is not a duration: write e.g. 90s, 30m, 2h, 1d2h30m or 2w (s, m, h, d, w).` };
  }
  let seconds = 0;
  for (const [, n, unit] of word.matchAll(PART)) seconds += Number(n) * (UNIT_SECONDS[unit!.toLowerCase()] ?? 0);
  if (seconds < 1) return { ok: false, message: `"${word}" is not a duration: it must be at least 1 second.` };
  if (seconds > MAX_DURATION_SECONDS) return { ok: false, message: `"${word}" is too long: a sanction lasts at most 10 years (3650d).` };
  return { ok: true, seconds };
}

const NAMES: Array<[number, string]> = [
  [86_400, 'day'],
  [3600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
];

/** "1 day 2 hours 30 minutes"; "permanent" for null. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return 'permanent';
  const parts: string[] = [];
  let left = seconds;
  for (const [size, name] of NAMES) {
    const n = Math.floor(left / size);
    left -= n * size;
    if (n > 0) parts.push(`${n} ${name}${n === 1 ? '' : 's'}`);
  }
  return parts.length > 0 ? parts.join(' ') : '0 seconds';
}

/** "2026-11-25 22:15 UTC": an expiry as a person reads it; "never" for null. */
export function formatInstant(iso: string | null): string {
  if (iso === null) return 'never';
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/**
 * A reason typed after the other arguments, with the silent flag taken out: `-s` as a word of its
 * own anywhere in it makes the sanction silent. An empty reason is null.
 */
export function silentAndReason(text: string | undefined): { silent: boolean; reason: string | null } {
  const words = (text ?? '').split(/\s+/).filter((w) => w !== '');
  const silent = words.some((w) => w.toLowerCase() === '-s');
  const reason = words.filter((w) => w.toLowerCase() !== '-s').join(' ');
  return { silent, reason: reason === '' ? null : reason };
}
