// The vanish published API. A vanished player is hidden, through a visibility rule of the platform,
// from every viewer whose see-level is below the vanished player's level: no entity, no tab list
// line, none of their chat, no join or quit line, and not offered in command completion. Vanish
// is stored, so it holds across a rejoin and a restart; an offline player can be vanished and is
// hidden from the moment they join. Answers are already in the rendering of the Remote Access
// Service.

import type { Actor } from '../../core/kernel/actor.ts';
import { actorName } from '../../core/kernel/actor.ts';
import type { AuditService, KnownPlayer, PermissionsService, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { Db } from '../../core/storage/db.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import { knownPlayer, playerFields } from '../../core/players/known-player.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { Scheduler } from '../../core/kernel/scheduler.ts';
import type { GamePlatform } from '../../platform/platform.ts';
import type { VanishedPlayer, VanishList, VanishStatus } from './vanish.schemas.ts';
import { createVanishStore, type VanishRow } from './vanish.store.ts';

/** What the player whose vanish changed reads. */
export function selfLine(s: VanishStatus): string {
  return s.hidden
    ? `You are now vanished (level ${s.level}): only players with a see-level of ${s.level} or more see you.`
    : 'You are visible again.';
}

export const VANISH_NODES = {
  /** Vanish oneself (/vanish), list the vanished (/vanish list). */
  use: 'core.vanish.use',
  /** Vanish or show another player. */
  others: 'core.vanish.others',
  /** Prefix of the vanish level: core.vanish.level.<n> (default 1). */
  level: 'core.vanish.level',
  /** Prefix of the see-level: core.vanish.see.<n> (default 0). */
  see: 'core.vanish.see',
} as const;

/** How often the rule is asked again while someone vanished is online (a permission may have changed). */
export const REFRESH_MS = 5000;

export interface VanishService {
  /** Whether a player is vanished, their level, and with `viewer` whether that player may see them. */
  status(uuid: string, viewer?: string | null): Promise<Result<VanishStatus>>;
  /** Every vanished player, online or not. */
  list(): Promise<Result<VanishList>>;
  /** Vanishes (true) or shows (false) a player, online or not; already-in-state when nothing changes. */
  set(uuid: string, vanished: boolean, actor: Actor): Promise<Result<VanishStatus>>;
  /** Flips a player's vanish. */
  toggle(uuid: string, actor: Actor): Promise<Result<VanishStatus>>;
  isVanished(uuid: string): boolean;
  /** The level a player hides at: core.vanish.level.<n>, else 1. */
  level(uuid: string): number;
  /** The highest level a player sees: core.vanish.see.<n>, and their own level when they may vanish; else 0. */
  seeLevel(uuid: string): number;
  /** Whether `viewer` may see `target` by the vanish rules (both uuids, online or not). */
  mayView(viewer: string, target: string): boolean;
}

export interface VanishDeps {
  db: Db;
  events: EventBus;
  clock: Clock;
  players: PlayersService;
  permissions: PermissionsService;
  audit: Pick<AuditService, 'record'>;
  platform: GamePlatform;
  scheduler: Scheduler;
}

/** The service, and what the module does with it at stop. */
export interface VanishRuntime {
  service: VanishService;
  /** Takes the visibility rule off (everyone is shown again). */
  stop(): void;
}

export async function createVanishService(deps: VanishDeps): Promise<VanishRuntime> {
  const { db, events, clock, players, permissions, audit, platform, scheduler } = deps;
  const store = createVanishStore(db);
  /** Every vanished player, by uuid: read once at start, then kept with the table. */
  const vanished = new Map<string, VanishRow>();
  for (const row of await store.all()) vanished.set(row.uuid, row);

  const level = (uuid: string) => Math.max(1, permissions.numeric(uuid, VANISH_NODES.level) ?? 1);
  const seeLevel = (uuid: string) =>
    Math.max(0, permissions.numeric(uuid, VANISH_NODES.see) ?? 0, permissions.playerHas(uuid, VANISH_NODES.use) ? level(uuid) : 0);
  const mayView = (viewer: string, target: string) => viewer === target || !vanished.has(target) || seeLevel(viewer) >= level(target);

  const removeRule = platform.addVisibilityRule((viewer, target) => mayView(viewer.uuid, target.uuid));

  // Permissions have no change notice: while someone vanished is online, the rule is asked again
  // every few seconds, so a see-level granted or taken shows within REFRESH_MS.
  scheduler.every(REFRESH_MS, () => {
    if (platform.onlinePlayers().some((p) => vanished.has(p.uuid))) platform.refreshVisibility();
  });

  platform.on('join', ({ player }) => {
    if (!vanished.has(player.uuid)) return;
    const n = level(player.uuid);
    platform.sendMessage(player.uuid, {
      text: `You joined vanished (level ${n}): only players with a see-level of ${n} or more see you. /vanish to show yourself.`,
      color: 'gray',
    });
  });

  function render(p: KnownPlayer, viewer: string | null): VanishStatus {
    const row = vanished.get(p.uuid);
    return {
      ...playerFields(p),
      online: platform.player(p.uuid) !== undefined,
      hidden: row !== undefined,
      level: level(p.uuid),
      since: row?.since ?? null,
      'visible-to-viewer': viewer === null ? null : mayView(viewer, p.uuid),
    };
  }

  async function set(uuid: string, hide: boolean, actor: Actor): Promise<Result<VanishStatus>> {
    const who = await knownPlayer(players, uuid);
    if (!who.ok) return who;
    const p = who.value;
    if (vanished.has(p.uuid) === hide) {
      return fail('already-in-state', hide ? `${p.name} is already vanished.` : `${p.name} is not vanished.`);
    }
    // Memory first (the rule reads it, and a second call meanwhile finds the new state), then the table.
    const row: VanishRow = { uuid: p.uuid, since: clock.now().toISOString(), actor: actorName(actor) };
    const before = vanished.get(p.uuid);
    if (hide) vanished.set(p.uuid, row);
    else vanished.delete(p.uuid);
    try {
      if (hide) await store.add(row);
      else await store.remove(p.uuid);
    } catch (e) {
      if (before) vanished.set(p.uuid, before);
      else vanished.delete(p.uuid);
      throw e;
    }
    platform.refreshVisibility();
    await audit.record({ actor, action: hide ? 'vanish.on' : 'vanish.off', target: p.uuid, details: { level: level(p.uuid) } });
    const status = render(p, null);
    events.emit('vanish.toggle', { ...playerFields(p), vanished: hide, level: status.level, online: status.online, actor: actorName(actor) });
    // Someone else (an admin, a program) changed it: the player learns it at once.
    if (status.online && !(actor.kind === 'player' && actor.uuid === p.uuid)) platform.sendMessage(p.uuid, selfLine(status));
    return ok(status);
  }

  const service: VanishService = {
    set,
    isVanished: (uuid) => vanished.has(uuid),
    level,
    seeLevel,
    mayView,

    async status(uuid, viewer) {
      let viewerId: string | null = null;
      if (viewer !== undefined && viewer !== null) {
        const v = await knownPlayer(players, viewer, 'viewer');
        if (!v.ok) return fail('not-found', `The viewer ${viewer} has never joined this server.`);
        viewerId = v.value.uuid;
      }
      const who = await knownPlayer(players, uuid);
      if (!who.ok) return who;
      return ok(render(who.value, viewerId));
    },

    async list() {
      const rows: VanishedPlayer[] = [];
      for (const row of vanished.values()) {
        const p = await players.get(row.uuid);
        const name = p?.name ?? row.uuid;
        rows.push({ 'player-id': row.uuid, 'player-name': name, online: platform.player(row.uuid) !== undefined, level: level(row.uuid), since: row.since });
      }
      rows.sort((a, b) => a['player-name'].localeCompare(b['player-name'], 'en', { sensitivity: 'base' }));
      return ok({ players: rows, count: rows.length });
    },

    async toggle(uuid, actor) {
      const who = await knownPlayer(players, uuid);
      if (!who.ok) return who;
      return set(who.value.uuid, !vanished.has(who.value.uuid), actor);
    },
  };

  return { service, stop: removeRule };
}
