// The spawn's published API: a spawn per world and a first-join spawn, set by staff where they
// stand. A world without one set has the worlds module's spawn setting (when that module is on and
// the setting is set), else the world's own spawn point. /spawn goes through the teleport service
// (warm-up, back location, gates); a respawn is placed through the platform's respawn locator, and
// a first join is moved through the teleport service at once. With respawn-at-home (spawn.conf), a
// player who dies respawns at their first home instead.

import { actorName, type Actor } from '../../core/kernel/actor.ts';
import type { AuditService, CoreApi, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { OptionalServicesOf } from '../../core/kernel/module.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { Logger } from '../../core/log/log.ts';
import type { GamePlatform, Location } from '../../platform/platform.ts';
import type { SpawnConfig } from './spawn.config.ts';
import { msg } from './spawn.messages.ts';
import type { SpawnPoint, SpawnStore } from './spawn.store.ts';

/** The teleport cause of /spawn and of the move of a first join. */
export const SPAWN_CAUSE = 'spawn';

/** A world's spawn, and where it comes from. */
export interface WorldSpawn {
  world: string;
  location: Location;
  /** `set`: /setspawn; `worlds`: the worlds module's spawn setting; `world`: the world's own spawn point. */
  from: 'set' | 'worlds' | 'world';
}

export interface SpawnService {
  /** The spawn of a loaded world (the default world's for a world that is not loaded). */
  spawnOf(world: string): Promise<WorldSpawn>;
  /** Where a player new to the server starts: the first-join spawn when set, else the default world's spawn. */
  firstJoinSpawn(): Promise<{ location: Location; set: boolean }>;
  /** Sets a world's spawn (the world the location is in) or the first-join spawn; audited. */
  set(point: 'world' | 'first-join', location: Location, actor: Actor): Promise<Result<Location>>;
  /** Removes a world's spawn or the first-join spawn; not-found when none is set. Audited. */
  delete(point: SpawnPoint, actor: Actor): Promise<Result<{ removed: Location }>>;
  /** The worlds with a spawn set, by name. */
  worldsSet(): Promise<string[]>;
  /**
   * Takes an online player to the spawn of the world they are in, through the teleport service:
   * their own /spawn waits out the server's warm-up; sent by someone else (`actor`), at once, and
   * recorded with that actor.
   */
  teleport(uuid: string, actor?: Actor): Promise<Result<WorldSpawn>>;
}

export interface SpawnDeps {
  store: SpawnStore;
  clock: Clock;
  log: Logger;
  platform: GamePlatform;
  players: Pick<PlayersService, 'firstJoin'>;
  audit: Pick<AuditService, 'record'>;
  teleport: Pick<CoreApi['teleport'], 'teleport'>;
  /** spawn.conf as it is now. */
  config: () => SpawnConfig;
  /** Read at each use: the worlds and homes modules are there while they are on. */
  optional: OptionalServicesOf<'worlds' | 'homes'>;
}

/** How the audit log names a spawn: the world's name, or `first-join`. */
const spawnName = (point: SpawnPoint): string => (point === 'first-join' ? point : point.world);

/** The service, with what the module's stop calls. */
export interface Spawns extends SpawnService {
  /** Takes the respawn locator off the platform (the join listener goes with the module's scope). */
  stop(): void;
}

/** Makes the service and attaches the respawn locator and the first-join move. */
export function createSpawns(deps: SpawnDeps): Spawns {
  const { store, clock, log, platform, players, audit, teleport, config, optional } = deps;
  const defaultWorld = () => platform.spawnLocation().world;
  const loaded = (world: string) => platform.worlds().includes(world);

  async function spawnOf(world: string): Promise<WorldSpawn> {
    const name = loaded(world) ? world : defaultWorld();
    const set = await store.get({ world: name });
    if (set) return { world: name, location: set.location, from: 'set' };
    const setting = optional.worlds?.managed(name)?.settings.spawn;
    if (setting) return { world: name, location: { ...setting }, from: 'worlds' };
    return { world: name, location: platform.spawnLocation(name), from: 'world' };
  }

  async function firstJoinSpawn(): Promise<{ location: Location; set: boolean }> {
    const set = await store.get('first-join');
    if (set && loaded(set.location.world)) return { location: set.location, set: true };
    const s = await spawnOf(defaultWorld());
    return { location: s.location, set: s.from !== 'world' };
  }

  const service: SpawnService = {
    spawnOf,
    firstJoinSpawn,
    async set(point, location, actor) {
      const at = clock.now().toISOString();
      const key: SpawnPoint = point === 'first-join' ? 'first-join' : { world: location.world };
      await store.set(key, { location: { ...location }, setBy: actorName(actor), setAt: at });
      await audit.record({ actor, action: 'spawn.set', target: null, details: { spawn: spawnName(key), location: { ...location } } });
      return ok({ ...location });
    },
    async delete(point, actor) {
      const before = await store.get(point);
      if (!before || !(await store.delete(point))) {
        return point === 'first-join'
          ? fail('not-found', 'No first-join spawn is set.', { you: msg('spawn.no-first-join') })
          : fail('not-found', `The world ${point.world} has no spawn set.`, { you: msg('spawn.none-set', { world: point.world }) });
      }
      await audit.record({ actor, action: 'spawn.delete', target: null, details: { spawn: spawnName(point), location: { ...before.location } } });
      return ok({ removed: before.location });
    },
    worldsSet: () => store.worlds(),
    async teleport(uuid, actor) {
      const here = platform.location(uuid);
      if (!here || !platform.player(uuid)) return fail('player-offline', 'That player is not online.');
      const spawn = await spawnOf(here.world);
      const moved = await teleport.teleport(uuid, spawn.location, { cause: SPAWN_CAUSE, ...(actor ? { actor, warmupSeconds: 0 } : {}) });
      return moved.ok ? ok(spawn) : moved;
    },
  };

  /**
   * Where a player who died respawns: their first home with respawn-at-home (when the homes module
   * is on and the home's world is loaded), else the spawn of the world they died in. This game
   * server has no beds, so there is no bed spawn to come first.
   */
  async function respawnAt(uuid: string, died: Location): Promise<Location> {
    const homes = optional.homes;
    if (config().respawnAtHome && homes) {
      const list = await homes.list(uuid);
      const home = list.ok ? list.value.homes[0] : undefined;
      if (home && loaded(home.location.world)) return { ...home.location };
    }
    return (await spawnOf(died.world)).location;
  }

  /** A player new to the server goes to the first-join spawn (nothing moves them when no spawn is set). */
  async function firstJoin(uuid: string, name: string): Promise<void> {
    if (!(await players.firstJoin(uuid))) return;
    const start = await firstJoinSpawn();
    if (!start.set || !platform.player(uuid)) return;
    const moved = await teleport.teleport(uuid, start.location, { cause: SPAWN_CAUSE, warmupSeconds: 0 });
    if (!moved.ok) log.warn(`${name} joined for the first time and could not be taken to the first-join spawn: ${moved.message}`);
  }

  platform.setRespawnLocator((player, died) => respawnAt(player.uuid, died));
  platform.on('join', ({ player }) => {
    void firstJoin(player.uuid, player.name).catch((e: unknown) => log.error(`could not take ${player.name} to the first-join spawn`, e));
  });
  return {
    ...service,
    stop: () => platform.setRespawnLocator(undefined),
  };
}
