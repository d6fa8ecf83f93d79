// The error a call raises for every answer that is not the 200 envelope (400, 401, 403, 404, 405,
// 409, 413, 422, 429, 500, 503, 504: the service's error envelope), and for an answer that is not
// the service's at all (a proxy's HTML page). Declined operations are not errors: they are results
// (`ok: false`), since a program is expected to branch on them.

import type { components } from './generated/openapi.ts';

/** The HTTP-level codes of the error envelope (`bad-request`, `forbidden`, `rate-limited`, …). */
export type HttpErrorCode = components['schemas']['Error']['code'];

/**
 * `message` is the service's sentence as it sent it; a 400's already begins with the field at fault
 * (`amount: the amount must not be negative.`), so it reads well printed alone.
 */
export class CoreApiError extends Error {
  override readonly name = 'CoreApiError';
  /** The HTTP status. */
  readonly status: number;
  /** The envelope's code; `unexpected-answer` when the body was not the service's envelope. */
  readonly code: HttpErrorCode | 'unexpected-answer';
  /** 400 only: the body field, query or path parameter at fault (`amount`, `location.x`, `uuid`, `body`). */
  readonly field: string | undefined;
  /** 403 only: the scope the token lacks. */
  readonly scope: string | undefined;
  /** `Retry-After` in seconds, when the answer had one (429, 409). */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    status: number;
    code: HttpErrorCode | 'unexpected-answer';
    message: string;
    field?: string | undefined;
    scope?: string | undefined;
    retryAfterSeconds?: number | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
    this.scope = init.scope;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}
