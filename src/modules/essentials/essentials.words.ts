// How the everyday commands write a span of time, an instant and a distance for a person.

/** A span in its two largest units, as a person says it: "3 days 4 h", "59 min 59 s", "1 day", "0 s". */
export function spanText(seconds: number): string {
  let left = Math.max(0, Math.floor(seconds));
  const days = Math.floor(left / 86_400);
  left -= days * 86_400;
  const parts = [days ? `${days} ${days === 1 ? 'day' : 'days'}` : ''];
  for (const [size, unit] of [
    [3600, 'h'],
    [60, 'min'],
    [1, 's'],
  ] as const) {
    const n = Math.floor(left / size);
    left -= n * size;
    parts.push(n ? `${n} ${unit}` : '');
  }
  const first = parts.findIndex((p) => p !== '');
  if (first === -1) return '0 s';
  return parts
    .slice(first, first + 2)
    .filter((p) => p !== '')
    .join(' ');
}

/** "2026-11-25 22:15 UTC": an instant (ISO-8601) as a person reads it. */
export function instantText(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** "1 block", "12 blocks". */
export function blocksText(n: number): string {
  return `${n} ${n === 1 ? 'block' : 'blocks'}`;
}
