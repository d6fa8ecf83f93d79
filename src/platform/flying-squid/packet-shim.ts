// The shim: what flying-squid 1.12 writes wrongly at 1.21.4 (PLATFORM-NOTES defects 1-7 and a few
// more found by serialising every packet it sends), rewritten as each packet is written to a
// player. Pure; packets.test.ts round-trips each rewrite through the 1.21.4 serializer.

import { byteToDegrees, DIMENSION_TYPE, gameModeName, PLAYER_ENTITY_TYPE, playerRemove, position, tabListAdd, toI8, type Packet, type Params } from './packets.ts';


export interface ShimContext {
  /** Whether the entity id is a player (flying-squid spawns them with a null type). */
  isPlayer(entityId: number): boolean;
  /** The receiving player's game mode and previous game mode (flying-squid's numbers). */
  gameMode(): number;
  previousGameMode(): number;
  hashedSeed(): [number, number];
  /** The registry id of a sound event by name, or undefined. */
  soundId(name: string): number | undefined;
  /** The next state id of the receiving player's inventory window (window 0), for a set_slot. */
  nextInventoryStateId(): number;
}

/** flying-squid 1.12 still uses pre-1.13 names for the sounds it plays itself. */
const OLD_SOUND_NAMES: Record<string, string> = {
  'game.player.hurt': 'entity.player.hurt',
};

/**
 * What to write instead of a packet flying-squid writes: usually the packet fixed, sometimes two
 * packets, or none (a packet that cannot be made right is dropped rather than sent corrupt).
 */
export function fixOutgoing(name: string, params: Params, ctx: ShimContext): Packet[] {
  switch (name) {
    case 'entity_teleport': {
      // Defect 1: 1.21.4 added the velocity and flags fields, and yaw/pitch are degrees.
      if (params.dx !== undefined) break;
      return [
        {
          name,
          params: {
            entityId: params.entityId,
            x: params.x,
            y: params.y,
            z: params.z,
            dx: 0,
            dy: 0,
            dz: 0,
            yaw: byteToDegrees(num(params.yaw)),
            pitch: byteToDegrees(num(params.pitch)),
            flags: {},
            onGround: Boolean(params.onGround),
          },
        },
      ];
    }
    case 'spawn_entity': {
      // Defect 2: players are spawned with a null type; angles must fit a byte.
      const entityId = num(params.entityId);
      // flying-squid can spawn a player for others before that player's login has set its uuid (at
      // 0,0,0): the packet cannot be serialised and the receiver was disconnected. Not sent.
      if (params.objectUUID === undefined && ctx.isPlayer(entityId)) return [];
      return [
        {
          name,
          params: {
            entityId,
            objectUUID: params.objectUUID,
            type: ctx.isPlayer(entityId) ? PLAYER_ENTITY_TYPE : params.type,
            x: params.x,
            y: params.y,
            z: params.z,
            pitch: toI8(num(params.pitch)),
            yaw: toI8(num(params.yaw)),
            headPitch: toI8(num(params.headPitch)),
            objectData: num(params.objectData),
            velocity: params.velocity ?? { x: 0, y: 0, z: 0 },
          },
        },
      ];
    }
    case 'player_info': {
      const action = (params.action ?? {}) as Record<string, boolean>;
      const data = (params.data ?? []) as Array<Record<string, unknown>>;
      // Defect 3: leaving players need player_remove.
      if (action.remove_player) return [playerRemove(data.map((d) => String(d.uuid)))];
      // Defect 4: added players must be listed to show in the tab list.
      if (action.add_player && !action.update_listed) {
        return [
          tabListAdd(
            data.map((d) => {
              const profile = (d.player ?? {}) as { name?: string; properties?: unknown[] };
              return {
                uuid: String(d.uuid),
                name: String(profile.name ?? ''),
                properties: profile.properties ?? [],
                gameMode: num(d.gamemode),
                latency: num(d.latency),
              };
            }),
          ),
        ];
      }
      break;
    }
    case 'login': {
      // Defect 5: the game mode is in worldState, which flying-squid copies from minecraft-data.
      const worldState = (params.worldState ?? {}) as Params;
      return [
        {
          name,
          params: {
            ...params,
            enforcesSecureChat: Boolean(params.enforcesSecureChat),
            worldState: {
              ...worldState,
              gamemode: gameModeName(ctx.gameMode()),
              previousGamemode: 255,
              hashedSeed: ctx.hashedSeed(),
              isFlat: false,
            },
          },
        },
      ];
    }
    case 'respawn': {
      // Defect 6: 1.20.5 moved the fields into worldState.
      if (params.worldState !== undefined) break;
      const worldName = String(params.worldName ?? 'minecraft:overworld');
      const previous = params.previousGameMode ?? ctx.previousGameMode();
      return [
        {
          name,
          params: {
            worldState: {
              dimension: /^minecraft:(the_)?nether$/.test(worldName) ? DIMENSION_TYPE.the_nether : DIMENSION_TYPE.overworld,
              name: worldName,
              hashedSeed: ctx.hashedSeed(),
              gamemode: gameModeName(num(params.gamemode ?? ctx.gameMode())),
              previousGamemode: typeof previous === 'number' && previous >= 0 && previous <= 3 ? previous : 255,
              isDebug: false,
              isFlat: false,
              portalCooldown: 0,
              seaLevel: 63,
            },
            copyMetadata: 0,
          },
        },
      ];
    }
    case 'sound_effect': {
      // Defect 7: minecraft-protocol writes an inline sound event with a garbage byte; use the id.
      const sound = (params.sound ?? {}) as { soundId?: number; data?: { soundName?: string } };
      if (sound.soundId !== undefined) break;
      const raw = String(sound.data?.soundName ?? '').replace(/^minecraft:/, '');
      const id = ctx.soundId(OLD_SOUND_NAMES[raw] ?? raw);
      if (id === undefined) return [];
      return [{ name, params: { ...params, sound: { soundId: id } } }];
    }
    case 'position': {
      // 1.21.2 added velocity fields; flags is a bitflags object.
      if (params.dx !== undefined) break;
      return [position(num(params.teleportId), num(params.x), num(params.y), num(params.z))];
    }
    case 'entity_look':
    case 'rel_entity_move':
      // flying-squid passes on the client's onGround, which 1.21.4 clients send inside flags.
      if (params.onGround === undefined) return [{ name, params: { ...params, onGround: true } }];
      break;
    case 'spawn_position':
      if (params.angle === undefined) return [{ name, params: { ...params, angle: 0 } }];
      break;
    case 'update_health':
      if (params.foodSaturation === undefined) return [{ name, params: { ...params, foodSaturation: 5 } }];
      break;
    case 'difficulty':
      if (params.difficulty === undefined) return [{ name, params: { ...params, difficulty: 'normal' } }];
      break;
    case 'update_time':
      if (params.tickDayTime === undefined) return [{ name, params: { ...params, tickDayTime: true } }];
      break;
    case 'set_slot':
      // Each change of a window has the next state id, which the client's next click repeats.
      if (params.stateId === undefined) return [{ name, params: { ...params, stateId: params.windowId === 0 ? ctx.nextInventoryStateId() : 0 } }];
      break;
    case 'map_chunk':
      // flying-squid unloads a chunk with an empty map_chunk (pre-1.14 style), which 1.21.4 cannot
      // serialise: the player was disconnected with a serialization error as they walked away from
      // chunks. 1.21.4 forgets a chunk with unload_chunk.
      if (params.heightmaps === undefined && params.bitMap === 0) return [{ name: 'unload_chunk', params: { chunkX: num(params.x), chunkZ: num(params.z) } }];
      break;
    case 'tab_complete':
      // flying-squid's own answer lacks the transaction id; the adapter answers instead.
      if (params.transactionId === undefined) return [];
      break;
  }
  return [{ name, params }];
}

function num(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}
