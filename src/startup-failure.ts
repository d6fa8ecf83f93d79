// How a failed start is told to the operator (docs/running-the-server.md, "A failed start"): one line on
// standard error, what went wrong and what to do, exit code 1; the stack only with --debug.

import type { ServerOptions } from './cli.ts';
import { messageOf } from './core/text/sentence.ts';

/** A start-up failure the operator can fix: its message is the whole story. */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}

/** The one line a start-up failure prints: what went wrong and what the operator can do. */
export function startupFailure(e: unknown, options: Pick<ServerOptions, 'port' | 'debug'>): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') return `the game port ${options.port} is already in use by another program; stop it or choose another port with --port.`;
  if (code === 'EACCES' && (e as { syscall?: string }).syscall === 'listen') {
    return `the game port ${options.port} needs privileges this process does not have; choose a port above 1023 with --port.`;
  }
  const message = messageOf(e).replace(/\s*\n\s*/g, ' ').replace(/\.+$/, '');
  // A programming error's message alone helps nobody: point at the stack.
  const bug = e instanceof TypeError || e instanceof RangeError || e instanceof ReferenceError || e instanceof SyntaxError;
  return bug && !options.debug ? `${message} (a bug: --debug prints its stack).` : `${message}.`;
}

