// How a log record becomes one line (text) or one JSON object (json, for log shippers), the same
// for the console and logs/latest.log. The JSON line has the fields and order shippers already
// parse from pino's (docs/decisions.md, "Logs"): level, time, name, err, msg, with
// an error as pino's standard serializer writes it (type, message and stack with their causes).

import { isoLocal, renderText, type LogRecord } from './log.ts';

export type LogFormat = 'text' | 'json';

export const LOG_FORMATS: readonly LogFormat[] = ['text', 'json'];

export type RenderRecord = (record: LogRecord) => string;

/** The record as one line without its newline (text lines with an error carry its stack below). */
export function createRenderer(format: LogFormat): RenderRecord {
  return format === 'json' ? renderJson : renderText;
}

interface JsonLine {
  level: string;
  time: string;
  name?: string;
  err?: unknown;
  msg: string;
}

function renderJson(record: LogRecord): string {
  const line: JsonLine = {
    level: record.level,
    time: isoLocal(record.time),
    ...(record.name ? { name: record.name } : {}),
    ...(record.err !== undefined ? { err: errorJson(record.err, new Set()) } : {}),
    msg: record.msg,
  };
  try {
    return JSON.stringify(line);
  } catch {
    // An error holding a cycle or a bigint among its own fields: the line is written all the same.
    return JSON.stringify(line, safeReplacer());
  }
}

/** What `err` holds: an error (anything with a text `message`) as type, message and stack, its own fields after. */
function errorJson(err: unknown, seen: Set<object>): unknown {
  if (!isErrorLike(err)) return err;
  seen.add(err);
  const out: Record<string, unknown> = {
    type: typeof err.constructor === 'function' ? err.constructor.name : err.name,
    message: messageWithCauses(err),
    stack: stackWithCauses(err),
  };
  if (Array.isArray(err.errors)) out.aggregateErrors = err.errors.map((e) => errorJson(e, seen));
  // Every enumerable field (an errno's code, a driver's detail); a cause is in the message and the stack already.
  for (const key in err) {
    if (out[key] !== undefined) continue;
    const value = err[key];
    if (!isErrorLike(value)) out[key] = value;
    else if (key !== 'cause' && !seen.has(value)) out[key] = errorJson(value, seen);
  }
  seen.delete(err);
  return out;
}

interface ErrorLike {
  [field: string]: unknown;
  message: string;
  name?: unknown;
  stack?: unknown;
  cause?: unknown;
  errors?: unknown;
  constructor?: unknown;
}

function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

/** The cause of an error: `cause` (or, VError's way, what `cause()` returns) when it is an error. */
function causeOf(err: ErrorLike): ErrorLike | undefined {
  const cause = typeof err.cause === 'function' ? (err.cause as () => unknown)() : err.cause;
  return isErrorLike(cause) ? cause : undefined;
}

/** `outer: inner`: the message followed by its causes' (VError's causes are in its message already). */
function messageWithCauses(err: ErrorLike, seen = new Set<ErrorLike>(), skip = false): string {
  const message = skip ? '' : err.message;
  if (seen.has(err)) return `${message}: ...`;
  const cause = causeOf(err);
  if (!cause) return message;
  seen.add(err);
  const verror = typeof err.cause === 'function';
  return message + (verror ? '' : ': ') + messageWithCauses(cause, seen, verror);
}

/** The stack followed by `caused by: ` and each cause's stack. */
function stackWithCauses(err: ErrorLike, seen = new Set<ErrorLike>()): string {
  const stack = typeof err.stack === 'string' ? err.stack : '';
  if (seen.has(err)) return `${stack}\ncauses have become circular...`;
  const cause = causeOf(err);
  if (!cause) return stack;
  seen.add(err);
  return `${stack}\ncaused by: ${stackWithCauses(cause, seen)}`;
}

// Node 24 has JSON.rawJSON (ES2026); the TypeScript library of es2024 does not declare it yet.
const rawJson = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON;

/** For JSON.stringify: a value met again inside itself is `"[Circular]"`, a bigint its digits (a JSON number). */
function safeReplacer(): (this: unknown, key: string, value: unknown) => unknown {
  const ancestors: unknown[] = [];
  return function (this: unknown, _key, value) {
    if (typeof value === 'bigint') return rawJson(value.toString());
    if (typeof value !== 'object' || value === null) return value;
    // `this` is the object holding the value: the ancestors past it are done with.
    while (ancestors.length > 0 && ancestors.at(-1) !== this) ancestors.pop();
    if (ancestors.includes(value)) return '[Circular]';
    ancestors.push(value);
    return value;
  };
}
