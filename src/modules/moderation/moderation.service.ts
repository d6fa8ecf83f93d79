// The sanctions' published API: bans, mutes, warnings, kicks, the history read, address bans and
// alt detection (moderation.addresses.ts). Jails are the other half of the module (jail.*); the
// sanctions read asks it through `jailOf`. Answers are already in the rendering of the Remote
// Access Service. What is in force is also kept in memory, because the login gate, the chat
// filter and the command check are synchronous; the store is written first, the memory follows.

import { actorName, type Actor } from '../../core/kernel/actor.ts';
import type { AuditService, KnownPlayer, PermissionsService, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { Db } from '../../core/storage/db.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import { InvalidInput } from '../../core/values/invalid-input.ts';
import { knownPlayer, playerFields } from '../../core/players/known-player.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { ScheduledTask, Scheduler } from '../../core/kernel/scheduler.ts';
import type { GamePlatform, Text } from '../../platform/platform.ts';
import { MAX_HISTORY } from '../../core/log/audit.ts';
import { createAddressSanctions, type AddressSanctions } from './moderation.addresses.ts';
import type { ModerationConfig } from './moderation.config.ts';
import { enforceSanctions } from './moderation.enforce.ts';
import type { ChatFilters, LoginGates } from '../../core/kernel/chains.ts';
import type { CommandChecks, CommandRegistry } from '../../core/commands/commands.ts';
import type { Logger } from '../../core/log/log.ts';
import { announce, banScreen, kickScreen, mutedNotice, unmutedNotice, warnedNotice } from './moderation.messages.ts';
import { MAX_DURATION_SECONDS } from './moderation.duration.ts';
import type { Ban, History, Jailing, Kick, Mute, Sanctions, Warned, Warning } from './moderation.schemas.ts';
import { createModerationStore, type SanctionKind, type SanctionRow, type WarningRow } from './moderation.store.ts';
import { hearSanctions, tellSanction } from './moderation.network.ts';
import type { NetworkSignals } from '../../core/network/network-signals.ts';

/** Staff holding it read silent sanctions and alt detections. */
export const NOTIFY_NODE = 'core.moderation.notify';
/** A player holding it cannot be banned, muted, kicked or warned by another player (the console and routes still can). */
export const EXEMPT_NODE = 'core.moderation.exempt';

export interface SanctionInput {
  reason?: string | null;
  /** Present: temporary; absent: permanent. */
  'duration-seconds'?: number;
  /** Leaves out the server-wide announcement only. */
  silent?: boolean;
}

export interface ModerationService extends AddressSanctions {
  /** What is in force against a player: ban, mute, jail and warnings, each null when none. */
  sanctions(uuid: string): Promise<Result<Sanctions>>;
  /** The audited actions whose target is the player, newest first (limit 1 to 100). */
  history(uuid: string, limit?: number): Promise<Result<History>>;
  /** Bans a player (kicked at once when online); already-in-state when a ban is in force. */
  ban(uuid: string, input: SanctionInput, actor: Actor): Promise<Result<Ban>>;
  /** Lifts the ban in force and answers it; already-in-state when there is none. */
  unban(uuid: string, input: { silent?: boolean }, actor: Actor): Promise<Result<Ban>>;
  /** Mutes a player; already-in-state when a mute is in force. */
  mute(uuid: string, input: SanctionInput, actor: Actor): Promise<Result<Mute>>;
  /** Lifts the mute in force and answers it; already-in-state when there is none. */
  unmute(uuid: string, input: { silent?: boolean }, actor: Actor): Promise<Result<Mute>>;
  /** Disconnects an online player with the reason; player-offline otherwise. */
  kick(uuid: string, input: { reason?: string | null; silent?: boolean }, actor: Actor): Promise<Result<Kick>>;
  /** Warns a player (online or not); the reason is required. */
  warn(uuid: string, input: { reason: string; silent?: boolean }, actor: Actor): Promise<Result<Warned>>;
  /** The ban or mute in force now (synchronous: for the gates and the other modules), or null. */
  banOf(uuid: string): Ban | null;
  muteOf(uuid: string): Mute | null;
}

export interface ModerationDeps {
  db: Db;
  events: EventBus;
  clock: Clock;
  scheduler: Scheduler;
  players: PlayersService;
  permissions: Pick<PermissionsService, 'playerHas'>;
  audit: AuditService;
  platform: GamePlatform;
  log: Logger;
  chat: ChatFilters;
  logins: LoginGates;
  commands: CommandRegistry & CommandChecks;
  /** Read at each use: `core reload` may change it. */
  config: () => ModerationConfig;
  /** The jail sentence in force against a player (the jail half of the module), or null. */
  jailOf(uuid: string): Promise<Jailing | null>;
  /** Sanctions imposed and lifted on the other servers sharing the database (none: this server alone). */
  signals?: NetworkSignals;
}

export const renderSanction = (s: SanctionRow): Ban | Mute => ({
  reason: s.reason,
  actor: s.actor,
  'issued-at': s.issuedAt,
  'duration-seconds': s.durationSeconds,
  'expires-at': s.expiresAt,
});

/** The payload of a ban or mute event: who, by whom, why, for how long, whether announced. */
const sanctionEvent = (p: KnownPlayer, s: SanctionRow, silent: boolean) => ({
  ...playerFields(p),
  actor: s.actor,
  reason: s.reason,
  'duration-seconds': s.durationSeconds,
  'expires-at': s.expiresAt,
  silent,
});

const renderWarning = (w: WarningRow): Warning => ({ id: w.id, reason: w.reason, actor: w.actor, 'issued-at': w.issuedAt });

/** A reason as given (trimmed; empty is none), refused naming `reason` when too long. */
export function checkReason(reason: string | null | undefined): string | null {
  if (reason === undefined || reason === null) return null;
  if (typeof reason !== 'string') throw new InvalidInput('reason', 'A reason is a text.');
  const r = reason.trim();
  if (r.length > 256) throw new InvalidInput('reason', 'A reason is at most 256 characters.');
  return r === '' ? null : r;
}

export function checkDuration(seconds: number | undefined): number | null {
  if (seconds === undefined) return null;
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_DURATION_SECONDS) {
    throw new InvalidInput('duration-seconds', `A duration is a whole number of seconds from 1 to ${MAX_DURATION_SECONDS} (10 years).`);
  }
  return seconds;
}

export async function createModerationService(deps: ModerationDeps): Promise<ModerationService> {
  const { events, clock, scheduler, players, permissions, audit, platform, jailOf } = deps;
  const store = createModerationStore(deps.db);
  const { db } = store;
  const inForce: Record<SanctionKind, Map<string, SanctionRow>> = { ban: await store.allSanctions('ban'), mute: await store.allSanctions('mute') };
  const expiries = new Map<string, ScheduledTask>();

  const known = (uuid: string): Promise<Result<KnownPlayer>> => knownPlayer(players, uuid);
  const isLive = (s: SanctionRow | undefined): s is SanctionRow => s !== undefined && (s.expiresAt === null || Date.parse(s.expiresAt) > clock.now().getTime());
  const liveOf = (kind: SanctionKind, uuid: string) => {
    const s = inForce[kind].get(uuid);
    return isLive(s) ? s : undefined;
  };

  /** The server-wide line, or (silent) the line for staff holding the notify node only. */
  function tell(line: string, silent: boolean): void {
    if (!silent) {
      platform.broadcast({ text: line, color: 'gold' });
      return;
    }
    for (const p of platform.onlinePlayers()) {
      if (permissions.playerHas(p.uuid, NOTIFY_NODE)) platform.sendMessage(p.uuid, { text: `[silent] ${line}`, color: 'gray' });
    }
  }
  const notifyStaff = (line: Text) => {
    for (const p of platform.onlinePlayers()) if (permissions.playerHas(p.uuid, NOTIFY_NODE)) platform.sendMessage(p.uuid, line);
  };

  function sanctionRow(input: SanctionInput, actor: Actor): SanctionRow {
    const reason = checkReason(input.reason);
    const durationSeconds = checkDuration(input['duration-seconds']);
    const now = clock.now();
    const expiresAt = durationSeconds === null ? null : new Date(now.getTime() + durationSeconds * 1000).toISOString();
    return { reason, actor: actorName(actor), issuedAt: now.toISOString(), durationSeconds, expiresAt };
  }

  /** A temporary ban or mute ends by itself at its expiry (also one read back after a restart). */
  function scheduleExpiry(kind: SanctionKind, uuid: string, s: SanctionRow): void {
    expiries.get(`${kind}:${uuid}`)?.cancel();
    expiries.delete(`${kind}:${uuid}`);
    if (s.expiresAt === null) return;
    expiries.set(
      `${kind}:${uuid}`,
      scheduler.at(new Date(s.expiresAt), () => expire(kind, uuid, s)),
    );
  }

  async function expire(kind: SanctionKind, uuid: string, s: SanctionRow): Promise<void> {
    if (inForce[kind].get(uuid) !== s) return; // lifted or replaced meanwhile
    expiries.delete(`${kind}:${uuid}`);
    inForce[kind].delete(uuid);
    // Every server of a network runs the expiry; the one that deleted the row emits the event.
    const removed = await store.removeSanction(db, kind, uuid);
    if (kind !== 'mute') return;
    platform.sendMessage(uuid, unmutedNotice(true));
    const p = removed ? await players.get(uuid) : undefined;
    if (p) events.emit('moderation.player-unmute', { ...playerFields(p), actor: null, cause: 'expired' });
  }

  for (const kind of ['ban', 'mute'] as const) for (const [uuid, s] of inForce[kind]) scheduleExpiry(kind, uuid, s);

  /** Refused when a player acts on a player who holds the exempt node. */
  function exempt(p: KnownPlayer, actor: Actor, what: string): Result<never> | undefined {
    if (actor.kind !== 'player' || !permissions.playerHas(p.uuid, EXEMPT_NODE)) return undefined;
    return fail('refused', `${p.name} cannot be ${what} by a player (${EXEMPT_NODE}).`);
  }

  /** Puts a ban or mute in force (memory first, so that two at once cannot both pass the check). */
  async function impose(kind: SanctionKind, uuid: string, input: SanctionInput, actor: Actor): Promise<Result<{ p: KnownPlayer; s: SanctionRow }>> {
    const s = sanctionRow(input, actor);
    const who = await known(uuid);
    if (!who.ok) return who;
    const p = who.value;
    const refused = exempt(p, actor, kind === 'ban' ? 'banned' : 'muted');
    if (refused) return refused;
    const before = liveOf(kind, p.uuid);
    if (before) {
      const what = kind === 'ban' ? 'banned' : 'muted';
      const end = before.expiresAt === null ? 'permanently' : `until ${before.expiresAt}`;
      return fail('already-in-state', `${p.name} is already ${what} ${end}; lift it first to change it.`);
    }
    const previous = inForce[kind].get(p.uuid);
    inForce[kind].set(p.uuid, s);
    try {
      await db.transaction().execute(async (tx) => {
        await store.putSanction(tx, kind, p.uuid, s);
        await tellSanction(deps.signals, kind, p.uuid, tx);
      });
    } catch (e) {
      if (previous) inForce[kind].set(p.uuid, previous);
      else inForce[kind].delete(p.uuid);
      throw e;
    }
    scheduleExpiry(kind, p.uuid, s);
    await audit.record({
      actor,
      action: `moderation.${kind}`,
      target: p.uuid,
      details: { reason: s.reason, 'duration-seconds': s.durationSeconds, 'expires-at': s.expiresAt, silent: input.silent === true },
    });
    return ok({ p, s });
  }

  /** Lifts the ban or mute in force; already-in-state when there is none (not banned is the state asked for). */
  async function lift(kind: SanctionKind, uuid: string, silent: boolean, actor: Actor): Promise<Result<{ p: KnownPlayer; s: SanctionRow }>> {
    const who = await known(uuid);
    if (!who.ok) return who;
    const p = who.value;
    const s = liveOf(kind, p.uuid);
    if (!s) return fail('already-in-state', `${p.name} is not ${kind === 'ban' ? 'banned' : 'muted'}.`);
    inForce[kind].delete(p.uuid);
    expiries.get(`${kind}:${p.uuid}`)?.cancel();
    expiries.delete(`${kind}:${p.uuid}`);
    await store.removeSanction(db, kind, p.uuid);
    await tellSanction(deps.signals, kind, p.uuid);
    await audit.record({ actor, action: `moderation.un${kind}`, target: p.uuid, details: { silent } });
    return ok({ p, s });
  }

  const addresses = await createAddressSanctions({
    db,
    store,
    clock,
    scheduler,
    players,
    audit,
    platform,
    events,
    tell,
    notifyStaff,
    sanctionRow,
    banOf: (uuid) => liveOf('ban', uuid),
    ...(deps.signals ? { signals: deps.signals } : {}),
  });
  if (deps.signals) {
    hearSanctions(deps.signals, store, {
      stored(kind, uuid, row) {
        const before = liveOf(kind, uuid);
        if (row) inForce[kind].set(uuid, row);
        else inForce[kind].delete(uuid);
        if (row) scheduleExpiry(kind, uuid, row);
        else {
          expiries.get(`${kind}:${uuid}`)?.cancel();
          expiries.delete(`${kind}:${uuid}`);
        }
        const now = liveOf(kind, uuid);
        if (kind === 'ban' && now && platform.player(uuid)) platform.kick(uuid, banScreen(now, clock.now()));
        if (kind === 'mute' && now && !before) platform.sendMessage(uuid, mutedNotice(now));
        if (kind === 'mute' && !now && before) platform.sendMessage(uuid, unmutedNotice(false));
      },
      storedIp: (address, row) => addresses.stored(address, row),
      held: (kind) => inForce[kind].keys(),
      heldIps: () => addresses.held(),
    });
  }
  enforceSanctions({
    platform,
    clock,
    log: deps.log,
    chat: deps.chat,
    logins: deps.logins,
    commands: deps.commands,
    config: deps.config,
    banOf: (uuid) => liveOf('ban', uuid),
    muteOf: (uuid) => liveOf('mute', uuid),
    addresses,
  });

  return {
    ...addresses.api,

    banOf: (uuid) => {
      const s = liveOf('ban', uuid);
      return s ? renderSanction(s) : null;
    },
    muteOf: (uuid) => {
      const s = liveOf('mute', uuid);
      return s ? renderSanction(s) : null;
    },

    async sanctions(uuid) {
      const who = await known(uuid);
      if (!who.ok) return who;
      const p = who.value;
      const ban = liveOf('ban', p.uuid);
      const mute = liveOf('mute', p.uuid);
      const warnings = (await store.warnings(db, p.uuid)).map(renderWarning);
      return ok({
        ban: ban ? renderSanction(ban) : null,
        mute: mute ? renderSanction(mute) : null,
        jail: await jailOf(p.uuid),
        warnings: warnings.length > 0 ? warnings : null,
      });
    },

    async history(uuid, limit = 10) {
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_HISTORY) throw new InvalidInput('limit', `limit is a whole number from 1 to ${MAX_HISTORY}.`);
      const who = await known(uuid);
      if (!who.ok) return who;
      const entries = await audit.history(who.value.uuid, limit);
      return ok({ entries: entries.map((e) => ({ id: e.id, action: e.action, actor: e.actor, at: e.at, details: e.details })) });
    },

    async ban(uuid, input, actor) {
      const r = await impose('ban', uuid, input, actor);
      if (!r.ok) return r;
      const { p, s } = r.value;
      platform.kick(p.uuid, banScreen(s, clock.now()));
      tell(announce.ban(p.name, s), input.silent === true);
      events.emit('moderation.player-tempban', sanctionEvent(p, s, input.silent === true));
      return ok(renderSanction(s));
    },

    async unban(uuid, input, actor) {
      const r = await lift('ban', uuid, input.silent === true, actor);
      if (!r.ok) return r;
      tell(announce.unban(r.value.p.name, actorName(actor)), input.silent === true);
      return ok(renderSanction(r.value.s));
    },

    async mute(uuid, input, actor) {
      const r = await impose('mute', uuid, input, actor);
      if (!r.ok) return r;
      const { p, s } = r.value;
      tell(announce.mute(p.name, s), input.silent === true);
      platform.sendMessage(p.uuid, mutedNotice(s));
      events.emit('moderation.player-mute', sanctionEvent(p, s, input.silent === true));
      return ok(renderSanction(s));
    },

    async unmute(uuid, input, actor) {
      const r = await lift('mute', uuid, input.silent === true, actor);
      if (!r.ok) return r;
      const { p, s } = r.value;
      tell(announce.unmute(p.name, actorName(actor)), input.silent === true);
      platform.sendMessage(p.uuid, unmutedNotice(false));
      events.emit('moderation.player-unmute', { ...playerFields(p), actor: actorName(actor), cause: 'lifted' });
      return ok(renderSanction(s));
    },

    async kick(uuid, input, actor) {
      const reason = checkReason(input.reason);
      const who = await known(uuid);
      if (!who.ok) return who;
      const p = who.value;
      const refused = exempt(p, actor, 'kicked');
      if (refused) return refused;
      if (!platform.player(p.uuid)) return fail('player-offline', `${p.name} is not online.`);
      const by = actorName(actor);
      platform.kick(p.uuid, kickScreen(reason, by));
      await audit.record({ actor, action: 'moderation.kick', target: p.uuid, details: { reason, silent: input.silent === true } });
      tell(announce.kick(p.name, by, reason), input.silent === true);
      return ok({ reason, actor: by, 'kicked-at': clock.now().toISOString() });
    },

    async warn(uuid, input, actor) {
      const reason = checkReason(input.reason);
      if (reason === null) throw new InvalidInput('reason', 'A warning needs a reason.');
      const who = await known(uuid);
      if (!who.ok) return who;
      const p = who.value;
      const refused = exempt(p, actor, 'warned');
      if (refused) return refused;
      const by = actorName(actor);
      const issuedAt = clock.now().toISOString();
      const all = await db.transaction().execute(async (tx) => {
        await store.addWarning(tx, p.uuid, { reason, actor: by, issuedAt });
        return store.warnings(tx, p.uuid);
      });
      const warning = all[all.length - 1]!;
      await audit.record({ actor, action: 'moderation.warn', target: p.uuid, details: { reason, silent: input.silent === true } });
      tell(announce.warn(p.name, by, reason), input.silent === true);
      platform.sendMessage(p.uuid, warnedNotice(reason, by, all.length));
      events.emit('moderation.player-warn', { ...playerFields(p), actor: by, reason, silent: input.silent === true, warnings: all.length });
      return ok({ warning: renderWarning(warning), warnings: all.length });
    },
  };
}
