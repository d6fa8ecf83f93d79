// One place where the tests check what the product sends against the schemas it publishes: every
// answer of the Remote Access Service against its route's answer schema (or the error envelope), and
// every event against its payload schema in the event catalogue. The e2e request helper, the e2e
// event-stream subscription and the test kernel's event bus all check through here, so a drift
// between what the server sends and what openapi.json / asyncapi.json promise fails the test that
// saw it.

import assert from 'node:assert/strict';
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { catalogueOf, type EventCatalogue } from '../../src/core/kernel/event-catalogue.ts';
import type { EventBus } from '../../src/core/kernel/events.ts';
import type { RouteDefinition } from '../../src/core/kernel/routes.ts';
import { ALL_MODULES } from '../../src/modules/index.ts';
import { DeclinedSchema, ErrorBodySchema, HTTP_ERRORS, type HttpErrorCode } from '../../src/rest/errors.ts';
import { API_PREFIX } from '../../src/rest/route-table.ts';
import { ROUTES } from './published.ts';

/** The catalogue of the real server: the kernel's events and every known module's. */
export const SERVER_EVENTS: EventCatalogue = catalogueOf(ALL_MODULES);

const compiled = new Map<TSchema, TypeCheck<TSchema>>();
function problemOf(schema: TSchema, value: unknown, what: string): string | undefined {
  let check = compiled.get(schema);
  if (!check) {
    check = TypeCompiler.Compile(schema);
    compiled.set(schema, check);
  }
  const error = check.Errors(value).First();
  return error === undefined ? undefined : `${what}: ${error.path || '/'} ${error.message}, in ${JSON.stringify(value)}`;
}

/** A row's path as a pattern: `:name` matches one path segment, an empty one too (the router hands the row an empty parameter). */
const patterns = new Map<RouteDefinition, RegExp>();
function patternOf(row: RouteDefinition): RegExp {
  let re = patterns.get(row);
  if (!re) {
    re = new RegExp(`^${row.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_-]+/g, '[^/]*')}$`);
    patterns.set(row, re);
  }
  return re;
}

/** Fastify's order among rows matching one path: at the first segment where they differ, a fixed one wins. */
function fixedFirst(a: RouteDefinition, b: RouteDefinition): number {
  const sa = a.path.split('/');
  const sb = b.path.split('/');
  for (let i = 0; i < sa.length; i++) {
    const pa = sa[i]!.startsWith(':');
    const pb = sb[i]!.startsWith(':');
    if (pa !== pb) return pa ? 1 : -1;
  }
  return 0;
}

/** The row that serves a request, as the server routes it: method and path (with or without the `/api/v1` prefix and a query). */
export function routeOf(method: string, path: string, routes: readonly RouteDefinition[] = ROUTES): RouteDefinition | undefined {
  const withoutQuery = path.split('?')[0]!;
  const bare = withoutQuery.startsWith(`${API_PREFIX}/`) ? withoutQuery.slice(API_PREFIX.length) : withoutQuery;
  return routes.filter((r) => r.method === method && patternOf(r).test(bare)).sort(fixedFirst)[0];
}

/**
 * What is wrong with an answer (one sentence), or undefined when it is what the OpenAPI document
 * promises: a 200 success whose `data` its row's answer schema allows, a 200 declined operation, or
 * an error envelope whose status is its code's (with `field` on a 400 and `scope` on a 403).
 */
export function answerProblem(method: string, path: string, status: number, body: unknown): string | undefined {
  const row = routeOf(method, path);
  const name = row?.name ?? `${method} ${path}`;
  const envelope = body as { ok?: unknown; data?: unknown; code?: unknown } | undefined;
  if (status === 200 && envelope?.ok === true) {
    if (!row) return `${name} answered 200 ok, but no route serves it`;
    const extra = Object.keys(envelope).filter((k) => k !== 'ok' && k !== 'data');
    if (extra.length || !('data' in envelope)) return `${name}: a success envelope holds ok and data only, got ${JSON.stringify(body)}`;
    return problemOf(row.answer, envelope.data, name);
  }
  if (status === 200) return problemOf(DeclinedSchema, body, `${name} (declined)`);
  const shape = problemOf(ErrorBodySchema, body, `${name} (${status})`);
  if (shape) return shape;
  const error = body as { code: HttpErrorCode; field?: string; scope?: string };
  // On a path a row serves, not-found is a declined operation (200) unless the row says 404.
  const expected = row && error.code === 'not-found' ? (row.notFoundIs404 ? 404 : 200) : HTTP_ERRORS[error.code];
  if (expected !== status) return `${name}: ${error.code} belongs with HTTP ${expected}, answered ${status}`;
  if (status === 400 && error.field === undefined) return `${name}: a 400 names the field at fault, in ${JSON.stringify(body)}`;
  if (status === 403 && error.scope === undefined) return `${name}: a 403 names the missing scope, in ${JSON.stringify(body)}`;
  return undefined;
}

/** Fails the test on an answer its schema does not allow. */
export function assertAnswer(method: string, path: string, status: number, body: unknown): void {
  const problem = answerProblem(method, path, status, body);
  if (problem !== undefined) assert.fail(`an answer that openapi.json does not allow: ${problem}`);
}

/** Fails the test on an event its schema does not allow. */
export function assertEvent(name: string, data: unknown, catalogue: EventCatalogue = SERVER_EVENTS): void {
  const problem = catalogue.problem(name, data);
  if (problem !== undefined) assert.fail(`an event that asyncapi.json does not allow: ${problem}`);
}

export interface CheckedEventBus extends EventBus {
  /** Every event emitted so far that its schema does not allow, one sentence each. */
  readonly problems: readonly string[];
}

/**
 * An event bus whose every event (as stamped, `occurred-at` included) is checked against the
 * catalogue. A mismatch throws from `emit`, so the operation that emitted it fails in the test, and
 * stays in `problems` for a check at the end (a caller may have caught the throw).
 */
export function checkedEventBus(inner: EventBus, catalogue: EventCatalogue): CheckedEventBus {
  const problems: string[] = [];
  inner.subscribe((e) => {
    const problem = catalogue.problem(e.name, e.data);
    if (problem !== undefined) problems.push(problem);
  });
  return {
    problems,
    emit(name, data) {
      const before = problems.length;
      inner.emit(name, data);
      if (problems.length > before) assert.fail(`an event that its schema does not allow: ${problems[problems.length - 1]}`);
    },
    subscribe: (listener) => inner.subscribe(listener),
  };
}
