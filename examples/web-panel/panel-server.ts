// The panel's backend: a node:http server that holds the service's token and gives the browser
// only what it shows. It serves the static page (public/), GET /api/players (the online players
// with their balances) and GET /api/stream, a Server-Sent Events stream carrying the service's
// events, the players list when it changes, and the metrics samples. The token never leaves this
// process: the browser talks to the panel, and the panel to the service.

import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createClient, EventStream, type EventMessage, type Pattern, type StreamStatus } from '../../clients/typescript/src/index.ts';
import { sampleMetrics, type MetricsSample } from './metrics-sampler.ts';
import { createPlayerBook } from './players.ts';

export interface PanelOptions {
  /** The service's address, e.g. http://127.0.0.1:8123 (with or without /api/v1). */
  coreUrl: string;
  /** A token with the read and events scopes. */
  token: string;
  port?: number;
  host?: string;
  /** Event-stream patterns; default every event. */
  patterns?: Pattern[];
  metricsEveryMs?: number;
  playersEveryMs?: number;
}

/** The service's event stream as the page shows it. */
export type CoreStreamState =
  | { state: 'connecting' }
  | { state: 'live' }
  | { state: 'retrying'; inMs: number; reason: string }
  | { state: 'stopped'; reason: string };

export interface Panel {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Events the page lists, newest first; a browser that opens the page gets these first. */
const EVENTS_KEPT = 50;
/** Metrics samples kept for a page opened later: the graph's width. */
const SAMPLES_KEPT = 120;
/** An SSE comment this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

const PUBLIC = join(import.meta.dirname, 'public');
const STATIC: Record<string, { file: string; type: string }> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/panel.css': { file: 'panel.css', type: 'text/css; charset=utf-8' },
  '/panel.js': { file: 'panel.js', type: 'text/javascript; charset=utf-8' },
  '/graph.js': { file: 'graph.js', type: 'text/javascript; charset=utf-8' },
};

function closeReason(code: number): string {
  if (code === 1001) return 'the service is shutting down';
  if (code === 1008) return 'the token was revoked';
  if (code === 1006) return 'the connection was lost';
  return `the service closed it (${code})`;
}

function streamState(s: StreamStatus): CoreStreamState {
  if (s.state === 'open') return { state: 'live' };
  if (s.state === 'reconnecting') return { state: 'retrying', inMs: s.delayMs, reason: closeReason(s.code) };
  return { state: 'stopped', reason: s.reason || closeReason(s.code) };
}

// The page loads only its own files and connects only to its own origin: nothing inline, no CDN.
const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

export async function startPanel(o: PanelOptions): Promise<Panel> {
  // The typed client's paths carry /api/v1: the service's origin is what it takes.
  const baseUrl = o.coreUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  const auth = { bearer: o.token };
  // A 429 is not waited out: the polls come again anyway.
  const client = createClient({ baseUrl, auth, retry: false });
  const events = new EventStream({ baseUrl, auth, reconnect: { maxDelayMs: 15_000 } });
  const streams = new Set<ServerResponse>();
  const recentEvents: (EventMessage & { receivedAt: string })[] = [];
  const samples: MetricsSample[] = [];
  let coreState: CoreStreamState = { state: 'connecting' };

  function broadcast(name: string, payload: unknown): void {
    const frame = `event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`;
    for (const res of streams) res.write(frame);
  }

  const book = createPlayerBook(client, (s) => broadcast('players', s));
  events.onEvent((e) => {
    const entry = { ...e, receivedAt: new Date().toISOString() };
    recentEvents.unshift(entry);
    recentEvents.length = Math.min(recentEvents.length, EVENTS_KEPT);
    broadcast('core-event', entry);
    book.applyEvent(e);
  });
  events.onStatus((status) => {
    const s = streamState(status);
    // Events may have been missed while the stream was down: read the balances again.
    if (s.state === 'live' && coreState.state !== 'live') {
      book.forgetBalances();
      void book.refresh();
    }
    coreState = s;
    broadcast('core-state', s);
  });
  // A first connection or subscription that fails stops the start: the URL, the token, its scopes
  // or a pattern is wrong, and waiting would not mend it. Later losses are reconnected.
  try {
    await events.connect();
    await events.subscribe(o.patterns ?? ['*']);
  } catch (e) {
    await events.close();
    throw new Error(`the service's event stream: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
  const sampler = sampleMetrics(client, o.metricsEveryMs ?? 2000, (s) => {
    samples.push(s);
    if (samples.length > SAMPLES_KEPT) samples.shift();
    broadcast('metrics', s);
  });
  const playersTimer = setInterval(() => void book.refresh(), o.playersEveryMs ?? 5000);
  const heartbeat = setInterval(() => {
    for (const res of streams) res.write(': keep-alive\n\n');
  }, HEARTBEAT_MS);
  void book.refresh();

  function openStream(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, { ...SECURITY_HEADERS, 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
    // A browser that loses the stream reconnects after this long (EventSource does it by itself).
    res.write('retry: 2000\n\n');
    res.write(`event: hello\ndata: ${JSON.stringify({ players: book.snapshot(), events: recentEvents, samples, core: coreState })}\n\n`);
    streams.add(res);
    req.on('close', () => streams.delete(res));
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...SECURITY_HEADERS, allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('Only GET.\n');
      return;
    }
    if (path === '/api/stream') {
      if (req.method === 'GET') return openStream(req, res);
      res.writeHead(405, { ...SECURITY_HEADERS, allow: 'GET' }).end();
      return;
    }
    if (path === '/api/players') {
      res.writeHead(200, { ...SECURITY_HEADERS, 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(book.snapshot()));
      return;
    }
    const asset = STATIC[path];
    if (asset === undefined) {
      res.writeHead(404, { ...SECURITY_HEADERS, 'content-type': 'text/plain' }).end('Not found.\n');
      return;
    }
    // Read at each request, so an edit of the page shows on reload; the files are small.
    res.writeHead(200, { ...SECURITY_HEADERS, 'content-type': asset.type, 'cache-control': 'no-cache' }).end(readFileSync(join(PUBLIC, asset.file)));
  }

  async function stopBackground(): Promise<void> {
    await events.close();
    sampler.stop();
    clearInterval(playersTimer);
    clearInterval(heartbeat);
  }

  const server = createServer(handle);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(o.port ?? 8080, o.host ?? '127.0.0.1', () => resolve());
    });
  } catch (e) {
    // The port is taken (or not ours to bind): nothing may keep running behind the error.
    await stopBackground();
    throw e;
  }
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}/`,
    port: address.port,
    async close() {
      await stopBackground();
      for (const res of streams) res.end();
      streams.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
