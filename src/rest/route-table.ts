// The route table (one route, one call): each row declares method, path, scope, module, schemas and a
// `call` that makes exactly one call of the published API. The server applies auth, rate limit,
// scope, size, validation, module switch, the dispatcher (10 s) and the envelope to every row the
// same way, and the OpenAPI document is generated from the same rows.
//
// Rows live beside their module (`src/modules/<area>/<area>.routes.ts`) and are gathered in
// ./routes.ts. Paths are written without the `/api/v1` prefix, with `:name` parameters.

import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { Actor } from '../core/actor.ts';
import type { CoreApi } from '../core/api.ts';
import { ok, type Result } from '../core/result.ts';
import type { Scope } from './tokens.ts';

export const API_VERSION = 'v1';
export const API_PREFIX = '/api/v1';

export type HttpMethod = 'GET' | 'POST';

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
  scope: Scope;
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
  readonly scope: Scope;
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

const SCOPE_OF: Record<HttpMethod, Scope> = { GET: 'read', POST: 'write' };

/** The `:name` parameters of a path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_-]+)/g)].map((m) => m[1] as string);
}

/** Declares a row. A row that breaks the table's rules is a programming error and throws at load. */
export function defineRoute<P extends TSchema, Q extends TSchema, B extends TSchema, A extends TSchema>(
  spec: RouteSpec<P, Q, B, A>,
): RouteDefinition {
  const name = `${spec.method} ${spec.path}`;
  if (!spec.path.startsWith('/') || spec.path.startsWith(API_PREFIX)) {
    throw new Error(`${name}: a path starts with / and leaves out ${API_PREFIX}`);
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

// ---------------------------------------------------------------------------------------------
// Shared request shapes (docs/decisions.md, "HTTP behaviour"), defined once.

/** A player uuid in a path or query: dashed or undashed, any case; the route receives dashed lower case. */
export const PlayerUuid = Type.String({
  pattern: '^(?:[0-9A-Fa-f]{32}|[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})$',
  description: 'A player UUID, dashed or undashed, any case. Answers use the dashed lower-case form.',
  'x-player-uuid': true,
});

export const UuidParams = Type.Object({ uuid: PlayerUuid }, { additionalProperties: false });

/** `limit`: default 10, minimum 1, maximum 100. */
export const Limit = Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'Rows to answer: 1 to 100, default 10.' });
/** `page`: counts from 1; a page holds `limit` rows. */
export const Page = Type.Integer({ minimum: 1, default: 1, description: 'Page number, counting from 1; a page holds `limit` rows.' });

/** Whether a schema is the PlayerUuid shape (its values are normalised before the call). */
export function isPlayerUuidSchema(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && (schema as Record<string, unknown>)['x-player-uuid'] === true;
}

// ---------------------------------------------------------------------------------------------
// The service's own row.

export const StatusAnswer = Type.Object(
  {
    version: Type.String({ description: 'The version of Core and this service.' }),
    'api-version': Type.Literal(API_VERSION, { description: 'The API version, the path prefix.' }),
    'modules-on': Type.Array(Type.String(), { description: 'The modules switched on, by name.' }),
  },
  { additionalProperties: false },
);
export type StatusAnswer = Static<typeof StatusAnswer>;

export const statusRoute = defineRoute({
  method: 'GET',
  path: '/status',
  scope: 'read',
  module: null,
  answer: StatusAnswer,
  summary: 'The service version, the API version and which modules are on',
  call: (api) => ok({ version: api.version, 'api-version': API_VERSION, 'modules-on': api.modulesOn() }),
});
