// The teleport service: every area that moves a player (homes, warps, player warps, /back, /tp,
// /tpa, /world tp, jails) moves them through it, so that each move records the place left as
// the player's back location (kept in the database: it survives a restart) and may wait for a
// warm-up first. During a warm-up the player must stay on their block: moving to another block,
// leaving the game, or starting another teleport cancels it. The player is told when a warm-up
// starts; how a teleport ended is the result, which the caller tells (a command replies with it).

import type { Actor } from '../../core/kernel/actor.ts';
import type { AuditService, KnownPlayer, PermissionsService, PlayersService } from '../../core/kernel/api.ts';
import { createChain } from '../../core/kernel/chains.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { Db } from '../../core/storage/db.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import { InvalidInput } from '../../core/values/invalid-input.ts';
import { knownPlayer, playerFields } from '../../core/players/known-player.ts';
import type { LocationAnswer } from '../../core/values/location.ts';
import type { Logger } from '../../core/log/log.ts';
import { fail, ok, type Failure, type Result } from '../../core/kernel/result.ts';
import type { Scheduler } from '../../core/kernel/scheduler.ts';
import type { WarmupCancelReason } from './teleport.events.ts';
import { createTeleportStore } from './teleport.store.ts';
import { normalizeUuid } from '../../core/players/uuid.ts';
import type { GamePlatform, Location, OnlinePlayer } from '../../platform/platform.ts';

/** Players holding it are moved at once, whatever warm-up was asked for. */
export const TELEPORT_BYPASS_WARMUP = 'core.teleport.bypass-warmup';

/** The longest warm-up a caller may ask for, in seconds. */
export const MAX_WARMUP = 3600;

const CAUSE = /^[a-z][a-z0-9-]{0,31}$/;

export interface TeleportOptions {
  /** What moves the player, one word carried by the events: `home`, `warp`, `playerwarp`, `back`, … */
  cause: string;
  /**
   * Seconds the player must stand still first (0: at once). Left out, the server's setting
   * `teleport-warmup-seconds` of core.conf applies. Holders of core.teleport.bypass-warmup never wait.
   */
  warmupSeconds?: number;
  /**
   * Asked once the warm-up is over, right before the move (e.g. to charge a fee, so that a
   * cancelled warm-up costs nothing): a declined result is the teleport's result, and the player
   * stays where they are.
   */
  beforeMove?: () => Result<unknown> | Promise<Result<unknown>>;
  /**
   * Who asked for the move, when it is not the player's own doing (an admin's /tp, a route): the
   * teleport is then recorded in the audit log with that actor (action `teleport`).
   */
  actor?: Actor;
}

/**
 * Asked before every teleport through the service, and again right before the move after a
 * warm-up: a sentence for the player refuses it (the teleport's result is `refused` with that
 * message), undefined lets it go on to the next gate. A jail keeps its prisoners in, a world keeps
 * out who may not enter; a gate tells its own moves apart by `options.cause` (e.g. `jail`).
 */
export type TeleportGate = (player: OnlinePlayer, to: Location, options: TeleportOptions) => string | undefined;

export interface Teleported {
  from: Location;
  to: Location;
}

/** Where /back would take a player, in the rendering of the Remote Access Service. */
export interface BackLocation {
  location: LocationAnswer;
  /** The cause of the teleport that left it. */
  cause: string;
  /** When it was captured (ISO-8601 instant). */
  'captured-at': string;
}

export interface TeleportService {
  /**
   * Moves an online player to `to`, after a warm-up if one applies, and records where they were as
   * their back location. Declined with player-offline, failed (the world is not loaded, or the game
   * could not move them), refused (by a gate), cancelled (during the warm-up), or whatever
   * `beforeMove` declined with.
   * Resolves when the teleport is over, so after the warm-up.
   */
  teleport(uuid: string, to: Location, options: TeleportOptions): Promise<Result<Teleported>>;
  /**
   * The place a player's last teleport left, or where they last died (whichever came last);
   * not-found when they never teleported nor died (or never joined).
   */
  backLocation(uuid: string): Promise<Result<BackLocation>>;
  /**
   * Takes an online player to their back location (cause `back`, warm-up as asked or the server's),
   * which then becomes the place they left. Declined with player-offline, not-found (no back
   * location), or as `teleport` declines.
   */
  back(uuid: string, options?: Pick<TeleportOptions, 'warmupSeconds' | 'actor'>): Promise<Result<Teleported>>;
  /** Whether a player is in a warm-up now. */
  warmingUp(uuid: string): boolean;
  /**
   * Adds a gate at the end of the chain (the first refusal decides); returns the function that
   * removes it. A module's gates are removed when it stops.
   */
  addGate(gate: TeleportGate): () => void;
}

export interface TeleportDeps {
  db: Db;
  platform: GamePlatform;
  events: EventBus;
  scheduler: Scheduler;
  clock: Clock;
  log: Logger;
  players: Pick<PlayersService, 'get'>;
  permissions: Pick<PermissionsService, 'playerHas'>;
  /** Records the moves asked for by someone else (`options.actor`). */
  audit: Pick<AuditService, 'record'>;
  /** Read at each teleport: `core reload` may change it. */
  warmupSeconds: () => number;
}

interface Warmup {
  /** The block the player must stay on. */
  block: string;
  cancel(reason: WarmupCancelReason): void;
}

const CANCELLED: Record<WarmupCancelReason, (name: string) => string> = {
  moved: () => 'Teleport cancelled: you moved.',
  quit: (name) => `Teleport cancelled: ${name} left the game.`,
  'another-teleport': () => 'Teleport cancelled: you started another teleport.',
  shutdown: () => 'Teleport cancelled: the server is stopping.',
  died: () => 'Teleport cancelled: you died.',
};

const blockOf = (l: Location): string => `${l.world}/${Math.floor(l.x)}/${Math.floor(l.y)}/${Math.floor(l.z)}`;

const seconds = (n: number): string => `${n} second${n === 1 ? '' : 's'}`;

export interface Teleports extends TeleportService {
  /** Cancels every warm-up (reason shutdown) and stops listening to the platform. */
  stop(): void;
}

export function createTeleports(deps: TeleportDeps): Teleports {
  const { db, platform, events, scheduler, clock, log, players, permissions, audit } = deps;
  const store = createTeleportStore(db);
  const pending = new Map<string, Warmup>();
  const gates = createChain<TeleportGate>();

  /** The first gate's refusal, or undefined; a gate that throws refuses (and is logged). */
  function refusal(player: OnlinePlayer, to: Location, options: TeleportOptions): Failure | undefined {
    for (const gate of gates.links()) {
      let reason: string | undefined;
      try {
        reason = gate(player, to, options);
      } catch (e) {
        log.error(`a teleport gate failed on a teleport of ${player.name}; the teleport was refused`, e);
        return fail('refused', `The teleport of ${player.name} could not be checked, so it did not happen.`);
      }
      if (reason !== undefined) return fail('refused', reason);
    }
    return undefined;
  }

  function checkRequest(uuid: string, to: Location, options: TeleportOptions): string {
    const id = normalizeUuid(uuid);
    if (!id) throw new InvalidInput('uuid', `"${uuid}" is not a player uuid.`);
    for (const axis of ['x', 'y', 'z', 'yaw', 'pitch'] as const) {
      if (!Number.isFinite(to[axis])) throw new InvalidInput(`location.${axis}`, `The ${axis} of a location must be a finite number.`);
    }
    if (!CAUSE.test(options.cause)) throw new InvalidInput('cause', `"${options.cause}" is not a teleport cause (a word of a-z, 0-9 and -).`);
    const w = options.warmupSeconds;
    if (w !== undefined && !(Number.isFinite(w) && w >= 0 && w <= MAX_WARMUP)) {
      throw new InvalidInput('warmup-seconds', `A warm-up is from 0 to ${MAX_WARMUP} seconds, not ${w}.`);
    }
    return id;
  }

  async function offline(uuid: string): Promise<Failure> {
    const known: KnownPlayer | undefined = await players.get(uuid);
    return fail('player-offline', `${known?.name ?? uuid} is not online.`);
  }

  /** The move itself: the place left becomes the back location; the events follow. */
  async function move(player: OnlinePlayer, to: Location, options: TeleportOptions): Promise<Result<Teleported>> {
    const refused = refusal(player, to, options);
    if (refused) return refused;
    if (options.beforeMove) {
      const ready = await options.beforeMove();
      if (!ready.ok) return ready;
    }
    const from = platform.location(player.uuid);
    if (!from || !(await platform.teleport(player.uuid, to))) {
      if (!platform.player(player.uuid)) return offline(player.uuid);
      return fail('failed', `${player.name} could not be moved to ${to.world} (is that world loaded?).`);
    }
    const at = clock.now().toISOString();
    const about = { ...playerFields(player), cause: options.cause };
    events.emit('teleport.player-teleport', { ...about, from: { ...from }, to: { ...to } });
    try {
      await store.setBack(player.uuid, { location: from, cause: options.cause, capturedAt: at });
      events.emit('teleport.back-location-capture', { ...about, location: { ...from } });
    } catch (e) {
      // The player has moved all the same: the teleport is done, only /back lags behind.
      log.error(`the back location of ${player.name} could not be stored`, e);
    }
    if (options.actor) {
      const details = { cause: options.cause, from: { ...from }, to: { ...to } };
      await audit.record({ actor: options.actor, action: 'teleport', target: player.uuid, details }).catch((e: unknown) => {
        log.error(`the teleport of ${player.name} could not be recorded in the audit log`, e);
      });
    }
    return ok({ from, to: { ...to } });
  }

  function warmUp(player: OnlinePlayer, to: Location, options: TeleportOptions, wait: number): Promise<Result<Teleported>> {
    const here = platform.location(player.uuid);
    if (!here) return offline(player.uuid);
    return new Promise((resolve, reject) => {
      const about = { ...playerFields(player), cause: options.cause, to: { ...to } };
      const task = scheduler.after(wait * 1000, async () => {
        if (pending.get(player.uuid) !== warmup) return;
        pending.delete(player.uuid);
        try {
          resolve(await move(player, to, options));
        } catch (e) {
          reject(e);
        }
      });
      const warmup: Warmup = {
        block: blockOf(here),
        cancel(reason) {
          if (pending.get(player.uuid) !== warmup) return;
          pending.delete(player.uuid);
          task.cancel();
          events.emit('teleport.warmup-cancel', { ...about, reason });
          resolve(fail('cancelled', CANCELLED[reason](player.name)));
        },
      };
      pending.set(player.uuid, warmup);
      platform.sendMessage(player.uuid, { text: `Teleporting in ${seconds(wait)}, don't move.`, color: 'gold' });
      events.emit('teleport.warmup-start', { ...about, seconds: wait });
    });
  }

  const onMove = ({ player, to }: { player: OnlinePlayer; to: Location }): void => {
    const w = pending.get(player.uuid);
    if (w && blockOf(to) !== w.block) w.cancel('moved');
  };
  const onQuit = ({ player }: { player: OnlinePlayer }): void => pending.get(player.uuid)?.cancel('quit');
  /** Where a player dies becomes their back location (cause `death`), so /back returns them there. */
  const onDeath = ({ player, location }: { player: OnlinePlayer; location: Location }): void => {
    pending.get(player.uuid)?.cancel('died');
    const at = clock.now().toISOString();
    store
      .setBack(player.uuid, { location: { ...location }, cause: 'death', capturedAt: at })
      .then(() => events.emit('teleport.back-location-capture', { ...playerFields(player), cause: 'death', location: { ...location } }))
      .catch((e: unknown) => log.error(`the death location of ${player.name} could not be stored as their back location`, e));
  };
  platform.on('move', onMove);
  platform.on('quit', onQuit);
  platform.on('death', onDeath);

  async function teleport(uuid: string, to: Location, options: TeleportOptions): Promise<Result<Teleported>> {
    const id = checkRequest(uuid, to, options);
    const player = platform.player(id);
    if (!player) return offline(id);
    if (!platform.worlds().includes(to.world)) return fail('failed', `There is no world "${to.world}"; ${player.name} was not moved.`);
    const refused = refusal(player, to, options);
    if (refused) return refused;
    pending.get(id)?.cancel('another-teleport');
    const wait = permissions.playerHas(id, TELEPORT_BYPASS_WARMUP) ? 0 : (options.warmupSeconds ?? deps.warmupSeconds());
    return wait > 0 ? warmUp(player, to, options, wait) : move(player, to, options);
  }

  return {
    teleport,

    async backLocation(uuid) {
      const who = await knownPlayer(players, uuid);
      if (!who.ok) return who;
      const back = await store.back(who.value.uuid);
      if (!back) return fail('not-found', `${who.value.name} has no back location: they have not been teleported yet.`);
      return ok({ location: back.location, cause: back.cause, 'captured-at': back.capturedAt });
    },

    async back(uuid, options = {}) {
      const id = normalizeUuid(uuid);
      if (!id) throw new InvalidInput('uuid', `"${uuid}" is not a player uuid.`);
      if (!platform.player(id)) return offline(id);
      const back = await store.back(id);
      if (!back) return fail('not-found', `${platform.player(id)?.name ?? id} has no back location: they have not been teleported yet.`);
      return teleport(id, back.location, { ...options, cause: 'back' });
    },

    warmingUp: (uuid) => pending.has(normalizeUuid(uuid) ?? uuid),

    addGate: (gate) => gates.add(gate),

    stop() {
      for (const w of [...pending.values()]) w.cancel('shutdown');
      platform.off('move', onMove);
      platform.off('quit', onQuit);
      platform.off('death', onDeath);
    },
  };
}
