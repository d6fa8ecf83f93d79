// The access log of the Remote Access Service: logs/access.log in the data folder, one line per API
// call or failed authentication, rolled and gzipped as latest.log is (archives
// `access-YYYY-MM-DD-N.log.gz`). Text lines follow the Common Log Format, so the usual log tools
// read them; json lines are one object each. The add-on hands entries to `write`.

import { join } from 'node:path';
import { openRollingLogFile, type RollingLogFile } from './log-file.ts';
import type { LogFormat } from './log-format.ts';
import { isoLocal, zoneOffset } from './log.ts';

export interface AccessLogEntry {
  time: Date;
  /** The client's address. */
  address: string;
  method: string;
  /** The request path as received (never a header: secrets travel in headers only). */
  path: string;
  status: number;
  /** The token's label; null when no token was recognised. */
  label: string | null;
  /** Milliseconds from the request to its answer. */
  ms: number;
  /** Why an authentication failed (`unknown token`, `revoked`, …). */
  reason?: string;
}

export interface AccessLog {
  write(entry: AccessLogEntry): void;
  close(): Promise<void>;
}

export function openAccessLog(dataDir: string, format: LogFormat, options: { now?: () => Date } = {}): AccessLog {
  const file: RollingLogFile = openRollingLogFile({
    dir: join(dataDir, 'logs'),
    fileName: 'access.log',
    archivePrefix: 'access-',
    now: options.now,
    onError: (message, error) => process.stderr.write(`access log: ${message}: ${error instanceof Error ? error.message : String(error)}\n`),
  });
  const render = format === 'json' ? accessJson : accessText;
  return {
    write: (entry) => file.write(render(entry), entry.time),
    close: () => file.close(),
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** `[23/Nov/2026:17:43:58 +0000]`, the Common Log Format's time. */
function clfTime(d: Date): string {
  return `[${pad(d.getDate())}/${MONTHS[d.getMonth()]}/${d.getFullYear()}:${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())} ${zoneOffset(d)}]`;
}

/** A request's path or a reason may hold anything a client sent: it stays on its line and in its quotes. */
function quoted(s: string): string {
  return `"${s.replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\x00-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)}"`;
}

/** Like the Common Log Format, with milliseconds where it has bytes: `127.0.0.1 - panel [23/Nov/2026:17:43:58 +0000] "GET /players" 200 4ms`. */
export function accessText(e: AccessLogEntry): string {
  const label = e.label && /^[\w-]+$/.test(e.label) ? e.label : '-';
  const line = `${e.address || '-'} - ${label} ${clfTime(e.time)} ${quoted(`${e.method} ${e.path}`)} ${e.status} ${Math.round(e.ms)}ms`;
  return e.reason === undefined ? line : `${line} ${quoted(e.reason)}`;
}

export function accessJson(e: AccessLogEntry): string {
  const { time, address, method, path, status, label, ms, reason } = e;
  return JSON.stringify({ time: isoLocal(time), address, method, path, status, label, ms, ...(reason === undefined ? {} : { reason }) });
}
