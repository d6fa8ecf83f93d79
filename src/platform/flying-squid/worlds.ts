// Worlds and where players are in them: the world list with a fixed spawn per world, locations,
// teleports (across worlds too), death and respawn. flying-squid's respawn and world change need
// the 1.21.4 respawn fix (PLATFORM-NOTES defect 6) and have no death event: the adapter moves the
// player itself, as a respawn does.

import type { Location } from '../platform.ts';
import type { AdapterContext, PlayerSession } from './context.ts';
import type { FsWorld, Vec3 } from './fs-types.ts';
import type { InventorySync } from './inventory-sync.ts';
import * as P from './packets.ts';
import type { PlayerState } from './player-state.ts';
import type { Windows } from './windows.ts';

interface WorldEntry {
  name: string;
  fs: FsWorld;
  /** flying-squid's dimension number (0 overworld, -1 nether). */
  dimension: number;
  spawn: Vec3;
}

export class Worlds {
  private worldList: WorldEntry[] = [];

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
    });
    ctx.onReady(async () => {
      this.worldList = [{ name: 'world', fs: serv.overworld, dimension: 0, spawn: await this.findSpawn(serv.overworld) }];
      if (serv.netherworld) {
        this.worldList.push({ name: 'world_nether', fs: serv.netherworld, dimension: -1, spawn: await this.findSpawn(serv.netherworld) });
      }
      // flying-squid picks a random spawn for every join; a fixed one per world is what players expect.
      serv.getSpawnPoint = async (world) => this.worldOf(world).spawn.clone();
    });
    ctx.onClosed(async () => {
      for (const w of this.worldList) {
        try {
          await w.fs.waitSaving();
        } catch (e) {
          ctx.log.warn(`saving world ${w.name}: ${String(e)}`);
        }
        w.fs.stopSaving();
        await w.fs.storageProvider?.close?.();
      }
    });
  }

  worlds(): string[] {
    return this.worldList.map((w) => w.name);
  }

  spawnLocation(world?: string): Location {
    const w = this.worldList.find((e) => e.name === world) ?? this.worldList[0]!;
    return { world: w.name, x: w.spawn.x, y: w.spawn.y, z: w.spawn.z, yaw: 0, pitch: 0 };
  }

  location(uuid: string): Location | undefined {
    const s = this.ctx.get(uuid);
    return s && this.locationOf(s);
  }

  async teleport(uuid: string, to: Location): Promise<boolean> {
    const s = this.ctx.get(uuid);
    const world = this.worldList.find((w) => w.name === to.world);
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

  locationOf(session: PlayerSession): Location {
    const p = session.fs.position;
    return { world: this.worldOf(session.fs.world).name, x: p.x, y: p.y, z: p.z, yaw: session.yaw, pitch: session.pitch };
  }

  private worldOf(fs: FsWorld): WorldEntry {
    return this.worldList.find((w) => w.fs === fs) ?? this.worldList[0]!;
  }

  /** The spawn: the first free block above the ground at (8, 8), as flying-squid finds one. */
  private async findSpawn(world: FsWorld): Promise<Vec3> {
    const { Vec3, serv } = this.ctx;
    const water = new Set(['water', 'flowing_water'].map((n) => serv.registry.blocksByName[n]?.id));
    let p = new Vec3(8, 81, 8);
    while (p.y > -64 && (await world.getBlockType(p)) === 0) p = p.offset(0, -1, 0);
    for (let i = 0; i < 64 && water.has(await world.getBlockType(p)); i++) p = p.offset(1, 0, 0);
    while (p.y < 320 && (await world.getBlockType(p)) !== 0) p = p.offset(0, 1, 0);
    return new Vec3(p.x + 0.5, p.y, p.z + 0.5);
  }

  private onDeath(session: PlayerSession): void {
    session.dead = true;
    this.windows.finishChest(session, 'server', true);
    this.windows.returnCursor(session, true);
    const player = session.fs;
    // Others see the player fall over (takeDamage does this too; a second one does no harm).
    player._writeOthersNearby('entity_status', { entityId: player.id, entityStatus: 3 });
    const location = this.locationOf(session);
    this.ctx.log.info(`${session.online.name} died`);
    this.ctx.emit('death', { player: session.online, location });
  }

  private async respawn(session: PlayerSession): Promise<void> {
    if (session.moving) return;
    const player = session.fs;
    session.dead = false;
    player.health = 20;
    player.food = 20;
    player.foodSaturation = 5;
    const world = this.worldList[0]!;
    await this.moveToWorld(session, world, world.spawn.clone());
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
      void player.worldSendRestOfChunks().catch((e: unknown) => this.ctx.log.warn(`chunks for ${session.online.name}: ${String(e)}`));
    } finally {
      session.moving = false;
    }
  }
}
