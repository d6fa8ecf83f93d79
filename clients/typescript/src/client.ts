// The typed client: one method per operation of docs/openapi.json (the table in
// src/generated/operations.ts), each sending one request with the global fetch and reading the
// envelope. `ok: true` and a declined `ok: false` are results; every other answer raises a
// CoreApiError. A 429 (and a 409 `idempotency-key-in-use`, which says when to come back) is retried
// after its Retry-After, a bounded number of times.

import { authorizationHeader, type Auth } from './auth.ts';
import { CoreApiError, type HttpErrorCode } from './errors.ts';
import { OPERATIONS, type OperationId } from './generated/operations.ts';
import type { AnswerMeta, OperationMethods, RateLimit, Result, WriteCallOptions } from './types.ts';

export interface RetryOptions {
  /** Attempts in all, the first included. Default 3. */
  maxAttempts?: number;
  /** A Retry-After longer than this is not waited for: the error is raised at once. Default 60 s. */
  maxWaitSeconds?: number;
}

export interface ClientOptions {
  /** Where the service listens: `http://127.0.0.1:8123` (the document's paths carry `/api/v1`). */
  baseUrl: string;
  auth: Auth;
  /** Retrying a 429 after its Retry-After; `false` raises it at once. */
  retry?: RetryOptions | false;
  /** Another fetch (a proxy agent, a test double); the global one by default. */
  fetch?: typeof fetch;
}

/** The raw call every method makes; usable directly for an operation by id. */
export interface CoreClient extends OperationMethods {
  call<K extends OperationId>(operation: K, input?: RawInput, options?: WriteCallOptions): Promise<Result<K>>;
}

interface RawInput {
  path?: Record<string, string | number> | undefined;
  query?: Record<string, string | number | boolean | undefined> | undefined;
  body?: unknown;
}

interface Envelope {
  ok: boolean;
  data?: unknown;
  code?: string;
  message?: string;
  field?: string;
  scope?: string;
}

export function createClient(options: ClientOptions): CoreClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const authorization = authorizationHeader(options.auth);
  const doFetch = options.fetch ?? fetch;
  const retry = options.retry === false ? { maxAttempts: 1, maxWaitSeconds: 0 } : { maxAttempts: 3, maxWaitSeconds: 60, ...options.retry };

  async function call<K extends OperationId>(operation: K, input: RawInput = {}, callOptions: WriteCallOptions = {}): Promise<Result<K>> {
    const { method, path } = OPERATIONS[operation];
    const url = base + expandPath(path, input.path) + queryString(input.query);
    const headers: Record<string, string> = { ...callOptions.headers, Authorization: authorization, Accept: 'application/json' };
    let body: string | undefined;
    if (method === 'POST') {
      headers['Content-Type'] = 'application/json';
      // A POST always carries a JSON object: the routes without fields take `{}`.
      body = JSON.stringify(input.body ?? {});
      if (callOptions.idempotencyKey !== undefined) headers['Idempotency-Key'] = callOptions.idempotencyKey;
    }
    for (let attempt = 1; ; attempt++) {
      const init: RequestInit = { method, headers, ...(body === undefined ? {} : { body }), ...(callOptions.signal ? { signal: callOptions.signal } : {}) };
      const response = await doFetch(url, init);
      const meta: AnswerMeta = { replayed: response.headers.get('idempotent-replayed') === 'true', rateLimit: rateLimitOf(response.headers) };
      if (response.status === 200 && 'plain' in OPERATIONS[operation]) return { ok: true, data: await readPlain(response), ...meta } as Result<K>;
      const envelope = await readEnvelope(response);
      if (response.status === 200 && envelope !== undefined) {
        if (envelope.ok) return { ok: true, data: envelope.data, ...meta } as Result<K>;
        return { ok: false, code: envelope.code, message: envelope.message, ...meta } as unknown as Result<K>;
      }
      const error = toError(response, envelope);
      const wait = error.retryAfterSeconds;
      const retriable = error.code === 'rate-limited' || error.code === 'idempotency-key-in-use';
      if (!retriable || wait === undefined || wait > retry.maxWaitSeconds || attempt >= retry.maxAttempts) throw error;
      await sleep(wait * 1000, callOptions.signal);
    }
  }

  const methods = {} as Record<OperationId, (input?: RawInput, o?: WriteCallOptions) => Promise<unknown>>;
  for (const id of Object.keys(OPERATIONS) as OperationId[]) methods[id] = (input, o) => call(id, input, o);
  // The generic table above is typed per operation by OperationMethods: each entry is `call` for its id.
  return { ...(methods as unknown as OperationMethods), call };
}

function expandPath(template: string, params: RawInput['path']): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new TypeError(`path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

function queryString(query: RawInput['query']): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) search.set(k, String(v));
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

function rateLimitOf(headers: Headers): RateLimit | undefined {
  const limit = headers.get('ratelimit-limit');
  const remaining = headers.get('ratelimit-remaining');
  const reset = headers.get('ratelimit-reset');
  if (limit === null || remaining === null || reset === null) return undefined;
  return { limit: Number(limit), remaining: Number(remaining), resetSeconds: Number(reset) };
}

async function readEnvelope(response: Response): Promise<Envelope | undefined> {
  const text = await response.text();
  try {
    const json: unknown = JSON.parse(text);
    if (typeof json === 'object' && json !== null && typeof (json as Envelope).ok === 'boolean') return json as Envelope;
  } catch {
    // not JSON: reported as an unexpected answer below
  }
  return undefined;
}

/** The 200 answer of a plain route: parsed when it is JSON (the OpenAPI document), else its text (a page, metrics). */
async function readPlain(response: Response): Promise<unknown> {
  const text = await response.text();
  return (response.headers.get('content-type') ?? '').startsWith('application/json') ? JSON.parse(text) : text;
}

function toError(response: Response, envelope: Envelope | undefined): CoreApiError {
  const retryAfter = response.headers.get('retry-after');
  const retryAfterSeconds = retryAfter !== null && /^\d+$/.test(retryAfter) ? Number(retryAfter) : undefined;
  if (envelope === undefined || envelope.ok || typeof envelope.code !== 'string') {
    return new CoreApiError({
      status: response.status,
      code: 'unexpected-answer',
      message: `HTTP ${response.status} ${response.statusText}: the answer is not the service's JSON envelope.`,
      retryAfterSeconds,
    });
  }
  return new CoreApiError({
    status: response.status,
    code: envelope.code as HttpErrorCode,
    message: envelope.message ?? '',
    field: envelope.field,
    scope: envelope.scope,
    retryAfterSeconds,
  });
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
