// Worlds and where players are in them: the world list with a fixed spawn per world (worlds made at
// run time included, see runtime-worlds.ts), locations, teleports (across worlds too), death and
// respawn. flying-squid's respawn and world change need
// the 1.21.4 respawn fix (PLATFORM-NOTES defect 6) and have no death event: the adapter moves the
// player itself, as a respawn does.

import { dirname, join } from 'node:path';
import type { BlockAt, Location, RespawnLocator } from '../platform.ts';
import type { CreateWorldOptions, UnloadOptions, WorldInfo, WorldOutcome } from '../worlds.ts';
import type { AdapterContext, PlayerSession } from './context.ts';
import type { FsWorld, Vec3 } from './fs-types.ts';
import type { InventorySync } from './inventory-sync.ts';
import * as P from './packets.ts';
import type { PlayerState } from './player-state.ts';
import { closable, findSpawn, flyingSquidWorlds, RuntimeWorlds, type WorldEntry } from './runtime-worlds.ts';
import type { Windows } from './windows.ts';

/** The highest and lowest block heights of a 1.21.4 world (the nether's blocks are within them). */
const WORLD_TOP = 319;
const WORLD_BOTTOM = -64;
/** Blocks without a collision box that a player floats in rather than falls through. */
const LIQUIDS = new Set(['water', 'lava']);

export class Worlds {
  private readonly registry: RuntimeWorlds;
  /** The default world's seed, as flying-squid announces it while it loads the world. */
  private seed = 0;
  private readonly enteredHooks: Array<(session: PlayerSession) => void> = [];
  /** Asked where a player who died respawns (GamePlatform.setRespawnLocator); none: the default spawn. */
  private respawnLocator: RespawnLocator | undefined;
  /** Where each dead player died, for the respawn locator. */
  private readonly diedAt = new WeakMap<PlayerSession, Location>();

  private readonly ctx: AdapterContext;
  private readonly playerState: PlayerState;
  private readonly inventory: InventorySync;
  private readonly windows: Windows;

  constructor(
    ctx: AdapterContext,
    playerState: PlayerState,
    inventory: InventorySync,
    windows: Windows,
  ) {
    this.ctx = ctx;
    this.playerState = playerState;
    this.inventory = inventory;
    this.windows = windows;
    const serv = ctx.serv;
    ctx.takeOverClientEvent('client_command');
    ctx.onAttach((session) => {
      const player = session.fs;
      player._client.on('client_command', (data: { actionId: unknown }) => {
        if ((data.actionId === 'perform_respawn' || data.actionId === 0) && session.dead) void this.respawn(session);
      });
      const updateHealth = player.updateHealth.bind(player);
      player.updateHealth = (health) => {
        // A player who quit dead comes back alive: the death screen needs a death to answer.
        if (!session.joined && health <= 0) health = 20;
        updateHealth(health);
        if (health <= 0 && session.joined && !session.dead) this.onDeath(session);
      };
      // flying-squid starts sending the chunks around a player without waiting for the end (after
      // the login, on moves) and goes on loading them after the player left: at shutdown, with the
      // world files closed, each load would fail as an unhandled rejection.
      const sendRestOfChunks = player.worldSendRestOfChunks.bind(player);
      player.worldSendRestOfChunks = () =>
        sendRestOfChunks().catch((e: unknown) => {
          if (!player.disconnected) ctx.log.warn(`chunks for ${session.online.name}: ${String(e)}`);
        });
    });
    serv.on('seed', (seed: number) => {
      this.seed = seed;
    });
    const water = new Set(['water', 'flowing_water'].map((n) => serv.registry.blocksByName[n]?.id ?? -1));
    const spawnOf = (world: FsWorld) => findSpawn(world, ctx.Vec3, water);
    this.registry = new RuntimeWorlds({
      worldsDir: ctx.options.worldsDir ?? join(dirname(ctx.options.worldDir), 'worlds'),
      factory: flyingSquidWorlds(serv.registry, '1.21.4'),
      findSpawn: spawnOf,
      nameLevel: (dimension, name) => {
        serv.dimensionNames[dimension] = name;
      },
      evacuate: (world) => this.evacuate(world),
      clearEntities: (world) => {
        for (const e of Object.values(serv.entities)) if (e.world === world && e.type !== 'player') e.destroy();
      },
      warn: (m) => ctx.log.warn(m),
    });
    ctx.onAttach((session) => {
      // The world a player leaves may not be loaded when they return: they come back at the spawn.
      const player = session.fs;
      const save = player.save.bind(player);
      player.save = async () => {
        const home = this.registry.default;
        if (player.world === home.fs) return save();
        const where = player.position;
        player.position = home.spawn.clone();
        try {
          await save();
        } finally {
          player.position = where;
        }
      };
    });
    ctx.onReady(async () => {
      // Chunks a player is still being sent are read after the stop closed the region files.
      if (serv.overworld.storageProvider) closable(serv.overworld.storageProvider);
      this.registry.addBuiltIn({ name: 'world', fs: serv.overworld, dimension: 0, spawn: await spawnOf(serv.overworld), generator: 'default', seed: this.seed });
      if (serv.netherworld) {
        this.registry.addBuiltIn({ name: 'world_nether', fs: serv.netherworld, dimension: -1, spawn: await spawnOf(serv.netherworld), generator: 'nether', seed: this.seed });
      }
      // flying-squid picks a random spawn for every join; a fixed one per world is what players expect.
      serv.getSpawnPoint = async (world) => this.registry.byFs(world).spawn.clone();
    });
    ctx.onClosed(async () => {
      await this.registry.settle();
      for (const w of this.registry.all()) await this.registry.close(w);
    });
  }

  /** After the player was put into a world afresh (a respawn or world change), once they stand in it. */
  onEntered(hook: (session: PlayerSession) => void): void {
    this.enteredHooks.push(hook);
  }

  /** Puts the player afresh where they stand, as a respawn does (what they hold and their state stay). */
  async respawnInPlace(session: PlayerSession): Promise<void> {
    if (session.moving || session.dead || session.fs.disconnected) return;
    const { yaw, pitch } = session;
    await this.moveToWorld(session, this.worldOf(session.fs.world), session.fs.position.clone(), { yaw, pitch });
  }

  worlds(): string[] {
    return this.registry.names();
  }

  worldInfo(name: string): WorldInfo | undefined {
    return this.registry.info(name);
  }

  storedWorlds(): Promise<string[]> {
    return this.registry.stored();
  }

  createWorld(name: string, options?: CreateWorldOptions): Promise<WorldOutcome> {
    return this.registry.create(name, options);
  }

  loadWorld(name: string): Promise<WorldOutcome> {
    return this.registry.load(name);
  }

  unloadWorld(name: string, options?: UnloadOptions): Promise<WorldOutcome> {
    return this.registry.unload(name, options);
  }

  deleteWorld(name: string): Promise<WorldOutcome> {
    return this.registry.delete(name);
  }

  spawnLocation(world?: string): Location {
    const w = (world === undefined ? undefined : this.registry.byName(world)) ?? this.registry.default;
    return { world: w.name, x: w.spawn.x, y: w.spawn.y, z: w.spawn.z, yaw: 0, pitch: 0 };
  }

  location(uuid: string): Location | undefined {
    const s = this.ctx.get(uuid);
    return s && this.locationOf(s);
  }

  async teleport(uuid: string, to: Location): Promise<boolean> {
    const s = this.ctx.get(uuid);
    const world = this.registry.byName(to.world);
    if (!s || !world || s.moving) return false;
    const player = s.fs;
    const at = new this.ctx.Vec3(to.x, to.y, to.z);
    s.relocated = true;
    if (player.world !== world.fs) {
      await this.moveToWorld(s, world, at, { yaw: to.yaw, pitch: to.pitch });
      return !player.disconnected;
    }
    s.yaw = to.yaw;
    s.pitch = to.pitch;
    player.yaw = P.degreesToByte(to.yaw);
    player.pitch = P.degreesToByte(to.pitch);
    // Others see the move (entity_teleport through the shim); chunks follow the 'move' event.
    await player.sendPosition(at, false, true);
    player.position = at;
    s.sendPosition(P.position(s.teleportId++, at.x, at.y, at.z, { yaw: to.yaw, pitch: to.pitch }));
    return true;
  }

  async highestBlock(name: string, x: number, z: number): Promise<BlockAt | undefined> {
    const world = this.registry.byName(name);
    if (!world) return undefined;
    const bx = Math.floor(x);
    const bz = Math.floor(z);
    for (let y = WORLD_TOP; y >= WORLD_BOTTOM; y--) {
      const block = await world.fs.getBlock(new this.ctx.Vec3(bx, y, bz));
      if (block.boundingBox !== 'empty' || LIQUIDS.has(block.name)) return { world: name, x: bx, y, z: bz, material: block.name };
    }
    return undefined;
  }

  locationOf(session: PlayerSession): Location {
    const p = session.fs.position;
    return { world: this.worldOf(session.fs.world).name, x: p.x, y: p.y, z: p.z, yaw: session.yaw, pitch: session.pitch };
  }

  /** The flying-squid world of a loaded world, by name. */
  fsWorld(name: string): FsWorld | undefined {
    return this.registry.byName(name)?.fs;
  }

  /** The name of the world a flying-squid world is (the default world's for one it does not know). */
  nameOf(fs: FsWorld): string {
    return this.worldOf(fs).name;
  }

  setRespawnLocator(locator: RespawnLocator | undefined): void {
    this.respawnLocator = locator;
  }

  private worldOf(fs: FsWorld): WorldEntry {
    return this.registry.byFs(fs);
  }

  /** Before a world is unloaded: its players go to the default world's spawn (the dead respawn there). */
  private async evacuate(world: FsWorld): Promise<void> {
    const home = this.registry.default;
    for (const s of [...this.ctx.joined.values()]) {
      if (s.fs.world !== world) continue;
      // Not through the respawn locator: it may name the world being unloaded.
      if (s.dead) await this.respawn(s, false);
      else await this.moveToWorld(s, home, home.spawn.clone());
    }
  }

  private onDeath(session: PlayerSession): void {
    session.dead = true;
    this.windows.finishChest(session, 'server', true);
    this.windows.returnCursor(session, true);
    const player = session.fs;
    // Others see the player fall over (takeDamage does this too; a second one does no harm).
    player._writeOthersNearby('entity_status', { entityId: player.id, entityStatus: 3 });
    const location = this.locationOf(session);
    this.diedAt.set(session, location);
    this.ctx.log.info(`${session.online.name} died`);
    this.ctx.emit('death', { player: session.online, location });
  }

  private async respawn(session: PlayerSession, located = true): Promise<void> {
    if (session.moving) return;
    const player = session.fs;
    session.dead = false;
    player.health = 20;
    player.food = 20;
    player.foodSaturation = 5;
    const home = this.registry.default;
    let world = home;
    let at = home.spawn.clone();
    let rotation: { yaw: number; pitch: number } | undefined;
    const died = this.diedAt.get(session) ?? this.locationOf(session);
    this.diedAt.delete(session);
    if (this.respawnLocator && located) {
      session.moving = true;
      try {
        const to = await this.respawnLocator(session.online, died);
        const there = to && this.registry.byName(to.world);
        if (to && there) {
          world = there;
          at = new this.ctx.Vec3(to.x, to.y, to.z);
          rotation = { yaw: to.yaw, pitch: to.pitch };
        }
      } catch (e) {
        this.ctx.log.warn(`the respawn place of ${session.online.name} could not be found, so they respawn at the spawn: ${String(e)}`);
      } finally {
        session.moving = false;
      }
      if (player.disconnected) return;
    }
    await this.moveToWorld(session, world, at, rotation);
    if (player.disconnected) return;
    this.ctx.emit('respawn', { player: session.online, location: this.locationOf(session) });
  }

  /**
   * Puts the player into a world afresh, as a respawn does: a respawn packet (which clears the
   * client's world), chunks, position, and the entities on both sides.
   */
  private async moveToWorld(session: PlayerSession, world: WorldEntry, at: Vec3, rotation?: { yaw: number; pitch: number }): Promise<void> {
    const player = session.fs;
    session.moving = true;
    session.relocated = true;
    this.windows.finishChest(session, 'server', true);
    this.windows.returnCursor(session, false);
    try {
      for (const other of this.ctx.serv.players) {
        if (other !== player && other.nearbyEntities.includes(player)) {
          other.nearbyEntities = other.nearbyEntities.filter((e) => e !== player);
          other.despawnEntities([player]);
        }
      }
      player._unloadAllChunks(true);
      player.world = world.fs;
      player._sendRespawn(undefined, undefined, world.dimension);
      player.position = at;
      player.knownPosition = at;
      if (rotation) {
        session.yaw = rotation.yaw;
        session.pitch = rotation.pitch;
        player.yaw = P.degreesToByte(rotation.yaw);
        player.pitch = P.degreesToByte(rotation.pitch);
      }
      player.spawnPoint = world.spawn.clone();
      player.sendSpawnPosition();
      this.playerState.sendAbilities(session);
      player.updateHealth(player.health);
      player.setXp(player.xp ?? 0);
      this.inventory.sendInventory(session);
      await player.worldSendInitialChunks();
      if (player.disconnected) return;
      session.sendPosition(P.position(session.teleportId++, at.x, at.y, at.z, { yaw: session.yaw, pitch: session.pitch }));
      player.nearbyEntities = [];
      player.updateAndSpawn();
      for (const hook of this.enteredHooks) hook(session);
      void player.worldSendRestOfChunks();
    } finally {
      session.moving = false;
    }
  }
}
