// Clients for the flood tests (src/rest/connection-limits.test.ts on the add-on, test/e2e/floods.e2e.test.ts
// on the real server): slow clients on raw sockets, and a keep-alive client that makes its requests
// one after another on a single connection. Loopback only; `from` binds the client's end to another
// loopback address (Linux routes all of 127.0.0.0/8 to the loopback interface), so one machine can
// be two remote addresses.

import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';

/** A raw connection: what it received, and when it closed (ms after it was opened). */
export interface RawConnection {
  socket: Socket;
  /** Everything the server sent, as text. */
  received(): string;
  /** Resolves with the ms from opening to the close, whoever closed it. */
  closed: Promise<number>;
  /** Whether it is closed now. */
  isClosed(): boolean;
  /** Stops whatever it is sending and closes it. */
  close(): void;
}

export function openRaw(port: number, o: { from?: string } = {}): RawConnection {
  return rawConnection(port, o, () => {});
}

/** Writes `head` first, then `rest` a `chunk` of bytes every `everyMs` until it is sent or the connection closes. */
export function trickle(port: number, head: string, rest: string, everyMs: number, o: { from?: string; chunk?: number } = {}): RawConnection {
  const size = o.chunk ?? 1;
  return rawConnection(port, o, (socket, isClosed) => {
    socket.write(head);
    let i = 0;
    const timer = setInterval(() => {
      if (isClosed() || i >= rest.length) return clearInterval(timer);
      socket.write(rest.slice(i, i + size));
      i += size;
    }, everyMs);
    socket.once('close', () => clearInterval(timer));
  });
}

function rawConnection(port: number, o: { from?: string }, onConnect: (socket: Socket, isClosed: () => boolean) => void): RawConnection {
  const started = performance.now();
  const socket = connect({ port, host: '127.0.0.1', ...(o.from ? { localAddress: o.from } : {}) });
  let text = '';
  let done = false;
  socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
  socket.on('error', () => {});
  socket.once('connect', () => onConnect(socket, () => done));
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => {
      done = true;
      resolve(performance.now() - started);
    }),
  );
  return { socket, received: () => text, closed, isClosed: () => done, close: () => socket.destroy() };
}

/** A slowloris: a request line, then its headers a few bytes at a time, never ending them. */
export function slowHeaders(port: number, everyMs = 250, o: { from?: string } = {}): RawConnection {
  return trickle(port, 'GET /api/v1/status HTTP/1.1\r\nHost: x\r\n', 'X-Padding: ' + 'a'.repeat(10_000), everyMs, { ...o, chunk: 2 });
}

/**
 * Headers sent whole (with a valid token, so the body is awaited), then the body a byte at a time:
 * `body` as JSON, padded with 2,000 spaces before its last brace, so that it would be a valid
 * request (and applied) if it ever arrived whole.
 */
export function slowBody(port: number, path: string, secret: string, body: object, everyMs = 250, o: { from?: string } = {}): RawConnection {
  const text = JSON.stringify(body);
  const padded = `${text.slice(0, -1)}${' '.repeat(2000)}}`;
  const head = `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${secret}\r\nContent-Type: application/json\r\nContent-Length: ${padded.length}\r\n\r\n`;
  return trickle(port, head, padded, everyMs, o);
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** Round trip, ms. */
  ms: number;
}

/** Requests one after another over one keep-alive connection (unless it is closed, then a new one). */
export class KeepAliveClient {
  readonly agent: Agent;
  readonly port: number;
  constructor(port: number, o: { from?: string } = {}) {
    this.port = port;
    this.agent = new Agent({ keepAlive: true, maxSockets: 1, ...(o.from ? { localAddress: o.from } : {}) });
  }
  /** One request; rejects when no whole answer came within `timeoutMs`. */
  request(method: string, path: string, headers: Record<string, string> = {}, body?: string, timeoutMs = 10_000): Promise<Answer> {
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: this.port, method, path, headers, agent: this.agent, timeout: timeoutMs }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }));
      });
      req.on('error', reject);
      req.on('timeout', () => req.destroy(new Error(`no answer to ${method} ${path} within ${timeoutMs} ms`)));
      req.end(body);
    });
  }
  get(path: string, secret: string | undefined): Promise<Answer> {
    return this.request('GET', path, secret === undefined ? {} : { authorization: `Bearer ${secret}` });
  }
  close(): void {
    this.agent.destroy();
  }
}

/** Calls `f` every `everyMs` (each call after the last answered) until `stop()`; the calls' results in order. */
export function every<T>(everyMs: number, f: () => Promise<T>): { results: T[]; errors: unknown[]; stop(): Promise<void> } {
  const results: T[] = [];
  const errors: unknown[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      try {
        results.push(await f());
      } catch (e) {
        errors.push(e);
      }
      if (!stopped) await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    results,
    errors,
    async stop() {
      stopped = true;
      await loop;
    },
  };
}
