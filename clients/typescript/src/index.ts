// The Core Remote Access Service client: typed calls of every route, the event stream, and a reader
// of the metrics route's Prometheus text.

export { createClient, type ClientOptions, type CoreClient, type RetryOptions } from './client.ts';
export { CoreApiError, type HttpErrorCode } from './errors.ts';
export type { Auth } from './auth.ts';
export { EventStream, eventStreamUrl, type EventStreamOptions, type ReconnectOptions, type StreamStatus, type WebSocketConstructor, type WebSocketLike } from './event-stream.ts';
export type { AnswerMeta, CallOptions, Data, Declined, DeclinedCode, Input, OperationId, RateLimit, Result, WriteCallOptions } from './types.ts';
export { EVENT_NAMES, type EventData, type EventMessage, type EventName, type Pattern } from './generated/events.ts';
export type { components, operations, paths } from './generated/openapi.ts';
export { OPERATIONS } from './generated/operations.ts';
export { parsePrometheusText, seriesNames, type PrometheusSample, type PrometheusScrape } from './prometheus.ts';
