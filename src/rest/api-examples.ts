// The operations of the OpenAPI document as the reference shows them: grouped by area (tag), each
// with an example request (path and query filled in, a body) made from its schemas, the curl
// command that sends it, and the shape of its answer. One source for the reference page and the
// per-area pages; test/api-examples.test.ts validates every example against the route table.

import { DEFAULT_CONFIG } from './config.ts';
import type { Json } from './json-schema.ts';
import { exampleOf, resolve } from './reference-schema.ts';

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
    const value = text(exampleOf(openapi, (p.schema as Json | undefined) ?? {}, false, name));
    if (p.in === 'path') params[name] = value;
    else if (p.in === 'query' && p.required === true) query[name] = value;
  }
  const path = o.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? name));
  const qs = new URLSearchParams(query).toString();
  const bodySchema = bodySchemaOf(o.op);
  const answerSchema = answerSchemaOf(o.op);
  return {
    params,
    query,
    url: qs ? `${path}?${qs}` : path,
    body: bodySchema === undefined ? undefined : exampleOf(openapi, bodySchema, false),
    answer: answerSchema === undefined ? undefined : { ok: true, data: exampleOf(openapi, answerSchema, true) },
  };
}

/** A shell word in single quotes. */
const quoted = (s: string): string => `'${s.replaceAll("'", `'\\''`)}'`;

/** The curl command of an example: `$TOKEN` holds the secret (none for an open path). */
export function curlOf(o: Operation, e: Example): string {
  const lines = [`curl -s${o.method === 'POST' ? ' -X POST' : ''}${o.scope === null ? '' : ' -H "Authorization: Bearer $TOKEN"'}`];
  if (e.body !== undefined) lines.push(`-H 'Content-Type: application/json' -d ${quoted(JSON.stringify(e.body))}`);
  lines.push(quoted(EXAMPLE_BASE + e.url));
  return lines.join(' \\\n  ');
}
