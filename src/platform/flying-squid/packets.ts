// Raw 1.21.4 packets: the ones the adapter writes itself, and the rewrite of what flying-squid 1.12
// writes wrongly at 1.21.4 (PLATFORM-NOTES defects 1-7 and a few more found by serialising every
// packet it sends). Pure functions of their inputs; packets.test.ts round-trips each one through
// minecraft-protocol's 1.21.4 serializer.

import type { GameMode, Abilities } from '../platform.ts';
import type { NbtCompound } from './text.ts';

export type Params = Record<string, unknown>;
export interface Packet {
  name: string;
  params: Params;
}

export const GAME_MODE_IDS: Record<GameMode, number> = { survival: 0, creative: 1, adventure: 2, spectator: 3 };
export const GAME_MODE_NAMES: readonly GameMode[] = ['survival', 'creative', 'adventure', 'spectator'];
/** The player's id in the 1.21.4 entity type registry. */
export const PLAYER_ENTITY_TYPE = 147;
/** movement_speed in the 1.21.4 attribute registry (minecraft-data's table is outdated and calls 21 step_height). */
export const MOVEMENT_SPEED_ATTRIBUTE = 21;
/** Indices in the dimension_type registry minecraft-protocol sends in configuration. */
export const DIMENSION_TYPE = { overworld: 0, the_nether: 3 } as const;
/** Vanilla defaults the Abilities multipliers scale. */
export const BASE_WALK_SPEED = 0.1;
export const BASE_FLY_SPEED = 0.05;
/**
 * The game event that tells a 1.20.3+ client to close the loading screen once the chunk it stands
 * in arrives; vanilla sends it after the position that follows a login or respawn.
 */
export const LEVEL_CHUNKS_LOAD_START = 13;

export function gameModeName(id: number | undefined): GameMode {
  return GAME_MODE_NAMES[id ?? 0] ?? 'survival';
}

/** A byte angle (1/256 of a turn, as flying-squid keeps entity yaw and pitch) in degrees. */
export function byteToDegrees(angle: number): number {
  return (angle * 360) / 256;
}

/** Degrees as a signed byte angle. */
export function degreesToByte(degrees: number): number {
  return toI8(Math.floor((degrees * 256) / 360));
}

function toI8(n: number): number {
  const v = Math.trunc(Number.isFinite(n) ? n : 0) & 0xff;
  return v > 127 ? v - 256 : v;
}

// ---------------------------------------------------------------------------------------------
// Packets the adapter writes.

export function systemChat(content: NbtCompound, actionBar = false): Packet {
  return { name: 'system_chat', params: { content, isActionBar: actionBar } };
}

export function abilities(a: Abilities, creative: boolean): Packet {
  const flags = (a.invulnerable ? 1 : 0) | (a.flying ? 2 : 0) | (a.allowFlight ? 4 : 0) | (creative ? 8 : 0);
  return {
    name: 'abilities',
    params: { flags, flyingSpeed: BASE_FLY_SPEED * a.flySpeed, walkingSpeed: BASE_WALK_SPEED * a.walkSpeed },
  };
}

/** The movement_speed attribute, which is what makes a walk speed change felt. */
export function walkSpeedAttribute(entityId: number, walkSpeed: number): Packet {
  return {
    name: 'entity_update_attributes',
    params: {
      entityId,
      properties: [{ key: MOVEMENT_SPEED_ATTRIBUTE, value: BASE_WALK_SPEED * walkSpeed, modifiers: [] }],
    },
  };
}

/** Absolute position; the client's own rotation is kept unless a rotation is given. */
export function position(teleportId: number, x: number, y: number, z: number, rotation?: { yaw: number; pitch: number }): Packet {
  return {
    name: 'position',
    params: {
      teleportId,
      x,
      y,
      z,
      dx: 0,
      dy: 0,
      dz: 0,
      yaw: rotation?.yaw ?? 0,
      pitch: rotation?.pitch ?? 0,
      // A relative rotation with a zero delta keeps the way the client faces; velocity is reset.
      flags: { yaw: rotation === undefined, pitch: rotation === undefined },
    },
  };
}

export function levelChunksLoadStart(): Packet {
  return { name: 'game_state_change', params: { reason: LEVEL_CHUNKS_LOAD_START, gameMode: 0 } };
}

export function playerRemove(uuids: string[]): Packet {
  return { name: 'player_remove', params: { players: uuids } };
}

export interface TabEntry {
  uuid: string;
  name: string;
  properties?: unknown[];
  gameMode: number;
  latency: number;
}

/** Adds players to the tab list, listed, with game mode and latency. */
export function tabListAdd(entries: TabEntry[]): Packet {
  return {
    name: 'player_info',
    params: {
      action: { add_player: true, update_game_mode: true, update_listed: true, update_latency: true },
      data: entries.map((e) => ({
        uuid: e.uuid,
        player: { name: e.name, properties: e.properties ?? [] },
        gamemode: e.gameMode,
        listed: 1,
        latency: Math.max(0, Math.trunc(e.latency || 0)),
      })),
    },
  };
}

export function tabListGameMode(uuid: string, gameMode: number): Packet {
  return { name: 'player_info', params: { action: { update_game_mode: true }, data: [{ uuid, gamemode: gameMode }] } };
}

/**
 * The command tree: each name a literal, runnable bare, with one greedy-string argument whose
 * suggestions the client asks the server for. Node 0 is the root, the last node the argument.
 */
export function commandTree(names: readonly string[]): Packet {
  const literals = [...new Set(names.map((n) => n.toLowerCase()).filter((n) => /^[^\s/]+$/.test(n)))].sort();
  const argIndex = literals.length + 1;
  const flags = (type: number, executable: boolean, suggestions: boolean) => ({
    unused: 0,
    has_custom_suggestions: suggestions ? 1 : 0,
    has_redirect_node: 0,
    has_command: executable ? 1 : 0,
    command_node_type: type,
  });
  const nodes: Params[] = [{ flags: flags(0, false, false), children: literals.map((_, i) => i + 1) }];
  for (const name of literals) nodes.push({ flags: flags(1, true, false), children: [argIndex], extraNodeData: { name } });
  nodes.push({
    flags: flags(2, true, true),
    children: [],
    extraNodeData: { name: 'args', parser: 'brigadier:string', properties: 'GREEDY_PHRASE', suggestionType: 'minecraft:ask_server' },
  });
  return { name: 'declare_commands', params: { nodes, rootIndex: 0 } };
}

/** Where the completed word starts in the text the client sent, and the line the handler gets. */
export function completionRequest(text: string): { line: string; start: number; length: number } {
  const slash = text.startsWith('/') ? 1 : 0;
  const line = text.slice(slash);
  const start = text.lastIndexOf(' ') + 1 || slash;
  return { line, start, length: text.length - start };
}

export function tabCompleteAnswer(transactionId: number, text: string, matches: readonly string[]): Packet {
  const { start, length } = completionRequest(text);
  return {
    name: 'tab_complete',
    params: { transactionId, start, length, matches: matches.map((match) => ({ match })) },
  };
}

/** A sound by registry id at a position (the packet's coordinates are eighths of a block). */
export function soundEffect(soundId: number, at: { x: number; y: number; z: number }, o: { category?: number; volume?: number; pitch?: number } = {}): Packet {
  return {
    name: 'sound_effect',
    params: {
      sound: { soundId },
      soundCategory: o.category ?? 0,
      x: Math.floor(at.x * 8),
      y: Math.floor(at.y * 8),
      z: Math.floor(at.z * 8),
      volume: o.volume ?? 1,
      pitch: o.pitch ?? 1,
      seed: [0, 0],
    },
  };
}

/** The whole player inventory (46 slots in the notch form of prismarine-item's toNotch) and the cursor. */
export function inventoryContents(stateId: number, items: unknown[], carried: unknown): Packet {
  return windowItems(0, stateId, items, carried);
}

/** The item entity's own metadata entry (ItemEntity DATA_ITEM), after the 8 of every entity. */
export const ITEM_ENTITY_ITEM_KEY = 8;

/** What an item entity shows: its stack, with every component (flying-squid sends none at 1.21.4). */
export function itemEntityMetadata(entityId: number, item: unknown): Packet {
  return { name: 'entity_metadata', params: { entityId, metadata: [{ key: ITEM_ENTITY_ITEM_KEY, type: 'item_stack', value: item }] } };
}

/** A player picks up `count` of an item entity (the client animates it; the entity goes separately). */
export function collectItem(collectedEntityId: number, collectorEntityId: number, count: number): Packet {
  return { name: 'collect', params: { collectedEntityId, collectorEntityId, pickupItemCount: count } };
}

/** The menu type of a chest window of 1 to 6 rows (generic_9x1 … generic_9x6 in the menu registry). */
export function chestMenuType(rows: number): number {
  return Math.min(6, Math.max(1, Math.trunc(rows))) - 1;
}

/** Opens a window on the client; its slots follow in window_items. */
export function openWindow(windowId: number, menuType: number, title: NbtCompound): Packet {
  return { name: 'open_window', params: { windowId, inventoryType: menuType, windowTitle: title } };
}

/** Every slot of a window (its own, then the player's 36), and what the cursor holds. */
export function windowItems(windowId: number, stateId: number, items: unknown[], carried: unknown): Packet {
  return { name: 'window_items', params: { windowId, stateId, items, carriedItem: carried } };
}

export function closeWindow(windowId: number): Packet {
  return { name: 'close_window', params: { windowId } };
}

export function kickDisconnect(reason: NbtCompound): Packet {
  return { name: 'kick_disconnect', params: { reason } };
}

// ---------------------------------------------------------------------------------------------
// The shim: rewrites of what flying-squid writes.

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
              dimension: /nether/.test(worldName) ? DIMENSION_TYPE.the_nether : DIMENSION_TYPE.overworld,
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
