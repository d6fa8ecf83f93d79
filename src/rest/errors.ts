// The one place that pairs an HTTP-level error code with its status (docs/decisions.md, "HTTP behaviour"), like fastify's
// error registry. Every non-200 answer body is `{ ok: false, code, message }`, plus `field` for 400
// and `scope` for 403. Declined operations (the eight failure codes of the published API) are not
// here: they answer 200 with the envelope, except `not-found` on the rows that say it is a 404.

import { Type, type Static } from '@sinclair/typebox';
import { FAILURE_CODES } from '../core/kernel/result.ts';

export const HTTP_ERRORS = {
  'bad-request': 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  'method-not-allowed': 405,
  'idempotency-key-in-use': 409,
  'payload-too-large': 413,
  'idempotency-key-reused': 422,
  'upgrade-required': 426,
  'rate-limited': 429,
  'internal-error': 500,
  'module-off': 503,
  'too-many-subscribers': 503,
  timeout: 504,
} as const;
export type HttpErrorCode = keyof typeof HTTP_ERRORS;

export const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Content',
  426: 'Upgrade Required',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export interface HttpErrorBody {
  ok: false;
  code: HttpErrorCode | 'not-found';
  message: string;
  field?: string;
  scope?: string;
}

export function errorBody(code: HttpErrorCode, message: string, extra?: { field?: string; scope?: string }): HttpErrorBody {
  return extra ? { ok: false, code, message, ...extra } : { ok: false, code, message };
}

/** The sentence of an error without a more specific one. `message` texts are for people. */
export const DEFAULT_MESSAGES: Record<HttpErrorCode, string> = {
  'bad-request': 'The request is malformed.',
  unauthorized: 'A valid token is needed: send Authorization: Bearer <secret>, or Basic with the token label and secret.',
  forbidden: 'The token lacks the scope this route needs.',
  'not-found': 'There is no route at this path.',
  'method-not-allowed': 'This path does not answer this method.',
  'idempotency-key-in-use': 'A request with this Idempotency-Key is still under way; retry in a moment to get its answer.',
  'payload-too-large': 'The request body is longer than 64 KiB.',
  'idempotency-key-reused': 'This Idempotency-Key was first sent with another method, path or body; send a new key for a new request.',
  'upgrade-required': 'This path is the event stream: connect with a WebSocket.',
  'rate-limited': 'This token made too many requests this minute; retry after the minute rolls.',
  'internal-error': 'The server failed while answering; the error is in its log.',
  'module-off': 'The module behind this route is switched off on this server.',
  'too-many-subscribers': 'The event stream has as many subscribers as it allows; retry later.',
  timeout: 'The server asked the game and received no answer within ten seconds.',
};

/**
 * The challenges of a 401, each sent as a header line of its own: browsers read one challenge per
 * `WWW-Authenticate` line (in one comma-separated line they find no scheme they know), and the
 * `Basic` line is what makes them show their login prompt (label and secret).
 */
export const AUTH_CHALLENGES: readonly string[] = ['Bearer', 'Basic realm="core-rest"'];

/** The challenges as one value: how an HTTP client that joins repeated headers reads them. */
export const WWW_AUTHENTICATE = AUTH_CHALLENGES.join(', ');

/** The challenges as a flat header list (name, value, name, value) for a 401. */
export const AUTH_CHALLENGE_HEADERS: readonly string[] = AUTH_CHALLENGES.flatMap((c) => ['www-authenticate', c]);

// Schemas of the envelope, for the OpenAPI document.
export const ErrorBodySchema = Type.Object(
  {
    ok: Type.Literal(false),
    code: Type.Union((Object.keys(HTTP_ERRORS) as HttpErrorCode[]).map((c) => Type.Literal(c))),
    message: Type.String({ description: 'An English sentence for a person; programs branch on `code`.' }),
    field: Type.Optional(Type.String({ description: '400 only: the body field, query parameter or path parameter at fault.' })),
    scope: Type.Optional(Type.String({ description: '403 only: the missing scope.' })),
  },
  { additionalProperties: false, description: 'The body of every non-200 answer.' },
);
export type ErrorBodyType = Static<typeof ErrorBodySchema>;

export const DeclinedSchema = Type.Object(
  {
    ok: Type.Literal(false),
    code: Type.Union(FAILURE_CODES.map((c) => Type.Literal(c))),
    message: Type.String(),
  },
  { additionalProperties: false, description: 'An operation the server understood and declined (HTTP 200).' },
);

/** What each code of a declined operation (HTTP 200, `ok: false`) means, for docs/api/errors.md. */
export const DECLINED_MEANINGS: Record<(typeof FAILURE_CODES)[number], string> = {
  cancelled: 'A listener of the game (another plugin, a region rule) stopped the operation before it happened.',
  'not-found': 'What the request names does not exist: a player the server has never seen, a home, a warp, a kit. A few routes answer it as HTTP 404 (their pages say so).',
  'already-exists': 'The thing to create exists already (a warp, a home of that name).',
  'player-offline': 'The operation needs the player in the game, and the player is not online.',
  'insufficient-funds': 'The balance does not cover the amount.',
  'already-in-state': 'The player or thing is already in the asked state (vanished, muted, the sidebar hidden): nothing changed.',
  refused: 'A rule of the server refuses it (a limit reached, a permission missing, a value out of range); the message says which.',
  failed: 'The operation was tried and did not complete (the game or storage failed); nothing was applied.',
};
