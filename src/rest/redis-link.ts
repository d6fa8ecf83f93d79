// The connections to the network's Redis (network.conf `redis`, docs/network.md): one for commands
// (publishing events, the rate-limit counts) and one for the event subscription (a subscribed
// connection takes no other command). Nothing on the request or event path waits for them: a
// command is only sent while its connection is ready, and fails at once otherwise (no offline
// queue; a command under way when the connection drops is failed, never sent again later). ioredis
// reconnects by itself with backoff; the parts that use the link say once what an outage means to
// them (./event-bridge.ts, ./rate-redis.ts).

import { Redis } from 'ioredis';

/** What a connection is doing now: `pending` before its first answer, `down` between an outage and its return. */
export type LinkState = 'pending' | 'up' | 'down';

export interface RedisLinkOptions {
  url: string;
  /** Longest wait between two reconnection attempts, ms (default 5 s; the first ones are shorter). */
  retryMaxMs?: number;
}

export interface RedisLink {
  readonly commands: Redis;
  readonly subscriber: Redis;
  close(): Promise<void>;
}

export function openRedis(url: string, retryMaxMs = 5000): Redis {
  const r = new Redis(url, {
    enableOfflineQueue: false,
    autoResendUnfulfilledCommands: false,
    autoResubscribe: false,
    // A command under way when the connection drops fails at the first reconnection attempt.
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    retryStrategy: (attempt: number) => Math.min(50 * 2 ** Math.min(attempt, 10), retryMaxMs),
  });
  // Each failed attempt emits an error: the parts using the link say once what an outage means.
  r.on('error', () => undefined);
  return r;
}

/** The state of one connection, read from ioredis's status. */
export function stateOf(r: Redis, everUp: boolean): LinkState {
  if (r.status === 'ready') return 'up';
  if (!everUp && (r.status === 'wait' || r.status === 'connecting' || r.status === 'connect')) return 'pending';
  return 'down';
}

export function openRedisLink(o: RedisLinkOptions): RedisLink {
  const commands = openRedis(o.url, o.retryMaxMs);
  const subscriber = openRedis(o.url, o.retryMaxMs);
  return {
    commands,
    subscriber,
    async close() {
      // quit() waits for an answer Redis may never give while it is away; disconnect() does not.
      for (const r of [commands, subscriber]) {
        if (r.status === 'ready') await r.quit().catch(() => r.disconnect());
        else r.disconnect();
      }
    },
  };
}

/** The reason of a connection failure for a log line: its code or message, never a stack. */
export function reasonOf(e: unknown): string {
  if (e instanceof Error) return (e as Error & { code?: string }).code ?? e.message;
  return String(e);
}
