// Durations as moderators type them: `90s`, `30m`, `1d2h30m`, `2w` (weeks, days, hours, minutes,
// seconds, each at most once, largest first), and back again for messages: `1d 2h 30m`.

const UNITS = [
  ['w', 604_800],
  ['d', 86_400],
  ['h', 3_600],
  ['m', 60],
  ['s', 1],
] as const;

const DURATION = /^(?:(\d+)w)?(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/i;

/** Whether a word is written like a duration (it may still be out of range). */
export function looksLikeDuration(word: string): boolean {
  return word !== '' && DURATION.test(word);
}

/** The whole seconds a duration word stands for, or undefined when it is not one (or is 0). */
export function parseDuration(word: string): number | undefined {
  const m = DURATION.exec(word);
  if (!m || word === '') return undefined;
  let total = 0;
  UNITS.forEach(([, seconds], i) => {
    total += Number(m[i + 1] ?? 0) * seconds;
  });
  return total > 0 && Number.isSafeInteger(total) ? total : undefined;
}

/** `5400` → `1h 30m`; `0` → `0s`. */
export function formatDuration(totalSeconds: number): string {
  let rest = Math.max(0, Math.round(totalSeconds));
  const parts: string[] = [];
  for (const [unit, seconds] of UNITS) {
    if (unit === 'w') continue;
    const n = Math.floor(rest / seconds);
    rest -= n * seconds;
    if (n > 0) parts.push(`${n}${unit}`);
  }
  return parts.length ? parts.join(' ') : '0s';
}
