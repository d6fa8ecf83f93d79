// What the console socket carries (docs/running-the-server.md, "Commands from another shell"),
// shared by the server's end (src/console-socket.ts) and `npm run console` (src/console-client.ts).
//
// The client sends UTF-8 text, one console command a line, exactly as typed at the console; the
// end of its writing (a half-close) means "no more commands". The server answers with one JSON
// object a line: the lines the command printed, then `done` once the command finished, in the
// order the commands were sent. When the client has stopped writing and every command is done,
// the server ends the connection.

import { join } from 'node:path';

/** The socket at the top of the data folder, beside session.lock. */
export const SOCKET_FILE = 'console.sock';

/** A Unix socket's path holds at most 107 bytes (108 with its terminating zero) on Linux. */
export const MAX_SOCKET_PATH_BYTES = 107;

/** The longest command line taken, in characters: a longer one closes the connection. */
export const MAX_LINE = 64 * 1024;

export type ReplyLevel = 'info' | 'warn' | 'error';

export type ServerMessage =
  /** A line the command printed (a reply, or a warning or error logged while it ran). */
  | { kind: 'line'; level: ReplyLevel; text: string }
  /** The command sent before is finished: everything it printed came before this. */
  | { kind: 'done' }
  /** The server is stopping: it ends the connection; commands not yet run are not run. */
  | { kind: 'stopping'; text: string }
  /** The client sent what is not a command line (one too long): the server ends the connection. */
  | { kind: 'refused'; text: string };

export function socketPath(dataDir: string): string {
  return join(dataDir, SOCKET_FILE);
}

/** Why a socket path cannot be used, in a sentence; undefined when it can. */
export function socketPathProblem(path: string): string | undefined {
  const bytes = Buffer.byteLength(path);
  if (bytes <= MAX_SOCKET_PATH_BYTES) return undefined;
  return `its path ${path} is ${bytes} bytes long, and a Unix socket's path holds at most ${MAX_SOCKET_PATH_BYTES}: choose a data folder with a shorter path`;
}

export function encodeMessage(message: ServerMessage): string {
  return JSON.stringify(message) + '\n';
}

const LEVELS: ReadonlySet<string> = new Set<ReplyLevel>(['info', 'warn', 'error']);

/** A line of the server's answer, or undefined when it is not one of the messages above. */
export function decodeMessage(line: string): ServerMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const m = value as Record<string, unknown>;
  switch (m.kind) {
    case 'line':
      return typeof m.level === 'string' && LEVELS.has(m.level) && typeof m.text === 'string'
        ? { kind: 'line', level: m.level as ReplyLevel, text: m.text }
        : undefined;
    case 'done':
      return { kind: 'done' };
    case 'stopping':
    case 'refused':
      return typeof m.text === 'string' ? { kind: m.kind, text: m.text } : undefined;
    default:
      return undefined;
  }
}

export interface LineSplitter {
  /** Takes a chunk of decoded text; calls `onLine` for each complete line in it. */
  push(chunk: string): void;
  /** The end of the input: a last line without its newline is a line too. */
  end(): void;
}

/**
 * Cuts text into lines (`\n` or `\r\n`). A line that grows past `max` characters without ending
 * calls `onTooLong` once, and nothing more is taken.
 */
export function lineSplitter(max: number, onLine: (line: string) => void, onTooLong: () => void): LineSplitter {
  let pending = '';
  let broken = false;
  const tooLong = () => {
    broken = true;
    pending = '';
    onTooLong();
  };
  return {
    push(chunk) {
      if (broken) return;
      pending += chunk;
      for (let newline = pending.indexOf('\n'); newline >= 0; newline = pending.indexOf('\n')) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        if (line.length > max) return tooLong();
        onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
      }
      if (pending.length > max) tooLong();
    },
    end() {
      if (broken) return;
      if (pending !== '') onLine(pending.endsWith('\r') ? pending.slice(0, -1) : pending);
      pending = '';
    },
  };
}
