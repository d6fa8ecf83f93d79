// The scoreboard's published API: the sidebar preference of a player (durable: whether they hid
// the sidebar, written by /sidebar and by the route alike), and redraws on demand of the sidebar,
// the tab list header and footer, and the nametag (which chooses the player's format by their
// groups again first). What is drawn is a matter of scoreboard.screens.ts; everything is drawn
// again every refresh-seconds, and nametags when a player joins and after `core reload`.
// Everything here is about online players: an offline one reads `hidden: null`, and a write or a
// refresh for one is declined with player-offline. Answers are already in the rendering of the
// Remote Access Service.

import { actorName, type Actor } from '../../core/kernel/actor.ts';
import type { AuditService, KnownPlayer, PermissionsService, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import { createKeyedQueue } from '../../core/storage/keyed-queue.ts';
import { knownPlayer, playerFields } from '../../core/players/known-player.ts';
import type { Logger } from '../../core/log/log.ts';
import type { Placeholders } from '../../core/text/placeholders.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { Scheduler } from '../../core/kernel/scheduler.ts';
import type { GamePlatform, OnlinePlayer } from '../../platform/platform.ts';
import type { ScoreboardConfig } from './scoreboard.config.ts';
import type { Refreshed, SidebarStatus } from './scoreboard.schemas.ts';
import { createScreens } from './scoreboard.screens.ts';
import type { ScoreboardStore } from './scoreboard.store.ts';

export interface ScoreboardService {
  /** Whether a known player has hidden the sidebar; `hidden` is null while they are offline. */
  sidebar(uuid: string): Promise<Result<SidebarStatus>>;
  /**
   * Hides (true) or shows (false) an online player's sidebar, durably; already-in-state when it
   * already is; player-offline for an offline player. Emits scoreboard.visibility.
   */
  setSidebarHidden(uuid: string, hidden: boolean, actor: Actor): Promise<Result<SidebarStatus>>;
  /** Flips an online player's sidebar preference (/sidebar). */
  toggleSidebar(uuid: string, actor: Actor): Promise<Result<SidebarStatus>>;
  /** Draws an online player's sidebar again now (nothing is drawn while they hide it). Audited. */
  refreshSidebar(uuid: string, actor: Actor): Promise<Result<SidebarStatus>>;
  /** Draws an online player's tab list header and footer again now. Audited. */
  refreshTabList(uuid: string, actor: Actor): Promise<Result<Refreshed>>;
  /** Chooses an online player's nametag format by their groups now, and draws it for everyone. Audited. */
  refreshNametag(uuid: string, actor: Actor): Promise<Result<Refreshed>>;
  /** Draws every online player's sidebar and tab list again (nametags too after a reload). */
  redrawAll(): Promise<void>;
}

export interface ScoreboardDeps {
  store: ScoreboardStore;
  events: EventBus;
  clock: Clock;
  players: Pick<PlayersService, 'get'>;
  permissions: Pick<PermissionsService, 'groupsOf'>;
  audit: Pick<AuditService, 'record'>;
  platform: GamePlatform;
  placeholders: Pick<Placeholders, 'apply'>;
  scheduler: Scheduler;
  log: Logger;
  /** Read at each use: `core reload` may change it. */
  config: () => ScoreboardConfig;
}

export function createScoreboardService(deps: ScoreboardDeps): ScoreboardService {
  const { store, events, clock, players, audit, platform, scheduler, log, config } = deps;
  const queue = createKeyedQueue();
  /** The preference of each online player, read when they join. */
  const hidden = new Map<string, boolean>();
  const screens = createScreens({ ...deps, sidebarHidden: (uuid) => hidden.get(uuid) === true });

  /** The preference of an online player (read from the table when their join has not read it yet). */
  async function hiddenOf(uuid: string): Promise<boolean> {
    let h = hidden.get(uuid);
    if (h === undefined) {
      h = await store.hidden(uuid);
      if (platform.player(uuid)) hidden.set(uuid, h);
    }
    return h;
  }

  /** A known player who is online now, or the failure to answer. */
  async function onlinePlayer(uuid: string): Promise<Result<{ known: KnownPlayer; online: OnlinePlayer }>> {
    const who = await knownPlayer(players, uuid);
    if (!who.ok) return who;
    const online = platform.player(who.value.uuid);
    if (!online) return fail('player-offline', `${who.value.name} is not online.`);
    return ok({ known: who.value, online });
  }

  const status = (p: KnownPlayer, h: boolean | null): SidebarStatus => ({ ...playerFields(p), online: h !== null, hidden: h });

  async function drawAll(p: OnlinePlayer, force: boolean): Promise<void> {
    await Promise.all([screens.sidebar(p), screens.tabList(p, force), screens.nametag(p, force)]);
  }

  async function joined(p: OnlinePlayer): Promise<void> {
    await hiddenOf(p.uuid);
    await drawAll(p, false);
  }
  const guard = (what: string, work: Promise<void>) => void work.catch((e: unknown) => log.error(`could not draw ${what}`, e));
  platform.on('join', ({ player }) => guard(`the scoreboard of ${player.name}`, joined(player)));
  platform.on('quit', ({ player }) => {
    hidden.delete(player.uuid);
    screens.left(player.uuid);
  });
  for (const p of platform.onlinePlayers()) guard(`the scoreboard of ${p.name}`, joined(p));

  let drawnWith = config();
  async function redrawAll(): Promise<void> {
    // A reload makes a new config: nametags (drawn only on join and refresh) follow it then.
    const reloaded = config() !== drawnWith;
    drawnWith = config();
    await Promise.all(
      platform.onlinePlayers().map(async (p) => {
        if (!hidden.has(p.uuid)) return; // still joining: its join draws it
        await Promise.all([screens.sidebar(p), screens.tabList(p), reloaded ? screens.nametag(p) : undefined]);
      }),
    );
  }
  // Re-armed at each redraw, so that a changed refresh-seconds applies from the next one.
  const arm = (): void => {
    scheduler.after(config().refreshSeconds * 1000, () => {
      arm();
      return redrawAll();
    });
  };
  arm();

  async function setSidebarHidden(uuid: string, hide: boolean, actor: Actor): Promise<Result<SidebarStatus>> {
    const found = await onlinePlayer(uuid);
    if (!found.ok) return found;
    const { known: p, online } = found.value;
    const changed = await queue.run(p.uuid, async (): Promise<Result<void>> => {
      if ((await hiddenOf(p.uuid)) === hide) {
        return fail('already-in-state', hide ? `${p.name} has hidden the sidebar already.` : `${p.name} is shown the sidebar already.`);
      }
      await store.setHidden(p.uuid, hide, clock.now().toISOString(), actorName(actor));
      if (platform.player(p.uuid)) hidden.set(p.uuid, hide);
      return ok(undefined);
    });
    if (!changed.ok) return changed;
    await screens.sidebar(online);
    await audit.record({ actor, action: hide ? 'scoreboard.sidebar.hide' : 'scoreboard.sidebar.show', target: p.uuid });
    events.emit('scoreboard.visibility', { ...playerFields(p), hidden: hide, actor: actorName(actor) });
    return ok(status(p, hide));
  }

  return {
    redrawAll,
    setSidebarHidden,

    async sidebar(uuid) {
      const who = await knownPlayer(players, uuid);
      if (!who.ok) return who;
      return ok(status(who.value, platform.player(who.value.uuid) ? await hiddenOf(who.value.uuid) : null));
    },

    async toggleSidebar(uuid, actor) {
      const found = await onlinePlayer(uuid);
      if (!found.ok) return found;
      return setSidebarHidden(found.value.known.uuid, !(await hiddenOf(found.value.known.uuid)), actor);
    },

    async refreshSidebar(uuid, actor) {
      const found = await onlinePlayer(uuid);
      if (!found.ok) return found;
      const h = await hiddenOf(found.value.known.uuid);
      await screens.sidebar(found.value.online);
      await audit.record({ actor, action: 'scoreboard.sidebar.refresh', target: found.value.known.uuid });
      return ok(status(found.value.known, h));
    },

    async refreshTabList(uuid, actor) {
      const found = await onlinePlayer(uuid);
      if (!found.ok) return found;
      await screens.tabList(found.value.online, true);
      await audit.record({ actor, action: 'scoreboard.tablist.refresh', target: found.value.known.uuid });
      return ok(playerFields(found.value.known));
    },

    async refreshNametag(uuid, actor) {
      const found = await onlinePlayer(uuid);
      if (!found.ok) return found;
      await screens.nametag(found.value.online, true);
      await audit.record({ actor, action: 'scoreboard.nametag.refresh', target: found.value.known.uuid });
      return ok(playerFields(found.value.known));
    },
  };
}
