// The access log of the Remote Access Service: one entry per HTTP request, the event-stream
// handshake included, refusals included. The add-on hands each entry to a sink it is given and
// does no I/O of its own; the sink (main.ts) decides where lines go. The request path is hot, so
// an entry is one plain object of numbers and strings the request already holds; it is made only
// while `access-log = true`, and it is formatted to text only by the sink.
//
// An entry never holds a secret: no header is kept, the query string is cut off the path, and a
// failed authentication is described by its kind only.

import type { Logger } from '../core/log.ts';

/**
 * Why a request carried no valid token: no Authorization header, one that is not a Bearer or Basic
 * credential, or a well-formed credential of no active token (never issued, revoked, or a Basic
 * label and secret of different tokens).
 */
export type AuthFailure = 'missing' | 'malformed' | 'unknown';

export interface AccessEntry {
  /** When the answer was written, epoch milliseconds. */
  time: number;
  /** The remote address as the listener sees it (behind a proxy, the proxy's). */
  address: string;
  method: string;
  /** The request path without its query string. */
  path: string;
  /** The HTTP status answered; 101 for an event stream opened. */
  status: number;
  /** The label of the token that passed authentication, `-` when none did. */
  label: string;
  /** From the request reaching the add-on to its answer being written, milliseconds. */
  ms: number;
  /** Why authentication failed; null when it did not (a valid token, even if refused later). */
  auth: AuthFailure | null;
}

export type AccessLog = (entry: AccessEntry) => void;

/** The kind of a failed authentication, read from the Authorization header (only after it failed). */
export function authFailure(authorization: string | undefined): AuthFailure {
  if (authorization === undefined || authorization.trim() === '') return 'missing';
  const space = authorization.indexOf(' ');
  const scheme = space < 0 ? authorization.toLowerCase() : authorization.slice(0, space).toLowerCase();
  const credential = space < 0 ? '' : authorization.slice(space + 1).trim();
  if (credential === '') return 'malformed';
  if (scheme === 'bearer') return 'unknown';
  if (scheme === 'basic') return Buffer.from(credential, 'base64').toString('utf8').includes(':') ? 'unknown' : 'malformed';
  return 'malformed';
}

/** A path as one log word: spaces, quotes, backslashes, control and non-ASCII characters %-encoded. */
function pathWord(path: string): string {
  return path.replace(/[^\x21-\x7e]|["\\]/g, (c) => encodeURIComponent(c));
}

/**
 * `127.0.0.1 panel "GET /api/v1/status" 200 0.4ms`, and for a failed authentication
 * `127.0.0.1 - "GET /api/v1/status" 401 0.1ms auth=missing`. The time is the log line's own.
 */
export function formatAccessEntry(e: AccessEntry): string {
  const line = `${e.address} ${e.label} "${e.method} ${pathWord(e.path)}" ${e.status} ${e.ms.toFixed(1)}ms`;
  return e.auth === null ? line : `${line} auth=${e.auth}`;
}

/** A sink writing each entry as one info line of the logger. */
export function accessLogTo(log: Logger): AccessLog {
  return (entry) => log.info(formatAccessEntry(entry));
}
