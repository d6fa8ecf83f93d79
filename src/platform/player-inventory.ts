// The whole of a player's own inventory, read and written: the 36 storage slots, the armour worn,
// the off-hand and the selected hotbar slot. Inventory snapshots, staff mode and /invsee-like
// tools build on it; `giveItems` (platform.ts) stays the way to add items without overwriting.

import type { ItemStack } from './platform.ts';

export const ARMOR_PIECES = ['head', 'chest', 'legs', 'feet'] as const;
export type ArmorPiece = (typeof ARMOR_PIECES)[number];

/** Everything a player carries (not what a chest they look into holds, nor the cursor). */
export interface PlayerInventory {
  /** The 36 storage slots in the game's order: 0-8 the hotbar, 9-35 the main inventory. */
  storage: Array<ItemStack | null>;
  /** What the player wears (any item may be worn on the head, as the game's commands allow). */
  armor: Record<ArmorPiece, ItemStack | null>;
  offHand: ItemStack | null;
  /** The selected hotbar slot, 0-8 (the main hand holds `storage[selectedSlot]`). */
  selectedSlot: number;
}

/**
 * A slot of the player's inventory: a storage index (0-35, as in `PlayerInventory.storage`), an
 * armour piece, or the off-hand.
 */
export type InventorySlot = number | ArmorPiece | 'offHand';

/** What `setPlayerInventory` writes: every slot is replaced (missing storage slots are emptied). */
export interface PlayerInventoryWrite {
  storage: ReadonlyArray<ItemStack | null>;
  armor?: Partial<Record<ArmorPiece, ItemStack | null>>;
  offHand?: ItemStack | null;
  /** Also selects this hotbar slot (0-8) on the player's client; left as it is when absent. */
  selectedSlot?: number;
}

export interface PlayerInventoryPort {
  /** The whole inventory of an online player, or undefined when offline. */
  playerInventory(uuid: string): PlayerInventory | undefined;
  /**
   * Replaces the whole inventory (armour and off-hand emptied unless given); the player's client
   * shows it at once and it is saved like any other change. False when the player is offline.
   * Throws on an unknown material or a selected slot outside 0-8 (nothing is changed then).
   */
  setPlayerInventory(uuid: string, inventory: PlayerInventoryWrite): boolean;
  /**
   * Puts an item (or nothing) into one slot, replacing what was there. False when offline.
   * Throws on an unknown material or slot (nothing is changed then).
   */
  setInventorySlot(uuid: string, slot: InventorySlot, item: ItemStack | null): boolean;
}

/** A storage index or armour piece, or a sentence naming what is wrong with it. */
export function checkInventorySlot(slot: unknown): { ok: true; slot: InventorySlot } | { ok: false; message: string } {
  if (typeof slot === 'number') {
    if (Number.isInteger(slot) && slot >= 0 && slot < 36) return { ok: true, slot };
    return { ok: false, message: `inventory slot ${slot} is not a storage slot (0-35)` };
  }
  if (slot === 'offHand' || (ARMOR_PIECES as readonly unknown[]).includes(slot)) return { ok: true, slot: slot as InventorySlot };
  return { ok: false, message: `inventory slot ${JSON.stringify(slot)} is not one of 0-35, ${ARMOR_PIECES.join(', ')} or offHand` };
}

/** Checks a selected hotbar slot; throws with a sentence when it is not 0-8. */
export function checkSelectedSlot(slot: number): number {
  if (!Number.isInteger(slot) || slot < 0 || slot > 8) throw new RangeError(`selected hotbar slot ${slot} is not 0-8`);
  return slot;
}

/** An empty inventory (a player who has just joined for the first time). */
export function emptyInventory(): PlayerInventory {
  return { storage: Array<ItemStack | null>(36).fill(null), armor: { head: null, chest: null, legs: null, feet: null }, offHand: null, selectedSlot: 0 };
}
