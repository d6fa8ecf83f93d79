// Signals between the servers of a network that share one PostgreSQL database (docs/network.md,
// "Shared over PostgreSQL"): a server that changes something other servers hold in memory (tokens,
// permission grants, bans) says so with NOTIFY, and every other server, LISTENing, re-reads it.
// PostgreSQL's LISTEN/NOTIFY is used rather than a poll or a broker: it needs nothing beyond the
// database the network already shares, and a NOTIFY sent inside a transaction is delivered only
// when it commits, so nobody re-reads a change that may still roll back.
//
// One physical channel per schema carries every logical channel (in the payload), so two networks
// in two schemas of one database do not hear each other. Listening needs a connection of its own,
// outside the pool; when it drops, a line is logged and it reconnects, retrying with a growing
// delay, and `onReconnect` handlers re-read what they cache, since signals sent meanwhile are lost.
// On SQLite (one server) publishing does nothing and nothing is ever heard.

import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { postgresUrl, sql, type Database, type DbHandle } from '../storage/db.ts';
import type { Logger } from '../log/log.ts';
import { messageOf } from '../text/sentence.ts';

/** What a signal carries: a few flat values (a NOTIFY payload is at most 8000 bytes). */
export type SignalData = Readonly<Record<string, string | number | boolean | null>>;
/** `from` is the sending server's name (network.conf's server-name). */
export type SignalHandler = (data: SignalData, from: string) => void | Promise<void>;

export interface NetworkSignals {
  readonly serverName: string;
  /** Whether other servers can hear: false on SQLite, where `publish` does nothing. */
  readonly shared: boolean;
  /**
   * Tells every other server. With `within` (a transaction) it is sent when that commits, and not
   * at all if it rolls back. This server never hears its own signals: it changed its memory itself.
   */
  publish(channel: string, data: SignalData, within?: DbHandle): Promise<void>;
  on(channel: string, handler: SignalHandler): () => void;
  /** Run after the listening connection came back: signals sent while it was down were lost. */
  onReconnect(handler: () => void | Promise<void>): () => void;
  close(): Promise<void>;
}

export interface NetworkSignalsOptions {
  database: Database;
  serverName: string;
  log: Logger;
  /** First delay before reconnecting, doubled up to 30 s while PostgreSQL stays unreachable. */
  retryMs?: number;
}

interface Envelope {
  c: string;
  /** The sending process's instance: two servers misnamed alike still hear each other. */
  i: string;
  s: string;
  d: SignalData;
}

const MAX_RETRY_MS = 30_000;

/** The physical channel of a schema: an identifier of at most 63 bytes whatever the schema's name. */
export function channelOf(schema: string): string {
  return `core_signals_${createHash('sha256').update(schema).digest('hex').slice(0, 16)}`;
}

export async function createNetworkSignals(o: NetworkSignalsOptions): Promise<NetworkSignals> {
  const handlers = new Map<string, Set<SignalHandler>>();
  const reconnectHandlers = new Set<() => void | Promise<void>>();
  const on = (channel: string, handler: SignalHandler) => {
    const set = handlers.get(channel) ?? new Set();
    handlers.set(channel, set);
    set.add(handler);
    return () => void set.delete(handler);
  };
  const onReconnect = (handler: () => void | Promise<void>) => {
    reconnectHandlers.add(handler);
    return () => void reconnectHandlers.delete(handler);
  };

  const url = postgresUrl(o.database.db);
  if (o.database.kind !== 'postgres' || url === undefined) {
    return { serverName: o.serverName, shared: false, publish: async () => {}, on, onReconnect, close: async () => {} };
  }

  const { db } = o.database;
  const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s ?? 'public';
  const channel = channelOf(schema);
  const instance = randomUUID();
  const firstRetryMs = o.retryMs ?? 1000;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const run = (what: string, work: () => void | Promise<void>) => {
    try {
      Promise.resolve(work()).catch((e: unknown) => o.log.error(`${what} failed`, e));
    } catch (e) {
      o.log.error(`${what} failed`, e);
    }
  };

  function deliver(payload: string): void {
    let e: Envelope;
    try {
      e = JSON.parse(payload) as Envelope;
    } catch {
      return o.log.warn(`ignored a signal on ${channel} that is not JSON`);
    }
    if (e.i === instance) return;
    for (const h of handlers.get(e.c) ?? []) run(`handling the signal ${e.c} from server ${e.s}`, () => h(e.d, e.s));
  }

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: url, application_name: `core-signals-${o.serverName}` });
    client.on('notification', (m) => {
      if (m.channel === channel && m.payload !== undefined) deliver(m.payload);
    });
    client.on('error', (e) => lost(client, e));
    client.on('end', () => lost(client, undefined));
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (e) {
      client.removeAllListeners('end');
      client.end().catch(() => {});
      throw e;
    }
    if (closed) return void client.end().catch(() => {});
    current = client;
  }

  function lost(client: pg.Client, e: Error | undefined): void {
    if (current !== client || closed) return;
    current = undefined;
    client.removeAllListeners('end');
    client.end().catch(() => {});
    o.log.warn(`lost the connection that hears the other servers of the network${e ? ` (${messageOf(e)})` : ''}; reconnecting`);
    reconnectAfter(firstRetryMs);
  }

  function reconnectAfter(delay: number): void {
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => {
          if (closed) return;
          o.log.info('hearing the other servers of the network again; re-reading what they may have changed meanwhile');
          for (const h of reconnectHandlers) run('re-reading after reconnecting', h);
        },
        (e: unknown) => {
          if (closed) return;
          const next = Math.min(delay * 2, MAX_RETRY_MS);
          o.log.warn(`cannot reach PostgreSQL to hear the other servers (${messageOf(e)}); trying again in ${Math.round(next / 1000)} s`);
          reconnectAfter(next);
        },
      );
    }, delay);
    retry.unref();
  }

  // The first connection is part of the start: a server that cannot listen would serve stale grants.
  await connect();

  return {
    serverName: o.serverName,
    shared: true,
    async publish(name, data, within) {
      const payload = JSON.stringify({ c: name, i: instance, s: o.serverName, d: data } satisfies Envelope);
      await sql`select pg_notify(${channel}, ${payload})`.execute(within ?? db);
    },
    on,
    onReconnect,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const client = current;
      current = undefined;
      if (client) {
        client.removeAllListeners('end');
        await client.end().catch(() => {});
      }
    },
  };
}

/**
 * A module's view of the signals: what it subscribes through it is taken off by `dispose` when the
 * module stops (as its scope does for listeners and tasks), while the connection stays the kernel's.
 */
export function scopedSignals(signals: NetworkSignals): NetworkSignals & { dispose(): void } {
  const offs = new Set<() => void>();
  const track = (off: () => void) => {
    offs.add(off);
    return () => {
      offs.delete(off);
      off();
    };
  };
  return {
    serverName: signals.serverName,
    shared: signals.shared,
    publish: (channel, data, within) => signals.publish(channel, data, within),
    on: (channel, handler) => track(signals.on(channel, handler)),
    onReconnect: (handler) => track(signals.onReconnect(handler)),
    close: async () => {},
    dispose() {
      for (const off of offs) off();
      offs.clear();
    },
  };
}
