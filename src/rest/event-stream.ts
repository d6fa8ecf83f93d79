// The event stream (docs/remote-access.md, "The event stream"): a WebSocket endpoint on the same listener
// (ws with noServer), at /api/v1/events.
//
// Handshake: the same checks as any request (token 401, rate limit 429, path 404/405, scope 403),
// then the subscriber cap (503 too-many-subscribers), each refused as an ordinary HTTP answer before
// the upgrade. Then: `connected`; `{subscribe:[…]}` → `subscribed` with every pattern held;
// `{unsubscribe:[…]}` → `unsubscribed` with every pattern held; anything else → an `error` message,
// nothing applied, the connection stays. Binary frames, fragmented messages and frames over 64 KiB
// close with 1003: a small parser of frame headers sits in front of ws's own (ws alone would
// reassemble fragments and close an oversized frame with 1009). Quiet for `pingIntervalMs` → ping;
// no pong within `pongTimeoutMs` → the connection is dropped. A subscriber with over 1 MiB waiting
// to be sent is closed with 1013 (events are serialised once and written without waiting, so the
// others are not slowed). Revocation of its token → 1008; shutdown → 1001. Events are this server's
// (its bus, `server` = its name) and, with Redis, the other servers' (./event-bridge.ts), sent as they came.

import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Clock } from '../core/kernel/clock.ts';
import { isEventContext, isEventName, type EmittedEvent, type EventBus, type EventName } from '../core/kernel/events.ts';
import type { Logger } from '../core/log/log.ts';
import { accessEntry, authFailure, type AccessLog } from './access-log.ts';
import { HTTP_ERRORS, AUTH_CHALLENGES, type HttpErrorCode } from './errors.ts';
import { answerOnSocket, type HeaderLines } from './http-guards.ts';
import { describe } from './validation.ts';
import type { RateDecision } from './rate-limit.ts';
import { EVENTS_PATH, type RestServer } from './server.ts';
import { rateHeaders, whenAdmitted, type Admission } from './admission.ts';
import { API_PREFIX } from './route-table.ts';
import type { TokenRecord, TokenStore } from './tokens.ts';
import type { Metrics } from './metrics.ts';
import { frameGuard, MAX_FRAME_BYTES } from './event-frames.ts';

export const MAX_BUFFERED_BYTES = 1024 * 1024;

export const CLOSE = {
  goingAway: 1001,
  unsupportedData: 1003,
  policyViolation: 1008,
  tryAgainLater: 1013,
} as const;

export const CONNECTED_HINT =
  'Send {"subscribe": ["*"]} for every event, or name event names and <context>.* patterns; {"unsubscribe": [...]} removes them.';

export interface EventStreamOptions {
  server: Server;
  rest: RestServer;
  tokens: TokenStore;
  events: EventBus;
  /** This server's name (network.conf `server-name`): `server` in the data of each of its events. */
  serverName: string;
  /** Events of the other servers of the network (./event-bridge.ts), sent to the subscribers as they are. */
  remote?: RemoteEvents;
  /** A function is read at each handshake (rest.conf can change it at reload). */
  maxSubscribers: number | (() => number);
  clock: Clock;
  log: Logger;
  /** Quiet time before a ping. Default 60 s. */
  pingIntervalMs?: number;
  /** Time a pong may take. Default 30 s. */
  pongTimeoutMs?: number;
  /** Bytes waiting to be sent before a subscriber is closed with 1013. Default 1 MiB. */
  maxBufferedBytes?: number;
  /** Receives one entry per handshake, refused (its status) or opened (101). */
  accessLog?: AccessLog;
  /** Counts each handshake's answer under the events path, and each event sent (./metrics.ts). */
  metrics?: Metrics;
}

export interface SubscriberInfo {
  label: string;
  address: string;
  since: string;
  patterns: string[];
}

export interface EventStream {
  subscribers(): SubscriberInfo[];
  /** Closes every connection with 1001 and refuses new ones. */
  close(): Promise<void>;
}

/** Events of other servers: each its name and its text as the stream sends it, `server` included. */
export interface RemoteEvents {
  /** Returns the unsubscribe function. */
  subscribe(listener: (name: EventName, text: string) => void): () => void;
}

const texts = new WeakMap<EmittedEvent, string>();

/**
 * An event as the stream sends it: `{"event": …, "data": {…, "server": …}}`. Made once per event
 * and kept with it, so the stream and the Redis bridge (which publishes the same text) share it.
 */
export function eventText(e: EmittedEvent, server: string): string {
  let text = texts.get(e);
  if (text === undefined) {
    text = JSON.stringify({ event: e.name, data: { ...e.data, server } });
    texts.set(e, text);
  }
  return text;
}

/** How long events after the first of a turn may wait to go out together, ms. */
const MAX_BATCH_MS = 1;

interface Connection {
  ws: WebSocket;
  /** The connection's socket, corked while a turn's events after the first are written (see `deliverEvent`). */
  socket: Duplex;
  token: TokenRecord;
  address: string;
  since: string;
  patterns: Set<string>;
  lastSeen: number;
  /** When the unanswered ping went out; 0 = none. */
  pingSentAt: number;
  closing: boolean;
}

/** Whether a pattern is `*`, `<context>.*` of a known context, or a known event name. */
export function isValidPattern(p: string): boolean {
  if (p === '*') return true;
  if (p.endsWith('.*')) return isEventContext(p.slice(0, -2));
  return isEventName(p);
}

export function attachEventStream(o: EventStreamOptions): EventStream {
  const pingIntervalMs = o.pingIntervalMs ?? 60_000;
  const pongTimeoutMs = o.pongTimeoutMs ?? 30_000;
  const maxBuffered = o.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  const connections = new Set<Connection>();
  /** The handshakes admitted and handed to ws: their rate decision (for the headers), token label and start. */
  const handshakes = new WeakMap<IncomingMessage, { rate: RateDecision; label: string; started: number }>();
  let stopping = false;

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false, clientTracking: false });
  wss.on('headers', (headers, req) => {
    const rate = handshakes.get(req)?.rate;
    if (rate) for (const [k, v] of Object.entries(rateHeaders(rate))) headers.push(`${k}: ${v}`);
  });
  // A handshake ws cannot accept (no key, another version, Upgrade: h2c …): 400 in the envelope, as
  // every answer; ws's own answer is plain text.
  wss.on('wsClientError', (error, socket, req) => {
    const h = handshakes.get(req);
    const message = describe('headers', `the WebSocket handshake is malformed: ${error.message}`);
    answerOnSocket(socket, 'bad-request', h ? rateHeaders(h.rate) : {}, message, { field: 'headers' });
    if (h) o.accessLog?.(accessEntry(req, 400, h.label, h.started, null, o.rest.clientAddress(req)));
  });

  function send(c: Connection, message: object): void {
    deliver(c, JSON.stringify(message));
  }

  function close(c: Connection, code: number, reason: string): void {
    if (c.closing) return;
    c.closing = true;
    c.ws.close(code, reason);
  }

  function deliver(c: Connection, text: string): void {
    if (c.closing) return;
    if (c.ws.bufferedAmount > maxBuffered) {
      o.log.warn(`event-stream subscriber ${c.token.label} from ${c.address} could not keep up and was closed (1013)`);
      close(c, CLOSE.tryAgainLater, 'subscriber too slow: over 1 MiB waiting');
      return;
    }
    c.ws.send(text);
  }

  // The first event of a turn of the loop goes out at once; the events after it in the same turn
  // go out to each subscriber in one write: its socket is corked until the turn's I/O callbacks have
  // run (setImmediate), or until the batch is MAX_BATCH_MS old when a further event comes. A frame
  // per write cost a system call per event and subscriber, a quarter of the server's time under many
  // deposits with 8 subscribers; corking every event to the end of the turn delayed events behind
  // their answers (docs/performance.md, writes and events).
  /** Whether an event went out in this turn already (an end-of-turn uncork is scheduled). */
  let eventThisTurn = false;
  /** Subscribers whose socket is corked, and since when (performance.now()). */
  const corked = new Set<Connection>();
  let corkedSince = 0;
  function flushCorked(): void {
    for (const c of corked) c.socket.uncork();
    corked.clear();
  }
  function endTurn(): void {
    eventThisTurn = false;
    flushCorked();
  }
  function deliverEvent(c: Connection, text: string, batch: boolean): void {
    if (batch && !c.closing && !corked.has(c)) {
      if (corked.size === 0) corkedSince = performance.now();
      c.socket.cork();
      corked.add(c);
    }
    deliver(c, text);
  }

  function problem(c: Connection, message: string): void {
    send(c, { event: 'error', code: 'bad-request', message });
  }

  function onText(c: Connection, text: string): void {
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      return problem(c, 'The message is not JSON. Send {"subscribe": [...]} or {"unsubscribe": [...]}.');
    }
    if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) {
      return problem(c, 'A message is a JSON object: {"subscribe": [...]} or {"unsubscribe": [...]}.');
    }
    const keys = Object.keys(msg);
    const action = keys[0];
    if (keys.length !== 1 || (action !== 'subscribe' && action !== 'unsubscribe')) {
      return problem(c, 'A message holds exactly one of subscribe or unsubscribe.');
    }
    const list: unknown = (msg as Record<string, unknown>)[action];
    if (!Array.isArray(list) || !list.every((p): p is string => typeof p === 'string')) {
      return problem(c, `${action} holds an array of pattern strings.`);
    }
    const bad = list.find((p) => !isValidPattern(p));
    if (bad !== undefined) {
      return problem(c, `${JSON.stringify(bad)} is not a pattern: use *, <context>.* of a known context, or a known event name. Nothing was applied.`);
    }
    if (action === 'subscribe') for (const p of list) c.patterns.add(p);
    else for (const p of list) c.patterns.delete(p);
    send(c, { event: action === 'subscribe' ? 'subscribed' : 'unsubscribed', topics: [...c.patterns] });
  }

  function onConnection(ws: WebSocket, token: TokenRecord, req: IncomingMessage, socket: Duplex): void {
    const now = o.clock.now();
    const c: Connection = {
      ws,
      socket,
      token,
      address: o.rest.clientAddress(req) ?? 'unknown',
      since: now.toISOString(),
      patterns: new Set(),
      lastSeen: Date.now(),
      pingSentAt: 0,
      closing: false,
    };
    connections.add(c);
    // Runs before ws's own reader for every chunk, so a refused frame is answered with 1003 first.
    socket.prependListener('data', frameGuard((reason) => close(c, CLOSE.unsupportedData, reason)));
    ws.on('message', (data, isBinary) => {
      c.lastSeen = Date.now();
      if (c.closing) return;
      if (isBinary) return close(c, CLOSE.unsupportedData, 'binary frames are not read');
      onText(c, (data as Buffer).toString('utf8'));
    });
    ws.on('ping', () => {
      c.lastSeen = Date.now();
    });
    ws.on('pong', () => {
      c.lastSeen = Date.now();
      c.pingSentAt = 0;
    });
    ws.on('error', () => {
      // ws closes the connection itself (bad UTF-8, oversized frame after our 1003, …).
    });
    ws.on('close', () => {
      connections.delete(c);
    });
    send(c, { event: 'connected', caller: token.label, message: CONNECTED_HINT });
  }

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    if (stopping) {
      socket.destroy();
      return;
    }
    const started = o.accessLog === undefined && meter === undefined ? 0 : performance.now();
    // Behind a trusted proxy, the client it names (./client-address.ts): throttled, logged and listed under it.
    const address = o.rest.clientAddress(req);
    whenAdmitted(
      o.rest.admit(req.headers.authorization, address),
      // After a wait for a lease from Redis, the socket may be gone, or the stream stopping.
      (a) => (stopping || socket.destroyed ? socket.destroy() : handshake(req, socket, head, a, address, started)),
      (e) => (o.log.error('an event-stream handshake failed after its rate-limit decision', e), socket.destroy()),
    );
  }

  /** The handshake once token and rate limit are decided: refused on the socket, or upgraded. */
  function handshake(req: IncomingMessage, socket: Duplex, head: Buffer, a: Admission, address: string | undefined, started: number): void {
    const headers: HeaderLines = rateHeaders(a.rate);
    const url = req.url ?? '/';
    const path = url.split('?')[0] ?? url;
    const label = a.token?.label ?? '-';
    const logged = (status: number): void => {
      meter?.answered(status, started);
      o.accessLog?.(accessEntry(req, status, label, started, a.token === undefined ? authFailure(req.headers.authorization) : null, address));
    };
    const refused = (code: HttpErrorCode, message?: string, extra?: { scope?: string }): void => {
      answerOnSocket(socket, code, headers, message, extra);
      logged(HTTP_ERRORS[code]);
    };
    if (!a.ok) {
      if (a.code === 'rate-limited') headers['Retry-After'] = String(a.rate.resetSeconds);
      else headers['WWW-Authenticate'] = AUTH_CHALLENGES;
      return refused(a.code);
    }
    // The listener hands over upgrades to this path only (server.ts); a server without that rule still refuses the others.
    if (path !== EVENTS_PATH) {
      return refused('not-found', `Only ${EVENTS_PATH} upgrades to a WebSocket.`);
    }
    if (req.method !== 'GET') {
      headers.Allow = 'GET';
      return refused('method-not-allowed', 'The event stream is opened with GET.');
    }
    if (!a.token.scopes.has('events')) {
      return refused('forbidden', 'The event stream needs the events scope, which the token does not hold.', { scope: 'events' });
    }
    if (connections.size >= (typeof o.maxSubscribers === 'function' ? o.maxSubscribers() : o.maxSubscribers)) {
      return refused('too-many-subscribers');
    }
    handshakes.set(req, { rate: a.rate, label, started });
    const token = a.token;
    wss.handleUpgrade(req, socket, head, (ws) => {
      logged(101);
      onConnection(ws, token, req, socket);
    });
  }
  // The handshakes count under the events path (its route label), whatever they were answered.
  const meter = o.metrics?.meter('GET', EVENTS_PATH.slice(API_PREFIX.length));
  o.metrics?.countSubscribers(() => connections.size);
  o.server.on('upgrade', onUpgrade);

  /** Sends an event to each subscriber holding a pattern it matches; its text is made at the first. */
  function dispatch(name: EventName, textOf: () => string): void {
    if (connections.size === 0) return;
    const context = `${name.slice(0, name.indexOf('.'))}.*`;
    let text: string | undefined;
    let sentTo = 0;
    const batch = eventThisTurn;
    if (corked.size > 0 && performance.now() - corkedSince >= MAX_BATCH_MS) flushCorked();
    for (const c of connections) {
      const p = c.patterns;
      if (p.size === 0 || !(p.has('*') || p.has(context) || p.has(name))) continue;
      if (text === undefined) {
        text = textOf();
        if (!eventThisTurn) {
          eventThisTurn = true;
          setImmediate(endTurn);
        }
      }
      deliverEvent(c, text, batch);
      sentTo++;
    }
    if (sentTo > 0) o.metrics?.eventsSent(name, sentTo);
  }

  const unsubscribeBus = o.events.subscribe((e: EmittedEvent) => dispatch(e.name, () => eventText(e, o.serverName)));
  const unsubscribeRemote = o.remote?.subscribe((name, text) => dispatch(name, () => text));

  const unsubscribeRevoke = o.tokens.onRevoke((t) => {
    for (const c of connections) if (c.token.id === t.id) close(c, CLOSE.policyViolation, 'token revoked');
  });

  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const c of connections) {
        if (c.closing) continue;
        if (c.pingSentAt !== 0) {
          if (now - c.pingSentAt >= pongTimeoutMs) {
            o.log.info(`event-stream subscriber ${c.token.label} from ${c.address} did not answer a ping and was dropped`);
            c.closing = true;
            c.ws.terminate();
          }
        } else if (now - c.lastSeen >= pingIntervalMs) {
          c.pingSentAt = now;
          c.ws.ping();
        }
      }
    },
    Math.max(5, Math.min(pingIntervalMs, pongTimeoutMs) / 4),
  );
  sweep.unref();

  return {
    subscribers: () =>
      [...connections].map((c) => ({ label: c.token.label, address: c.address, since: c.since, patterns: [...c.patterns] })),
    async close() {
      stopping = true;
      clearInterval(sweep);
      unsubscribeBus();
      unsubscribeRemote?.();
      unsubscribeRevoke();
      o.server.off('upgrade', onUpgrade);
      const closed = [...connections].map(
        (c) =>
          new Promise<void>((resolve) => {
            c.ws.once('close', () => resolve());
            c.closing = false;
            close(c, CLOSE.goingAway, 'server shutting down');
            if (c.ws.readyState === c.ws.CLOSED) resolve();
          }),
      );
      // A client that does not answer the close frame is cut off after two seconds.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(closed), new Promise<void>((r) => (timer = setTimeout(r, 2000)))]);
      clearTimeout(timer);
      for (const c of connections) c.ws.terminate();
      wss.close();
    },
  };
}
