// Sends the bad-input generator's cases (./bad-input.ts) over real HTTP and judges each answer:
// ordinary requests through a keep-alive agent, several at a time; raw ones (`case.raw`) as bytes
// over a connection of their own. An answer is judged by what docs/remote-access.md promises:
// never a 5xx, always the envelope with its code's status (test/support/schema-checks.ts), a
// malformed request refused with 4xx (the status the case names, when it names one), and a 405
// never naming the very method it refused.

import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { API_PREFIX } from '../../src/rest/route-table.ts';
import { answerProblem } from './schema-checks.ts';
import type { FuzzCase } from './bad-input.ts';

export interface FuzzAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** Set when no whole answer came: the connection failed, closed or timed out first. */
  error?: string;
}

const TIMEOUT_MS = 15_000;

/** One case through the agent (keep-alive). */
function viaAgent(c: FuzzCase, port: number, agent: Agent): Promise<FuzzAnswer> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (a: FuzzAnswer) => {
      if (!done) {
        done = true;
        resolve(a);
      }
    };
    const headers = { ...c.headers, ...(c.body ? { 'content-length': String(c.body.length) } : {}) };
    const req = request({ host: '127.0.0.1', port, method: c.method, path: c.path, headers, agent, timeout: TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => finish({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', (e) => finish({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), error: e.message }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    req.on('error', (e) => finish({ status: 0, headers: {}, body: Buffer.alloc(0), error: `${(e as NodeJS.ErrnoException).code ?? ''} ${e.message}`.trim() }));
    req.end(c.body);
  });
}

/** The first response in bytes read from a raw connection, or undefined while it is incomplete. */
function parseRaw(bytes: Buffer): FuzzAnswer | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const l of lines) {
    const i = l.indexOf(':');
    if (i > 0) headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
  }
  const rest = bytes.subarray(end + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const eol = rest.indexOf('\r\n', at);
      if (eol < 0) return undefined;
      const size = parseInt(rest.subarray(at, eol).toString('latin1'), 16);
      if (size === 0) return { status, headers, body: Buffer.concat(parts) };
      if (rest.length < eol + 2 + size + 2) return undefined;
      parts.push(rest.subarray(eol + 2, eol + 2 + size));
      at = eol + 2 + size + 2;
    }
  }
  const length = Number(headers['content-length'] ?? 0);
  return rest.length >= length ? { status, headers, body: rest.subarray(0, length) } : undefined;
}

/** One raw case: its bytes over a new connection, the first answer read. */
function viaSocket(c: FuzzCase, port: number): Promise<FuzzAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let got = Buffer.alloc(0);
    let done = false;
    const finish = (error?: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const a = parseRaw(got);
      resolve(a && error === undefined ? a : { status: a?.status ?? 0, headers: a?.headers ?? {}, body: a?.body ?? got, error: error ?? 'the connection closed before a whole answer' });
    };
    const timer = setTimeout(() => finish(`no answer within ${TIMEOUT_MS} ms`), TIMEOUT_MS);
    socket.on('data', (d: Buffer) => {
      got = Buffer.concat([got, d]);
      if (parseRaw(got)) finish();
    });
    socket.on('error', (e: NodeJS.ErrnoException) => finish(parseRaw(got) ? undefined : `${e.code ?? ''} ${e.message}`.trim()));
    socket.on('close', () => finish(parseRaw(got) ? undefined : 'the connection closed before a whole answer'));
    socket.write(c.raw!);
  });
}

export function send(c: FuzzCase, port: number, agent: Agent): Promise<FuzzAnswer> {
  return c.raw ? viaSocket(c, port) : viaAgent(c, port, agent);
}

/** What is wrong with an answer to a case, or undefined when it is what the service promises. */
export function answerFault(c: FuzzCase, a: FuzzAnswer): string | undefined {
  if (a.error !== undefined) return `no answer (${a.error})${a.status ? `, status ${a.status}` : ''}`;
  if (a.status >= 500) return `answered ${a.status}: ${a.body.toString('utf8').slice(0, 300)}`;
  if (c.expect === 'refused' && (a.status < 400 || a.status >= 500)) return `a malformed request answered ${a.status}: ${a.body.toString('utf8').slice(0, 300)}`;
  if (c.expect === 'refused' && c.status !== undefined && a.status !== c.status) return `expected ${c.status}, answered ${a.status}: ${a.body.toString('utf8').slice(0, 300)}`;
  if (a.status === 405 && String(a.headers.allow ?? '').split(/,\s*/).includes(c.method)) return `405 names the refused method itself (Allow: ${a.headers.allow})`;
  if (c.method === 'HEAD') return undefined;
  if (!/^application\/json/.test(String(a.headers['content-type']))) return `answered ${a.status} as ${a.headers['content-type']}: ${a.body.toString('latin1').slice(0, 200)}`;
  let json: unknown;
  try {
    json = JSON.parse(a.body.toString('utf8'));
  } catch {
    return `answered ${a.status} with a body that is not JSON: ${a.body.toString('latin1').slice(0, 200)}`;
  }
  // A path outside /api/v1 is no row's, whatever it ends with (schema-checks reads a bare path as a row's).
  return answerProblem(c.method, c.path.startsWith(`${API_PREFIX}/`) ? c.path : '/', a.status, json);
}

/** Sends every case, `concurrency` at a time, and hands each answer to `judge` in the order they come. */
export async function sendAll(cases: readonly FuzzCase[], port: number, concurrency: number, judge: (c: FuzzCase, a: FuzzAnswer) => void): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++]!;
      judge(c, await send(c, port, agent));
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    agent.destroy();
  }
}
