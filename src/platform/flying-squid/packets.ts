// Raw 1.21.4 packets the adapter writes itself (the rewrite of what flying-squid writes wrongly is
// in packet-shim.ts). Pure functions of their inputs; packets.test.ts round-trips each one through
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

/** A number as a signed byte (angles in spawn and teleport packets). */
export function toI8(n: number): number {
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

/** Flag 2 of the client's abilities packet: whether it flies now. */
export const CLIENT_FLYING_FLAG = 2;

/**
 * The abilities after the client's own abilities packet (it starts or stops flying): a client may
 * only fly when flight is allowed; anything else in the packet is the server's to decide.
 */
export function flyingFromClient(current: Abilities, flags: unknown): Abilities {
  if (typeof flags !== 'number') return current;
  return { ...current, flying: current.allowFlight && (flags & CLIENT_FLYING_FLAG) !== 0 };
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
