// Raw 1.21.4 packets of players' poses: the invisible seat a sitting player rides, the riding
// itself, and the lying (sleeping) pose others see. Pure; packets-poses.test.ts round-trips each
// through minecraft-protocol's 1.21.4 serializer.

import { spawnEntity, type Placement } from './packets-entities.ts';
import type { Packet } from './packets.ts';

/**
 * block_display in the 1.21.4 entity type registry. A block display shows no block until told
 * which (its block state is air by default), so the seat is invisible without any metadata, has
 * no hitbox to click, and is not moved by the game.
 */
export const BLOCK_DISPLAY_ENTITY_TYPE = 15;
/** Every entity: its pose (a `pose` value). */
export const ENTITY_POSE_KEY = 6;
/** The game's pose ids: standing, and sleeping (lying flat, also without a bed). */
export const POSE_STANDING = 0;
export const POSE_SLEEPING = 2;

export function spawnSeat(entityId: number, uuid: string, at: Placement): Packet {
  return spawnEntity(entityId, uuid, BLOCK_DISPLAY_ENTITY_TYPE, at);
}

/** Who rides the vehicle now (an empty list: nobody). */
export function setPassengers(vehicleId: number, passengers: number[]): Packet {
  return { name: 'set_passengers', params: { entityId: vehicleId, passengers } };
}

/** Shows an entity lying (sleeping pose) or standing again. */
export function poseMetadata(entityId: number, lying: boolean): Packet {
  return { name: 'entity_metadata', params: { entityId, metadata: [{ key: ENTITY_POSE_KEY, type: 'pose', value: lying ? POSE_SLEEPING : POSE_STANDING }] } };
}
