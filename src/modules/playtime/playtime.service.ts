// The playtime's published API: time played, counted across sessions and restarts, with the time
// spent away (AFK) apart. Online players' time gathers in memory and is added to the database's
// running totals every flush-seconds, when they leave and when the server stops. Whether a player
// is away is learnt from presence.afk on the event bus, so this module needs no other: without
// the presence module on, all time counts as active.

import type { KnownPlayer, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { Logger } from '../../core/log/log.ts';
import { knownPlayer } from '../../core/players/known-player.ts';
import { ok, type Result } from '../../core/kernel/result.ts';
import type { OnlinePlayer } from '../../platform/platform.ts';
import type { Playtime, PlaytimeRank } from './playtime.schemas.ts';
import type { PlaytimeStore } from './playtime.store.ts';

export interface PlaytimeService {
  /** A known player's time played; not-found for a player never seen. */
  get(uuid: string): Promise<Result<Playtime>>;
  /** The players with the most active time, most first (their time this session included). */
  top(limit: number): Promise<Result<PlaytimeRank[]>>;
  /** The platform's join and quit, and presence.afk, passed on by the module. */
  joined(player: OnlinePlayer): void;
  left(player: OnlinePlayer): Promise<void>;
  awayChanged(uuid: string, away: boolean): void;
  /** Writes the time gathered for every online player. */
  flush(): Promise<void>;
  /** The last write, at shutdown: nothing is counted afterwards. */
  stop(): Promise<void>;
}

interface Session {
  player: OnlinePlayer;
  start: number;
  /** Time up to here is in the pending buckets. */
  checkpoint: number;
  away: boolean;
  pendingActive: number;
  pendingAfk: number;
  /** The write that began the session (the later ones wait for it). */
  started: Promise<void>;
}

export interface PlaytimeDeps {
  store: PlaytimeStore;
  clock: Clock;
  players: Pick<PlayersService, 'get'>;
  log: Logger;
}

export function createPlaytimeService(deps: PlaytimeDeps): PlaytimeService {
  const { store, clock, players, log } = deps;
  const sessions = new Map<string, Session>();
  const now = () => clock.now().getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  let stopped = false;
  /** Writes of players who left, still running: the last write at shutdown waits for them. */
  const leaving = new Set<Promise<void>>();

  /** Moves the time since the checkpoint into the bucket of the state the player was in. */
  function checkpoint(s: Session): void {
    const t = now();
    const ms = Math.max(0, t - s.checkpoint);
    s.checkpoint = t;
    if (s.away) s.pendingAfk += ms;
    else s.pendingActive += ms;
  }

  async function write(s: Session): Promise<void> {
    checkpoint(s);
    const active = s.pendingActive;
    const afk = s.pendingAfk;
    if (active === 0 && afk === 0) return;
    s.pendingActive -= active;
    s.pendingAfk -= afk;
    try {
      await s.started;
      await store.add(s.player.uuid, active, afk, iso(now()));
    } catch (e) {
      // Kept for the next write.
      s.pendingActive += active;
      s.pendingAfk += afk;
      throw e;
    }
  }

  async function render(p: KnownPlayer): Promise<Playtime> {
    const row = await store.get(p.uuid);
    const s = sessions.get(p.uuid);
    if (s) checkpoint(s);
    const activeMs = (row?.activeMs ?? 0) + (s?.pendingActive ?? 0);
    const afkMs = (row?.afkMs ?? 0) + (s?.pendingAfk ?? 0);
    const total = Math.floor((activeMs + afkMs) / 1000);
    const afk = Math.min(total, Math.floor(afkMs / 1000));
    return {
      'total-seconds': total,
      'active-seconds': total - afk,
      'afk-seconds': afk,
      sessions: row?.sessions ?? (s ? 1 : 0),
      online: s !== undefined,
      'session-seconds': s ? Math.floor((now() - s.start) / 1000) : null,
      'session-started-at': s ? iso(s.start) : null,
      'first-join': p.firstSeen,
      'counted-since': row?.countedSince ?? (s ? iso(s.start) : null),
    };
  }

  const service: PlaytimeService = {
    async get(uuid) {
      const who = await knownPlayer(players, uuid);
      if (!who.ok) return who;
      return ok(await render(who.value));
    },

    async top(limit) {
      await service.flush();
      const rows = await store.top(limit);
      const ranks: PlaytimeRank[] = [];
      for (const r of rows) {
        const p = await players.get(r.uuid);
        ranks.push({ uuid: r.uuid, name: p?.name ?? r.uuid, activeSeconds: Math.floor(r.activeMs / 1000), totalSeconds: Math.floor((r.activeMs + r.afkMs) / 1000) });
      }
      return ok(ranks);
    },

    joined(player) {
      if (stopped || sessions.has(player.uuid)) return;
      const t = now();
      const started = store.startSession(player.uuid, iso(t)).catch((e: unknown) => log.error(`could not record the session of ${player.name}`, e));
      sessions.set(player.uuid, { player, start: t, checkpoint: t, away: false, pendingActive: 0, pendingAfk: 0, started });
    },

    async left(player) {
      const s = sessions.get(player.uuid);
      if (!s || stopped) return;
      sessions.delete(player.uuid);
      const done = write(s).catch((e: unknown) => log.error(`could not write the playtime of ${player.name}`, e));
      leaving.add(done);
      await done;
      leaving.delete(done);
    },

    awayChanged(uuid, away) {
      const s = sessions.get(uuid);
      if (!s || s.away === away) return;
      checkpoint(s);
      s.away = away;
    },

    async flush() {
      if (stopped) return;
      await Promise.all(
        [...sessions.values()].map((s) => write(s).catch((e: unknown) => log.error(`could not write the playtime of ${s.player.name}`, e))),
      );
    },

    async stop() {
      await Promise.all([service.flush(), ...leaving]);
      stopped = true;
      sessions.clear();
    },
  };
  return service;
}
