// The Redis event bridge (docs/network.md, "Redis: one event stream and one rate limit"): every
// event emitted on this server is published once to one Redis channel, and the events the other
// servers publish there are handed to this server's event stream, not to its modules (their game
// logic ran on the server they happened on).
//
// A message is one header line, `<run> <seq> <server> <event>`, then the event's text exactly as
// the stream sends it (./event-stream.ts `eventText`, made once per event and shared with the local
// stream), so a receiver forwards it without parsing or serialising it again. `<run>` is random per
// process and `<seq>` counts its events: a server skips its own run (not its name: two servers
// given one name by mistake still see each other's events, and a warning says so), and an id
// (`<run>:<seq>`) not above the last one of its run is a repeat and is dropped. One channel and one
// publishing connection per server keep each origin's events in order.
//
// Publishing never waits: while the connection is not ready an event is not published and not kept
// for later (a late event out of order would mislead more than a missing one). Redis away → one
// WARN line; back → one INFO line; ioredis reconnects by itself (./redis-link.ts).

import { randomBytes } from 'node:crypto';
import { isEventName, type EmittedEvent, type EventBus, type EventName } from '../core/kernel/events.ts';
import type { Logger } from '../core/log/log.ts';
import { eventText, type RemoteEvents } from './event-stream.ts';
import { reasonOf, type RedisLink } from './redis-link.ts';

export const EVENTS_CHANNEL = 'core:events';

/** Runs whose last id is kept to drop repeats; the oldest is forgotten beyond it. */
const MAX_RUNS = 1000;

export interface EventBridgeOptions {
  link: RedisLink;
  /** How the link is named in log lines (no password): `redis://host:port`. */
  where: string;
  serverName: string;
  events: EventBus;
  log: Logger;
  channel?: string;
}

export interface EventBridge extends RemoteEvents {
  /** Whether events of the other servers are received now (subscribed, and publishing works). */
  readonly receiving: boolean;
  /** Events published, received from other servers, and dropped (own, repeated, malformed, or unpublished while away). */
  readonly counts: { published: number; received: number; repeated: number; malformed: number; unpublished: number };
  close(): void;
}

export function startEventBridge(o: EventBridgeOptions): EventBridge {
  const channel = o.channel ?? EVENTS_CHANNEL;
  const { commands, subscriber } = o.link;
  const run = randomBytes(8).toString('hex');
  let seq = 0;
  const lastSeq = new Map<string, number>();
  const listeners = new Set<(name: EventName, text: string) => void>();
  const counts = { published: 0, received: 0, repeated: 0, malformed: 0, unpublished: 0 };
  let subscribed = false;
  let state: 'pending' | 'up' | 'down' = 'pending';
  let closed = false;
  let nameClashWarned = false;
  let malformedWarned = false;

  function settle(reason?: string): void {
    if (closed) return;
    const up = subscribed && commands.status === 'ready';
    if (up && state !== 'up') {
      o.log.info(
        state === 'pending'
          ? `Redis at ${o.where}: events of the other servers of the network now reach this server's event stream, and this server's events reach theirs.`
          : `Redis at ${o.where} is back: events of the other servers reach this server's event stream again (those of the outage are not replayed).`,
      );
      state = 'up';
    } else if (!up && state === 'up') {
      warnDown(reason ?? 'connection closed');
    }
  }
  function warnDown(reason: string): void {
    if (closed || state === 'down') return;
    state = 'down';
    subscribed = false;
    o.log.warn(
      `Redis at ${o.where} is unreachable (${reason}): events of the other servers are not received on this server's event stream, and this server's events do not reach theirs, until it is back; reconnecting. The local event stream keeps working.`,
    );
  }

  for (const r of [commands, subscriber]) {
    r.on('ready', () => settle());
    r.on('close', () => {
      if (r === subscriber) subscribed = false;
      settle();
    });
    r.on('error', (e: unknown) => {
      // A failed connection attempt: before the first success, or during an outage.
      if (r.status !== 'ready') warnDown(reasonOf(e));
    });
  }
  // Subscribes at each (re)connection itself, so `receiving` turns true once Redis confirmed it.
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => {
        subscribed = true;
        settle();
      },
      (e: unknown) => warnDown(reasonOf(e)),
    );
  });
  subscriber.on('message', (ch: string, message: string) => {
    if (ch === channel) receive(message);
  });

  function malformed(why: string): void {
    counts.malformed++;
    if (malformedWarned) return;
    malformedWarned = true;
    o.log.warn(`a message on the Redis channel ${channel} is not an event of a Core server (${why}); such messages are dropped (said once).`);
  }

  function receive(message: string): void {
    const nl = message.indexOf('\n');
    if (nl < 0) return malformed('no header line');
    const [from, seqText, server, name, extra] = message.slice(0, nl).split(' ');
    const n = Number(seqText);
    if (from === undefined || server === undefined || name === undefined || extra !== undefined || !Number.isSafeInteger(n)) {
      return malformed('a header line other than "<run> <seq> <server> <event>"');
    }
    if (from === run) return;
    if (!isEventName(name)) return malformed(`unknown event ${JSON.stringify(name).slice(0, 80)}`);
    const text = message.slice(nl + 1);
    if (!text.startsWith(`{"event":"${name}","data":{`) || !text.endsWith('}}')) return malformed(`the text of ${name} is not an event`);
    const last = lastSeq.get(from);
    if (last !== undefined && n <= last) {
      counts.repeated++;
      return;
    }
    if (last === undefined && lastSeq.size >= MAX_RUNS) lastSeq.delete(lastSeq.keys().next().value as string);
    lastSeq.set(from, n);
    if (server === o.serverName && !nameClashWarned) {
      nameClashWarned = true;
      o.log.warn(`another server of the network is also named ${server}: give each server its own server-name in network.conf, or their events cannot be told apart.`);
    }
    counts.received++;
    for (const l of listeners) {
      // A failing subscriber must not stop the others.
      try {
        l(name, text);
      } catch (e) {
        o.log.error(`event-stream delivery failed on ${name} from ${server}`, e);
      }
    }
  }

  const unsubscribeBus = o.events.subscribe((e: EmittedEvent) => {
    seq++;
    if (commands.status !== 'ready') {
      counts.unpublished++;
      return;
    }
    const message = `${run} ${seq} ${o.serverName} ${e.name}\n${eventText(e, o.serverName)}`;
    counts.published++;
    // Fire and forget: a failure is the outage the connection's events report.
    commands.publish(channel, message).catch(() => undefined);
  });

  return {
    get receiving() {
      return state === 'up';
    },
    counts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      unsubscribeBus();
      listeners.clear();
    },
  };
}
