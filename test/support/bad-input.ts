// The bad-input generator: walks the route table (src/rest/routes.ts) and derives from each row's
// schemas the requests a careless or hostile client sends. Per row: every path parameter, query
// parameter and body field tried with wrong types, numbers out of range, huge, negative,
// fractional and written as exponents, NaN-like text, invalid uuids and strings breaking their
// pattern; required fields left out and unknown ones added; locations with partial coordinates;
// bodies that are not objects, not JSON, deep, oversized, not UTF-8 or of another media type
// (./bad-input.body.ts); bad and missing tokens and a token without the scope; other methods and
// odd paths. Then requests the HTTP parser itself refuses (./bad-input.protocol.ts).
//
// Each case says whether the schema refuses it (`refused`: it must be answered 4xx and change
// nothing) or allows it although it is odd (`maybe`: a uuid nobody has, NaN as a free text): the
// schema decides (./bad-input.values.ts), never the server. Deterministic for a seed: the same
// seed gives the same cases in the same order.

import type { RouteDefinition } from '../../src/core/kernel/routes.ts';
import { API_PREFIX } from '../../src/rest/route-table.ts';
import { ROUTES } from './published.ts';
import { protocolCases } from './bad-input.protocol.ts';
import { bodyFieldCases, JSON_TYPE, wholeBodyCases } from './bad-input.body.ts';
import { bodyIsValid, jsonText, propsOf, requiredOf, textIsValid, textsFor, validSample, type BodyValue, type SampleHints } from './bad-input.values.ts';
import { seeded } from './seeded.ts';

export interface FuzzCase {
  /** The row it aims at (`POST /players/:uuid/ban`), or `protocol` for the requests below the routes. */
  route: string;
  /** What is wrong with it, for a person reading a failure. */
  what: string;
  method: string;
  /** As sent, with the /api/v1 prefix and any query. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** The whole request as bytes, sent over a connection of its own (what an HTTP client would not send). */
  raw?: Buffer;
  /** `refused`: malformed, must be answered 4xx and change nothing. `maybe`: the schema allows it. */
  expect: 'refused' | 'maybe';
  /** The status a refusal must have, where the case decides it. */
  status?: number;
  /**
   * What part of the request it breaks (`body amount`, `token`, `not JSON`): sampling keeps at least
   * one case of every group of every row.
   */
  group: string;
}

export interface Tokens {
  /** A token with read, write and events. */
  all: string;
  /** Its label (for Basic). */
  label: string;
  /** Read only. */
  read: string;
  /** Events only. */
  events: string;
}

export interface GenerateOptions {
  seed: number;
  hints: SampleHints;
  tokens: Tokens;
  routes?: readonly RouteDefinition[];
  /** Cases kept per row (default 90). */
  perRoute?: number;
  /** Of them, at most this many writes the schema allows (default 8). */
  maybePerRoute?: number;
}


const ODD_METHODS = ['PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'HEAD', 'PROPFIND', 'SEARCH', 'PURGE', 'LOCK'];

const patterns = new WeakMap<RouteDefinition, RegExp>();
/**
 * The row's path (with the prefix) as a pattern: `:name` is one segment, which may be empty (the
 * router hands the row an empty parameter, which its schema judges).
 */
export function patternOf(r: RouteDefinition): RegExp {
  let re = patterns.get(r);
  if (!re) patterns.set(r, (re = new RegExp(`^${(API_PREFIX + r.path).replace(/:[A-Za-z0-9_-]+/g, '[^/]*')}$`)));
  return re;
}

/** Per route table, per path: the methods its rows serve there. */
const served = new WeakMap<readonly RouteDefinition[], Map<string, Set<string>>>();
const bySegments = new WeakMap<readonly RouteDefinition[], Map<number, RouteDefinition[]>>();
function rowsBySegments(routes: readonly RouteDefinition[]): Map<number, RouteDefinition[]> {
  let m = bySegments.get(routes);
  if (!m) {
    m = new Map();
    for (const r of routes) {
      const n = (API_PREFIX + r.path).split('/').length;
      m.set(n, [...(m.get(n) ?? []), r]);
    }
    bySegments.set(routes, m);
  }
  return m;
}
/** The rows as path patterns: which methods serve a path (404 when none, 405 when only others). */
function missStatus(method: string, path: string, routes: readonly RouteDefinition[]): number | 'row' {
  const bare = path.split('?')[0]!.split('#')[0]!;
  let known = served.get(routes);
  if (!known) served.set(routes, (known = new Map()));
  let methods = known.get(bare);
  if (!methods) {
    // A parameter is one segment: only rows of as many segments can match.
    const candidates = rowsBySegments(routes).get(bare.split('/').length) ?? [];
    known.set(bare, (methods = new Set(candidates.filter((r) => patternOf(r).test(bare)).map((r) => r.method))));
  }
  if (methods.has(method)) return 'row';
  return methods.size > 0 ? 405 : 404;
}

/** A text as it goes into a path or a query: %-encoded, unless it is itself a %-sequence under test. */
function encodeText(t: string): string {
  return /%/.test(t) && !/^%$/.test(t) ? t : encodeURIComponent(t);
}

/** The text the server decodes from what `encodeText` wrote, or undefined when it cannot. */
function decoded(t: string): string | undefined {
  try {
    return decodeURIComponent(encodeText(t));
  } catch {
    return undefined;
  }
}

interface Parts {
  params: Record<string, string>;
  query: [string, string][];
  body: BodyValue | undefined;
}

/** Every case of one row. */
function rowCases(r: RouteDefinition, o: GenerateOptions, rng: () => number): FuzzCase[] {
  const { hints, tokens } = o;
  const routes = o.routes ?? ROUTES;
  const out: FuzzCase[] = [];
  const base: Parts = {
    params: Object.fromEntries(Object.entries(propsOf(r.params)).map(([k, s]) => [k, String(validSample(s, hints, k))])),
    query: requiredOf(r.query).map((k) => [k, String(validSample(propsOf(r.query)[k]!, hints, k))]),
    body: r.body ? validSample(r.body, hints) : undefined,
  };
  const pathOf = (p: Parts) => {
    const path = API_PREFIX + r.path.replace(/:([A-Za-z0-9_-]+)/g, (_m, k: string) => encodeText(p.params[k]!));
    return p.query.length ? `${path}?${p.query.map(([k, v]) => `${encodeText(k)}=${encodeText(v)}`).join('&')}` : path;
  };
  const bodyOf = (p: Parts) => (p.body === undefined ? undefined : Buffer.from(jsonText(p.body)));
  const auth = { authorization: `Bearer ${tokens.all}` };
  const add = (what: string, c: Partial<FuzzCase> & Pick<FuzzCase, 'expect' | 'group'>) =>
    out.push({ route: r.name, what, method: r.method, path: pathOf(base), headers: { ...auth }, ...c });
  /** A case from parts: refused when the schema refuses its params, query or body. */
  const fromParts = (what: string, p: Parts) => {
    const path = pathOf(p);
    const body = bodyOf(p);
    const paramTexts: Record<string, string> = {};
    let undecodable = false;
    for (const [k, v] of Object.entries(p.params)) {
      const d = decoded(v);
      if (d === undefined) undecodable = true;
      else paramTexts[k] = d;
    }
    const miss = missStatus(r.method, path, routes);
    const group = what.split(' ').slice(0, 2).join(' ');
    const headers = { ...auth, ...(body ? { 'content-type': JSON_TYPE } : {}) };
    if (miss !== 'row') return add(what, { group, path, body, headers, expect: 'refused', status: miss });
    const queryTexts: Record<string, string | string[]> = {};
    let queryUndecodable = false;
    for (const [k, v] of p.query) {
      const d = decoded(v);
      if (d === undefined) queryUndecodable = true;
      const prev = queryTexts[k];
      queryTexts[k] = prev === undefined ? (d ?? v) : [...[prev].flat(), d ?? v];
    }
    const valid =
      !undecodable &&
      !queryUndecodable &&
      textIsValid(r.params, paramTexts) &&
      textIsValid(r.query, queryTexts) &&
      (r.method === 'GET' || (body === undefined ? true : bodyIsValid(r.body, body)));
    add(what, { group, path, body, headers, expect: valid ? 'maybe' : 'refused', ...(valid ? {} : { status: 400 }) });
  };

  // Path parameters.
  for (const [k, s] of Object.entries(propsOf(r.params))) {
    for (const t of textsFor(s, hints)) fromParts(`path ${k} = ${JSON.stringify(t).slice(0, 60)}`, { ...base, params: { ...base.params, [k]: t } });
  }
  // Query parameters: each value, each required one left out, unknown ones, one given twice.
  const q = propsOf(r.query);
  for (const [k, s] of Object.entries(q)) {
    const others = base.query.filter(([n]) => n !== k);
    for (const t of textsFor(s, hints)) fromParts(`query ${k} = ${JSON.stringify(t).slice(0, 60)}`, { ...base, query: [...others, [k, t]] });
    fromParts(`query ${k} twice`, { ...base, query: [...others, [k, String(validSample(s, hints, k))], [k, String(validSample(s, hints, k))]] });
    fromParts(`query ${k}[] bracketed`, { ...base, query: [...others, [`${k}[]`, '1']] });
  }
  for (const k of requiredOf(r.query)) fromParts(`query ${k} left out`, { ...base, query: base.query.filter(([n]) => n !== k) });
  for (const extra of ['fuzz', '__proto__', 'constructor', 'limit', 'page', ...Object.keys(q).map((k) => `${k}s`), ...Object.keys(q).map((k) => k.toUpperCase())]) {
    if (extra in q) continue;
    fromParts(`query unknown ${extra}`, { ...base, query: [...base.query, [extra, '1']] });
  }

  if (r.method === 'POST') {
    if (r.body) bodyFieldCases(r.body, base.body as Record<string, unknown>, hints, (what, body) => fromParts(what, { ...base, body }));
    wholeBodyCases(r, bodyOf(base) ?? Buffer.from('{}'), auth, add);
    add('a token with read only', { group: 'scope', headers: { authorization: `Bearer ${tokens.read}`, 'content-type': JSON_TYPE }, body: bodyOf(base) ?? Buffer.from('{}'), expect: 'refused', status: 403 });
  } else {
    add('a token with events only', { group: 'scope', headers: { authorization: `Bearer ${tokens.events}` }, expect: 'refused', status: 403 });
    add('a body on a GET, which is not read', { group: 'body on a GET', headers: { ...auth, 'content-type': JSON_TYPE }, body: Buffer.from('{"fuzz": [1, '), expect: 'maybe' });
  }

  // Tokens: every bad one, on a request that is otherwise valid. The token is checked first.
  const junk = Array.from({ length: 43 }, () => 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-'[Math.floor(rng() * 64)]).join('');
  const badAuth: (string | undefined)[] = [
    undefined,
    'Bearer',
    'Bearer ',
    `Bearer crs_${junk}`,
    `Bearer ${tokens.all}x`,
    `Bearer ${tokens.all.slice(0, -1)}`,
    `Basic ${Buffer.from(`${tokens.label}:wrong`).toString('base64')}`,
    'Basic !!!not-base64!!!',
    `Token ${tokens.all}`,
    tokens.all,
    `Bearer ${'a'.repeat(4000)}`,
  ];
  for (const a of badAuth) {
    const headers: Record<string, string> = { ...(a === undefined ? {} : { authorization: a }), ...(r.method === 'POST' ? { 'content-type': JSON_TYPE } : {}) };
    add(`authorization ${a === undefined ? 'absent' : JSON.stringify(a.slice(0, 30))}`, { group: 'token', headers, body: r.method === 'POST' ? (bodyOf(base) ?? Buffer.from('{}')) : undefined, expect: 'refused', status: 401 });
  }

  // Other methods on the row's path: 405 naming the methods the path serves.
  const other = r.method === 'GET' ? 'POST' : 'GET';
  for (const m of [...ODD_METHODS, other]) {
    const status = missStatus(m, pathOf(base), routes);
    if (status === 'row') continue;
    add(`method ${m}`, { group: 'method', method: m, expect: 'refused', status });
  }
  // Odd paths around the row's own.
  const own = pathOf({ ...base, query: [] });
  const rest = own.slice(API_PREFIX.length);
  const query = base.query.length ? pathOf(base).slice(own.length) : '';
  const variants: [string, string][] = [
    ['a trailing slash', `${own}/`],
    ['a double slash in front', `/${own}`],
    ['a double slash inside', `${API_PREFIX}/${rest}`],
    ['a dot segment', `${API_PREFIX}/.${rest}`],
    ['a dot-dot segment', `${API_PREFIX}/fuzz/..${rest}`],
    ['upper-case prefix', `/API/V1${rest}`],
    ['no prefix', rest],
    ['another version', `/api/v2${rest}`],
    ['the prefix twice', `${API_PREFIX}${own}`],
    ['a matrix parameter', `${own};jsessionid=1`],
    ['an encoded slash', `${API_PREFIX}${rest.replace('/', '%2F')}`],
    ['an encoded dot segment', `${API_PREFIX}/%2e%2e${rest}`],
    ['a backslash', `${API_PREFIX}\\${rest.slice(1)}`],
    ['a long tail', `${own}/${'a'.repeat(8000)}`],
    ['a NUL', `${own}%00`],
  ];
  for (const [what, p] of variants) {
    const status = missStatus(r.method, p, routes);
    if (status === 'row') continue;
    add(`path with ${what}`, { group: 'path', path: p + query, headers: { ...auth, ...(r.body ? { 'content-type': JSON_TYPE } : {}) }, body: bodyOf(base), expect: 'refused', status });
  }
  return out;
}

function shuffle<T>(list: T[], rng: () => number): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/**
 * The cases sent for a seed, shuffled by it. Of every case the rows allow, a sample: every group of
 * every row at least once (`body amount`, `token`, `not JSON` …), every route-independent case
 * (a media type, a protocol fault) on at least one row, then more at random up to `perRoute` cases
 * a row, of which at most `maybePerRoute` writes the schema allows (they reach the services and are
 * sent one at a time).
 */
export function generate(o: GenerateOptions): FuzzCase[] {
  const rng = seeded(o.seed);
  const routes = o.routes ?? ROUTES;
  const perRoute = o.perRoute ?? 90;
  const maybePerRoute = o.maybePerRoute ?? 8;
  const all = shuffle([...routes.flatMap((r) => rowCases(r, o, rng)), ...protocolCases(routes, o.tokens, o.hints)], rng);
  const taken = new Set<FuzzCase>();
  const count = new Map<string, number>();
  const maybes = new Map<string, number>();
  const isWrite = (c: FuzzCase) => c.expect === 'maybe' && c.method !== 'GET';
  const take = (c: FuzzCase) => {
    if (taken.has(c) || (isWrite(c) && (maybes.get(c.route) ?? 0) >= maybePerRoute)) return;
    taken.add(c);
    count.set(c.route, (count.get(c.route) ?? 0) + 1);
    if (isWrite(c)) maybes.set(c.route, (maybes.get(c.route) ?? 0) + 1);
  };
  const seen = new Set<string>();
  for (const c of all) {
    const key = `${c.route}|${c.group}`;
    if (!seen.has(key)) {
      seen.add(key);
      take(c);
    }
  }
  for (const c of all) {
    // Route-independent: the same fault on any row (the value cases name a field and are per row).
    if (/^(body|path|query) /.test(c.what) || seen.has(c.what)) continue;
    seen.add(c.what);
    take(c);
  }
  for (const c of all) if ((count.get(c.route) ?? 0) < perRoute) take(c);
  return all.filter((c) => taken.has(c));
}

/** One line a person can replay: the method, the path, the headers and the start of the body. */
export function describeCase(c: FuzzCase): string {
  const body = c.raw ?? c.body;
  const shown = body === undefined ? '' : ` body(${body.length} B)=${JSON.stringify(body.subarray(0, 200).toString('latin1'))}`;
  return `[${c.route}] ${c.what}: ${c.method} ${c.path.slice(0, 300)} headers=${JSON.stringify(c.headers).slice(0, 300)}${shown}`;
}
