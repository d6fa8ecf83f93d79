// The regions' published API: cuboid regions per world, each with an id and a priority, defined from
// two corner blocks. Reads answer every region of a world or those holding a point, highest priority
// first. No protection rule reads them yet (docs/regions.md).

import type { Actor } from '../../core/kernel/actor.ts';
import type { AuditService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { Db } from '../../core/storage/db.ts';
import { InvalidInput } from '../../core/values/invalid-input.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { GamePlatform } from '../../platform/platform.ts';
import { MAX_PRIORITY, REGION_ID_PATTERN, type Region, type RegionList } from './regions.schemas.ts';
import { createRegionsStore, type Block, type RegionRow } from './regions.store.ts';

/** A point in a world (block or exact coordinates; a coordinate is in the block it falls in). */
export interface Point {
  x: number;
  y: number;
  z: number;
}

export interface RegionsService {
  /** Every region of a world, or with `point` those holding it; highest priority first. */
  list(world: string, point?: Partial<Point>): Promise<Result<RegionList>>;
  /** One region; null when the world has no region with that id. */
  get(world: string, id: string): Promise<Result<Region | null>>;
  /** A new cuboid between two corner blocks (both included); already-exists when the id is taken in that world. */
  define(world: string, id: string, a: Point, b: Point, priority: number, actor: Actor): Promise<Result<Region>>;
  /** Removes a region; not-found when there is none with that id. */
  delete(world: string, id: string, actor: Actor): Promise<Result<Region>>;
}

export interface RegionsDeps {
  db: Db;
  clock: Clock;
  audit: Pick<AuditService, 'record'>;
  platform: Pick<GamePlatform, 'worlds' | 'storedWorlds'>;
}

const ID = new RegExp(REGION_ID_PATTERN);

export const blockOf = (p: Point): Block => ({ x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) });

function regionOf(r: RegionRow): Region {
  const volume = (r.max.x - r.min.x + 1) * (r.max.y - r.min.y + 1) * (r.max.z - r.min.z + 1);
  return { id: r.id, world: r.world, priority: r.priority, min: r.min, max: r.max, volume, 'created-at': r.createdAt };
}

/** The id as kept (lower case); bad input naming `id` when it is not a valid one. */
export function regionId(id: string): string {
  const lower = id.toLowerCase();
  if (!ID.test(lower)) throw new InvalidInput('id', `"${id}" is not a valid region id: use 1-32 of letters, digits, _ and -.`);
  return lower;
}

export function createRegionsService(deps: RegionsDeps): RegionsService {
  const { clock, audit, platform } = deps;
  const store = createRegionsStore(deps.db);
  const { db } = store;

  async function worldKnown(world: string): Promise<boolean> {
    return platform.worlds().includes(world) || (await platform.storedWorlds()).includes(world);
  }

  return {
    async list(world, point) {
      const given = (['x', 'y', 'z'] as const).filter((k) => point?.[k] !== undefined);
      if (given.length > 0 && given.length < 3) {
        const missing = (['x', 'y', 'z'] as const).find((k) => point?.[k] === undefined) as string;
        throw new InvalidInput(missing, `A point needs x, y and z: ${missing} is missing.`);
      }
      const rows = given.length === 3 ? await store.at(db, world, blockOf(point as Point)) : await store.inWorld(db, world);
      if (rows.length === 0 && !(await worldKnown(world))) return fail('not-found', `There is no world "${world}".`);
      return ok({ world, regions: rows.map(regionOf) });
    },

    async get(world, id) {
      const lower = id.toLowerCase();
      if (!ID.test(lower)) return ok(null);
      const r = await store.get(db, world, lower);
      return ok(r ? regionOf(r) : null);
    },

    async define(world, rawId, a, b, priority, actor) {
      const id = regionId(rawId);
      if (!Number.isInteger(priority) || Math.abs(priority) > MAX_PRIORITY) {
        throw new InvalidInput('priority', `The priority must be a whole number from ${-MAX_PRIORITY} to ${MAX_PRIORITY}.`);
      }
      if (!(await worldKnown(world))) throw new InvalidInput('world', `There is no world "${world}".`);
      const [p, q] = [blockOf(a), blockOf(b)];
      const row: RegionRow = {
        world,
        id,
        priority,
        min: { x: Math.min(p.x, q.x), y: Math.min(p.y, q.y), z: Math.min(p.z, q.z) },
        max: { x: Math.max(p.x, q.x), y: Math.max(p.y, q.y), z: Math.max(p.z, q.z) },
        createdAt: clock.now().toISOString(),
      };
      const done = await db.transaction().execute(async (tx) => {
        if (await store.get(tx, world, id)) return false;
        await store.insert(tx, row);
        return true;
      });
      if (!done) return fail('already-exists', `The world ${world} already has a region "${id}".`);
      const region = regionOf(row);
      await audit.record({ actor, action: 'region.define', target: null, details: { world, id, priority, min: row.min, max: row.max } });
      return ok(region);
    },

    async delete(world, rawId, actor) {
      const id = rawId.toLowerCase();
      const row = ID.test(id) ? await store.get(db, world, id) : undefined;
      if (!row || !(await store.remove(db, world, id))) return fail('not-found', `The world ${world} has no region "${rawId}".`);
      await audit.record({ actor, action: 'region.delete', target: null, details: { world, id } });
      return ok(regionOf(row));
    },
  };
}
