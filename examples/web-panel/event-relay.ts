// The backend's subscription to the service's event stream (docs/remote-access.md, "The event
// stream"): a WebSocket with the token in its Authorization header, subscribed once `connected`
// arrives. When the connection ends (the server restarts, the network drops, a refusal such as 503
// too-many-subscribers) it connects again after a backoff that doubles from 0.5 s to 15 s, with
// jitter so that many panels do not return at the same instant. A connection that stays quiet is
// pinged, so a peer that vanished without a close frame is noticed.

import WebSocket from 'ws';
import type { CoreEvent } from './players.ts';

export type RelayState =
  | { state: 'connecting' }
  | { state: 'live' }
  | { state: 'retrying'; inMs: number; reason: string };

export interface RelayOptions {
  /** ws://host:port/api/v1/events */
  url: string;
  token: string;
  patterns: string[];
  onEvent(e: CoreEvent): void;
  onState(s: RelayState): void;
  /** Backoff bounds (ms); tests shorten them. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** Quiet time before the relay pings the service. */
  pingEveryMs?: number;
}

export interface Relay {
  close(): void;
}

export function relayEvents(o: RelayOptions): Relay {
  const minBackoff = o.minBackoffMs ?? 500;
  const maxBackoff = o.maxBackoffMs ?? 15_000;
  const pingEvery = o.pingEveryMs ?? 30_000;
  let attempt = 0;
  let stopped = false;
  let ws: WebSocket | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let pingTimer: NodeJS.Timeout | undefined;

  function connect(): void {
    if (stopped) return;
    o.onState({ state: 'connecting' });
    const socket = new WebSocket(o.url, { headers: { authorization: `Bearer ${o.token}` }, handshakeTimeout: 10_000 });
    ws = socket;
    let reason = 'the connection closed';
    let awaitingPong = false;
    socket.on('unexpected-response', (_req, res) => {
      // The service refused before the upgrade (401 revoked token, 403 no events scope, 429, 503).
      reason = `the service answered ${res.statusCode}`;
      res.resume();
      socket.terminate();
    });
    socket.on('error', (e) => {
      reason = e.message;
    });
    socket.on('message', (raw) => {
      let msg: { event?: unknown; data?: unknown; message?: unknown };
      try {
        msg = JSON.parse(String(raw)) as typeof msg;
      } catch {
        return;
      }
      if (msg.event === 'connected') socket.send(JSON.stringify({ subscribe: o.patterns }));
      else if (msg.event === 'subscribed') {
        attempt = 0;
        o.onState({ state: 'live' });
      } else if (msg.event === 'error') reason = `the service refused the subscription: ${String(msg.message)}`;
      else if (typeof msg.event === 'string' && typeof msg.data === 'object' && msg.data !== null) {
        o.onEvent({ event: msg.event, data: msg.data as Record<string, unknown> });
      }
    });
    socket.on('pong', () => (awaitingPong = false));
    pingTimer = setInterval(() => {
      if (socket.readyState !== WebSocket.OPEN) return;
      if (awaitingPong) return socket.terminate();
      awaitingPong = true;
      socket.ping();
    }, pingEvery);
    socket.on('close', (code) => {
      clearInterval(pingTimer);
      if (stopped) return;
      if (code === 1001) reason = 'the service is shutting down';
      else if (code === 1008) reason = 'the token was revoked';
      const base = Math.min(maxBackoff, minBackoff * 2 ** attempt);
      const inMs = Math.round(base / 2 + Math.random() * (base / 2));
      attempt++;
      o.onState({ state: 'retrying', inMs, reason });
      retryTimer = setTimeout(connect, inMs);
    });
  }

  connect();
  return {
    close() {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      ws?.terminate();
    },
  };
}
