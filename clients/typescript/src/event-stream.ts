// The event-stream client (docs/remote-access.md, "The event stream"): a WebSocket to
// /api/v1/events with the token in the Authorization header, the patterns it holds, typed handlers
// per event name, and reconnection. The server pings with WebSocket ping frames (after 60 s without
// traffic from the client), which the runtime's WebSocket answers by itself; there is no ping
// message in the protocol to answer.
//
// The patterns are kept here as well as on the server: a connection the server closed or lost is
// opened again after a backoff (exponential, with jitter, bounded), and on its `connected` the
// client subscribes to every pattern it held, so a handler keeps receiving across a server restart.
// A token revoked (close 1008) is not retried: no new connection would be admitted.

import { authorizationHeader, type Auth } from './auth.ts';
import type { ControlMessage, EventData, EventMessage, EventName, Pattern } from './generated/events.ts';

/** The part of a WebSocket this client uses: the global one (undici) and the `ws` package both fit. */
export interface WebSocketLike {
  readonly readyState: number;
  send(text: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'message' | 'close' | 'error', listener: (event: { data?: unknown; code?: number; reason?: string }) => void): void;
}
export type WebSocketConstructor = new (url: string, init: { headers: Record<string, string> }) => WebSocketLike;

export interface ReconnectOptions {
  /** The first delay before reconnecting; it doubles at each failed attempt. Default 500 ms. */
  initialDelayMs?: number;
  /** The longest delay. Default 30 s. */
  maxDelayMs?: number;
  /** Attempts after one loss before giving up (state `closed`). Default: no end. */
  maxAttempts?: number;
}

export interface EventStreamOptions {
  /** The service's address, `http://127.0.0.1:8123` (the stream is at `ws://…/api/v1/events`), or a `ws://` / `wss://` URL of the stream itself. */
  baseUrl: string;
  auth: Auth;
  /** Reconnecting after a lost connection; `false` stops at the first loss. */
  reconnect?: ReconnectOptions | false;
  /** Another WebSocket implementation (the `ws` package); the global one by default. */
  WebSocket?: WebSocketConstructor;
  /** A handler that throws: by default the error is rethrown outside the stream (an uncaught exception), as an EventEmitter listener's would be. */
  onHandlerError?: (error: unknown) => void;
  /** For tests: the jitter's random source. */
  random?: () => number;
}

export type StreamStatus =
  | { state: 'open'; caller: string }
  | { state: 'reconnecting'; attempt: number; delayMs: number; code: number }
  | { state: 'closed'; code: number; reason: string };

type EventOf<N extends EventName> = Extract<EventMessage, { event: N }>;
type Handler = (data: unknown, event: EventMessage) => void;

interface PendingReply {
  resolve: (topics: Pattern[]) => void;
  reject: (error: Error) => void;
  /** Undoes the local change when the server refuses the message. */
  rollback: () => void;
}

const CLOSE_REVOKED = 1008;

export function eventStreamUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (url.protocol === 'ws:' || url.protocol === 'wss:') return url.href;
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/api/v1/events`;
  return url.href;
}

export class EventStream {
  readonly #url: string;
  readonly #headers: Record<string, string>;
  readonly #reconnect: Required<ReconnectOptions> | false;
  readonly #WebSocket: WebSocketConstructor;
  readonly #random: () => number;
  readonly #onHandlerError: (error: unknown) => void;
  readonly #patterns = new Set<Pattern>();
  readonly #handlers = new Map<string, Set<Handler>>();
  readonly #anyHandlers = new Set<(event: EventMessage) => void>();
  readonly #statusHandlers = new Set<(status: StreamStatus) => void>();
  /** Replies awaited on the open connection, in the order their messages went out. */
  #pending: PendingReply[] = [];
  /** Callers waiting for the subscription of the next connection (they asked while it was down). */
  #afterConnect: Array<{ resolve: (topics: Pattern[]) => void; reject: (error: Error) => void }> = [];
  #ws: WebSocketLike | undefined;
  #open = false;
  #ended = false;
  #attempt = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #firstConnect: { resolve: () => void; reject: (error: Error) => void } | undefined;

  constructor(options: EventStreamOptions) {
    this.#url = eventStreamUrl(options.baseUrl);
    this.#headers = { Authorization: authorizationHeader(options.auth) };
    this.#reconnect = options.reconnect === false ? false : { initialDelayMs: 500, maxDelayMs: 30_000, maxAttempts: Infinity, ...options.reconnect };
    this.#WebSocket = options.WebSocket ?? (globalThis.WebSocket as unknown as WebSocketConstructor);
    this.#random = options.random ?? Math.random;
    this.#onHandlerError =
      options.onHandlerError ??
      ((error) =>
        queueMicrotask(() => {
          throw error;
        }));
  }

  /** Opens the connection; resolves once the server greeted it. A first connection that fails rejects (no retry: the URL or token is likely wrong). */
  connect(): Promise<void> {
    if (this.#ended) return Promise.reject(new Error('the event stream was closed'));
    return new Promise((resolve, reject) => {
      this.#firstConnect = { resolve, reject };
      this.#dial();
    });
  }

  /** Calls the handler with each event of that name (once subscribed to a pattern matching it). Returns a function that removes it. */
  on<N extends EventName>(name: N, handler: (data: EventData<N>, event: EventOf<N>) => void): () => void {
    let set = this.#handlers.get(name);
    if (!set) this.#handlers.set(name, (set = new Set()));
    const h = handler as Handler;
    set.add(h);
    return () => set.delete(h);
  }

  /** Calls the handler with every event received; narrow on `event.event`. */
  onEvent(handler: (event: EventMessage) => void): () => void {
    this.#anyHandlers.add(handler);
    return () => this.#anyHandlers.delete(handler);
  }

  /** Calls the handler at each change: open (and after a reconnection), reconnecting, closed. */
  onStatus(handler: (status: StreamStatus) => void): () => void {
    this.#statusHandlers.add(handler);
    return () => this.#statusHandlers.delete(handler);
  }

  /** The patterns held (and subscribed again after a reconnection). */
  get patterns(): Pattern[] {
    return [...this.#patterns];
  }

  /** Adds patterns; resolves with every pattern the server holds for this connection. */
  subscribe(patterns: Pattern[]): Promise<Pattern[]> {
    const added = patterns.filter((p) => !this.#patterns.has(p));
    for (const p of patterns) this.#patterns.add(p);
    return this.#request({ subscribe: patterns }, () => added.forEach((p) => this.#patterns.delete(p)));
  }

  /** Removes patterns (matched as written when subscribed); resolves with the patterns still held. */
  unsubscribe(patterns: Pattern[]): Promise<Pattern[]> {
    const removed = patterns.filter((p) => this.#patterns.has(p));
    for (const p of patterns) this.#patterns.delete(p);
    return this.#request({ unsubscribe: patterns }, () => removed.forEach((p) => this.#patterns.add(p)));
  }

  /** Closes the connection for good (no reconnection); pending subscriptions reject. */
  close(): Promise<void> {
    if (this.#ended) return Promise.resolve();
    this.#ended = true;
    clearTimeout(this.#timer);
    const ws = this.#ws;
    this.#failWaiting(new Error('the event stream was closed'));
    this.#setStatus({ state: 'closed', code: 1000, reason: 'closed by the client' });
    if (!ws || ws.readyState === 3) return Promise.resolve();
    return new Promise((resolve) => {
      ws.addEventListener('close', () => resolve());
      ws.close(1000, 'client closing');
    });
  }

  #request(message: object, rollback: () => void): Promise<Pattern[]> {
    if (this.#ended) return Promise.reject(new Error('the event stream was closed'));
    if (!this.#open || !this.#ws) {
      // Sent as part of the resubscription when the connection opens.
      return new Promise((resolve, reject) => this.#afterConnect.push({ resolve, reject }));
    }
    const ws = this.#ws;
    return new Promise((resolve, reject) => {
      this.#pending.push({ resolve, reject, rollback });
      ws.send(JSON.stringify(message));
    });
  }

  #dial(): void {
    const ws = new this.#WebSocket(this.#url, { headers: this.#headers });
    this.#ws = ws;
    ws.addEventListener('message', (e) => this.#onMessage(ws, e.data));
    ws.addEventListener('close', (e) => this.#onClose(ws, e.code ?? 1006, e.reason ?? ''));
    // An error is followed by a close, which decides what happens next.
    ws.addEventListener('error', () => {});
  }

  #onMessage(ws: WebSocketLike, raw: unknown): void {
    if (ws !== this.#ws || typeof raw !== 'string') return;
    let message: ControlMessage | EventMessage;
    try {
      message = JSON.parse(raw) as ControlMessage | EventMessage;
    } catch {
      return;
    }
    switch (message.event) {
      case 'connected':
        return this.#onConnected(ws, message.caller);
      case 'subscribed':
      case 'unsubscribed':
        this.#pending.shift()?.resolve(message.topics as Pattern[]);
        return;
      case 'error': {
        const p = this.#pending.shift();
        p?.rollback();
        p?.reject(new Error(message.message));
        return;
      }
      default:
        return this.#dispatch(message);
    }
  }

  #onConnected(ws: WebSocketLike, caller: string): void {
    this.#open = true;
    this.#attempt = 0;
    const waiting = this.#afterConnect;
    this.#afterConnect = [];
    if (this.#patterns.size > 0) {
      // The resubscription: every pattern held, whether subscribed before the loss or while it lasted.
      this.#pending.push({
        resolve: (topics) => waiting.forEach((w) => w.resolve(topics)),
        reject: (error) => waiting.forEach((w) => w.reject(error)),
        rollback: () => {},
      });
      ws.send(JSON.stringify({ subscribe: [...this.#patterns] }));
    } else {
      waiting.forEach((w) => w.resolve([]));
    }
    this.#setStatus({ state: 'open', caller });
    this.#firstConnect?.resolve();
    this.#firstConnect = undefined;
  }

  #dispatch(message: EventMessage): void {
    for (const h of this.#handlers.get(message.event) ?? []) this.#safely(() => h(message.data, message));
    for (const h of this.#anyHandlers) this.#safely(() => h(message));
  }

  #safely(f: () => void): void {
    try {
      f();
    } catch (error) {
      this.#onHandlerError(error);
    }
  }

  #onClose(ws: WebSocketLike, code: number, reason: string): void {
    if (ws !== this.#ws) return;
    this.#open = false;
    this.#ws = undefined;
    // Replies that will not come: their callers get the next connection's resubscription instead.
    for (const p of this.#pending) this.#afterConnect.push(p);
    this.#pending = [];
    if (this.#ended) return;
    if (this.#firstConnect) {
      const first = this.#firstConnect;
      this.#firstConnect = undefined;
      this.#end(code, reason);
      first.reject(new Error(`the event stream did not open (close ${code}${reason ? `: ${reason}` : ''}): check the URL, the token and its events scope`));
      return;
    }
    const policy = this.#reconnect;
    if (policy === false || code === CLOSE_REVOKED || this.#attempt >= policy.maxAttempts) return this.#end(code, reason);
    this.#attempt++;
    // Exponential with "equal jitter": half the step for sure, the other half at random, so that
    // many clients dropped at once (a server restart) do not come back in step.
    const step = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** (this.#attempt - 1));
    const delayMs = Math.round(step / 2 + (this.#random() * step) / 2);
    this.#setStatus({ state: 'reconnecting', attempt: this.#attempt, delayMs, code });
    this.#timer = setTimeout(() => this.#dial(), delayMs);
  }

  #end(code: number, reason: string): void {
    this.#ended = true;
    this.#failWaiting(new Error(`the event stream closed (${code}${reason ? `: ${reason}` : ''})`));
    this.#setStatus({ state: 'closed', code, reason });
  }

  #failWaiting(error: Error): void {
    for (const p of [...this.#pending, ...this.#afterConnect]) p.reject(error);
    this.#pending = [];
    this.#afterConnect = [];
  }

  #setStatus(status: StreamStatus): void {
    for (const h of this.#statusHandlers) this.#safely(() => h(status));
  }
}
