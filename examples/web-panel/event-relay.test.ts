// The panel backend's event relay against a stand-in for the service's event stream (the same
// protocol: `connected`, then `subscribe` → `subscribed`, events, close 1001 at shutdown): it
// subscribes with the token in its Authorization header, passes events on, and when the service
// goes away it says so and comes back by itself once the service listens again on the same port.

import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { WebSocketServer } from 'ws';
import { relayEvents, type Relay, type RelayState } from './event-relay.ts';
import type { CoreEvent } from './players.ts';

interface StandIn {
  port: number;
  authorizations: string[];
  subscriptions: unknown[];
  emit(e: CoreEvent): void;
  /** Closes every subscriber with 1001, as the service does at shutdown, and stops listening. */
  stop(): Promise<void>;
}

async function standIn(port = 0): Promise<StandIn> {
  const http: Server = createServer((_req, res) => res.writeHead(426).end());
  const wss = new WebSocketServer({ server: http, path: '/api/v1/events' });
  const authorizations: string[] = [];
  const subscriptions: unknown[] = [];
  wss.on('connection', (ws, req) => {
    authorizations.push(req.headers.authorization ?? '');
    ws.on('message', (raw) => {
      const msg = JSON.parse(String(raw)) as { subscribe: string[] };
      subscriptions.push(msg);
      ws.send(JSON.stringify({ event: 'subscribed', topics: msg.subscribe }));
    });
    ws.send(JSON.stringify({ event: 'connected', caller: 'panel', message: 'hint' }));
  });
  await new Promise<void>((r) => http.listen(port, '127.0.0.1', () => r()));
  return {
    port: (http.address() as AddressInfo).port,
    authorizations,
    subscriptions,
    emit: (e) => wss.clients.forEach((c) => c.send(JSON.stringify(e))),
    async stop() {
      for (const c of wss.clients) c.close(1001, 'server shutting down');
      await new Promise<void>((r) => wss.close(() => r()));
      http.closeAllConnections();
      await new Promise<void>((r) => http.close(() => r()));
    },
  };
}

async function until(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the event relay', () => {
  const cleanups: (() => unknown)[] = [];
  after(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('subscribes with the token, passes events on, and reconnects after the service restarts', async () => {
    let service = await standIn();
    const port = service.port;
    cleanups.push(() => service.stop());
    const events: CoreEvent[] = [];
    const states: RelayState[] = [];
    const relay: Relay = relayEvents({
      url: `ws://127.0.0.1:${port}/api/v1/events`,
      token: 'crs_test',
      patterns: ['economy.*'],
      onEvent: (e) => events.push(e),
      onState: (s) => states.push(s),
      minBackoffMs: 100,
      maxBackoffMs: 400,
    });
    cleanups.push(() => relay.close());

    await until(() => states.at(-1)?.state === 'live', 'the relay to be live');
    assert.deepEqual(service.authorizations, ['Bearer crs_test']);
    assert.deepEqual(service.subscriptions, [{ subscribe: ['economy.*'] }]);
    service.emit({ event: 'economy.wallet-credit', data: { 'player-name': 'Alex' } });
    await until(() => events.length === 1, 'the first event');

    await service.stop();
    await until(() => states.at(-1)?.state === 'retrying', 'the relay to notice the shutdown');
    const down = states.at(-1);
    assert.ok(down?.state === 'retrying' && /shutting down/.test(down.reason), JSON.stringify(down));
    // While nothing listens, attempts fail and the wait doubles up to its cap: attempt n waits
    // between half and all of min(100 ms × 2^n, 400 ms) (the jitter).
    await new Promise((r) => setTimeout(r, 1200));
    const waits = states.flatMap((s) => (s.state === 'retrying' ? [s.inMs] : []));
    assert.ok(waits.length >= 3, `waits: ${waits.join(', ')}`);
    waits.forEach((w, n) => {
      const base = Math.min(400, 100 * 2 ** n);
      assert.ok(w >= base / 2 && w <= base, `wait ${n} is ${w} ms (all: ${waits.join(', ')})`);
    });

    service = await standIn(port);
    await until(() => states.at(-1)?.state === 'live' && service.subscriptions.length === 1, 'the relay to be live again', 5000);
    service.emit({ event: 'economy.wallet-debit', data: { 'player-name': 'Alex' } });
    await until(() => events.length === 2, 'an event after the restart');
    assert.equal(events[1]?.event, 'economy.wallet-debit');
  });
});
