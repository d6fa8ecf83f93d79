// The player warps' published API. A player warp belongs to the player who created it (its owner)
// and is reached by its unique name. Every write names the player it is performed as (`actor`);
// who may do what is in ./playerwarps.access.ts, how a warp is answered in ./playerwarps.render.ts.
// `by` is who the audit log records (the player, the console or core-rest/<label>).
//
// Fees are paid straight into the owner's wallet by an economy transfer (both sides or neither);
// `earnings` is the total of fees a warp has taken, kept as a figure.

import { actorName, type Actor } from '../../core/kernel/actor.ts';
import type { AuditService, CoreApi, KnownPlayer, PermissionsService, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { Db } from '../../core/storage/db.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import { InvalidInput } from '../../core/values/invalid-input.ts';
import { toLocation, type LocationInput } from '../../core/values/location.ts';
import type { Logger } from '../../core/log/log.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { Messages } from '../../core/messages/messages.ts';
import type { GamePlatform } from '../../platform/platform.ts';
import type { Money } from '../../core/values/schemas.ts';
import type { PlayerWarpsConfig } from './playerwarps.config.ts';
import { warpAccess } from './playerwarps.access.ts';
import { msg } from './playerwarps.messages.ts';
import { warpRenderer } from './playerwarps.render.ts';
import type { HistoryEntry, MemberRole, OwnedPlayerWarps, PlayerWarp, PlayerWarpPage, Visit } from './playerwarps.schemas.ts';
import { createPlayerWarpsStore, type WarpChange, type WarpRow } from './playerwarps.store.ts';

export const PWARP_LIMIT_PREFIX = 'core.pwarp.limit';

export const MAX_DESCRIPTION = 256;

/** The player a write is performed as (a uuid), or null for the console, which may do everything. */
export type WarpActor = string | null;

export interface PlayerWarpsService {
  /** Public active warps, most visited first then by name; `page` counts from 1. */
  list(page: number, limit: number): Promise<Result<PlayerWarpPage>>;
  get(name: string): Promise<Result<PlayerWarp>>;
  /** The warps a player owns (archived ones included), how many, and how many they may own. */
  owned(uuid: string): Promise<Result<OwnedPlayerWarps>>;
  /** The number of warps the player may own: their highest core.pwarp.limit.<n>, else the config's. */
  limitOf(uuid: string): number;
  create(owner: string, name: string, location: LocationInput, by: Actor): Promise<Result<PlayerWarp>>;
  relocate(name: string, actor: WarpActor, location: LocationInput, by: Actor): Promise<Result<PlayerWarp>>;
  rename(name: string, actor: WarpActor, newName: string, by: Actor): Promise<Result<PlayerWarp>>;
  archive(name: string, actor: WarpActor, by: Actor): Promise<Result<PlayerWarp>>;
  restore(name: string, actor: WarpActor, by: Actor): Promise<Result<PlayerWarp>>;
  /** Deletes the warp with its whitelist, bans, managers, earnings and history; answers it as it was. */
  delete(name: string, actor: WarpActor, by: Actor): Promise<Result<PlayerWarp>>;
  setPublic(name: string, actor: WarpActor, isPublic: boolean, by: Actor): Promise<Result<PlayerWarp>>;
  setDescription(name: string, actor: WarpActor, description: string | null, by: Actor): Promise<Result<PlayerWarp>>;
  /** The visit fee in the warp's currency (the default currency when it was created); 0 is free. */
  setFee(name: string, actor: WarpActor, amount: number, by: Actor): Promise<Result<PlayerWarp>>;
  addMember(name: string, actor: WarpActor, role: MemberRole, player: string, by: Actor): Promise<Result<PlayerWarp>>;
  removeMember(name: string, actor: WarpActor, role: MemberRole, player: string, by: Actor): Promise<Result<PlayerWarp>>;
  /**
   * Teleports an online player to the warp after the server's teleport warm-up, charging the fee
   * to the owner's benefit when the warm-up is over (a cancelled one charges nothing).
   */
  visit(name: string, visitor: string, by: Actor): Promise<Result<Visit>>;
  /** The warp's history, newest first: for its owner, managers and admins. */
  history(name: string, actor: WarpActor, page: number, limit: number): Promise<Result<HistoryEntry[]>>;
}

export interface PlayerWarpsDeps {
  db: Db;
  events: EventBus;
  clock: Clock;
  players: PlayersService;
  permissions: Pick<PermissionsService, 'playerHas' | 'numeric'>;
  audit: Pick<AuditService, 'record'>;
  platform: GamePlatform;
  /** What an owner is told of a paid visit, in their language. */
  messages: Pick<Messages, 'tell'>;
  teleport: Pick<CoreApi['teleport'], 'teleport'>;
  log: Logger;
  /** Read at each use: `core reload` may change it. */
  config: () => PlayerWarpsConfig;
  /** Read at call time: the economy module is built before this one, but reached only when used. */
  economy: () => CoreApi['economy'];
}

export function createPlayerWarpsService(deps: PlayerWarpsDeps): PlayerWarpsService {
  const { events, clock, players, permissions, audit, platform, messages, teleport, log, config, economy } = deps;
  const store = createPlayerWarpsStore(deps.db);
  const { db } = store;
  const { nameOf, newNameOf, known, named, standing, authorise } = warpAccess({ db, store, players, permissions });

  /** The currency a new warp's fee is in. */
  function defaultCurrency(): string {
    const r = economy().currencies();
    if (!r.ok) throw new Error(r.message);
    return r.value.default;
  }

  // Fees and earnings are kept in minor units of the warp's currency; the economy converts them.
  const money = (currencyName: string, minor: number): Money => economy().toMoney(minor, currencyName);

  const limitOf = (uuid: string): number => permissions.numeric(uuid, PWARP_LIMIT_PREFIX) ?? config().defaultLimit;

  const { render, one } = warpRenderer(store, money);

  /** The name history and event payloads show for who did it. */
  function performer(player: KnownPlayer | null, by: Actor): string {
    return player?.name ?? actorName(by);
  }

  /** History details also name the token a REST write came through. */
  const via = (by: Actor): Record<string, unknown> => (by.kind === 'rest' ? { via: actorName(by) } : {});

  /** The audit entry of a write: its target is the warp's owner. */
  async function recorded(w: WarpRow, player: KnownPlayer | null, by: Actor, action: string, details: Record<string, unknown>): Promise<void> {
    await audit.record({ actor: by, action: `playerwarp.${action}`, target: w.owner, details: { name: w.name, ...details, ...(player ? { as: player.uuid } : {}) } });
  }

  /** Applies a change to the row and writes its history entry in one transaction; answers the new record. */
  async function change(
    w: WarpRow,
    player: KnownPlayer | null,
    by: Actor,
    action: string,
    set: WarpChange,
    details: Record<string, unknown> = {},
  ): Promise<Result<PlayerWarp>> {
    const at = clock.now().toISOString();
    await db.transaction().execute(async (tx) => {
      await store.update(tx, w.id, set);
      await store.addHistory(tx, w.id, at, performer(player, by), action, { ...details, ...via(by) });
    });
    await recorded(w, player, by, action, details);
    const after = await store.byName(db, set.name ?? w.name);
    if (!after) return fail('not-found', `The player warp ${w.name} was deleted meanwhile.`, { you: msg('playerwarps.gone', { warp: w.name }) });
    return ok(await one(after));
  }

  function emit(name: 'playerwarp.create' | 'playerwarp.delete', w: WarpRow, player: { uuid: string; name: string }): void {
    events.emit(name, {
      'player-id': player.uuid,
      'player-name': player.name,
      'owner-id': w.owner,
      'owner-name': w.ownerName,
      name: w.name,
      location: { ...w.location },
    });
  }

  const taken = (n: string) => fail('already-exists', `The name ${n} is taken by another player warp.`, { you: msg('playerwarps.name-taken', { warp: n }) });

  function isUniqueViolation(e: unknown): boolean {
    const err = e as { code?: unknown; message?: unknown };
    return err?.code === '23505' || (typeof err?.message === 'string' && /UNIQUE constraint failed/i.test(err.message));
  }

  async function member(name: string, actor: WarpActor, role: MemberRole, target: string, by: Actor, add: boolean): Promise<Result<PlayerWarp>> {
    const verb = { manager: 'change the managers of', whitelist: 'change the whitelist of', ban: 'change the bans of' }[role];
    const auth = await authorise(name, actor, verb, role === 'manager');
    if (!auth.ok) return auth;
    const { row: w, player } = auth.value;
    const t = await known(target, 'player');
    if (!t.ok) return t;
    const p = t.value;
    const list = { manager: 'a manager of', whitelist: 'on the whitelist of', ban: 'banned from' }[role];
    const named = { player: p.name, warp: w.name };
    if (add && p.uuid === w.owner) {
      return fail('refused', `${p.name} owns the player warp ${w.name}.`, { about: p.uuid, you: msg('playerwarps.owns', { warp: w.name }), other: msg('playerwarps.owns-other', named) });
    }
    if (add && role === 'ban' && (await store.roles(db, w.id, p.uuid)).has('manager')) {
      return fail('refused', `${p.name} is a manager of ${w.name}; managers cannot be banned.`, { you: msg('playerwarps.manager-unbannable', named) });
    }
    const at = clock.now().toISOString();
    const action = `${role}-${add ? 'add' : 'remove'}`;
    const changed = await db.transaction().execute(async (tx) => {
      const did = add ? await store.addMember(tx, w.id, role, p.uuid, at, actorName(by)) : await store.removeMember(tx, w.id, role, p.uuid);
      if (did) await store.addHistory(tx, w.id, at, performer(player, by), action, { player: p.uuid, 'player-name': p.name, ...via(by) });
      return did;
    });
    if (!changed) {
      const key = add
        ? ({ manager: 'playerwarps.already-manager', whitelist: 'playerwarps.already-whitelisted', ban: 'playerwarps.already-banned' } as const)[role]
        : ({ manager: 'playerwarps.not-manager', whitelist: 'playerwarps.not-whitelisted', ban: 'playerwarps.not-banned' } as const)[role];
      return fail('already-in-state', `${p.name} is ${add ? 'already' : 'not'} ${list} ${w.name}.`, { you: msg(key, named) });
    }
    await recorded(w, player, by, action, { player: p.uuid });
    return ok(await one(w));
  }

  return {
    limitOf,

    async list(page, limit) {
      const offset = offsetOf(page, limit);
      const rows = offset === undefined ? [] : await store.listPublic(limit, offset);
      return ok({ warps: await render(rows), page, limit, total: await store.countPublic() });
    },

    async get(name) {
      const w = await named(nameOf(name, 'name'));
      return w.ok ? ok(await one(w.value)) : w;
    },

    async owned(uuid) {
      const who = await known(uuid, 'uuid');
      if (!who.ok) return who;
      const rows = await store.owned(who.value.uuid);
      return ok({ warps: await render(rows), count: rows.length, limit: limitOf(who.value.uuid) });
    },

    async create(owner, name, location, by) {
      const n = newNameOf(name, 'name');
      const loc = toLocation(platform, location, 'location.world');
      const who = await known(owner, 'uuid');
      if (!who.ok) return who;
      const p = who.value;
      const limit = limitOf(p.uuid);
      const at = clock.now().toISOString();
      const outcome = await db
        .transaction()
        .execute(async (tx): Promise<Result<null>> => {
          if (await store.byName(tx, n)) return taken(n);
          const count = await store.countOwned(tx, p.uuid);
          if (count >= limit) {
            return fail('refused', `${p.name} owns ${count} player warp${count === 1 ? '' : 's'}, the most they may own (${limit}).`, {
              about: p.uuid,
              you: msg('playerwarps.limit', { limit }),
              other: msg('playerwarps.limit-other', { player: p.name, limit }),
            });
          }
          await store.insert(tx, { name: n, owner: p.uuid, location: loc, currency: defaultCurrency(), at });
          const w = await store.byName(tx, n);
          await store.addHistory(tx, w!.id, at, p.name, 'create', { location: loc, ...via(by) });
          return ok(null);
        })
        .catch((e: unknown) => {
          if (isUniqueViolation(e)) return taken(n);
          throw e;
        });
      if (!outcome.ok) return outcome;
      const w = (await store.byName(db, n))!;
      await recorded(w, p, by, 'create', { location: loc });
      emit('playerwarp.create', w, p);
      return ok(await one(w));
    },

    async relocate(name, actor, location, by) {
      const loc = toLocation(platform, location, 'location.world');
      const auth = await authorise(name, actor, 'relocate', false);
      if (!auth.ok) return auth;
      return change(auth.value.row, auth.value.player, by, 'relocate', { location: loc }, { from: auth.value.row.location, to: loc });
    },

    async rename(name, actor, newName, by) {
      const n = newNameOf(newName, 'new-name');
      const auth = await authorise(name, actor, 'rename', false);
      if (!auth.ok) return auth;
      const { row: w, player } = auth.value;
      if (w.name === n) return fail('already-in-state', `The player warp is already named ${n}.`, { you: msg('playerwarps.same-name', { warp: n }) });
      if (await store.byName(db, n)) return taken(n);
      try {
        return await change(w, player, by, 'rename', { name: n }, { from: w.name, to: n });
      } catch (e) {
        if (isUniqueViolation(e)) return taken(n);
        throw e;
      }
    },

    async archive(name, actor, by) {
      const auth = await authorise(name, actor, 'archive', false);
      if (!auth.ok) return auth;
      const w = auth.value.row;
      if (w.state === 'archived') return fail('already-in-state', `The player warp ${w.name} is already archived.`, { you: msg('playerwarps.already-archived', { warp: w.name }) });
      return change(w, auth.value.player, by, 'archive', { state: 'archived' });
    },

    async restore(name, actor, by) {
      const auth = await authorise(name, actor, 'restore', false);
      if (!auth.ok) return auth;
      const w = auth.value.row;
      if (w.state === 'active') return fail('already-in-state', `The player warp ${w.name} is active, not archived.`, { you: msg('playerwarps.not-archived', { warp: w.name }) });
      return change(w, auth.value.player, by, 'restore', { state: 'active' });
    },

    async delete(name, actor, by) {
      const auth = await authorise(name, actor, 'delete', true);
      if (!auth.ok) return auth;
      const { row: w, player } = auth.value;
      const was = await one(w);
      await db.transaction().execute((tx) => store.remove(tx, w.id));
      await recorded(w, player, by, 'delete', { location: w.location });
      emit('playerwarp.delete', w, player ?? { uuid: w.owner, name: w.ownerName });
      return ok(was);
    },

    async setPublic(name, actor, isPublic, by) {
      const auth = await authorise(name, actor, isPublic ? 'make public' : 'make private', false);
      if (!auth.ok) return auth;
      const w = auth.value.row;
      if (w.public === isPublic) {
        return fail('already-in-state', `The player warp ${w.name} is already ${isPublic ? 'public' : 'private'}.`, {
          you: msg(isPublic ? 'playerwarps.already-public' : 'playerwarps.already-private', { warp: w.name }),
        });
      }
      return change(w, auth.value.player, by, isPublic ? 'public' : 'private', { public: isPublic });
    },

    async setDescription(name, actor, description, by) {
      const text = description === null ? null : description.trim() || null;
      if (text !== null && text.length > MAX_DESCRIPTION) throw new InvalidInput('description', `A description has at most ${MAX_DESCRIPTION} characters.`);
      const auth = await authorise(name, actor, 'describe', false);
      if (!auth.ok) return auth;
      const w = auth.value.row;
      if (w.description === text) return fail('already-in-state', `The player warp ${w.name} already has that description.`, { you: msg('playerwarps.same-description', { warp: w.name }) });
      return change(w, auth.value.player, by, 'description', { description: text }, { description: text });
    },

    async setFee(name, actor, amount, by) {
      const auth = await authorise(name, actor, 'set the fee of', true);
      if (!auth.ok) return auth;
      const w = auth.value.row;
      const parsed = economy().toMinor(amount, w.currency);
      if (!parsed.ok) throw new InvalidInput('fee', `The fee ${parsed.problem}.`);
      if (parsed.minor < 0) throw new InvalidInput('fee', 'The fee must not be negative.');
      if (parsed.minor === w.fee) {
        const fee = economy().format(money(w.currency, w.fee));
        return fail('already-in-state', `The fee of ${w.name} is already ${fee}.`, { you: msg('playerwarps.same-fee', { warp: w.name, fee }) });
      }
      return change(w, auth.value.player, by, 'fee', { fee: parsed.minor }, { fee: money(w.currency, parsed.minor) });
    },

    addMember: (name, actor, role, player, by) => member(name, actor, role, player, by, true),
    removeMember: (name, actor, role, player, by) => member(name, actor, role, player, by, false),

    async visit(name, visitor, by) {
      const n = nameOf(name, 'name');
      const who = await known(visitor, 'uuid');
      if (!who.ok) return who;
      const p = who.value;
      const found = await named(n);
      if (!found.ok) return found;
      const w = found.value;
      if (!platform.player(p.uuid)) return fail('player-offline', `${p.name} is not online.`, { about: p.uuid, other: msg('playerwarps.offline-other', { player: p.name }) });
      if (w.state === 'archived') return fail('refused', `The player warp ${w.name} is archived: nobody can travel to it.`, { you: msg('playerwarps.archived', { warp: w.name }) });
      const s = await standing(w, p.uuid);
      const insider = s.owner || s.manager;
      if (!insider && !s.admin) {
        const named = { player: p.name, warp: w.name };
        if (s.banned) {
          return fail('refused', `${p.name} is banned from the player warp ${w.name}.`, {
            about: p.uuid,
            you: msg('playerwarps.banned', { warp: w.name }),
            other: msg('playerwarps.banned-other', named),
          });
        }
        if (!w.public && !s.whitelisted) {
          return fail('refused', `The player warp ${w.name} is private and ${p.name} is not on its whitelist.`, {
            about: p.uuid,
            you: msg('playerwarps.private', { warp: w.name, owner: w.ownerName }),
            other: msg('playerwarps.private-other', named),
          });
        }
      }
      // Owners and managers visit free; everyone else pays the fee to the owner, once the warm-up
      // is over (a cancelled warm-up costs nothing).
      const fee = insider ? 0 : w.fee;
      let paid = false;
      const pay = async (): Promise<Result<unknown>> => {
        if (fee === 0) return ok(null);
        const r = await economy().transfer(p.uuid, w.owner, money(w.currency, fee).amount, w.currency, by);
        paid = r.ok;
        return r;
      };
      const moved = await teleport.teleport(p.uuid, w.location, { cause: 'playerwarp', beforeMove: pay });
      if (!moved.ok) {
        if (paid) {
          const back = await economy().transfer(w.owner, p.uuid, money(w.currency, fee).amount, w.currency, by);
          if (!back.ok) log.error(`could not refund the fee of ${w.name} to ${p.name}: ${back.message}`);
        }
        return moved;
      }
      const at = clock.now().toISOString();
      await db.transaction().execute(async (tx) => {
        await store.recordVisit(tx, w.id, fee);
        await store.addHistory(tx, w.id, at, p.name, 'visit', { fee: money(w.currency, fee) });
      });
      await recorded(w, p, by, 'visit', { fee: money(w.currency, fee) });
      if (fee > 0 && w.owner !== p.uuid) {
        messages.tell(w.owner, msg('playerwarps.paid-you', { player: p.name, warp: w.name, fee: economy().format(money(w.currency, fee)) }));
      }
      const after = (await store.byName(db, w.name)) ?? w;
      return ok({ warp: await one(after), paid: money(w.currency, fee) });
    },

    async history(name, actor, page, limit) {
      const auth = await authorise(name, actor, 'read the history of', false);
      if (!auth.ok) return auth;
      const offset = offsetOf(page, limit);
      const rows = offset === undefined ? [] : await store.history(auth.value.row.id, limit, offset);
      return ok(rows);
    },
  };
}

/**
 * The first row of a page, or undefined for a page past the end of any table: its offset is no
 * longer a safe integer (page 10^30), which the databases refuse as an OFFSET. Such a page is empty.
 */
function offsetOf(page: number, limit: number): number | undefined {
  const offset = (page - 1) * limit;
  return Number.isSafeInteger(offset) ? offset : undefined;
}
