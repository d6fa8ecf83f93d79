// Answers to requests that never reach a route because Node's HTTP server stops them first, each in
// the envelope like every other answer of the add-on (docs/remote-access.md, "The envelope"):
//
// - a request the HTTP parser refuses (a method HTTP does not know, bytes no URL may hold, a header
//   line out of grammar or past the size limit, a length or chunking it cannot read): 400 naming
//   what is at fault. Node's and Fastify's own answer was a body of another shape.
// - CONNECT: the token, then 405 or 404 like any other method. Node closed the connection unanswered.
// - an Expect other than 100-continue: read as if it were absent (RFC 9110 lets a server do so).
//   Node answered 417 with an empty body.
// - an HTTP/1.1 request without Host: 400 naming host (RFC 9112 asks for 400). Node answered 400
//   with an empty body; the check is made in the add-on's gate instead (`hostMissing`).
//
// The parser's refusals come before the token: nothing of the request can be trusted, not even
// where its headers end.

import { maxHeaderSize, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { accessEntry, authFailure, type AccessLog } from './access-log.ts';
import { DEFAULT_MESSAGES, errorBody, HTTP_ERRORS, STATUS_TEXT, AUTH_CHALLENGES, type HttpErrorCode } from './errors.ts';
import { rateHeaders, whenAdmitted, type Admission, type Admit } from './admission.ts';
import { describe } from './validation.ts';

/** How long a connection answered here reads on and drops what the client still sends, at most. */
export const LINGER_MS = 2000;

/** Headers of an answer written on a socket: a list of values is sent as one header line each. */
export type HeaderLines = Record<string, string | readonly string[]>;

/**
 * Writes one answer on a bare socket and closes it. The socket reads on (and drops) what the
 * client still sends until the client closes, at most LINGER_MS: closing with unread bytes resets
 * the connection, and a reset may destroy the answer before the client has read it.
 */
export function answerOnSocket(
  socket: Duplex,
  code: HttpErrorCode,
  headers: HeaderLines,
  message?: string,
  extra?: { field?: string; scope?: string },
): void {
  const status = HTTP_ERRORS[code];
  const text = JSON.stringify(errorBody(code, message ?? DEFAULT_MESSAGES[code], extra));
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? ''}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(text)}`,
    'Connection: close',
    ...Object.entries(headers).flatMap(([k, v]) => (typeof v === 'string' ? [`${k}: ${v}`] : v.map((line) => `${k}: ${line}`))),
  ];
  socket.on('error', () => socket.destroy());
  socket.end(`${lines.join('\r\n')}\r\n\r\n${text}`);
  socket.resume();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}

/** What a refusal of the HTTP parser is about: the field at fault and a sentence for it. */
function parserFault(code: string | undefined): [field: string, sentence: string] {
  if (code === 'HPE_INVALID_METHOD') return ['method', 'the method is not one HTTP knows'];
  if (code === 'HPE_INVALID_URL') return ['path', 'the request target holds characters a URL cannot'];
  if (code === 'HPE_HEADER_OVERFLOW') return ['headers', `the request line and headers are longer than ${maxHeaderSize / 1024} KiB`];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return ['request', 'the request did not arrive whole in time'];
  if (code !== undefined && /CONTENT_LENGTH|TRANSFER_ENCODING|CHUNK/.test(code)) return ['body', 'its length or its chunks cannot be read'];
  if (code !== undefined && /HEADER|LF_EXPECTED|CR_EXPECTED/.test(code)) return ['headers', 'a header line is malformed'];
  return ['request', 'the request is not HTTP/1.1 the server can read'];
}

const answeredFaults = new WeakSet<Duplex>();

/** Fastify's clientErrorHandler: a request the HTTP parser refused. */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  // The parser reports again for each later chunk of a connection it refused: one answer.
  if (answeredFaults.has(socket)) return;
  answeredFaults.add(socket);
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [field, sentence] = parserFault(error.code);
  answerOnSocket(socket, 'bad-request', {}, describe(field, sentence), { field });
}

/** Whether a request lacks the Host header HTTP/1.1 requires (HTTP/1.0 may leave it out). */
export function hostMissing(req: IncomingMessage): boolean {
  return req.headers.host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor >= 1;
}

export interface GuardOptions {
  admit: Admit;
  clientAddress(req: IncomingMessage): string | undefined;
  routeMiss(path: string): { code: 'method-not-allowed'; allow: string } | { code: 'not-found' };
  accessLog?: AccessLog;
}

/** CONNECT and unknown expectations on the add-on's listener (the parser's refusals are Fastify's option). */
export function guardServer(server: Server, o: GuardOptions): void {
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    const started = performance.now();
    const address = o.clientAddress(req);
    whenAdmitted(
      o.admit(req.headers.authorization, address),
      (a) => answerConnect(req, socket, a, address, started),
      () => socket.destroy(),
    );
  });
  server.on('checkExpectation', (req, res) => server.emit('request', req, res));

  /** CONNECT is served nowhere: after the token and the rate limit, 405 on a route's path, else 404. */
  function answerConnect(req: IncomingMessage, socket: Duplex, a: Admission, address: string | undefined, started: number): void {
    const headers: HeaderLines = rateHeaders(a.rate);
    let code: HttpErrorCode;
    let message: string | undefined;
    if (!a.ok) {
      code = a.code;
      if (a.code === 'rate-limited') headers['Retry-After'] = String(a.rate.resetSeconds);
      else headers['WWW-Authenticate'] = AUTH_CHALLENGES;
    } else {
      const m = o.routeMiss(req.url ?? '/');
      code = m.code;
      if (m.code === 'method-not-allowed') {
        headers.Allow = m.allow;
        message = `This path answers ${m.allow} only.`;
      }
    }
    answerOnSocket(socket, code, headers, message);
    const auth = a.token === undefined ? authFailure(req.headers.authorization) : null;
    o.accessLog?.(accessEntry(req, HTTP_ERRORS[code], a.token?.label ?? '-', started, auth, address));
  }
}
