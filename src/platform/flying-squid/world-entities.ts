// The world's own entities on flying-squid (the WorldEntityPort): its item entities and its mobs,
// listed and removed by id (flying-squid's entity id, as a string). Mobs: flying-squid's spawnMob
// crashes at 1.21.4 for every type but nine (it reads a table of the old "mob" category only), and
// its spawn eggs exist only for those nine; there is no natural spawning and /summon is replaced
// by the command handler. So every mob is spawned here: spawnMob of the port, spawn eggs of every
// mob type (registered here), and flying-squid's own spawnMob (replaced, for any code that calls
// it). Each spawn goes through the cancellable `mobSpawn` event first and `mobSpawned` after.

import { randomUUID } from 'node:crypto';
import { emitCancellable } from '../cancellable.ts';
import { mobTypeName, mobTypes } from '../mob-types.ts';
import type { Location, OnlinePlayer } from '../platform.ts';
import type { MobSpawnCause, MobSpawnData, MobSpawnOutcome, MobSpawnSpec, WorldEntity, WorldEntityPort } from '../world-entities.ts';
import type { AdapterContext } from './context.ts';
import type { FsEntity, FsMob, FsWorld, Vec3 } from './fs-types.ts';
import type { ItemEntities } from './item-entities.ts';
import { byteToDegrees, degreesToByte } from './packets.ts';
import type { Worlds } from './worlds.ts';

export class WorldEntities implements WorldEntityPort {
  private readonly ctx: AdapterContext;
  private readonly worlds: Worlds;
  private readonly items: ItemEntities;

  constructor(ctx: AdapterContext, worlds: Worlds, items: ItemEntities) {
    this.ctx = ctx;
    this.worlds = worlds;
    this.items = items;
    const { serv } = ctx;
    serv.spawnMob = (typeId, world, position) => {
      const type = serv.registry.entities[typeId]?.name;
      if (type === undefined || mobTypeName(type) === undefined) return undefined;
      const spawned = this.spawn(type, world, position, { world: this.worlds.nameOf(world), x: position.x, y: position.y, z: position.z, yaw: 0, pitch: 0 }, 'plugin');
      return spawned.ok ? serv.entities[spawned.id] : undefined;
    };
    // After flying-squid's own egg handlers (made as its plugins load), which these replace.
    ctx.onReady(() => this.takeOverSpawnEggs());
  }

  worldEntities(world?: string): WorldEntity[] {
    const only = world === undefined ? undefined : this.worlds.fsWorld(world);
    if (world !== undefined && !only) return [];
    const out: WorldEntity[] = [];
    for (const e of Object.values(this.ctx.serv.entities)) {
      if (only && e.world !== only) continue;
      const listed = this.describe(e);
      if (listed) out.push(listed);
    }
    return out;
  }

  removeWorldEntity(id: string): boolean {
    const e = /^\d+$/.test(id) ? this.ctx.serv.entities[id] : undefined;
    if (!e || !this.describe(e)) return false;
    e.destroy();
    return true;
  }

  spawnMob(spec: MobSpawnSpec): MobSpawnOutcome {
    const type = typeof spec.type === 'string' ? mobTypeName(spec.type) : undefined;
    if (!type) return { ok: false, reason: 'invalid', message: `"${String(spec.type)}" is not a mob type of the game (e.g. zombie, cow).` };
    const world = this.worlds.fsWorld(spec.location?.world);
    if (!world) return { ok: false, reason: 'invalid', message: `There is no loaded world named "${String(spec.location?.world)}".` };
    const { x, y, z } = spec.location;
    if (![x, y, z].every(Number.isFinite)) return { ok: false, reason: 'invalid', message: 'A spawn location needs finite x, y and z.' };
    return this.spawn(type, world, new this.ctx.Vec3(x, y, z), spec.location, spec.cause ?? 'plugin', spec.player);
  }

  /** An item on the ground or a mob as the port lists it; undefined for any other entity. */
  private describe(e: FsEntity): WorldEntity | undefined {
    const location = (): Location => ({
      world: this.worlds.nameOf(e.world),
      x: e.position.x,
      y: e.position.y,
      z: e.position.z,
      yaw: byteToDegrees(e.yaw ?? 0),
      pitch: byteToDegrees(e.pitch ?? 0),
    });
    if (e.type === 'object') {
      const item = this.items.itemOfEntity(e);
      return item ? { id: String(e.id), kind: 'item', location: location(), material: item.name, count: item.count } : undefined;
    }
    if (e.type === 'mob') return { id: String(e.id), kind: 'mob', location: location(), type: (e as FsMob).name };
    return undefined;
  }

  private spawn(type: string, world: FsWorld, at: Vec3, location: Location, cause: MobSpawnCause, player?: OnlinePlayer): MobSpawnOutcome {
    const { serv, Vec3 } = this.ctx;
    const info = serv.registry.entitiesByName[type];
    if (!info) return { ok: false, reason: 'invalid', message: `"${type}" is not a mob type of the game.` };
    const data: MobSpawnData = { type, location: { ...location }, cause, ...(player ? { player } : {}) };
    if (emitCancellable((name, payload) => this.ctx.emit(name, payload), 'mobSpawn', data)) {
      return { ok: false, reason: 'cancelled', message: `The ${type} was not spawned: a rule refused it.` };
    }
    let mob: FsMob;
    try {
      // As flying-squid's spawnMob, with the type's name and size from the entity table.
      mob = serv.initEntity('mob', info.id, world, at) as FsMob;
      mob.uuid = randomUUID();
      mob.name = type;
      mob.velocity = new Vec3(0, 0, 0);
      mob.yaw = degreesToByte(location.yaw ?? 0);
      mob.pitch = 0;
      mob.headPitch = 0;
      mob.gravity = new Vec3(0, -20, 0);
      mob.terminalvelocity = new Vec3(27, 27, 27);
      mob.friction = new Vec3(15, 0, 15);
      mob.size = new Vec3(info.width, info.height, info.width);
      mob.health = 20;
      mob.metadata = [];
      mob.updateAndSpawn();
    } catch (e) {
      this.ctx.log.warn(`could not spawn a ${type}: ${String(e)}`);
      return { ok: false, reason: 'failed', message: `The ${type} could not be spawned: ${e instanceof Error ? e.message : String(e)}` };
    }
    const id = String(mob.id);
    this.ctx.emit('mobSpawned', { ...data, id });
    return { ok: true, id };
  }

  /** Every mob's spawn egg spawns it where it is used (one egg used up in survival). */
  private takeOverSpawnEggs(): void {
    const { serv } = this.ctx;
    for (const type of mobTypes()) {
      const egg = serv.registry.itemsByName[`${type}_spawn_egg`];
      if (!egg) continue;
      serv.onItemPlace(
        egg.name,
        ({ player, placedPosition }) => {
          const s = this.ctx.sessionOf(player);
          if (!s) return {};
          const at = placedPosition.offset(0.5, 0, 0.5);
          const location = { world: this.worlds.nameOf(player.world), x: at.x, y: at.y, z: at.z, yaw: s.yaw, pitch: 0 };
          const spawned = this.spawn(type, player.world, at, location, 'spawn-egg', s.online);
          if (spawned.ok && player.gameMode === 0) {
            const slot = 36 + (player.heldItemSlot ?? 0);
            const held = player.inventory.slots[slot];
            if (held) player.inventory.updateSlot(slot, held.count > 1 ? this.ctx.items.ops.withCount(held, held.count - 1) : null);
          }
          // No block is placed.
          return {};
        },
        false,
      );
    }
  }
}
