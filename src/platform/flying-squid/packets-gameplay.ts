// Raw 1.21.4 packets of players acting in the world (moving, digging, placing, using items) and of
// the whole player inventory. Pure functions; packets-gameplay.test.ts round-trips each through
// minecraft-protocol's 1.21.4 serializer.

import type { Packet } from './packets.ts';

/** A block as the client must show it (a state id of the block state registry). */
export function blockChange(at: { x: number; y: number; z: number }, stateId: number): Packet {
  return { name: 'block_change', params: { location: { x: at.x, y: at.y, z: at.z }, type: stateId } };
}

/**
 * Ends the client's prediction of block changes up to `sequence` (a dig, place or item use it
 * numbered): a 1.19+ client keeps its own guess of the blocks it touched, and ignores the server's
 * block changes there, until this arrives (vanilla's block_changed_ack).
 */
export function acknowledgeBlockChanges(sequence: number): Packet {
  return { name: 'acknowledge_player_digging', params: { sequenceId: sequence } };
}

/** One slot of the player's own inventory window (window 0), with the window's next state id. */
export function inventorySlot(stateId: number, slot: number, item: unknown): Packet {
  return { name: 'set_slot', params: { windowId: 0, stateId, slot, item } };
}

/** The 1.21.4 equipment slot ids (EquipmentSlot's entity slot index). */
export const EQUIPMENT_SLOT = { mainHand: 0, offHand: 1, feet: 2, legs: 3, chest: 4, head: 5 } as const;

/** What other players see an entity wear and hold. */
export function entityEquipment(entityId: number, equipment: ReadonlyArray<{ slot: number; item: unknown }>): Packet {
  return { name: 'entity_equipment', params: { entityId, equipments: equipment.map((e) => ({ slot: e.slot, item: e.item })) } };
}

/** Selects a hotbar slot (0-8) on the player's client. */
export function selectHotbarSlot(slot: number): Packet {
  return { name: 'held_item_slot', params: { slot } };
}
