// The communication published API: who hid announcements (stored, so it holds across rejoins and
// restarts), /broadcast, and the announcer (communication.announcer.ts). No route reaches it; its
// events are on the event stream.

import { actorName, type Actor } from '../../core/kernel/actor.ts';
import type { AuditService, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { Db } from '../../core/storage/db.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import { InvalidInput } from '../../core/values/invalid-input.ts';
import { knownPlayer, playerFields } from '../../core/players/known-player.ts';
import { markup } from '../../core/text/markup.ts';
import type { Placeholders } from '../../core/text/placeholders.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { Scheduler } from '../../core/kernel/scheduler.ts';
import type { GamePlatform } from '../../platform/platform.ts';
import { createAnnouncer, type Announcer } from './communication.announcer.ts';
import { MAX_MESSAGE, type AnnouncerConfig } from './communication.config.ts';
import { createCommunicationStore } from './communication.store.ts';

export const COMMUNICATION_NODES = {
  /** /announcements on|off: every player by default. */
  announcements: 'core.communication.announcements',
  /** /broadcast: staff. */
  broadcast: 'core.communication.broadcast',
} as const;

export interface CommunicationService {
  /** Whether a player hid announcements. */
  hidesAnnouncements(uuid: string): boolean;
  /** Hides (true) or shows (false) announcements for a player; already-in-state when nothing changes. */
  setHideAnnouncements(uuid: string, hide: boolean, actor: Actor): Promise<Result<{ hidden: boolean }>>;
  /** Shows a message to every online player (those who hid announcements too) and the console. */
  broadcast(message: string, actor: Actor): Promise<Result<{ recipients: number }>>;
  /** The announcer (its timer runs by itself; `announce` shows the next message now). */
  announcer: Announcer;
}

export interface CommunicationDeps {
  db: Db;
  events: EventBus;
  clock: Clock;
  players: PlayersService;
  audit: Pick<AuditService, 'record'>;
  platform: GamePlatform;
  scheduler: Scheduler;
  placeholders: Placeholders;
  config: () => AnnouncerConfig;
  random?: () => number;
}

export async function createCommunicationService(deps: CommunicationDeps): Promise<CommunicationService> {
  const { db, events, clock, players, audit, platform, placeholders, config } = deps;
  const store = createCommunicationStore(db);
  const hidden = new Set(await store.all());
  const announcer = createAnnouncer({ config, scheduler: deps.scheduler, platform, placeholders, events, hidden: (uuid) => hidden.has(uuid), random: deps.random });

  return {
    announcer,
    hidesAnnouncements: (uuid) => hidden.has(uuid),

    async setHideAnnouncements(uuid, hide, actor) {
      const who = await knownPlayer(players, uuid);
      if (!who.ok) return who;
      const p = who.value;
      if (hidden.has(p.uuid) === hide) return fail('already-in-state', hide ? 'Announcements are already hidden.' : 'Announcements are already shown.');
      if (hide) {
        await store.add(p.uuid, clock.now().toISOString());
        hidden.add(p.uuid);
      } else {
        await store.remove(p.uuid);
        hidden.delete(p.uuid);
      }
      await audit.record({ actor, action: hide ? 'communication.announcements-off' : 'communication.announcements-on', target: p.uuid });
      events.emit('communication.broadcast-opt-out', { ...playerFields(p), 'opted-out': hide, actor: actorName(actor) });
      return ok({ hidden: hide });
    },

    async broadcast(message, actor) {
      const text = message.trim();
      if (text === '') throw new InvalidInput('message', 'The message is empty.');
      if (text.length > MAX_MESSAGE) throw new InvalidInput('message', `The message is longer than ${MAX_MESSAGE} characters.`);
      const source = config().broadcastPrefix + text;
      const online = platform.onlinePlayers();
      await Promise.all(online.map(async (p) => platform.sendMessage(p.uuid, markup(await placeholders.apply(source, p)))));
      platform.consoleMessage(markup(`${await placeholders.apply(source)} (by ${actorName(actor)})`));
      return ok({ recipients: online.length });
    },
  };
}
