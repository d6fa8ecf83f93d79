// The access log of the Remote Access Service: one entry per HTTP request, the event-stream
// handshake included, refusals included. The add-on hands each entry to a sink it is given and
// does no I/O of its own; the sink (main.ts: logs/access.log, src/rest/access-log-file.ts) formats and
// writes it. The request path is hot, so an entry is one plain object of numbers and strings the
// request already holds; it is made only while `access-log = true`, and formatted only by the sink.
//
// An entry never holds a secret: no header is kept, the query string is cut off the path, and a
// failed authentication is described by its kind only.

import type { IncomingMessage } from 'node:http';
import type { AccessEntry, AuthFailure } from './access-log-file.ts';

export type { AccessEntry, AuthFailure };

/** Where the add-on hands each entry (main.ts: logs/access.log). */
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

/**
 * The entry of an answer just written: the request's client address (`address`: its peer, or the
 * client a trusted proxy names, ./client-address.ts), method and path (the query cut off),
 * who it was (a token's label, `-` for none) and the milliseconds since `startedAt`
 * (performance.now() when the request reached the add-on).
 */
export function accessEntry(
  req: IncomingMessage,
  status: number,
  label: string,
  startedAt: number,
  auth: AuthFailure | null,
  address: string | undefined,
): AccessEntry {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return {
    time: Date.now(),
    address: address ?? '-',
    method: req.method ?? '-',
    path: query < 0 ? url : url.slice(0, query),
    status,
    label,
    ms: performance.now() - startedAt,
    auth,
  };
}
