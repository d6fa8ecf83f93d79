// The access log of the Remote Access Service: logs/access.log in the data folder, one line per API
// call or failed authentication, rolled and gzipped as latest.log is (archives
// `access-YYYY-MM-DD-N.log.gz`). Text lines follow the Common Log Format, so the usual log tools
// read them; json lines are one object each. The add-on builds the entries (src/rest/server.ts) and
// hands them to `write`; it never holds a header or a secret, so neither does an entry, and a path
// that holds something shaped like a secret (a client that put one there) has it masked.

import { join } from 'node:path';
import { openRollingLogFile, type RollingLogFile } from '../core/log/log-file.ts';
import type { LogFormat } from '../core/log/log-format.ts';
import { isoLocal, zoneOffset } from '../core/log/log.ts';
import { maskSecrets } from '../core/log/secrets.ts';
import { messageOf } from '../core/text/sentence.ts';

/**
 * Why a request carried no valid token: no Authorization header, one that is not a Bearer or Basic
 * credential, or a well-formed credential of no active token (never issued, revoked, or a Basic
 * label and secret of different tokens).
 */
export type AuthFailure = 'missing' | 'malformed' | 'unknown';

/** One API call: made on the request path, so plain numbers and strings the request already holds. */
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

export interface AccessLog {
  write(entry: AccessEntry): void;
  close(): Promise<void>;
}

const REASONS: Record<AuthFailure, string> = {
  missing: 'no credentials',
  malformed: 'malformed credentials',
  unknown: 'unknown token',
};

export interface AccessLogOptions {
  now?: () => Date;
  /** A failure to write or archive the file (main.ts: the server log); standard error without it. */
  onError?: (message: string, error: unknown) => void;
}

export function openAccessLog(
  dataDir: string,
  format: LogFormat,
  options: AccessLogOptions = {},
): AccessLog {
  const file: RollingLogFile = openRollingLogFile({
    dir: join(dataDir, 'logs'),
    fileName: 'access.log',
    archivePrefix: 'access-',
    now: options.now,
    // An entry per request: gathered for a tenth of a second, so a busy server writes a few times
    // a second (a line reaches the file at most that late; a kill -9 loses at most that much).
    batchMs: 100,
    onError: options.onError ?? ((message, error) => process.stderr.write(`access log: ${message}: ${messageOf(error)}\n`)),
  });
  const render = format === 'json' ? accessJson : accessText;
  return {
    write: (entry) => file.write(render(entry), new Date(entry.time)),
    close: () => file.close(),
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** `[23/Nov/2026:17:43:58 +0000]`, the Common Log Format's time. */
function formatClfTime(d: Date): string {
  return `[${pad(d.getDate())}/${MONTHS[d.getMonth()]}/${d.getFullYear()}:${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())} ${zoneOffset(d)}]`;
}

// Every API call formats its time: under load thousands of lines share a second, so the text of
// the last second is kept.
let clfSecond = Number.NaN;
let clfText = '';
function clfTime(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== clfSecond) {
    clfSecond = second;
    clfText = formatClfTime(new Date(ms));
  }
  return clfText;
}

/** A request's path or a reason may hold anything a client sent: it stays on its line and in its quotes. */
const NEEDS_ESCAPE = /[\\"\x00-\x1f\x7f]/;
function quoted(s: string): string {
  if (!NEEDS_ESCAPE.test(s)) return `"${s}"`;
  return `"${s.replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\x00-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)}"`;
}

/** Like the Common Log Format, with milliseconds where it has bytes: `127.0.0.1 - panel [23/Nov/2026:17:43:58 +0000] "GET /players" 200 4ms`. */
export function accessText(e: AccessEntry): string {
  const label = /^[\w-]+$/.test(e.label) ? e.label : '-';
  const line = `${e.address || '-'} - ${label} ${clfTime(e.time)} ${quoted(`${e.method} ${maskSecrets(e.path)}`)} ${e.status} ${Math.round(e.ms)}ms`;
  return e.auth === null ? line : `${line} ${quoted(REASONS[e.auth])}`;
}

/** `label` is null and `reason` present as in the text line; `ms` to a tenth. */
export function accessJson(e: AccessEntry): string {
  const { address, method, status } = e;
  const path = maskSecrets(e.path);
  const label = e.label === '-' ? null : e.label;
  const ms = Math.round(e.ms * 10) / 10;
  return JSON.stringify({ time: isoLocal(new Date(e.time)), address, method, path, status, label, ms, ...(e.auth === null ? {} : { reason: REASONS[e.auth] }) });
}
