// The one uuid normaliser of the project: routes, commands and services accept a uuid dashed or
// undashed, in any case, and store and answer it dashed in lower case.

const DASHED = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UNDASHED = /^[0-9a-f]{32}$/;

/** The dashed lower-case form of a uuid, or undefined when `s` is not a uuid. */
export function normalizeUuid(s: string): string | undefined {
  // Already in the one form (a request's uuid passes here once per layer): no copy made.
  if (s.length === 36 && DASHED.test(s)) return s;
  const t = s.trim().toLowerCase();
  if (DASHED.test(t)) return t;
  if (UNDASHED.test(t)) return `${t.slice(0, 8)}-${t.slice(8, 12)}-${t.slice(12, 16)}-${t.slice(16, 20)}-${t.slice(20)}`;
  return undefined;
}

export function isUuid(s: string): boolean {
  return normalizeUuid(s) !== undefined;
}
