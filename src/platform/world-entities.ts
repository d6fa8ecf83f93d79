// The world's own entities, beside those the platform spawns for modules (entities.ts): items lying
// on the ground and mobs. A module lists and removes them (a purge) and spawns mobs; every mob spawn,
// whatever its cause (a spawn egg, a command, a module), first goes through the cancellable
// `mobSpawn` platform event, then `mobSpawned` tells that it happened.

import type { Location, OnlinePlayer } from './platform.ts';

/** An item lying on the ground or a mob. Its `id` is stable while it exists and never reused. */
export type WorldEntity =
  | { id: string; kind: 'item'; location: Location; material: string; count: number }
  | { id: string; kind: 'mob'; location: Location; type: string };

export const MOB_SPAWN_CAUSES = ['spawn-egg', 'command', 'plugin'] as const;
/** `spawn-egg`: a player used one; `command`: a command of a module; `plugin`: any other code. */
export type MobSpawnCause = (typeof MOB_SPAWN_CAUSES)[number];

export interface MobSpawnSpec {
  /** A mob type name (mob-types.ts), e.g. "zombie". */
  type: string;
  location: Location;
  /** 'plugin' when absent. */
  cause?: Exclude<MobSpawnCause, 'spawn-egg'>;
  /** The player who asked for it (a command's sender), if any. */
  player?: OnlinePlayer;
}

/**
 * Why a mob was not spawned: `invalid` (not a mob type, or a world that is not loaded),
 * `cancelled` (a `mobSpawn` handler cancelled it), `failed` (the game refused, e.g. its entity limit).
 */
export type MobSpawnOutcome = { ok: true; id: string } | { ok: false; reason: 'invalid' | 'cancelled' | 'failed'; message: string };

/** What the `mobSpawn` and `mobSpawned` platform events say about a spawn. */
export interface MobSpawnData {
  type: string;
  location: Location;
  cause: MobSpawnCause;
  player?: OnlinePlayer;
}

export interface WorldEntityPort {
  /** The items on the ground and the mobs of a loaded world, or of every world when none is named. */
  worldEntities(world?: string): WorldEntity[];
  /** Removes an item or mob from the world and from every player's sight; false when there is none of that id. */
  removeWorldEntity(id: string): boolean;
  /** Spawns a mob, after the `mobSpawn` event (whose handlers may cancel it). */
  spawnMob(spec: MobSpawnSpec): MobSpawnOutcome;
}
