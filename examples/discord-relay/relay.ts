// The relay: every moderation event the stream delivers becomes one Discord webhook message, posted
// in the order the events came (one at a time, so a burst keeps its order in the channel). Discord's
// own rate limit (429 with `retry_after`) is waited out a bounded number of times; a message that
// still fails is reported and dropped, so one bad message does not stop the ones after it.

import type { EventMessage, EventStream, Pattern } from '../../clients/typescript/src/index.ts';
import { isModerationEvent, webhookMessage, type ModerationEvent } from './format.ts';

/** The part of the event stream the relay needs (a test hands it a fake). */
export type RelaySource = Pick<EventStream, 'onEvent'>;

export interface RelayOptions {
  source: RelaySource;
  /** The Discord webhook URL (https://discord.com/api/webhooks/<id>/<token>). */
  webhookUrl: string;
  fetch?: typeof fetch;
  /** Posts of one message, the first included, while Discord answers 429. Default 3. */
  maxAttempts?: number;
  /** Told about each message given up on. Default: a line on standard error. */
  onError?: (error: Error, event: ModerationEvent) => void;
  username?: string;
}

/** The patterns a relay subscribes to. */
export const MODERATION_PATTERNS: Pattern[] = ['moderation.*'];

export interface Relay {
  /** Resolves once every message received so far was posted (or given up on). */
  idle(): Promise<void>;
  /** Stops taking events (the stream stays open: its owner closes it). */
  stop(): void;
}

export function startRelay(o: RelayOptions): Relay {
  const doFetch = o.fetch ?? fetch;
  const maxAttempts = o.maxAttempts ?? 3;
  const onError = o.onError ?? ((error, e) => console.error(`discord-relay: ${e.event} not posted: ${error.message}`));
  let queue: Promise<void> = Promise.resolve();

  async function post(event: ModerationEvent): Promise<void> {
    const body = JSON.stringify(webhookMessage(event, o.username));
    for (let attempt = 1; ; attempt++) {
      const res = await doFetch(o.webhookUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
      if (res.ok) return;
      const text = await res.text();
      if (res.status !== 429 || attempt >= maxAttempts) throw new Error(`Discord answered ${res.status}: ${text.slice(0, 200)}`);
      await new Promise((r) => setTimeout(r, retryAfterMs(res, text)));
    }
  }

  const off = o.source.onEvent((e: EventMessage) => {
    if (!isModerationEvent(e)) return;
    queue = queue.then(() => post(e)).catch((error: unknown) => onError(error instanceof Error ? error : new Error(String(error)), e));
  });
  return { idle: () => queue, stop: off };
}

/** Discord's wait: `retry_after` (seconds, fractional) in the body, else the Retry-After header, else one second. */
export function retryAfterMs(res: Response, body: string): number {
  try {
    const json = JSON.parse(body) as { retry_after?: unknown };
    if (typeof json.retry_after === 'number') return Math.ceil(json.retry_after * 1000);
  } catch {
    // not JSON: the header decides
  }
  const header = Number(res.headers.get('retry-after'));
  return Number.isFinite(header) && header > 0 ? header * 1000 : 1000;
}
