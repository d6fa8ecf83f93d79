// The event-stream client's reconnection policy without a server: a fake WebSocket the test drives.
// Delays double up to the cap with jitter inside each step, the patterns are subscribed again on
// each new connection, and a revoked token (1008) is not retried.

import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { EventStream, type StreamStatus, type WebSocketLike } from '../src/index.ts';

type Listener = (event: { data?: unknown; code?: number; reason?: string }) => void;

class FakeSocket implements WebSocketLike {
  static opened: FakeSocket[] = [];
  readyState = 1;
  sent: unknown[] = [];
  readonly headers: Record<string, string>;
  readonly #listeners = new Map<string, Listener[]>();
  constructor(_url: string, init: { headers: Record<string, string> }) {
    this.headers = init.headers;
    FakeSocket.opened.push(this);
  }
  addEventListener(type: string, listener: Listener): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }
  send(text: string): void {
    this.sent.push(JSON.parse(text));
  }
  close(code = 1000, reason = ''): void {
    this.drop(code, reason);
  }
  /** The server's side: a message, or the connection ending. */
  receive(message: object): void {
    for (const l of this.#listeners.get('message') ?? []) l({ data: JSON.stringify(message) });
  }
  drop(code: number, reason = ''): void {
    this.readyState = 3;
    for (const l of this.#listeners.get('close') ?? []) l({ code, reason });
  }
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  assert.ok(condition());
};

describe('the event-stream client, reconnecting', () => {
  it('backs off exponentially with jitter within the cap, and subscribes again to every pattern held', async () => {
    FakeSocket.opened = [];
    const statuses: StreamStatus[] = [];
    const stream = new EventStream({
      baseUrl: 'http://127.0.0.1:1',
      auth: { basic: { label: 'panel', secret: 'crs_x' } },
      WebSocket: FakeSocket,
      reconnect: { initialDelayMs: 4, maxDelayMs: 16 },
      random: () => 1,
    });
    stream.onStatus((s) => statuses.push(s));
    const connected = stream.connect();
    const first = FakeSocket.opened[0]!;
    assert.equal(first.headers.Authorization, `Basic ${btoa('panel:crs_x')}`);
    first.receive({ event: 'connected', caller: 'panel', message: '' });
    await connected;
    const subscribed = stream.subscribe(['economy.*', 'warp.create']);
    first.receive({ event: 'subscribed', topics: ['economy.*', 'warp.create'] });
    assert.deepEqual(await subscribed, ['economy.*', 'warp.create']);

    // The loss, then four failed attempts: delays 4, 8, 16, 16, 16 (capped); random() = 1 takes the top of each step.
    first.drop(1001);
    for (let n = 2; n <= 5; n++) {
      await until(() => FakeSocket.opened.length === n);
      FakeSocket.opened[n - 1]!.drop(1006);
    }
    await until(() => FakeSocket.opened.length === 6);
    const delays = statuses.flatMap((s) => (s.state === 'reconnecting' ? [s.delayMs] : []));
    assert.deepEqual(delays, [4, 8, 16, 16, 16]);

    // Unsubscribing while down is applied to what the next connection subscribes to.
    const unsubscribed = stream.unsubscribe(['warp.create']);
    const last = FakeSocket.opened[5]!;
    last.receive({ event: 'connected', caller: 'panel', message: '' });
    assert.deepEqual(last.sent, [{ subscribe: ['economy.*'] }]);
    last.receive({ event: 'subscribed', topics: ['economy.*'] });
    assert.deepEqual(await unsubscribed, ['economy.*']);
    assert.deepEqual(statuses.at(-1), { state: 'open', caller: 'panel' });
    await stream.close();
  });

  it('keeps each delay between half the step and the step', async () => {
    FakeSocket.opened = [];
    const statuses: StreamStatus[] = [];
    const stream = new EventStream({ baseUrl: 'ws://127.0.0.1:1/api/v1/events', auth: { bearer: 'crs_x' }, WebSocket: FakeSocket, reconnect: { initialDelayMs: 40 }, random: () => 0 });
    stream.onStatus((s) => statuses.push(s));
    const connected = stream.connect();
    FakeSocket.opened[0]!.receive({ event: 'connected', caller: 'x', message: '' });
    await connected;
    FakeSocket.opened[0]!.drop(1006);
    assert.deepEqual(statuses.at(-1), { state: 'reconnecting', attempt: 1, delayMs: 20, code: 1006 });
    await stream.close();
  });

  it('does not reconnect once the token is revoked (1008)', async () => {
    FakeSocket.opened = [];
    const statuses: StreamStatus[] = [];
    const stream = new EventStream({ baseUrl: 'http://127.0.0.1:1', auth: { bearer: 'crs_x' }, WebSocket: FakeSocket, reconnect: { initialDelayMs: 1 } });
    stream.onStatus((s) => statuses.push(s));
    const connected = stream.connect();
    FakeSocket.opened[0]!.receive({ event: 'connected', caller: 'x', message: '' });
    await connected;
    // The client's timers are the test's from the loss on: running them all would dial a reconnection.
    mock.timers.enable({ apis: ['setTimeout'] });
    try {
      FakeSocket.opened[0]!.drop(1008, 'token revoked');
      mock.timers.runAll();
    } finally {
      mock.timers.reset();
    }
    assert.equal(FakeSocket.opened.length, 1);
    assert.deepEqual(statuses.at(-1), { state: 'closed', code: 1008, reason: 'token revoked' });
    await assert.rejects(stream.subscribe(['*']), /closed/);
  });
});
