// The project's one logger. Every line is a record (time, level, logger name, message, error) that
// sinks render as text or JSON (src/core/log/log-format.ts) and write: the console and logs/latest.log
// (src/core/log/server-log.ts). Never pass a secret to a logger, except to `consoleOnly`.

import { asClause } from '../text/sentence.ts';
import { storageFault } from '../storage/storage-errors.ts';

export interface Logger {
  info(message: string): void;
  /**
   * An information line for the console only, never written to a log file: the one reply that shows
   * a secret (the console's `coreapi token create`). Every other line has anything shaped like a
   * secret masked (src/core/log/secrets.ts).
   */
  consoleOnly(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
  /** A logger whose lines are prefixed with `[name]`. */
  child(name: string): Logger;
}

export type LogLevel = 'info' | 'warn' | 'error';

export interface LogRecord {
  time: Date;
  level: LogLevel;
  /** The logger's name, `core/economy` for a child of a child; empty for the root logger. */
  name: string;
  msg: string;
  err?: unknown;
  /** Shown on the console, never written to a file, never masked (Logger.consoleOnly). */
  consoleOnly?: true;
}

export interface LogSink {
  write(record: LogRecord): void;
}

export function createLogger(sink: LogSink, name = '', now: () => Date = () => new Date()): Logger {
  const emit = (level: LogLevel, msg: string, err?: unknown) =>
    sink.write(err === undefined ? { time: now(), level, name, msg } : { time: now(), level, name, msg, err });
  return {
    info: (m) => emit('info', m),
    consoleOnly: (msg) => sink.write({ time: now(), level: 'info', name, msg, consoleOnly: true }),
    warn: (m) => emit('warn', m),
    // A fault of the storage (a locked file, a full disk: src/core/storage/storage-errors.ts) is not a bug:
    // one line naming the database and the cause, without a stack, wherever it is logged.
    error: (m, e) => {
      const fault = e === undefined ? undefined : storageFault(e);
      if (fault !== undefined) emit('error', `${asClause(m)}: ${fault.log}`);
      else emit('error', m, e);
    },
    child: (child) => createLogger(sink, name ? `${name}/${child}` : child, now),
  };
}

/** A logger that keeps its lines (rendered as text; an error's stack is one entry after its line), for tests. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const log = createLogger({
    write: ({ err, ...r }) => {
      lines.push(renderText(r));
      if (err !== undefined) lines.push(errorText(err));
    },
  });
  return Object.assign(log, { lines });
}

// The text rendering lives here (log-format.ts adds the JSON one beside it).

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `+0000`, `-0500`, `+0530`: the local zone's offset from UTC at that instant. */
export function zoneOffset(d: Date, separator = ''): string {
  const minutes = -d.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${separator}${pad(abs % 60)}`;
}

/** `2026-11-23`: the local date. */
export function localDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** `2026-11-23 17:43:58 +0000`: local date, time and zone, as each text line starts. */
export function textTimestamp(d: Date): string {
  return `${localDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())} ${zoneOffset(d)}`;
}

/** `2026-11-23T17:43:58.123+00:00`: ISO 8601 in local time with the zone, for JSON lines. */
export function isoLocal(d: Date): string {
  return (
    `${localDate(d)}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}` +
    zoneOffset(d, ':')
  );
}

// A line break, a carriage return, any other control character but the tab, and the Unicode line
// and paragraph separators: what could end a log line early or move a terminal's cursor.
const BREAK = /[\u0000-\u0008\u000a-\u001f\u007f\u0085\u2028\u2029]/;
const BREAKS = new RegExp(BREAK.source, 'g');

/**
 * The text on one line: a line break as `\n`, a carriage return as `\r`, any other control
 * character as `\u001b`, so that a kick reason written on two lines stays in the one line of its
 * record, and no text a player or a client wrote can forge a line or drive the terminal.
 */
export function oneLine(text: string): string {
  if (!BREAK.test(text)) return text;
  return text.replace(BREAKS, (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** `2026-11-23 17:43:58 +0000 INFO [core] message` on one line, then the error's stack on the lines below. */
export function renderText(r: LogRecord): string {
  const head = `${textTimestamp(r.time)} ${r.level.toUpperCase()} ${r.name ? `[${r.name}] ` : ''}${oneLine(r.msg)}`;
  return r.err === undefined ? head : `${head}\n${errorText(r.err)}`;
}

function errorText(err: unknown): string {
  return err instanceof Error ? (err.stack ?? err.message) : String(err);
}
