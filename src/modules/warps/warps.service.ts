// The warps' published API: server warps by name, each open to everyone or behind a permission
// node (a player who lacks it neither sees nor uses the warp), rated 1 to 5 by players. Answers
// are already in the rendering of the Remote Access Service.

import { actorName, type Actor } from '../../core/kernel/actor.ts';
import type { AuditService, CoreApi, KnownPlayer, PermissionsService, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { Db } from '../../core/storage/db.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import { InvalidInput } from '../../core/values/invalid-input.ts';
import { toLocation, type LocationInput } from '../../core/values/location.ts';
import { isNode } from '../../core/players/permissions.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { GamePlatform } from '../../platform/platform.ts';
import { msg } from './warps.messages.ts';
import { WARP_NAME_PATTERN, type Warp, type WarpList } from './warps.schemas.ts';
import { createWarpsStore, type WarpRow, type WarpsDb } from './warps.store.ts';
import { knownPlayer } from '../../core/players/known-player.ts';

export interface WarpsService {
  /** Every warp, or only those `visibleTo` may see (not-found for a player never seen). */
  list(visibleTo?: string | null): Promise<Result<WarpList>>;
  /** One warp with its average rating; not-found when there is none of that name. */
  get(name: string): Promise<Result<Warp>>;
  /** already-exists when the name is taken. `permission` null (the default): everyone may use it. */
  create(name: string, location: LocationInput, actor: Actor, permission?: string | null): Promise<Result<Warp>>;
  move(name: string, location: LocationInput, actor: Actor): Promise<Result<Warp>>;
  /** Deletes a warp and its ratings; answers it as it was. */
  delete(name: string, actor: Actor): Promise<Result<Warp>>;
  /** A player's rating (1-5) of a warp they may see; replaces their earlier one. */
  rate(name: string, player: string, rating: number, actor: Actor): Promise<Result<Warp>>;
  /** Whether a player may see and use the warp. */
  mayUse(player: string, warp: Pick<Warp, 'permission'>): boolean;
  /** Teleports an online player to a warp they may use, after the server's teleport warm-up. */
  travel(player: string, name: string): Promise<Result<Warp>>;
}

export interface WarpsDeps {
  db: Db;
  events: EventBus;
  clock: Clock;
  players: PlayersService;
  permissions: PermissionsService;
  audit: Pick<AuditService, 'record'>;
  platform: GamePlatform;
  teleport: Pick<CoreApi['teleport'], 'teleport'>;
}

const NAME = new RegExp(WARP_NAME_PATTERN);

export function createWarpsService(deps: WarpsDeps): WarpsService {
  const { events, clock, players, permissions, audit, platform, teleport } = deps;
  const store = createWarpsStore(deps.db);
  const { db } = store;

  const known = (uuid: string, field = 'uuid') => knownPlayer(players, uuid, field);

  function nameOf(name: string): string {
    if (!NAME.test(name)) throw new InvalidInput('name', 'A warp name is 1-32 of a-z, 0-9, _ and -.');
    return name.toLowerCase();
  }

  function permissionOf(node: string | null | undefined): string | null {
    if (node === null || node === undefined) return null;
    const n = node.trim().toLowerCase();
    if (!isNode(n) || n.includes('*')) throw new InvalidInput('permission', `"${node}" is not a permission node (e.g. core.warp.vip; no wildcards).`);
    return n;
  }

  const render = (w: WarpRow): Warp => ({
    name: w.name,
    location: { ...w.location },
    permission: w.permission,
    'average-rating': w.ratings === 0 ? null : Math.round((w.ratingSum / w.ratings) * 100) / 100,
    ratings: w.ratings,
    'created-at': w.createdAt,
    'updated-at': w.updatedAt,
  });

  async function one(tx: WarpsDb, name: string): Promise<Result<WarpRow>> {
    const [w] = await store.read(tx, name);
    return w ? ok(w) : fail('not-found', `There is no warp "${name}".`, { you: msg('warps.unknown', { warp: name }) });
  }

  const mayUse = (player: string, w: Pick<Warp, 'permission'>) => w.permission === null || permissions.playerHas(player, w.permission);
  const denied = (p: KnownPlayer, w: WarpRow) => {
    const [warp, permission] = [w.name, w.permission ?? ''];
    return fail('refused', `${p.name} may not use the warp "${warp}" (it needs ${permission}).`, {
      about: p.uuid,
      you: msg('warps.denied', { warp, permission }),
      other: msg('warps.denied-other', { player: p.name, warp, permission }),
    });
  };

  return {
    mayUse,

    async list(visibleTo) {
      let viewer: string | undefined;
      if (visibleTo !== undefined && visibleTo !== null) {
        const who = await known(visibleTo, 'visible-to');
        if (!who.ok) return who;
        viewer = who.value.uuid;
      }
      const warps = (await store.read(db)).filter((w) => viewer === undefined || mayUse(viewer, w)).map(render);
      return ok({ warps, count: warps.length });
    },

    async get(name) {
      const w = await one(db, nameOf(name));
      return w.ok ? ok(render(w.value)) : w;
    },

    async create(rawName, input, actor, rawPermission) {
      const name = nameOf(rawName);
      const location = toLocation(platform, input);
      const permission = permissionOf(rawPermission);
      const at = clock.now().toISOString();
      const by = actorName(actor);
      const made = await db.transaction().execute(async (tx) => ((await store.insert(tx, name, location, permission, by, at)) ? one(tx, name) : undefined));
      if (!made) return fail('already-exists', `There is a warp "${name}" already.`, { you: msg('warps.exists', { warp: name }) });
      if (!made.ok) return made;
      await audit.record({ actor, action: 'warp.create', target: null, details: { name, location, permission } });
      events.emit('warp.create', { name, location, permission, actor: by });
      return ok(render(made.value));
    },

    async move(rawName, input, actor) {
      const name = nameOf(rawName);
      const location = toLocation(platform, input);
      const at = clock.now().toISOString();
      const moved = await db.transaction().execute(async (tx) => {
        await store.move(tx, name, location, at);
        return one(tx, name);
      });
      if (!moved.ok) return moved;
      await audit.record({ actor, action: 'warp.move', target: null, details: { name, location } });
      return ok(render(moved.value));
    },

    async delete(rawName, actor) {
      const name = nameOf(rawName);
      const gone = await db.transaction().execute(async (tx) => {
        const w = await one(tx, name);
        if (w.ok) await store.remove(tx, name);
        return w;
      });
      if (!gone.ok) return gone;
      const w = gone.value;
      await audit.record({ actor, action: 'warp.delete', target: null, details: { name } });
      events.emit('warp.delete', { name, location: w.location, permission: w.permission, actor: actorName(actor) });
      return ok(render(w));
    },

    async rate(rawName, player, rating, actor) {
      const name = nameOf(rawName);
      if (!Number.isInteger(rating) || rating < 1 || rating > 5) throw new InvalidInput('rating', 'A rating is a whole number from 1 to 5.');
      const who = await known(player, 'player');
      if (!who.ok) return who;
      const p = who.value;
      const at = clock.now().toISOString();
      const rated = await db.transaction().execute(async (tx): Promise<Result<WarpRow>> => {
        const w = await one(tx, name);
        if (!w.ok) return w;
        if (!mayUse(p.uuid, w.value)) return denied(p, w.value);
        await store.rate(tx, name, p.uuid, rating, at);
        return one(tx, name);
      });
      if (!rated.ok) return rated;
      await audit.record({ actor, action: 'warp.rate', target: p.uuid, details: { name, rating } });
      return ok(render(rated.value));
    },

    async travel(player, rawName) {
      const name = nameOf(rawName);
      const who = await known(player, 'player');
      if (!who.ok) return who;
      const p = who.value;
      if (!platform.player(p.uuid)) return fail('player-offline', `${p.name} is not online.`, { about: p.uuid, other: msg('warps.offline-other', { player: p.name }) });
      const w = await one(db, name);
      if (!w.ok) return w;
      if (!mayUse(p.uuid, w.value)) return denied(p, w.value);
      const moved = await teleport.teleport(p.uuid, w.value.location, { cause: 'warp' });
      return moved.ok ? ok(render(w.value)) : moved;
    },
  };
}
