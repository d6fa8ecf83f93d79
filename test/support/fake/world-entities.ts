// The fake platform's items on the ground and mobs (the WorldEntityPort), with test controls: a
// player drops an item, uses a spawn egg; `seenBy` is what a player in that world would see. Mob
// spawns go through the same `mobSpawn` / `mobSpawned` events as the real adapter.

import { emitCancellable } from '../../../src/platform/cancellable.ts';
import { mobTypeName } from '../../../src/platform/mob-types.ts';
import type { Location, OnlinePlayer, PlatformEventName, PlatformEvents } from '../../../src/platform/platform.ts';
import type { MobSpawnCause, MobSpawnData, MobSpawnOutcome, MobSpawnSpec, WorldEntity, WorldEntityPort } from '../../../src/platform/world-entities.ts';
import type { PortMethods } from './lend.ts';

/** The port's methods, which the FakePlatform lends from here. */
export const WORLD_ENTITY_PORT_METHODS: PortMethods<WorldEntityPort> = { worldEntities: true, removeWorldEntity: true, spawnMob: true };

export interface WorldEntityHost {
  hasWorld(name: string): boolean;
  /** An online player's location, or a thrown error. */
  location(uuid: string): Location;
  player(uuid: string): OnlinePlayer | undefined;
  emit<E extends PlatformEventName>(event: E, data: PlatformEvents[E]): void;
}

export class FakeWorldEntities implements WorldEntityPort {
  private readonly entities = new Map<string, WorldEntity>();
  private counter = 0;
  private readonly host: WorldEntityHost;

  constructor(host: WorldEntityHost) {
    this.host = host;
  }

  worldEntities(world?: string): WorldEntity[] {
    return [...this.entities.values()].filter((e) => world === undefined || e.location.world === world).map((e) => ({ ...e, location: { ...e.location } }));
  }

  removeWorldEntity(id: string): boolean {
    return this.entities.delete(id);
  }

  spawnMob(spec: MobSpawnSpec): MobSpawnOutcome {
    const type = typeof spec.type === 'string' ? mobTypeName(spec.type) : undefined;
    if (!type) return { ok: false, reason: 'invalid', message: `"${String(spec.type)}" is not a mob type of the game (e.g. zombie, cow).` };
    if (!this.host.hasWorld(spec.location?.world)) return { ok: false, reason: 'invalid', message: `There is no loaded world named "${String(spec.location?.world)}".` };
    return this.spawn(type, spec.location, spec.cause ?? 'plugin', spec.player);
  }

  // ---- test controls -------------------------------------------------------------------------

  /** The player throws a stack out of their hands: it lies where they stand. Answers its id. */
  drop(uuid: string, material: string, count = 1): string {
    const id = this.nextId();
    this.entities.set(id, { id, kind: 'item', location: { ...this.host.location(uuid) }, material, count });
    return id;
  }

  /** The player uses a spawn egg of that mob where they stand (as the real platform does). */
  useSpawnEgg(uuid: string, type: string): MobSpawnOutcome {
    return this.spawn(type, { ...this.host.location(uuid) }, 'spawn-egg', this.host.player(uuid));
  }

  private spawn(type: string, location: Location, cause: MobSpawnCause, player?: OnlinePlayer): MobSpawnOutcome {
    const data: MobSpawnData = { type, location: { ...location }, cause, ...(player ? { player } : {}) };
    if (emitCancellable((name, payload) => this.host.emit(name, payload), 'mobSpawn', data)) {
      return { ok: false, reason: 'cancelled', message: `The ${type} was not spawned: a rule refused it.` };
    }
    const id = this.nextId();
    this.entities.set(id, { id, kind: 'mob', location: { ...location }, type });
    this.host.emit('mobSpawned', { ...data, id });
    return { ok: true, id };
  }

  private nextId(): string {
    this.counter += 1;
    return String(this.counter);
  }
}
