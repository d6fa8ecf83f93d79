// The route contract (one route, one call): each row declares method, path, scope, module, schemas
// and a `call` that makes exactly one call of the published API. It belongs to the kernel so that a
// module can declare its rows (`src/modules/<area>/<area>.routes.ts`) without knowing the add-on;
// the Remote Access Service gathers the rows and applies auth, rate limit, scope, size, validation,
// the module switch, the dispatcher (10 s) and the envelope to each the same way, and generates the
// OpenAPI document from the same rows.
//
// Paths are written without the add-on's `/api/<version>` prefix, with `:name` parameters.

import type { Static, TSchema } from '@sinclair/typebox';
import type { Actor } from './actor.ts';
import type { CoreApi } from './api.ts';
import type { Result } from './result.ts';

export type HttpMethod = 'GET' | 'POST';
/** The token scope a route needs: reads need `read`, writes `write`. */
export type RouteScope = 'read' | 'write';

export interface RouteInput<P = unknown, Q = unknown, B = unknown> {
  /** Path parameters; a `uuid` is already in the dashed lower-case form. */
  params: P;
  query: Q;
  /** `{}` (after defaults) for a row without a body schema. */
  body: B;
  /** The audit log records this as `core-rest/<label>`. */
  actor: Actor;
}

export interface RouteSpec<P extends TSchema, Q extends TSchema, B extends TSchema, A extends TSchema> {
  method: HttpMethod;
  path: string;
  /** GET needs `read`, POST needs `write` (the spec's rule); stated on the row for the reader. */
  scope: RouteScope;
  /** The module the route depends on (503 module-off while it is off); null = always on. */
  module: string | null;
  params?: P;
  query?: Q;
  body?: B;
  answer: A;
  summary: string;
  description?: string;
  /**
   * A `not-found` failure answers HTTP 404 (with the failure's code and message) instead of
   * 200 with ok:false: single home, NPC, hologram, skin, back location, command-check offline.
   */
  notFoundIs404?: boolean;
  call(api: CoreApi, input: RouteInput<Static<P>, Static<Q>, Static<B>>): Promise<Result<Static<A>>> | Result<Static<A>>;
}

/** A row with its types erased, as the server and the document generator hold it. */
export interface RouteDefinition {
  readonly method: HttpMethod;
  readonly path: string;
  readonly scope: RouteScope;
  readonly module: string | null;
  readonly params: TSchema | undefined;
  readonly query: TSchema | undefined;
  readonly body: TSchema | undefined;
  readonly answer: TSchema;
  readonly summary: string;
  readonly description: string | undefined;
  readonly notFoundIs404: boolean;
  /** `GET /status`: the dispatcher measures each call under this name. */
  readonly name: string;
  call(api: CoreApi, input: RouteInput): Promise<Result<unknown>> | Result<unknown>;
}

const SCOPE_OF: Record<HttpMethod, RouteScope> = { GET: 'read', POST: 'write' };

/** The `:name` parameters of a path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_-]+)/g)].map((m) => m[1] as string);
}

/** Declares a row. A row that breaks the table's rules is a programming error and throws at load. */
export function defineRoute<P extends TSchema, Q extends TSchema, B extends TSchema, A extends TSchema>(
  spec: RouteSpec<P, Q, B, A>,
): RouteDefinition {
  const name = `${spec.method} ${spec.path}`;
  if (!spec.path.startsWith('/') || spec.path.startsWith('/api/')) {
    throw new Error(`${name}: a path starts with / and leaves out the /api/<version> prefix`);
  }
  if (SCOPE_OF[spec.method] !== spec.scope) throw new Error(`${name}: ${spec.method} routes need the ${SCOPE_OF[spec.method]} scope`);
  if (spec.method === 'GET' && spec.body) throw new Error(`${name}: a GET route has no body`);
  const declared = pathParams(spec.path);
  const schemaKeys = Object.keys((spec.params as { properties?: object } | undefined)?.properties ?? {});
  if (declared.length !== schemaKeys.length || declared.some((p) => !schemaKeys.includes(p))) {
    throw new Error(`${name}: the params schema must name exactly the path parameters (${declared.join(', ') || 'none'})`);
  }
  return {
    method: spec.method,
    path: spec.path,
    scope: spec.scope,
    module: spec.module,
    params: spec.params,
    query: spec.query,
    body: spec.body,
    answer: spec.answer,
    summary: spec.summary,
    description: spec.description,
    notFoundIs404: spec.notFoundIs404 ?? false,
    name,
    call: spec.call as RouteDefinition['call'],
  };
}
