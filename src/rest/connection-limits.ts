// What one listener lets its clients hold (docs/reliability.md, "Floods"; docs/remote-access.md,
// "Limits"): time to send a request, and connections open at once.
//
// Deadline: a request, its head and its body, must arrive whole within 15 s of its first byte (a new
// connection's clock starts when it opens), or its connection is closed without an answer. These
// are Node's headersTimeout and requestTimeout, checked every second (Node checks every 30 s by
// default, which would let a slow client hold its connection for up to 45 s). So a client that
// sends its headers a byte at a time (slowloris), one that opens a connection and sends nothing,
// and one that sends its body slowly are all cut off between 15 and 16 s. The body is at most
// 64 KiB, which any real link sends in far less. Not concerned: an idle keep-alive connection
// between two requests (Fastify's keepAliveTimeout, 72 s), the wait for the answer (the upstream
// timeout, 10 s), and an event stream once upgraded.
//
// Cap: `max-connections` in rest.conf is Node's maxConnections, read at each new connection (so a
// reload applies to the connections opened after it). Beyond it Node closes a new connection at
// once, before reading a byte of it; the open ones are not touched. Every connection counts, event
// streams included. The cap protects the process (memory, file descriptors); the deadline is what
// frees the slots that idle and slow clients take.

import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from '../core/log/log.ts';

/** Time for a request (head and body) to arrive whole, ms. */
export const REQUEST_DEADLINE_MS = 15_000;
/** How often Node looks for connections past the deadline, ms. */
export const DEADLINE_CHECK_MS = 1_000;
/** The interval between two warnings about refused connections, ms. */
const REFUSAL_WARNING_MS = 60_000;

/** The Fastify options of the deadline (`requestTimeout` is set by Fastify on the server it makes). */
export function deadlineOptions(deadlineMs = REQUEST_DEADLINE_MS, checkMs = DEADLINE_CHECK_MS) {
  return {
    requestTimeout: deadlineMs,
    http: { headersTimeout: deadlineMs, connectionsCheckingInterval: checkMs },
  };
}

/** Connections the deadline closed (a request cut off while its body was arriving ends in an error). */
const cut = new WeakSet<object>();

/** Whether the deadline closed this connection. */
export function cutOffByDeadline(socket: object): boolean {
  return cut.has(socket);
}

export interface ConnectionLimits {
  /** Connections open now (event streams included). */
  open(): number;
}

/**
 * Applies the cap (read at each new connection) and closes a connection past the deadline without
 * an answer. A refusal is logged at most once a minute, with the count since the last warning.
 */
export function limitConnections(server: Server, maxConnections: () => number, log: Logger, now: () => number = Date.now): ConnectionLimits {
  Object.defineProperty(server, 'maxConnections', { get: maxConnections, set: () => undefined, configurable: true });

  let open = 0;
  server.on('connection', (socket: Socket) => {
    open++;
    socket.once('close', () => open--);
  });

  let refused = 0;
  let warnedAt = Number.NEGATIVE_INFINITY;
  server.on('drop', () => {
    refused++;
    const at = now();
    if (at - warnedAt < REFUSAL_WARNING_MS) return;
    log.warn(
      `${refused === 1 ? 'A connection was' : `${refused} connections were`} refused: max-connections (${maxConnections()}) are open. The next refusals are counted and logged at most once a minute.`,
    );
    warnedAt = at;
    refused = 0;
  });

  // Before Fastify's own handler, which would answer 408 with a body of its own: a client that did
  // not send its request in time gets no answer, its connection is closed.
  server.prependListener('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code !== 'ERR_HTTP_REQUEST_TIMEOUT') return;
    cut.add(socket);
    socket.destroy();
  });

  return { open: () => open };
}
