// Raw 1.21.4 packets of the entities the platform spawns itself (NPCs and text displays), which
// flying-squid knows nothing of, and of a player's skin. Pure functions of their inputs;
// packets-entities.test.ts round-trips each one through minecraft-protocol's 1.21.4 serializer.

import type { Skin } from '../entities.ts';
import type { Text } from '../platform.ts';
import { PLAYER_ENTITY_TYPE, degreesToByte, type Packet } from './packets.ts';
import { textToNbt } from './text.ts';

/** text_display in the 1.21.4 entity type registry. */
export const TEXT_DISPLAY_ENTITY_TYPE = 124;
/** Display entities: how the entity turns towards the viewer (a byte). */
export const DISPLAY_BILLBOARD_KEY = 15;
/** Billboard "center": the text always faces the viewer. */
export const BILLBOARD_CENTER = 3;
/** Text display: the text (a text component). */
export const TEXT_DISPLAY_TEXT_KEY = 23;
/** Player: which skin layers show (hat, jacket, sleeves, trousers; a byte of flags). */
export const PLAYER_SKIN_PARTS_KEY = 17;
/** Every outer layer of the skin shown, as a player's client sets it by default. */
export const ALL_SKIN_PARTS = 0x7f;

/** Where and how an entity stands; angles in degrees. */
export interface Placement {
  x: number;
  y: number;
  z: number;
  yaw: number;
  pitch: number;
}

/** A skin as the profile property the game's player_info carries. */
export function skinProperties(skin: Skin | undefined): Array<{ name: string; value: string; signature?: string }> {
  if (!skin) return [];
  return [skin.signature === undefined ? { name: 'textures', value: skin.value } : { name: 'textures', value: skin.value, signature: skin.signature }];
}

/**
 * The profile of an NPC, which a client needs before it can show a player entity (its name and
 * skin come from here). Unlisted: it never shows in the tab list.
 */
export function npcProfile(uuid: string, name: string, skin: Skin | undefined): Packet {
  return {
    name: 'player_info',
    params: {
      action: { add_player: true, update_listed: true },
      data: [{ uuid, player: { name, properties: skinProperties(skin) }, listed: 0 }],
    },
  };
}

export function spawnEntity(entityId: number, uuid: string, type: number, at: Placement): Packet {
  const yaw = degreesToByte(at.yaw);
  return {
    name: 'spawn_entity',
    params: {
      entityId,
      objectUUID: uuid,
      type,
      x: at.x,
      y: at.y,
      z: at.z,
      pitch: degreesToByte(at.pitch),
      yaw,
      // The head's yaw for a living entity (minecraft-data's name for the field is misleading).
      headPitch: yaw,
      objectData: 0,
      velocity: { x: 0, y: 0, z: 0 },
    },
  };
}

export function spawnNpc(entityId: number, uuid: string, at: Placement): Packet {
  return spawnEntity(entityId, uuid, PLAYER_ENTITY_TYPE, at);
}

/** Shows every layer of an NPC's skin (a player entity shows none until told). */
export function npcMetadata(entityId: number): Packet {
  return { name: 'entity_metadata', params: { entityId, metadata: [{ key: PLAYER_SKIN_PARTS_KEY, type: 'byte', value: ALL_SKIN_PARTS }] } };
}

/** The team that hides an NPC's name: one per NPC, named by its protocol entity id. */
export function npcTeam(entityId: number): string {
  return `core.npc.${entityId}`;
}

/**
 * Hides the name above an NPC's head: a team of its own (holding its profile name) whose name
 * tags never show. The client draws a player entity's name unless its team says otherwise.
 */
export function npcHiddenNameTeam(entityId: number, profileName: string): Packet {
  return {
    name: 'teams',
    params: {
      team: npcTeam(entityId),
      mode: 0,
      name: textToNbt(''),
      friendlyFire: 0,
      nameTagVisibility: 'never',
      collisionRule: 'never',
      formatting: 21,
      prefix: textToNbt(''),
      suffix: textToNbt(''),
      players: [profileName],
    },
  };
}

export function npcTeamRemove(entityId: number): Packet {
  return { name: 'teams', params: { team: npcTeam(entityId), mode: 1 } };
}

/** The way a living entity's head faces, which its body's yaw does not set. */
export function headRotation(entityId: number, yaw: number): Packet {
  return { name: 'entity_head_rotation', params: { entityId, headYaw: degreesToByte(yaw) } };
}

export function spawnTextDisplay(entityId: number, uuid: string, at: Placement): Packet {
  return spawnEntity(entityId, uuid, TEXT_DISPLAY_ENTITY_TYPE, at);
}

/** Lines as one text component, one line per line break. */
export function joinLines(lines: readonly Text[]): Text {
  return { text: '', extra: lines.flatMap((line, i) => (i === 0 ? [line] : ['\n', line])) };
}

/** A text display's text; with `billboard`, also made to face the viewer (once, at spawn). */
export function textDisplayMetadata(entityId: number, lines: readonly Text[], billboard: boolean): Packet {
  const metadata: Array<Record<string, unknown>> = [];
  if (billboard) metadata.push({ key: DISPLAY_BILLBOARD_KEY, type: 'byte', value: BILLBOARD_CENTER });
  metadata.push({ key: TEXT_DISPLAY_TEXT_KEY, type: 'component', value: textToNbt(joinLines(lines)) });
  return { name: 'entity_metadata', params: { entityId, metadata } };
}

/** An entity's new position and rotation, absolute. */
export function entityTeleport(entityId: number, at: Placement): Packet {
  return {
    name: 'entity_teleport',
    params: { entityId, x: at.x, y: at.y, z: at.z, dx: 0, dy: 0, dz: 0, yaw: at.yaw, pitch: at.pitch, flags: {}, onGround: false },
  };
}

export function entityDestroy(entityIds: number[]): Packet {
  return { name: 'entity_destroy', params: { entityIds } };
}
