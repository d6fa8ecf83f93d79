// The announcer: every interval-seconds, the next message of announcer.conf (in order, or at
// random) to every online player who has not hidden announcements, with markup and placeholders
// worked out for each player. `core reload` makes it start over with the file as it is now.

import type { EventBus } from '../../core/kernel/events.ts';
import { markup } from '../../core/text/markup.ts';
import type { Placeholders } from '../../core/text/placeholders.ts';
import type { ScheduledTask, Scheduler } from '../../core/kernel/scheduler.ts';
import type { GamePlatform } from '../../platform/platform.ts';
import type { AnnouncerConfig } from './communication.config.ts';

export interface Announcer {
  /** Shows the next message now; answers it (undefined when there was none to show) and how many saw it. */
  announce(): Promise<{ message: string | undefined; shownTo: number }>;
  /** After `core reload` read the file (changed or not): the timer and the order start again. */
  reloaded(config: AnnouncerConfig, changed: boolean): void;
}

export interface AnnouncerDeps {
  config: () => AnnouncerConfig;
  scheduler: Scheduler;
  platform: GamePlatform;
  placeholders: Placeholders;
  events: EventBus;
  /** Whether a player hid announcements. */
  hidden(uuid: string): boolean;
  /** 0 ≤ n < 1; Math.random unless a test passes its own. */
  random?: () => number;
}

export function createAnnouncer(deps: AnnouncerDeps): Announcer {
  const { config, scheduler, platform, placeholders, events } = deps;
  const random = deps.random ?? Math.random;
  let next = 0;
  let last: number | undefined;
  let timer: ScheduledTask | undefined;

  function pick(c: AnnouncerConfig): number {
    const n = c.messages.length;
    if (c.order === 'sequential') return next++ % n;
    if (n === 1) return 0;
    // Never the same message twice in a row: pick among the others.
    const i = Math.floor(random() * (n - 1));
    return last !== undefined && i >= last ? i + 1 : i;
  }

  async function announce(): Promise<{ message: string | undefined; shownTo: number }> {
    const c = config();
    const audience = platform.onlinePlayers().filter((p) => !deps.hidden(p.uuid));
    // Nobody online to read it: the message is kept for when someone is.
    if (!c.enabled || c.messages.length === 0 || platform.onlinePlayers().length === 0) return { message: undefined, shownTo: 0 };
    const i = pick(c);
    last = i;
    const message = c.messages[i]!;
    await Promise.all(audience.map(async (p) => platform.sendMessage(p.uuid, markup(await placeholders.apply(c.prefix + message, p)))));
    return { message, shownTo: audience.length };
  }

  function start(c: AnnouncerConfig): void {
    timer?.cancel();
    timer = scheduler.every(c.intervalSeconds * 1000, () => announce().then(() => undefined));
  }
  start(config());

  return {
    announce,
    reloaded(c, changed) {
      if (changed) {
        next = 0;
        last = undefined;
        start(c);
      }
      events.emit('communication.announcer-reload', {
        changed,
        enabled: c.enabled,
        messages: c.messages.length,
        'interval-seconds': c.intervalSeconds,
        order: c.order,
      });
    },
  };
}
