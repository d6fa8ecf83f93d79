// Address bans and alt detection: the addresses each account joined from are remembered; an
// address ban refuses every account joining from it; a join from an address other accounts were
// seen from is an alt detection (event, and a line to staff holding the notify node). An address
// is never announced to everyone: only staff read it.

import { isIP } from 'node:net';
import { actorName, type Actor } from '../../core/kernel/actor.ts';
import type { AuditService, KnownPlayer, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import { InvalidInput } from '../../core/values/invalid-input.ts';
import { knownPlayer, playerFields } from '../../core/players/known-player.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { ScheduledTask, Scheduler } from '../../core/kernel/scheduler.ts';
import { normalizeUuid } from '../../core/players/uuid.ts';
import type { GamePlatform, OnlinePlayer, Text } from '../../platform/platform.ts';
import { announce, ipBanScreen } from './moderation.messages.ts';
import type { Alts, IpBan } from './moderation.schemas.ts';
import type { ModerationDb, ModerationStore, SanctionRow } from './moderation.store.ts';
import type { SanctionInput } from './moderation.service.ts';
import { tellIpBan } from './moderation.network.ts';
import type { NetworkSignals } from '../../core/network/network-signals.ts';

export interface AddressSanctions {
  /**
   * Bans an address: `target` is an address (IPv4 or IPv6), or a player uuid for the address that
   * player is on now or joined from last. Everyone online from it is kicked. already-in-state when
   * the address is banned already; not-found for a player never seen or never seen from an address.
   */
  banIp(target: string, input: SanctionInput, actor: Actor): Promise<Result<IpBan>>;
  /** Lifts an address ban (by address, or a player uuid for their last address); already-in-state when there is none. */
  unbanIp(target: string, input: { silent?: boolean }, actor: Actor): Promise<Result<IpBan>>;
  /** The addresses a player joined from and the other accounts seen from them. */
  alts(uuid: string): Promise<Result<Alts>>;
}

export interface AddressDeps {
  db: ModerationDb;
  store: ModerationStore;
  clock: Clock;
  scheduler: Scheduler;
  players: PlayersService;
  audit: AuditService;
  platform: GamePlatform;
  events: EventBus;
  tell(line: string, silent: boolean): void;
  notifyStaff(line: Text): void;
  sanctionRow(input: SanctionInput, actor: Actor): SanctionRow;
  /** The ban in force against an account (for the "(banned)" mark in alt detections). */
  banOf(uuid: string): SanctionRow | undefined;
  /** Address bans made on the other servers sharing the database. */
  signals?: NetworkSignals;
}

export interface AddressEnforcement {
  api: AddressSanctions;
  /** The address ban in force for a joining address, if any. */
  ipBanOf(address: string): SanctionRow | undefined;
  /** A player joined: remember the address, and report the other accounts seen from it. */
  joined(player: OnlinePlayer): Promise<void>;
  /** Holds the address ban another server stored (undefined: lifted), kicking whoever is online from it here. */
  stored(address: string, row: SanctionRow | undefined): void;
  /** The addresses with a ban in memory. */
  held(): Iterable<string>;
}

/** One written form per address (IPv4 as is, IPv6 lower case, an IPv4-mapped IPv6 as IPv4). */
export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
}

export async function createAddressSanctions(deps: AddressDeps): Promise<AddressEnforcement> {
  const { db, store, clock, scheduler, players, audit, platform, events, tell, notifyStaff, sanctionRow, banOf } = deps;
  const bans = await store.allIpBans();
  const expiries = new Map<string, ScheduledTask>();
  const isLive = (s: SanctionRow | undefined): s is SanctionRow => s !== undefined && (s.expiresAt === null || Date.parse(s.expiresAt) > clock.now().getTime());
  const liveBan = (address: string) => {
    const s = bans.get(address);
    return isLive(s) ? s : undefined;
  };

  function scheduleExpiry(address: string, s: SanctionRow): void {
    expiries.get(address)?.cancel();
    expiries.delete(address);
    if (s.expiresAt === null) return;
    expiries.set(
      address,
      scheduler.at(new Date(s.expiresAt), async () => {
        if (bans.get(address) !== s) return;
        bans.delete(address);
        expiries.delete(address);
        await store.removeIpBan(db, address);
      }),
    );
  }
  for (const [address, s] of bans) scheduleExpiry(address, s);

  /** The address a target names, and the player it was named through (null for an address). */
  async function resolve(target: string, field: string): Promise<Result<{ address: string; player: KnownPlayer | null }>> {
    if (isIP(normalizeAddress(target)) !== 0) return ok({ address: normalizeAddress(target), player: null });
    if (!normalizeUuid(target)) throw new InvalidInput(field, `"${target}" is neither an IP address nor a player uuid.`);
    const who = await knownPlayer(players, target, field);
    if (!who.ok) return who;
    const online = platform.player(who.value.uuid);
    const address = online ? normalizeAddress(online.address) : (await store.addressesOf(db, who.value.uuid))[0];
    if (address === undefined) return fail('not-found', `No address is known for ${who.value.name}.`);
    return ok({ address, player: who.value });
  }

  async function accountsFrom(address: string, except = ''): Promise<KnownPlayer[]> {
    const uuids = await store.accountsFrom(db, address, except);
    const found = await Promise.all(uuids.map((u) => players.get(u)));
    return found.filter((p): p is KnownPlayer => p !== undefined);
  }

  const render = (address: string, s: SanctionRow, accounts: KnownPlayer[]): IpBan => ({
    address,
    reason: s.reason,
    actor: s.actor,
    'issued-at': s.issuedAt,
    'duration-seconds': s.durationSeconds,
    'expires-at': s.expiresAt,
    players: accounts.map(playerFields),
  });

  function kickFrom(address: string, s: SanctionRow): void {
    const screen = ipBanScreen(s, clock.now());
    for (const p of platform.onlinePlayers()) if (normalizeAddress(p.address) === address) platform.kick(p.uuid, screen);
  }

  const api: AddressSanctions = {
    async banIp(target, input, actor) {
      const s = sanctionRow(input, actor);
      const r = await resolve(target, 'target');
      if (!r.ok) return r;
      const { address, player } = r.value;
      if (liveBan(address)) return fail('already-in-state', `${player ? `The address of ${player.name}` : address} is already banned.`);
      const previous = bans.get(address);
      bans.set(address, s);
      try {
        await db.transaction().execute(async (tx) => {
          await store.putIpBan(tx, address, s);
          await tellIpBan(deps.signals, address, tx);
        });
      } catch (e) {
        if (previous) bans.set(address, previous);
        else bans.delete(address);
        throw e;
      }
      scheduleExpiry(address, s);
      const silent = input.silent === true;
      await audit.record({
        actor,
        action: 'moderation.ip-ban',
        target: player?.uuid ?? null,
        details: { address, reason: s.reason, 'duration-seconds': s.durationSeconds, 'expires-at': s.expiresAt, silent },
      });
      kickFrom(address, s);
      tell(announce.ipBan(player?.name ?? null, s), silent);
      if (!silent) notifyStaff({ text: `The address banned is ${address}.`, color: 'gray' });
      const accounts = await accountsFrom(address);
      events.emit('moderation.ip-ban', {
        address,
        actor: s.actor,
        reason: s.reason,
        'duration-seconds': s.durationSeconds,
        'expires-at': s.expiresAt,
        silent,
        players: accounts.map(playerFields),
      });
      return ok(render(address, s, accounts));
    },

    async unbanIp(target, input, actor) {
      const r = await resolve(target, 'target');
      if (!r.ok) return r;
      const { address, player } = r.value;
      const s = liveBan(address);
      if (!s) return fail('already-in-state', `${player ? `The address of ${player.name}` : address} is not banned.`);
      bans.delete(address);
      expiries.get(address)?.cancel();
      expiries.delete(address);
      await store.removeIpBan(db, address);
      await tellIpBan(deps.signals, address);
      await audit.record({ actor, action: 'moderation.ip-unban', target: player?.uuid ?? null, details: { address, silent: input.silent === true } });
      tell(announce.ipUnban(player?.name ?? null, actorName(actor)), input.silent === true);
      return ok(render(address, s, await accountsFrom(address)));
    },

    async alts(uuid) {
      const who = await knownPlayer(players, uuid);
      if (!who.ok) return who;
      const p = who.value;
      const addresses = await store.addressesOf(db, p.uuid);
      const shared = new Map<string, { p: KnownPlayer; addresses: string[] }>();
      for (const address of addresses) {
        for (const other of await accountsFrom(address, p.uuid)) {
          const entry = shared.get(other.uuid) ?? { p: other, addresses: [] };
          entry.addresses.push(address);
          shared.set(other.uuid, entry);
        }
      }
      return ok({ addresses, alts: [...shared.values()].map((e) => ({ ...playerFields(e.p), addresses: e.addresses })) });
    },
  };

  return {
    api,
    ipBanOf: (address) => liveBan(normalizeAddress(address)),
    stored(address, row) {
      if (row) {
        bans.set(address, row);
        scheduleExpiry(address, row);
      } else {
        bans.delete(address);
        expiries.get(address)?.cancel();
        expiries.delete(address);
      }
      const live = liveBan(address);
      if (live) kickFrom(address, live);
    },
    held: () => bans.keys(),
    async joined(player) {
      const address = normalizeAddress(player.address);
      if (address === '') return;
      await store.seenFrom(db, player.uuid, address, clock.now().toISOString());
      const others = await accountsFrom(address, player.uuid);
      if (others.length === 0) return;
      events.emit('moderation.alt-detected', { ...playerFields(player), alts: others.map(playerFields) });
      const names = others.map((o) => (banOf(o.uuid) ? `${o.name} (banned)` : o.name)).join(', ');
      notifyStaff({ text: `${player.name} joined from an address also used by: ${names}. (/alts ${player.name})`, color: 'yellow' });
    },
  };
}
