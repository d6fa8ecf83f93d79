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

/**
 * The players of the documentation's examples (docs/api/): Steve is online, Alex has joined once and
 * left. These are their offline-mode uuids; the pages write them as the shell variables `$UUID` and
 * `$OTHER`, which a reader sets to the uuids of the players on their own server.
 */
export const EXAMPLE_PLAYERS = {
  steve: { name: 'Steve', uuid: '5627dd98-e6be-3c21-b8a8-e92344183641', variable: 'UUID' },
  alex: { name: 'Alex', uuid: '36532b5e-c442-3dbb-a24c-c7e55d0f979a', variable: 'OTHER' },
} as const;

/** A line a player online types in chat, and the start of the reply they see (`…` for the part that varies). */
export interface ExampleChat {
  player: string;
  types: string;
  reply: string;
}

/**
 * What a reader does before (or after) a route's example command so that it answers as shown, on
 * the server the examples assume (docs/api/README.md): lines typed at the server console, in game,
 * a player joining again, or shell lines that keep a value of an answer in a variable. `text` says
 * why, for the reader.
 */
export type ExampleStep =
  | { text: string; console: readonly { types: string; reply: string }[] }
  | { text: string; chat: readonly ExampleChat[] }
  | { text: string; joins: string }
  | { text: string; shell: readonly string[] };

/**
 * The example of a route in docs/api/: values that work on the examples' server (a default server,
 * docs/api/README.md) where the ones made from the schemas would not (a kit that exists, a second
 * player), the steps that make what it needs, and the answer when it is not a success with every field.
 */
export interface RouteExample<P extends TSchema = TSchema, Q extends TSchema = TSchema, B extends TSchema = TSchema> {
  /**
   * The route of the same area whose example must run first, by name (`POST /warps/:name/create`):
   * the page shows this one right after it (a warp is read once it is made).
   */
  needs?: string;
  params?: Partial<Static<P>>;
  query?: Partial<Static<Q>>;
  body?: Static<B>;
  /** Body fields written as shell text in the command (a value an earlier step kept): field → `$SNAPSHOT`. */
  shell?: Readonly<Record<string, string>>;
  before?: readonly ExampleStep[];
  after?: readonly ExampleStep[];
  /** The answer shown, when this example does not get a success with every field (a declined operation, a null). */
  answer?: unknown;
  /** With `answer`: the sentence that introduces the success with every field, shown after it ("With a link, the answer is:"). */
  otherwise?: string;
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
  /** The example of docs/api/ and the reference, where the values made from the schemas do not suit. */
  example?: RouteExample<P, Q, B>;
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
  readonly example: RouteExample | undefined;
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
    example: spec.example as RouteExample | undefined,
    name,
    call: spec.call as RouteDefinition['call'],
  };
}
