// Types of one operation, read from openapi-typescript's `operations` (src/generated/openapi.ts):
// its input (path and query parameters, body), its answer (the data of `ok: true`, the declined
// answer of `ok: false`), and the options it takes. Nothing here is written per route: a route
// added to the document gets its method and types at the next generation.

import type { components, operations } from './generated/openapi.ts';
import type { OPERATIONS, OperationId } from './generated/operations.ts';

export type { OperationId };

type Op<K extends OperationId> = operations[K];
type Params<K extends OperationId> = Op<K>['parameters'];

/** The body part of the input: required, optional or absent as the document says. */
type BodyInput<K extends OperationId> = Op<K> extends { requestBody: { content: { 'application/json': infer B } } }
  ? { body: B }
  : Op<K> extends { requestBody?: { content: { 'application/json': infer B } } }
    ? [B] extends [never]
      ? { body?: never }
      : { body?: B }
    : { body?: never };

/** What a call sends: `path` (uuid, name, …), `query` and `body`, each typed from the document. */
export type Input<K extends OperationId> = Pick<Params<K>, 'path' | 'query'> & BodyInput<K>;

type RequiredKeys<T> = { [P in keyof T]-?: object extends Pick<T, P> ? never : P }[keyof T];
/** Whether a call of the operation must be given an input (a path parameter, a required query parameter or body). */
export type NeedsInput<K extends OperationId> = RequiredKeys<Input<K>> extends never ? false : true;

/** The JSON body of the operation's 200 answer: the success and the declined answer. */
export type Answer<K extends OperationId> = Op<K>['responses'] extends { 200: { content: { 'application/json': infer A } } } ? A : never;
/** The `data` of the operation's success. */
export type Data<K extends OperationId> = Extract<Answer<K>, { ok: true }> extends { data: infer D } ? D : never;
/** The operation's declined answer (HTTP 200, `ok: false`), its `code` one of the codes the document lists for it. */
export type Declined<K extends OperationId> = Extract<Answer<K>, { ok: false }>;
export type DeclinedCode = components['schemas']['Declined']['code'];

/** Whether the operation takes an Idempotency-Key (every POST; the document lists it as a header parameter). */
type TakesIdempotencyKey<K extends OperationId> = Params<K> extends { header?: infer H } ? ('Idempotency-Key' extends keyof NonNullable<H> ? true : false) : false;

export interface BaseCallOptions {
  /** Aborts the call (and any wait before a retry). */
  signal?: AbortSignal;
  /** Extra request headers. */
  headers?: Record<string, string>;
}

export interface WriteCallOptions extends BaseCallOptions {
  /**
   * Sent as `Idempotency-Key`: a retry with the same key, path and body gets the first answer
   * again (`replayed: true`) and nothing is applied twice. 1 to 255 printable ASCII characters.
   */
  idempotencyKey?: string;
}

export type CallOptions<K extends OperationId> = TakesIdempotencyKey<K> extends true ? WriteCallOptions : BaseCallOptions;

/** The rate-limit headers of an answer. */
export interface RateLimit {
  limit: number;
  remaining: number;
  /** Whole seconds until the window rolls. */
  resetSeconds: number;
}

/** What every result carries besides the envelope. */
export interface AnswerMeta {
  /** `Idempotent-Replayed: true`: the kept answer of an earlier request with the same key; nothing was applied this time. */
  replayed: boolean;
  rateLimit: RateLimit | undefined;
}

/** A plain route's 200 answer (not the envelope): the OpenAPI document parsed, or the text of a page or of the metrics. */
type PlainData<K extends OperationId> = Op<K>['responses'] extends { 200: { content: { 'application/json': unknown } } } ? Record<string, unknown> : string;

/** The result of a call: the data of a success, or the declined answer, with the answer's meta. */
export type Result<K extends OperationId> = (typeof OPERATIONS)[K] extends { plain: true }
  ? { ok: true; data: PlainData<K> } & AnswerMeta
  : ({ ok: true; data: Data<K> } | Declined<K>) & AnswerMeta;

/** One method per operation: `client.getStatus()`, `client.postPlayersByUuidBalanceDeposit({ path, body }, { idempotencyKey })`. */
export type OperationMethod<K extends OperationId> =
  NeedsInput<K> extends true
    ? (input: Input<K>, options?: CallOptions<K>) => Promise<Result<K>>
    : (input?: Input<K>, options?: CallOptions<K>) => Promise<Result<K>>;

export type OperationMethods = { [K in OperationId]: OperationMethod<K> };
