// The OpenAPI 3.1 document of the route table: every row with its scope, parameters, body, answer
// and every status it can give, the envelope, and the limits.

import { FAILURE_CODES } from '../core/kernel/result.ts';
import type { RouteDefinition } from '../core/kernel/routes.ts';
import { DEFAULT_CONFIG } from './config.ts';
import { DeclinedSchema, DEFAULT_MESSAGES, ErrorBodySchema, HTTP_ERRORS, type HttpErrorCode } from './errors.ts';
import { schemaCollector, type Json } from './json-schema.ts';
import { API_PREFIX, API_VERSION } from './route-table.ts';
import { BODY_LIMIT, EVENTS_PATH } from './server.ts';
import { IDEMPOTENCY_KEEP_MS } from './idempotency.ts';

function operationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/^:/, 'by-'))
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

const RATE_HEADERS = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
};

const ERROR_RESPONSES: Record<string, { code: HttpErrorCode[]; description: string; headers?: Json }> = {
  BadRequest: {
    code: ['bad-request'],
    description:
      'Malformed body, path or query: `field` names the body field (dotted for nested fields, `body` for the body as a whole), query parameter or path parameter at fault.',
  },
  Unauthorized: {
    code: ['unauthorized'],
    description: 'No token, or a token nobody issued (or revoked). Nothing else is revealed, not even whether the path exists.',
    headers: { 'WWW-Authenticate': { $ref: '#/components/headers/WWW-Authenticate' } },
  },
  Forbidden: { code: ['forbidden'], description: 'A valid token without the scope this route needs; `scope` names it.' },
  NotFound: { code: ['not-found'], description: 'No route at this path.' },
  MethodNotAllowed: {
    code: ['method-not-allowed'],
    description: 'The path exists but not for this method. `Allow` lists the methods it answers.',
    headers: { Allow: { $ref: '#/components/headers/Allow' } },
  },
  PayloadTooLarge: {
    code: ['payload-too-large'],
    description: `A body longer than ${BODY_LIMIT / 1024} KiB: refused from Content-Length before reading, or once a streamed body passes the cap. The connection is closed.`,
  },
  UpgradeRequired: { code: ['upgrade-required'], description: 'An ordinary request to the event-stream path.' },
  IdempotencyKeyInUse: {
    code: ['idempotency-key-in-use'],
    description:
      'A request with this Idempotency-Key is still under way (retry after `Retry-After` seconds to get its answer), or was cut off by a stop of the server before its answer was kept (no `Retry-After`: whether it applied is unknown; check, then use a new key).',
    headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After-Idempotency' } },
  },
  IdempotencyKeyReused: {
    code: ['idempotency-key-reused'],
    description: 'This Idempotency-Key was first sent (by this token, within 24 hours) with another method, path or body. Nothing was applied.',
  },
  RateLimited: {
    code: ['rate-limited'],
    description: 'Over requests-per-minute for this token (or, without a valid token, for this remote address).',
    headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
  },
  InternalError: { code: ['internal-error'], description: 'The server failed while answering (a bug, logged with its stack). No detail is given.' },
  ModuleOff: { code: ['module-off'], description: 'The module behind this route is switched off on this server.' },
  TooManySubscribers: { code: ['too-many-subscribers'], description: 'The event stream already has max-subscribers connections.' },
  Timeout: { code: ['timeout'], description: 'The server asked and received no answer within ten seconds.' },
};

function errorResponse(name: keyof typeof ERROR_RESPONSES): Json {
  const r = ERROR_RESPONSES[name];
  if (!r) throw new Error(name);
  const example = { ok: false, code: r.code[0], message: DEFAULT_MESSAGES[r.code[0] as HttpErrorCode] } as Json;
  if (name === 'BadRequest') example.field = 'amount';
  if (name === 'Forbidden') example.scope = 'write';
  return {
    description: r.description,
    headers: { ...RATE_HEADERS, ...(r.headers ?? {}) },
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example } },
  };
}

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** The exceptions to "every request needs a token" (always, or by a rest.conf key), named in the document's description. */
function openNote(plain: readonly PlainRoute[]): string {
  const paths = (routes: readonly PlainRoute[]) => routes.map((r) => `\`GET ${API_PREFIX}${r.path}\``).join(', ');
  const open = plain.filter((r) => r.scope === null);
  const notes: string[] = [];
  if (open.length > 0) notes.push(`**Open without a token:** ${paths(open)}. They hold no secret; they are limited per remote address like failed authentication.`);
  for (const key of new Set(plain.flatMap((r) => (r.openKey === undefined ? [] : [r.openKey])))) {
    notes.push(`**Open without a token with \`${key} = true\`** in rest.conf: ${paths(plain.filter((r) => r.openKey === key))} (limited per remote address like failed authentication). By default they need a token too.`);
  }
  return notes.map((n) => `\n\n${n}`).join('');
}

const DESCRIPTION = `HTTP access to Core, the essentials plugin of this Minecraft server, for programs that are not plugins
(a panel, a bot, a store webhook, a script). Every route is exactly one call of the plugin's published API.
The event stream (WebSocket, \`${EVENTS_PATH}\`) is described in asyncapi.json.

**Switched off by default.** Set \`enabled = true\` in \`data/core-rest/rest.conf\` and restart. Plain HTTP only:
put a TLS reverse proxy in front for outside access.

**Authentication.** Every request needs a token, issued with \`/coreapi token create <label> [scopes]\`:
\`Authorization: Bearer <secret>\`, or HTTP Basic with the token label as username and the secret as password.
Scopes: \`read\` opens every GET, \`write\` every POST, \`events\` the event stream; default \`read,events\`.

**Order of checks** for every request: token (401) → rate limit (429) → route and method (404/405) →
scope (403) → body size (413) → body, path and query validation (400) → module switched off (503) →
the call (200, or 504 after 10 s). So nothing, not even a 404, is answered without a valid token.

**Envelope.** Success: \`{"ok": true, "data": ...}\`. A declined operation is HTTP 200 with
\`{"ok": false, "code": ..., "message": ...}\`, code one of ${FAILURE_CODES.map((c) => `\`${c}\``).join(', ')}.
Every other answer is \`{"ok": false, "code", "message"}\` (+ \`field\` for 400, + \`scope\` for 403):
${(Object.keys(HTTP_ERRORS) as HttpErrorCode[]).map((c) => `\`${c}\` ${HTTP_ERRORS[c]}`).join(', ')}.
\`message\` texts are for people; programs branch on \`code\`.

**Payloads.** Keys are kebab-case; an absent value is \`null\` (keys are never left out); times are ISO-8601
instants; durations are whole seconds in fields ending in \`-seconds\`. \`{uuid}\` accepts the dashed and the
undashed form in any case; answers use dashed lower case. A player the server has never seen is a declined
\`not-found\`. \`limit\` is 1 to 100, default 10; \`page\` counts from 1.

**Retries.** A POST may carry an \`Idempotency-Key\` header (1 to 255 printable ASCII characters): the first request with a
key is applied and its answer kept for ${IDEMPOTENCY_KEEP_MS / 3_600_000} hours, per token; a retry with the same key, method, path and body gets
that answer again (\`Idempotent-Replayed: true\`) and applies nothing. The same key with another request answers
422 \`idempotency-key-reused\`; a retry while the first is under way answers 409 \`idempotency-key-in-use\`.

**Limits.** ${DEFAULT_CONFIG.requestsPerMinute} requests per minute per token by default (fixed one-minute windows; failed
authentication is limited per remote address by its own limit, ${DEFAULT_CONFIG.failedAuthPerMinute} a minute by default); every answer carries \`RateLimit-Limit\`,
\`RateLimit-Remaining\` and \`RateLimit-Reset\`, and a 429 carries \`Retry-After\`. Bodies up to ${BODY_LIMIT / 1024} KiB.
Unknown body fields and unknown query parameters are refused with 400, named before any missing field
(\`{"ammount": 25}\` answers \`"field": "ammount"\`, \`"message": "ammount: unexpected property (did you mean amount?); expected amount, currency."\`).
A 400's \`message\` starts with the field and is one sentence ending in one period.`;

/**
 * A GET route whose answer is not the JSON envelope (a document, a page, metrics): served by the
 * add-on beside the route table, and described here from the same declaration the server serves.
 */
export interface PlainRoute {
  /** Under the API prefix, e.g. `/openapi.json`. */
  readonly path: string;
  readonly tag: string;
  readonly summary: string;
  readonly description: string;
  /** The media type of its 200 answer, e.g. `text/html; charset=utf-8`. */
  readonly contentType: string;
  /** The scope it needs, or null for a path open without a token (limited per remote address instead). */
  readonly scope: 'read' | null;
  /** The rest.conf key that switches it; while off the path answers 404 like any unknown path. */
  readonly switchKey?: string;
  /** The rest.conf key that, set to true, opens it without a token (limited per remote address instead). */
  readonly openKey?: string;
  /** An example of its 200 answer, for a text format a schema says little about. */
  readonly example?: string;
}

function plainOperation(r: PlainRoute): Json {
  const media = r.contentType.split(';')[0] ?? r.contentType;
  return {
    operationId: operationId('GET', r.path),
    summary: r.summary,
    description: r.description,
    tags: [r.tag],
    'x-scope': r.scope,
    'x-module': null,
    // Its 200 answer is the document, page or text itself, not the envelope (the typed client reads it so).
    'x-envelope': false,
    // An empty list overrides the document's security: this path needs no token.
    ...(r.scope === null ? { security: [] } : {}),
    responses: {
      '200': {
        description: `The answer, as \`${r.contentType}\` (not the JSON envelope).`,
        headers: RATE_HEADERS,
        content: { [media]: { schema: media === 'application/json' ? { type: 'object' } : { type: 'string' }, ...(r.example === undefined ? {} : { example: r.example }) } },
      },
      ...(r.scope === null ? {} : { '401': ref('Unauthorized'), '403': ref('Forbidden') }),
      ...(r.switchKey === undefined
        ? {}
        : {
            '404': {
              description: `Switched off (\`${r.switchKey} = false\` in rest.conf): answered as a path no route serves.`,
              headers: RATE_HEADERS,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
            },
          }),
      '405': ref('MethodNotAllowed'),
      '429': ref('RateLimited'),
      '500': ref('InternalError'),
    },
  };
}

/** The OpenAPI 3.1 document of the route table, and of the plain routes served beside it. */
export function buildOpenApi(routes: readonly RouteDefinition[], version: string, plain: readonly PlainRoute[] = []): Json {
  const schemas = schemaCollector('#/components/schemas/');
  const paths: Record<string, Record<string, Json>> = {};
  const tags = new Set<string>();
  for (const row of routes) {
    const path = API_PREFIX + row.path.replace(/:([A-Za-z0-9_-]+)/g, '{$1}');
    const tag = row.module ?? 'service';
    tags.add(tag);
    const parameters: Json[] = row.method === 'POST' ? [{ $ref: '#/components/parameters/Idempotency-Key' }] : [];
    for (const [part, where] of [
      [row.params, 'path'],
      [row.query, 'query'],
    ] as const) {
      if (!part) continue;
      const s = schemas.convert(part);
      const required = new Set((s.required as string[] | undefined) ?? []);
      const examples = (where === 'path' ? row.example?.params : row.example?.query) as Record<string, unknown> | undefined;
      for (const [name, schema] of Object.entries((s.properties as Record<string, Json> | undefined) ?? {})) {
        const description = schema.description;
        parameters.push({
          name,
          in: where,
          // A parameter with a default (limit, page) may be left out: the server fills it in.
          required: where === 'path' || (required.has(name) && schema.default === undefined),
          ...(typeof description === 'string' ? { description } : {}),
          schema,
          // The value the examples of docs/api/ send (one that exists on a default server).
          ...(examples?.[name] !== undefined ? { example: examples[name] } : {}),
        });
      }
    }
    const responses: Json = {
      '200': {
        description: 'The answer (`ok: true`), or an operation the server understood and declined (`ok: false`).',
        headers: row.method === 'POST' ? { ...RATE_HEADERS, 'Idempotent-Replayed': { $ref: '#/components/headers/Idempotent-Replayed' } } : RATE_HEADERS,
        content: {
          'application/json': {
            schema: {
              oneOf: [
                {
                  type: 'object',
                  required: ['ok', 'data'],
                  additionalProperties: false,
                  properties: { ok: { const: true }, data: schemas.convert(row.answer) },
                },
                { $ref: '#/components/schemas/Declined' },
              ],
            },
          },
        },
      },
      '400': ref('BadRequest'),
      '401': ref('Unauthorized'),
      '403': ref('Forbidden'),
      ...(row.notFoundIs404
        ? {
            '404': {
              description: 'What the route names does not exist (`code: not-found`, with the message of the published API).',
              headers: RATE_HEADERS,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
            },
          }
        : {}),
      '405': ref('MethodNotAllowed'),
      ...(row.method === 'POST' ? { '409': ref('IdempotencyKeyInUse') } : {}),
      '413': ref('PayloadTooLarge'),
      ...(row.method === 'POST' ? { '422': ref('IdempotencyKeyReused') } : {}),
      '429': ref('RateLimited'),
      '500': ref('InternalError'),
      ...(row.module !== null ? { '503': ref('ModuleOff') } : {}),
      '504': ref('Timeout'),
    };
    const op: Json = {
      operationId: operationId(row.method, row.path),
      summary: row.summary,
      ...(row.description ? { description: row.description } : {}),
      tags: [tag],
      'x-scope': row.scope,
      'x-module': row.module,
      ...(parameters.length ? { parameters } : {}),
      ...(row.body
        ? {
            requestBody: {
              required: ((schemas.convert(row.body).required as string[] | undefined) ?? []).length > 0,
              content: { 'application/json': { schema: schemas.convert(row.body), ...(row.example?.body !== undefined ? { example: row.example.body } : {}) } },
            },
          }
        : {}),
      responses,
    };
    (paths[path] ??= {})[row.method.toLowerCase()] = op;
  }
  for (const r of plain) {
    tags.add(r.tag);
    (paths[API_PREFIX + r.path] ??= {}).get = plainOperation(r);
  }
  tags.add('events');
  paths[EVENTS_PATH] = {
    get: {
      operationId: 'getEvents',
      summary: 'The event stream: a WebSocket upgrade (see asyncapi.json)',
      description:
        'Open with a WebSocket handshake carrying the Authorization header of a token with the `events` scope. The refusals below are ordinary HTTP answers given before the upgrade; the handshake counts against the rate limit.',
      tags: ['events'],
      'x-scope': 'events',
      responses: {
        '101': { description: 'Switching Protocols: the WebSocket is open; the protocol is in asyncapi.json.', headers: RATE_HEADERS },
        '401': ref('Unauthorized'),
        '403': ref('Forbidden'),
        '405': ref('MethodNotAllowed'),
        '413': ref('PayloadTooLarge'),
        '426': ref('UpgradeRequired'),
        '429': ref('RateLimited'),
        '500': ref('InternalError'),
        '503': ref('TooManySubscribers'),
      },
    },
  };
  const errorSchema = schemas.convert(ErrorBodySchema);
  const declined = schemas.convert(DeclinedSchema);
  const responses: Json = {};
  for (const name of Object.keys(ERROR_RESPONSES)) responses[name] = errorResponse(name);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Core Remote Access Service',
      version,
      description: DESCRIPTION + openNote(plain),
      'x-api-version': API_VERSION,
    },
    servers: [
      {
        url: 'http://{host}:{port}',
        description: 'The add-on listener (rest.conf bind and port).',
        variables: { host: { default: DEFAULT_CONFIG.bind }, port: { default: String(DEFAULT_CONFIG.port) } },
      },
    ],
    security: [{ bearer: [] }, { basic: [] }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: errorSchema, Declined: declined, ...schemas.named },
      responses,
      parameters: {
        'Idempotency-Key': {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: `Makes a retry safe: the first request with this key (per token) is applied and its answer kept for ${IDEMPOTENCY_KEEP_MS / 3_600_000} hours; a retry with the same key, method, path and body gets that answer again, marked \`Idempotent-Replayed: true\`, without anything being applied. The same key with another request answers 422; a retry while the first is under way answers 409. Refusals before the call (400, 401, 403, 413, 429, 503) are not kept.`,
          schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
        },
      },
      headers: {
        'RateLimit-Limit': { description: 'Requests allowed per one-minute window.', schema: { type: 'integer' } },
        'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
        'RateLimit-Reset': { description: 'Whole seconds until the window rolls.', schema: { type: 'integer' } },
        'Retry-After': { description: 'Whole seconds until the minute rolls.', schema: { type: 'integer' } },
        'Idempotent-Replayed': {
          description: '`true` on the kept answer of an earlier request with the same Idempotency-Key (nothing was applied this time); absent otherwise.',
          schema: { type: 'string', const: 'true' },
        },
        'Retry-After-Idempotency': { description: 'Seconds to wait before retrying with the same Idempotency-Key: 1.', schema: { type: 'integer' } },
        'WWW-Authenticate': {
          description:
            'Always the two challenges `Bearer` and `Basic realm="core-rest"`, each on a header line of its own (a client that joins repeated headers reads `Bearer, Basic realm="core-rest"`); the Basic one makes a browser ask for the token label and secret.',
          schema: { type: 'string' },
        },
        Allow: { description: 'The methods the path answers, e.g. `GET`.', schema: { type: 'string' } },
      },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'crs_<43 base64url characters>', description: 'The token secret.' },
        basic: { type: 'http', scheme: 'basic', description: 'Username: the token label. Password: the token secret.' },
      },
    },
  };
}
