// A duration as its parts ("1 h 2 min 5 s": the non-zero ones, seconds alone when nothing else
// is), and as English text for a program's reader (a route's message, a placeholder's value). A
// player reads durations from the catalogues instead, in their language (`duration(seconds)` of
// src/core/messages/catalogue.ts).

export type DurationUnit = 'days' | 'hours' | 'minutes' | 'seconds';

/** The non-zero parts of a duration, largest first; `[['seconds', 0]]` for none. */
export function durationParts(seconds: number): Array<[DurationUnit, number]> {
  const s = Math.max(0, Math.round(seconds));
  const parts: Array<[DurationUnit, number]> = [
    ['days', Math.floor(s / 86400)],
    ['hours', Math.floor((s % 86400) / 3600)],
    ['minutes', Math.floor((s % 3600) / 60)],
    ['seconds', s % 60],
  ];
  const shown = parts.filter(([, n]) => n > 0);
  return shown.length ? shown : [['seconds', 0]];
}

const ENGLISH: Record<DurationUnit, string> = { days: 'd', hours: 'h', minutes: 'min', seconds: 's' };

/** 3725 → "1 h 2 min 5 s", as the English catalogue writes it. */
export function durationText(seconds: number): string {
  return durationParts(seconds)
    .map(([unit, n]) => `${n} ${ENGLISH[unit]}`)
    .join(' ');
}
