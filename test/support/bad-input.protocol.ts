// The bad-input generator's requests below the route table: what an HTTP client library would not
// send, written as bytes (./bad-input.ts sends each over a connection of its own). Methods no
// standard knows, CONNECT, bytes outside the request line's alphabet, headers that break the
// grammar or the size limit, lying or conflicting lengths, broken chunking, a missing Host.

import type { RouteDefinition } from '../../src/core/kernel/routes.ts';
import { API_PREFIX } from '../../src/rest/route-table.ts';
import { BODY_LIMIT } from '../../src/rest/server.ts';
import { patternOf, type FuzzCase, type Tokens } from './bad-input.ts';
import type { SampleHints } from './bad-input.values.ts';

/** The row's path with its parameters filled with plain valid-looking texts. */
function plainPath(r: RouteDefinition, hints: SampleHints): string {
  return API_PREFIX + r.path.replace(/:([A-Za-z0-9_-]+)/g, (_m, k: string) => (k === 'uuid' ? hints.player : k === 'name' ? hints.world : '1'));
}

function request(method: string, target: string, headers: string[], body: Buffer | string = '', version = 'HTTP/1.1'): Buffer {
  const head = `${method} ${target} ${version}\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1')]);
}

export function protocolCases(routes: readonly RouteDefinition[], tokens: Tokens, hints: SampleHints): FuzzCase[] {
  const out: FuzzCase[] = [];
  const auth = `Authorization: Bearer ${tokens.all}`;
  const std = ['Host: 127.0.0.1', auth, 'Connection: close'];
  const add = (route: string, what: string, method: string, path: string, raw: Buffer, expect: FuzzCase['expect'], status?: number) =>
    out.push({ route, what, group: 'protocol', method, path, headers: {}, raw, expect, ...(status === undefined ? {} : { status }) });

  for (const r of routes) {
    const path = plainPath(r, hints);
    for (const m of ['FOO', 'BREW', 'get', 'G_T']) add(r.name, `method ${m}, which HTTP does not know`, m, path, request(m, path, std), 'refused', 400);
    const served = routes.filter((x) => patternOf(x).test(path));
    add(r.name, 'method CONNECT on the path', 'CONNECT', path, request('CONNECT', path, std), 'refused', served.length > 0 ? 405 : 404);
    const cut = path.lastIndexOf('/');
    const bytes = Buffer.concat([Buffer.from(`${r.method} ${path.slice(0, cut + 1)}`), Buffer.from([0xff, 0xfe, 0x80]), Buffer.from(`${path.slice(cut + 1)} HTTP/1.1\r\n${std.join('\r\n')}\r\n\r\n`)]);
    add(r.name, 'raw bytes over 0x7F in the path', r.method, path, bytes, 'refused', 400);
    if (r.method === 'GET') {
      add(r.name, 'a GET declaring a body over the limit', 'GET', path, request('GET', path, [...std, 'Content-Type: application/json', `Content-Length: ${BODY_LIMIT + 1}`], '{}'), 'refused', 413);
      add(r.name, 'an Expect the server does not know', 'GET', path, request('GET', path, [...std, 'Expect: fuzz']), 'maybe');
    } else {
      const json = ['Content-Type: application/json'];
      add(r.name, 'a length over the limit with a short body', 'POST', path, request('POST', path, [...std, ...json, `Content-Length: ${BODY_LIMIT + 10}`], '{}'), 'refused', 413);
      add(r.name, 'a chunked body over the limit', 'POST', path, request('POST', path, [...std, ...json, 'Transfer-Encoding: chunked'], `${(BODY_LIMIT + 100).toString(16)}\r\n${'a'.repeat(BODY_LIMIT + 100)}\r\n0\r\n\r\n`), 'refused', 413);
      add(r.name, 'a bad chunk size', 'POST', path, request('POST', path, [...std, ...json, 'Transfer-Encoding: chunked'], 'zz\r\n{}\r\n0\r\n\r\n'), 'refused', 400);
      add(r.name, 'Content-Length and chunked together', 'POST', path, request('POST', path, [...std, ...json, 'Content-Length: 5', 'Transfer-Encoding: chunked'], '0\r\n\r\n'), 'refused', 400);
      add(r.name, 'two different lengths', 'POST', path, request('POST', path, [...std, ...json, 'Content-Length: 2', 'Content-Length: 3'], '{} '), 'refused', 400);
      add(r.name, 'a negative length', 'POST', path, request('POST', path, [...std, ...json, 'Content-Length: -1'], '{}'), 'refused', 400);
      add(r.name, 'a length that is not a number', 'POST', path, request('POST', path, [...std, ...json, 'Content-Length: two'], '{}'), 'refused', 400);
      add(r.name, 'a transfer coding the server does not know', 'POST', path, request('POST', path, [...std, ...json, 'Transfer-Encoding: gzip'], '{}'), 'refused', 400);
    }
  }

  const status = `${API_PREFIX}/status`;
  const events = `${API_PREFIX}/events`;
  const ws = ['Host: 127.0.0.1', auth, 'Connection: Upgrade', 'Upgrade: websocket'];
  const handshake = ['Sec-WebSocket-Version: 13', 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=='];
  const global: [string, Buffer, FuzzCase['expect'], number?][] = [
    ['bytes that are not HTTP', Buffer.from('\x00\x01\x02 fuzz\r\n\r\n', 'latin1'), 'refused', 400],
    ['an HTTP version that does not exist', request('GET', status, std, '', 'HTTP/9.9'), 'refused', 400],
    // Node's parser reads a request line without a version as HTTP/0.9 and answers it.
    ['no HTTP version', Buffer.from(`GET ${status}\r\n${std.join('\r\n')}\r\n\r\n`), 'maybe'],
    ['the HTTP/2 preface', Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'), 'refused', 400],
    ['no Host header', request('GET', status, [auth, 'Connection: close']), 'refused', 400],
    ['a NUL in a header', request('GET', status, [...std, 'X-Fuzz: a\x00b']), 'refused', 400],
    ['a folded header', request('GET', status, [...std, 'X-Fuzz: a', ' b']), 'refused', 400],
    ['a header name with a space', request('GET', status, [...std, 'X Fuzz: a']), 'refused', 400],
    ['a header line without a colon', request('GET', status, [...std, 'X-Fuzz']), 'refused', 400],
    ['a path of 20,000 characters', request('GET', `${API_PREFIX}/${'a'.repeat(20_000)}`, std), 'refused', 400],
    ['a header of 20,000 characters', request('GET', status, [...std, `X-Fuzz: ${'a'.repeat(20_000)}`]), 'refused', 400],
    ['a space in the path', request('GET', `${API_PREFIX}/sta tus`, std), 'refused', 400],
    ['a tab in the path', request('GET', `${API_PREFIX}/sta\ttus`, std), 'refused', 400],
    ['CONNECT to a host and port', request('CONNECT', '127.0.0.1:1', std), 'refused', 404],
    ['CONNECT without a token', request('CONNECT', '127.0.0.1:1', ['Host: 127.0.0.1', 'Connection: close']), 'refused', 401],
    ['OPTIONS *', request('OPTIONS', '*', std), 'refused', 404],
    ['an absolute URL', request('GET', `http://127.0.0.1${status}`, std), 'maybe'],
    ['HTTP/1.0 without a Host', request('GET', status, [auth], '', 'HTTP/1.0'), 'maybe'],
    ['a fragment', request('GET', `${status}#fuzz`, std), 'refused', 400],
    ['the event stream without an upgrade', request('GET', events, std), 'refused', 426],
    // Only the event stream upgrades: elsewhere an Upgrade is a plain request.
    ['an upgrade to another path', request('GET', status, [...ws, ...handshake]), 'maybe'],
    ['an upgrade to h2c', request('GET', status, [...std.slice(0, 2), 'Connection: Upgrade, HTTP2-Settings', 'Upgrade: h2c', 'HTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA']), 'maybe'],
    ['an event-stream upgrade to h2c', request('GET', events, [...std.slice(0, 2), 'Connection: Upgrade, HTTP2-Settings', 'Upgrade: h2c', 'HTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA']), 'refused', 400],
    ['an event-stream upgrade without a key', request('GET', events, [...ws, 'Sec-WebSocket-Version: 13']), 'refused', 400],
    ['an event-stream upgrade with a bad key', request('GET', events, [...ws, 'Sec-WebSocket-Version: 13', 'Sec-WebSocket-Key: fuzz']), 'refused', 400],
    ['an event-stream upgrade of version 99', request('GET', events, [...ws, 'Sec-WebSocket-Version: 99', 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==']), 'refused', 400],
    ['an event-stream upgrade with a bad subprotocol', request('GET', events, [...ws, ...handshake, 'Sec-WebSocket-Protocol: a,,b']), 'refused', 400],
    ['an event-stream upgrade by POST', request('POST', events, [...ws, ...handshake]), 'refused', 405],
    ['an event-stream upgrade without a token', request('GET', events, ['Host: 127.0.0.1', 'Connection: Upgrade', 'Upgrade: websocket', ...handshake]), 'refused', 401],
  ];
  for (const [what, raw, expect, code] of global) {
    const [method = '', target = ''] = raw.toString('latin1').split('\r\n')[0]!.split(' ');
    add('protocol', what, method.slice(0, 10), target.startsWith('http://') ? new URL(target).pathname : target, raw, expect, code);
  }
  return out;
}
