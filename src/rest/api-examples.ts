// The operations of the OpenAPI document as the reference shows them: grouped by area (tag), each
// with an example request (path and query filled in, a body): the values a route's row gives for its
// examples (`example` in the document), else values made from its schemas; the curl command that
// sends it, and the shape of its answer. One source for the reference page and the per-area pages;
// ./api-examples.test.ts validates every example against the route table, and
// test/e2e/doc-commands.e2e.test.ts runs every command of docs/api/ against a real server.
//
// The commands are written for a shell that has set the variables of docs/api/README.md: `$CORE`
// (the API's base URL), `$TOKEN` (a token's secret), `$UUID` and `$OTHER` (the uuids of the two
// example players, EXAMPLE_PLAYERS).

import { EXAMPLE_PLAYERS } from '../core/kernel/routes.ts';
import { DEFAULT_CONFIG } from './config.ts';
import type { Json } from './json-schema.ts';
import { exampleOf, resolve } from './reference-schema.ts';
import { API_PREFIX } from './route-table.ts';

export interface Operation {
  method: 'GET' | 'POST';
  /** As the document writes it: `/api/v1/players/{uuid}/balance`. */
  path: string;
  tag: string;
  op: Json;
  /** The token scope it needs; null when it is open without a token. */
  scope: string | null;
}

export interface Example {
  /** Path parameters as sent (text). */
  params: Record<string, string>;
  /** Required query parameters as sent (text). */
  query: Record<string, string>;
  /** The path with parameters and query filled in. */
  url: string;
  body: unknown;
  /** `{ok: true, data: …}` with every field, or undefined when the answer is not the envelope. */
  answer: unknown;
}

export const EXAMPLE_BASE = `http://${DEFAULT_CONFIG.bind}:${DEFAULT_CONFIG.port}`;

/** The shell variables the commands use, with what each holds (docs/api/README.md sets them). */
export const EXAMPLE_VARIABLES = {
  CORE: `the API's base URL, \`${EXAMPLE_BASE}${API_PREFIX}\` on a default server`,
  TOKEN: "a token's secret",
  [EXAMPLE_PLAYERS.steve.variable]: `the uuid of ${EXAMPLE_PLAYERS.steve.name}, a player online`,
  [EXAMPLE_PLAYERS.alex.variable]: `the uuid of ${EXAMPLE_PLAYERS.alex.name}, a player who has joined once and is offline`,
} as const;

/** The example players' uuids, each with the variable a command writes in its place. */
const UUID_VARIABLES = new Map<string, string>(Object.values(EXAMPLE_PLAYERS).map((p) => [p.uuid, `$${p.variable}`]));

/** Every operation, by path then method, as the document lists them (the event stream included). */
export function operationsOf(openapi: Json): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(openapi.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(item)) {
      const scope = op['x-scope'];
      out.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        tag: ((op.tags as string[] | undefined) ?? ['service'])[0] ?? 'service',
        op,
        scope: typeof scope === 'string' ? scope : null,
      });
    }
  }
  return out;
}

/** The areas (tags) in the document's order, each with its operations. */
export function byArea(openapi: Json): Map<string, Operation[]> {
  const areas = new Map<string, Operation[]>(((openapi.tags as { name: string }[] | undefined) ?? []).map((t) => [t.name, []]));
  for (const o of operationsOf(openapi)) {
    const list = areas.get(o.tag) ?? [];
    list.push(o);
    areas.set(o.tag, list);
  }
  return areas;
}

/** The parameters of an operation, `$ref`s resolved. */
export function parametersOf(openapi: Json, op: Json): Json[] {
  return ((op.parameters as Json[] | undefined) ?? []).map((p) => resolve(openapi, p));
}

/** The request body's schema, or undefined. */
export function bodySchemaOf(op: Json): Json | undefined {
  const body = op.requestBody as { content?: Record<string, { schema?: Json }> } | undefined;
  return body?.content?.['application/json']?.schema;
}

/** The schema of `data` in a success answer, or undefined when the answer is not the envelope. */
export function answerSchemaOf(op: Json): Json | undefined {
  const ok = (op.responses as Record<string, Json> | undefined)?.['200'];
  const schema = (ok?.content as Record<string, { schema?: Json }> | undefined)?.['application/json']?.schema;
  const success = (schema?.oneOf as Json[] | undefined)?.[0];
  return (success?.properties as Record<string, Json> | undefined)?.data;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

export function exampleFor(openapi: Json, o: Operation): Example {
  const params: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const p of parametersOf(openapi, o.op)) {
    const name = String(p.name);
    // The row's example (a kit that exists), else one made from the schema.
    const value = text(p.example !== undefined ? p.example : exampleOf(openapi, (p.schema as Json | undefined) ?? {}, false, name));
    if (p.in === 'path') params[name] = value;
    else if (p.in === 'query' && (p.required === true || p.example !== undefined)) query[name] = value;
  }
  const path = o.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? name));
  const qs = new URLSearchParams(query).toString();
  const bodySchema = bodySchemaOf(o.op);
  const bodyExample = bodyExampleOf(o.op);
  const answerSchema = answerSchemaOf(o.op);
  const body = bodySchema === undefined ? undefined : bodyExample !== undefined ? bodyExample : exampleOf(openapi, bodySchema, false);
  return {
    params,
    query,
    url: qs ? `${path}?${qs}` : path,
    body,
    answer: answerSchema === undefined ? undefined : { ok: true, data: echoed(exampleOf(openapi, answerSchema, true), { ...params, ...(isObject(body) ? body : {}) }) },
  };
}

/** The request body's example given by the route's row, or undefined. */
function bodyExampleOf(op: Json): unknown {
  const body = op.requestBody as { content?: Record<string, { example?: unknown }> } | undefined;
  return body?.content?.['application/json']?.example;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An example answer that names what the request named: a top-level field of the answer that the
 * request also sends (a warp's `name`, a hologram's `location`) shows the request's value, of the same type.
 */
function echoed(answer: unknown, sent: Record<string, unknown>): unknown {
  if (!isObject(answer)) return answer;
  const out: Record<string, unknown> = { ...answer };
  for (const [key, value] of Object.entries(sent)) {
    const shown = out[key];
    if (shown === undefined) continue;
    if (typeof value === typeof shown && typeof value !== 'object') out[key] = value;
    // A location sent without yaw and pitch is answered with them.
    else if (isObject(value) && isObject(shown)) out[key] = { ...shown, ...value };
  }
  return out;
}

/** A shell word in single quotes. */
const quoted = (s: string): string => `'${s.replaceAll("'", `'\\''`)}'`;

/** Text inside double quotes, where `$`, a backquote, `"` and `\\` would mean something to the shell. */
const doubleQuoted = (s: string): string => s.replace(/[\\$`"]/g, (c) => `\\${c}`);

/** Text of an unquoted here-document, where `$`, a backquote and `\\` would mean something to the shell. */
const hereText = (s: string): string => s.replace(/[\\$`]/g, (c) => `\\${c}`);

/** The URL of an example as a double-quoted shell word: `"$CORE/players/$UUID/balance"`. */
function shellUrl(url: string): string {
  let out = doubleQuoted(url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) : url);
  for (const [uuid, variable] of UUID_VARIABLES) out = out.replaceAll(uuid, variable);
  return `"$CORE${out}"`;
}

/**
 * A body as JSON for the shell, the example players' uuids as their variables and the fields of
 * `shell` as the shell text given (a number an earlier step kept, `$SNAPSHOT`). `variables` says
 * whether the shell must expand anything in it (then it is the text of a here-document).
 */
export function shellJson(body: unknown, shell: Readonly<Record<string, string>> = {}): { json: string; variables: boolean } {
  // Each variable stands in the JSON as a mark, put back once the JSON is written.
  const marks = new Map<string, { text: string; bare: boolean }>();
  const mark = (text: string, bare: boolean) => {
    const key = `@@${marks.size}@@`;
    marks.set(key, { text, bare });
    return key;
  };
  const walk = (v: unknown): unknown => {
    const variable = typeof v === 'string' ? UUID_VARIABLES.get(v) : undefined;
    if (variable !== undefined) return mark(variable, false);
    if (Array.isArray(v)) return v.map(walk);
    if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  const top = isObject(body) ? Object.fromEntries(Object.entries(body).map(([k, v]) => [k, shell[k] !== undefined ? mark(shell[k], true) : walk(v)])) : walk(body);
  let json = JSON.stringify(top);
  if (marks.size === 0) return { json, variables: false };
  json = hereText(json);
  for (const [key, { text, bare }] of marks) json = json.replaceAll(bare ? `"${key}"` : key, text);
  return { json, variables: true };
}

/**
 * The curl command of an example: the token in `$TOKEN` (every path needs one), the URL under
 * `$CORE`, the example players as `$UUID` and `$OTHER`. A body that holds a variable is sent from a
 * here-document, where the shell expands it; any other body in single quotes.
 */
export function curlOf(o: Operation, e: Example, shell: Readonly<Record<string, string>> = {}): string {
  const lines = [`curl -s${o.method === 'POST' ? ' -X POST' : ''} -H "Authorization: Bearer $TOKEN"`];
  const url = shellUrl(e.url);
  if (e.body === undefined) {
    lines.push(url);
    return lines.join(' \\\n  ');
  }
  const body = shellJson(e.body, shell);
  if (!body.variables) {
    lines.push(`-H 'Content-Type: application/json' -d ${quoted(body.json)}`, url);
    return lines.join(' \\\n  ');
  }
  lines.push(`-H 'Content-Type: application/json' -d @-`, `${url} <<EOF`);
  return `${lines.join(' \\\n  ')}\n${body.json}\nEOF`;
}
