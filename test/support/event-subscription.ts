// An event-stream connection as a program makes one: a real WebSocket to `/api/v1/events` with a
// token, subscribed to patterns. Every event received is checked against its payload schema
// (test/support/schema-checks.ts); `next` waits for an event by name. Both harnesses use it: the
// real server's (test/e2e/support/rest-server.ts) and the in-process scene's (scene.ts).

import WebSocket from 'ws';
import { SERVER_EVENTS } from './schema-checks.ts';

export interface StreamEvent {
  event: string;
  data: Record<string, unknown>;
}

export interface Subscription {
  /** Every event received so far. */
  received: StreamEvent[];
  /** Events received that their schema does not allow, one sentence each. */
  problems: string[];
  /**
   * The first event (received already or later) of that name matching the predicate; rejects when
   * that event, or any received before it, is one its schema does not allow.
   */
  next(name: string, match?: (data: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  close(): void;
  /** Ends the connection at once (the harness's stop). */
  terminate(): void;
}

/**
 * Connects to the stream at `port` with the token, subscribes to the patterns and resolves once the
 * server confirmed; `onProblem` hears each event its schema does not allow.
 */
export async function subscribeEvents(port: number, token: string, patterns: string[], onProblem: (problem: string) => void = () => {}): Promise<Subscription> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/events`, { headers: { authorization: `Bearer ${token}` } });
  const received: StreamEvent[] = [];
  const problems: string[] = [];
  const waiters = new Set<{ name: string; match: (d: Record<string, unknown>) => boolean; resolve: (e: StreamEvent) => void; reject: (e: Error) => void }>();
  const failure = () => new Error(`an event that asyncapi.json does not allow: ${problems.join('; ')}`);
  ws.on('message', (raw) => {
    const msg = JSON.parse(String(raw)) as StreamEvent;
    received.push(msg);
    // Control messages (connected, subscribed, …) carry no data; every event does.
    const problem = msg.data === undefined ? undefined : SERVER_EVENTS.streamProblem(msg.event, msg.data);
    if (problem !== undefined) {
      problems.push(problem);
      onProblem(problem);
    }
    for (const w of [...waiters]) {
      if (problems.length) {
        waiters.delete(w);
        w.reject(failure());
      } else if (w.name === msg.event && w.match(msg.data ?? {})) {
        waiters.delete(w);
        w.resolve(msg);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.once('message', () => resolve());
  });
  ws.send(JSON.stringify({ subscribe: patterns }));
  const sub: Subscription = {
    received,
    problems,
    next(name, match = () => true, timeoutMs = 10000) {
      if (problems.length) return Promise.reject(failure());
      const earlier = received.find((e) => e.event === name && match(e.data ?? {}));
      if (earlier) return Promise.resolve(earlier);
      return new Promise((resolve, reject) => {
        const w = {
          name,
          match,
          resolve: (e: StreamEvent) => {
            clearTimeout(timer);
            resolve(e);
          },
          reject: (e: Error) => {
            clearTimeout(timer);
            reject(e);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(w);
          reject(new Error(`no ${name} event within ${timeoutMs} ms; received: ${received.map((e) => e.event).join(', ')}`));
        }, timeoutMs);
        waiters.add(w);
      });
    },
    close: () => ws.close(),
    terminate: () => ws.terminate(),
  };
  await sub.next('subscribed');
  return sub;
}
