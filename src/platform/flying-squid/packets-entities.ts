// Raw 1.21.4 packets of the entities the platform spawns itself (NPCs and text displays), which
// flying-squid knows nothing of, and of a player's skin. Pure functions of their inputs;
// packets-entities.test.ts round-trips each one through minecraft-protocol's 1.21.4 serializer.

import type { Skin } from '../entities.ts';
import type { Text } from '../platform.ts';
import { PLAYER_ENTITY_TYPE, degreesToByte, type Packet } from './packets.ts';
import { textToNbt, textToPlain } from './text.ts';

/** text_display in the 1.21.4 entity type registry. */
export const TEXT_DISPLAY_ENTITY_TYPE = 124;
/** Display entities: how the entity turns towards the viewer (a byte). */
export const DISPLAY_BILLBOARD_KEY = 15;
/** Billboard "center": the text always faces the viewer. */
export const BILLBOARD_CENTER = 3;
/** Text display: the text (a text component). */
export const TEXT_DISPLAY_TEXT_KEY = 23;
/** interaction in the 1.21.4 entity type registry: an invisible box that takes clicks. */
export const INTERACTION_ENTITY_TYPE = 66;
/** Interaction: the box's width and height (floats) and whether a click swings the arm (boolean). */
export const INTERACTION_WIDTH_KEY = 8;
export const INTERACTION_HEIGHT_KEY = 9;
export const INTERACTION_RESPONSE_KEY = 10;
/** A text display's line is 10 pixels of 1/40 block, with 1 pixel of background below and above. */
const LINE_HEIGHT = 0.25;
/** A character of the game's font is about 6 pixels wide. */
const CHARACTER_WIDTH = 0.15;
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

/**
 * The box around a text display's text, for the interaction entity that takes its clicks: the
 * text stands on the display's position and grows upwards, as wide as its longest line (an
 * interaction box is square, so as deep too), within 0.5 to 8 blocks.
 */
export function textHitbox(lines: readonly Text[]): { width: number; height: number } {
  const longest = Math.max(1, ...lines.map((l) => [...textToPlain(l)].length));
  return { width: Math.min(8, Math.max(0.5, longest * CHARACTER_WIDTH)), height: lines.length * LINE_HEIGHT + 0.05 };
}

export function spawnInteraction(entityId: number, uuid: string, at: Placement): Packet {
  return spawnEntity(entityId, uuid, INTERACTION_ENTITY_TYPE, at);
}

/** An interaction entity's box; a click on it swings the player's arm, as on a solid entity. */
export function interactionMetadata(entityId: number, box: { width: number; height: number }): Packet {
  return {
    name: 'entity_metadata',
    params: {
      entityId,
      metadata: [
        { key: INTERACTION_WIDTH_KEY, type: 'float', value: box.width },
        { key: INTERACTION_HEIGHT_KEY, type: 'float', value: box.height },
        { key: INTERACTION_RESPONSE_KEY, type: 'boolean', value: true },
      ],
    },
  };
}
