// The presence's published API: each online player's away (AFK) flag, with when it began and why,
// and the time of their last activity. The state lives in memory: a player who leaves is no longer
// away, and nobody is online across a restart. Every change emits presence.afk, whatever its cause.

import type { Actor } from '../../core/kernel/actor.ts';
import { actorName } from '../../core/kernel/actor.ts';
import type { AuditService, PermissionsService, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import { InvalidInput } from '../../core/values/invalid-input.ts';
import { knownPlayer } from '../../core/players/known-player.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { Said } from '../../core/messages/catalogue.ts';
import type { Messages } from '../../core/messages/messages.ts';
import type { GamePlatform, OnlinePlayer, Text } from '../../platform/platform.ts';
import type { PresenceConfig } from './presence.config.ts';
import { msg } from './presence.messages.ts';
import { MAX_REASON, type AfkCause, type AwayList, type Presence } from './presence.schemas.ts';

/** Players holding it are marked away by themselves after afk-after-seconds without activity. */
export const AFK_AUTO_NODE = 'core.afk.auto';

/** What counts as activity: each clears the away flag (with itself as the cause). */
export type ActivityCause = Extract<AfkCause, 'move' | 'chat' | 'command' | 'interact'>;

export interface PresenceService {
  /** A known player's flag; an offline player is not away (online false, idle-seconds null). */
  get(uuid: string): Promise<Result<Presence>>;
  /** Everyone online who is away now, longest away first. */
  listAway(): Result<AwayList>;
  /**
   * Marks an online player away (with an optional reason) or back: the route. player-offline for
   * an offline player; already-in-state when they already are (the reason is not changed).
   */
  set(uuid: string, away: boolean, reason: string | null, actor: Actor): Promise<Result<Presence>>;
  /** /afk: an away player comes back, anyone else goes away with the reason. */
  toggle(uuid: string, reason: string | null, actor: Actor): Promise<Result<Presence>>;
  isAway(uuid: string): boolean;
  /** The player did something: their idle time starts again, and an away flag is cleared. */
  activity(uuid: string, cause: ActivityCause): void;
  /** Marks away every online player idle for afk-after-seconds (run every second by the module). */
  sweep(): void;
  /** The platform's join and quit, passed on by the module. */
  joined(player: OnlinePlayer): void;
  left(player: OnlinePlayer): void;
}

export interface PresenceDeps {
  events: EventBus;
  clock: Clock;
  players: Pick<PlayersService, 'get' | 'serverOf'>;
  permissions: Pick<PermissionsService, 'playerHas'>;
  audit: Pick<AuditService, 'record'>;
  platform: GamePlatform;
  /** What players (and the console) are told, each in their language. */
  messages: Pick<Messages, 'tell' | 'plain'>;
  /** Read at each use: `core reload` may change it. */
  config: () => PresenceConfig;
  /** This server's name in the network, for the players online here. */
  serverName: string;
}

interface Away {
  since: number;
  reason: string | null;
}

interface State {
  player: OnlinePlayer;
  /** Milliseconds (clock) of the last activity, or of the join. */
  lastActivity: number;
  away?: Away;
  /** Set while the tab-list marker shows: the tab-list name to put back. */
  tabName?: { before: Text | undefined };
}

export function checkReason(reason: string | null | undefined): string | null {
  if (reason === undefined || reason === null) return null;
  const r = reason.trim();
  if (r.length === 0) throw new InvalidInput('reason', 'A reason is not blank.');
  if (r.length > MAX_REASON) throw new InvalidInput('reason', `A reason is at most ${MAX_REASON} characters (this one has ${r.length}).`);
  return r;
}

export function createPresenceService(deps: PresenceDeps): PresenceService {
  const { events, clock, players, permissions, audit, platform, messages, config } = deps;
  const states = new Map<string, State>();
  const now = () => clock.now().getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  const seconds = (ms: number) => Math.max(0, Math.floor(ms / 1000));

  function stateOf(player: OnlinePlayer): State {
    let s = states.get(player.uuid);
    if (!s) {
      s = { player, lastActivity: now() };
      states.set(player.uuid, s);
    }
    return s;
  }

  /** `elsewhere`: the server of the network a player who is not on this one is on, or null. */
  function render(s: State | undefined, elsewhere: string | null = null): Presence {
    if (!s) return { away: false, since: null, reason: null, online: elsewhere !== null, server: elsewhere, 'idle-seconds': null };
    return {
      server: deps.serverName,
      away: s.away !== undefined,
      since: s.away ? iso(s.away.since) : null,
      reason: s.away?.reason ?? null,
      online: true,
      'idle-seconds': seconds(now() - s.lastActivity),
    };
  }

  /**
   * Tells the player, and (announce on) the console and everyone else who can see them: a player
   * hidden from a viewer (vanish) does not go away or come back in that viewer's chat either.
   */
  function tell(s: State, self: Said, others: Said): void {
    messages.tell(s.player.uuid, self);
    if (!config().announce) return;
    for (const p of platform.onlinePlayers()) {
      if (p.uuid !== s.player.uuid && platform.canSee(p.uuid, s.player.uuid)) messages.tell(p.uuid, others);
    }
    platform.consoleMessage(messages.plain(others));
  }

  /** "[AFK] " before the tab-list name while away; the name the player had is put back after. */
  function marker(s: State, on: boolean): void {
    if (on) {
      if (!config().tabListMarker) return;
      const before = platform.tabName(s.player.uuid);
      s.tabName = { before };
      platform.setTabName(s.player.uuid, { text: '[AFK] ', color: 'gray', extra: [before ?? { text: s.player.name, color: 'white' }] });
    } else if (s.tabName) {
      platform.setTabName(s.player.uuid, s.tabName.before);
      s.tabName = undefined;
    }
  }

  function goAway(s: State, reason: string | null, cause: AfkCause, actor: Actor | null): void {
    const away = { since: now(), reason };
    s.away = away;
    const player = s.player.name;
    if (reason) tell(s, msg('presence.away-reason', { reason }), msg('presence.away-reason-other', { player, reason }));
    else tell(s, msg('presence.away'), msg('presence.away-other', { player }));
    marker(s, true);
    events.emit('presence.afk', {
      'player-id': s.player.uuid,
      'player-name': s.player.name,
      away: true,
      reason,
      since: iso(away.since),
      'away-seconds': null,
      cause,
      actor: actor ? actorName(actor) : null,
    });
  }

  function comeBack(s: State, cause: AfkCause, actor: Actor | null): void {
    const away = s.away;
    if (!away) return;
    s.away = undefined;
    s.lastActivity = now();
    if (cause !== 'quit') {
      tell(s, msg('presence.back'), msg('presence.back-other', { player: s.player.name }));
      marker(s, false);
    }
    events.emit('presence.afk', {
      'player-id': s.player.uuid,
      'player-name': s.player.name,
      away: false,
      reason: away.reason,
      since: iso(away.since),
      'away-seconds': seconds(now() - away.since),
      cause,
      actor: actor ? actorName(actor) : null,
    });
  }

  async function online(uuid: string): Promise<Result<State>> {
    const who = await knownPlayer(players, uuid);
    if (!who.ok) return who;
    const p = platform.player(who.value.uuid);
    if (!p) return fail('player-offline', `${who.value.name} is not online.`, { about: who.value.uuid, other: msg('presence.offline-other', { player: who.value.name }) });
    return ok(stateOf(p));
  }

  async function record(s: State, actor: Actor): Promise<void> {
    await audit.record({ actor, action: 'presence.afk', target: s.player.uuid, details: { away: s.away !== undefined, reason: s.away?.reason ?? null } });
  }

  return {
    async get(uuid) {
      const who = await knownPlayer(players, uuid);
      if (!who.ok) return who;
      const id = who.value.uuid;
      if (platform.player(id)) return ok(render(states.get(id)));
      // Away flags are this server's; another server of the network says only where the player is.
      return ok(render(undefined, await players.serverOf(id)));
    },

    listAway() {
      const t = now();
      const away = [...states.values()]
        .filter((s): s is State & { away: Away } => s.away !== undefined)
        .sort((a, b) => a.away.since - b.away.since || a.player.name.localeCompare(b.player.name))
        .map((s) => ({
          uuid: s.player.uuid,
          name: s.player.name,
          since: iso(s.away.since),
          reason: s.away.reason,
          'away-seconds': seconds(t - s.away.since),
        }));
      return ok({ players: away, count: away.length });
    },

    async set(uuid, away, reasonIn, actor) {
      const reason = checkReason(reasonIn);
      if (!away && reason !== null) throw new InvalidInput('reason', 'A reason goes only with away true.');
      const r = await online(uuid);
      if (!r.ok) return r;
      const s = r.value;
      if ((s.away !== undefined) === away) {
        return fail('already-in-state', `${s.player.name} is ${away ? 'already away' : 'not away'}.`);
      }
      if (away) goAway(s, reason, 'route', actor);
      else comeBack(s, 'route', actor);
      await record(s, actor);
      return ok(render(s));
    },

    async toggle(uuid, reasonIn, actor) {
      const reason = checkReason(reasonIn);
      const r = await online(uuid);
      if (!r.ok) return r;
      const s = r.value;
      if (s.away) comeBack(s, 'afk-command', actor);
      else goAway(s, reason, 'afk-command', actor);
      await record(s, actor);
      return ok(render(s));
    },

    isAway: (uuid) => states.get(uuid)?.away !== undefined,

    activity(uuid, cause) {
      const s = states.get(uuid);
      if (!s) return;
      s.lastActivity = now();
      if (s.away) comeBack(s, cause, null);
    },

    sweep() {
      const after = config().afkAfterSeconds;
      if (after <= 0) return;
      const t = now();
      for (const s of [...states.values()]) {
        if (s.away || t - s.lastActivity < after * 1000) continue;
        if (!platform.player(s.player.uuid) || !permissions.playerHas(s.player.uuid, AFK_AUTO_NODE)) continue;
        goAway(s, null, 'idle', null);
      }
    },

    joined(player) {
      states.set(player.uuid, { player, lastActivity: now() });
    },

    left(player) {
      const s = states.get(player.uuid);
      if (!s) return;
      if (s.away) comeBack(s, 'quit', null);
      states.delete(player.uuid);
    },
  };
}
