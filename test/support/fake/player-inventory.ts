// The fake platform's whole player inventories: the 36 storage slots live in FakePlatform's
// `inventories` (where giveItems puts items and tests look); armour, off-hand and the selected
// hotbar slot live here. Materials are checked against the game's item list, as the adapter does.

import { createRequire } from 'node:module';
import type { ItemStack } from '../../../src/platform/platform.ts';
import {
  ARMOR_PIECES,
  checkInventorySlot,
  checkSelectedSlot,
  type ArmorPiece,
  type InventorySlot,
  type PlayerInventory,
  type PlayerInventoryPort,
  type PlayerInventoryWrite,
} from '../../../src/platform/player-inventory.ts';
import type { PortMethods } from './lend.ts';

/** The port's methods, which the FakePlatform lends from here. */
export const INVENTORY_PORT_METHODS: PortMethods<PlayerInventoryPort> = { playerInventory: true, setPlayerInventory: true, setInventorySlot: true };

const require = createRequire(import.meta.url);
let itemNames: Record<string, unknown> | undefined;

function checkItem(item: ItemStack | null, where: string): ItemStack | null {
  if (item === null) return null;
  itemNames ??= (require('minecraft-data') as (v: string) => { itemsByName: Record<string, unknown> })('1.21.4').itemsByName;
  if (item.material === 'air' || !itemNames[item.material]) throw new Error(`"${item.material}" is not an item of the game (${where})`);
  if (!Number.isInteger(item.count) || item.count < 1) throw new RangeError(`the count ${item.count} of ${item.material} is not a whole number of at least 1 (${where})`);
  return { ...item };
}

interface Worn {
  armor: Record<ArmorPiece, ItemStack | null>;
  offHand: ItemStack | null;
  selectedSlot: number;
}

export class FakePlayerInventories implements PlayerInventoryPort {
  private readonly worn = new Map<string, Worn>();
  private readonly storage: (uuid: string) => Array<ItemStack | null> | undefined;

  /** `storage(uuid)` is the fake's 36-slot array of an online player (changed in place), else undefined. */
  constructor(storage: (uuid: string) => Array<ItemStack | null> | undefined) {
    this.storage = storage;
  }

  private wornBy(uuid: string): Worn {
    let w = this.worn.get(uuid);
    if (!w) this.worn.set(uuid, (w = { armor: { head: null, chest: null, legs: null, feet: null }, offHand: null, selectedSlot: 0 }));
    return w;
  }

  playerInventory(uuid: string): PlayerInventory | undefined {
    const storage = this.storage(uuid);
    if (!storage) return undefined;
    const w = this.wornBy(uuid);
    return { storage: storage.map((s) => (s ? { ...s } : null)), armor: { ...w.armor }, offHand: w.offHand, selectedSlot: w.selectedSlot };
  }

  setPlayerInventory(uuid: string, inventory: PlayerInventoryWrite): boolean {
    const storage = this.storage(uuid);
    if (!storage) return false;
    const next = Array.from({ length: 36 }, (_, i) => checkItem(inventory.storage[i] ?? null, `storage slot ${i}`));
    const armor = Object.fromEntries(ARMOR_PIECES.map((p) => [p, checkItem(inventory.armor?.[p] ?? null, p)])) as Record<ArmorPiece, ItemStack | null>;
    const offHand = checkItem(inventory.offHand ?? null, 'offHand');
    const selected = inventory.selectedSlot === undefined ? undefined : checkSelectedSlot(inventory.selectedSlot);
    storage.splice(0, 36, ...next);
    const w = this.wornBy(uuid);
    w.armor = armor;
    w.offHand = offHand;
    if (selected !== undefined) w.selectedSlot = selected;
    return true;
  }

  setInventorySlot(uuid: string, slot: InventorySlot, item: ItemStack | null): boolean {
    const checked = checkInventorySlot(slot);
    if (!checked.ok) throw new RangeError(checked.message);
    const stack = checkItem(item, `slot ${String(slot)}`);
    const storage = this.storage(uuid);
    if (!storage) return false;
    const s = checked.slot;
    const w = this.wornBy(uuid);
    if (typeof s === 'number') storage[s] = stack;
    else if (s === 'offHand') w.offHand = stack;
    else w.armor[s] = stack;
    return true;
  }

  /** What the player holds in a hand now. */
  held(uuid: string, hand: 'main' | 'off'): ItemStack | null {
    const w = this.wornBy(uuid);
    return hand === 'off' ? w.offHand : (this.storage(uuid)?.[w.selectedSlot] ?? null);
  }

  /** The player selects another hotbar slot, as the client's scroll wheel does. */
  select(uuid: string, slot: number): void {
    this.wornBy(uuid).selectedSlot = checkSelectedSlot(slot);
  }
}
