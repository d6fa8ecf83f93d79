// What a window's slots are: the parts of vanilla's menu classes (ChestMenu, InventoryMenu) that
// decide where items go. container.ts does the clicks over any Menu.

import type { StackOps } from '../inventory.ts';

/** What a window's slots are: the parts of vanilla's menu classes that decide where items go. */
export interface Menu<T> {
  /** Slots in the window. */
  size: number;
  /** The window slot a number key swaps with: button 0-8 a hotbar slot, 40 the offhand; undefined when the window has none. */
  keySlot(button: number): number | undefined;
  /** vanilla quickMoveStack: the slots a shift-click on slot `from` moves its stack into, or undefined. */
  quickMoveTarget(from: number, stack: T, slots: ReadonlyArray<T | null>): { start: number; end: number; reverse: boolean } | undefined;
  /** Whether the slot takes the stack (an armour slot only its piece). */
  mayPlace(slot: number, stack: T): boolean;
  /** The most the slot holds of the stack: its stack size, or less (an armour slot holds one). */
  maxIn(slot: number, stack: T): number;
  /** The player's inventory in the order vanilla's Inventory.add fills it (window slots). */
  storage: readonly number[];
  /** Whether Q and clicks outside the window throw items out (else they change nothing). */
  drops: boolean;
}

/**
 * A chest of `containerSlots` slots followed by the player's main inventory (27) and hotbar (9):
 * vanilla ChestMenu. Without drops: the chest windows are vaults, whose documented rule is that
 * dropping out of them changes nothing (docs/kits-and-vaults.md).
 */
export function chestMenu<T>(containerSlots: number, ops: StackOps<T>): Menu<T> {
  const size = containerSlots + 36;
  const hotbar = size - 9;
  return {
    size,
    keySlot: (button) => (button >= 0 && button <= 8 ? hotbar + button : undefined),
    quickMoveTarget: (from) => (from < containerSlots ? { start: containerSlots, end: size, reverse: true } : { start: 0, end: containerSlots, reverse: false }),
    mayPlace: () => true,
    maxIn: (_slot, stack) => ops.max(stack),
    storage: [...Array.from({ length: 9 }, (_, k) => hotbar + k), ...Array.from({ length: 27 }, (_, k) => containerSlots + k)],
    drops: false,
  };
}

export type ArmorSlot = 'head' | 'chest' | 'legs' | 'feet';

/** Window-0 slots of the player's inventory (vanilla InventoryMenu). */
export const INVENTORY_WINDOW = {
  size: 46,
  craftResult: 0,
  /** The 2x2 crafting grid, 1-4. */
  craftStart: 1,
  armor: { head: 5, chest: 6, legs: 7, feet: 8 } as Record<ArmorSlot, number>,
  mainStart: 9,
  hotbarStart: 36,
  offhand: 45,
} as const;

/**
 * The player's own inventory window (window 0): crafting result 0, the 2x2 grid 1-4, armour 5-8,
 * main inventory 9-35, hotbar 36-44, offhand 45; vanilla InventoryMenu. There is no crafting on
 * this server, so the grid and the result take no items. `armorSlotOf` tells which armour slot a
 * stack is worn in (vanilla's equippable component), if any.
 */
export function inventoryMenu<T>(ops: StackOps<T>, armorSlotOf: (stack: T) => ArmorSlot | undefined): Menu<T> {
  const W = INVENTORY_WINDOW;
  const armorSlots = Object.values(W.armor);
  const isArmorSlot = (slot: number) => armorSlots.includes(slot);
  return {
    size: W.size,
    keySlot: (button) => (button >= 0 && button <= 8 ? W.hotbarStart + button : button === 40 ? W.offhand : undefined),
    quickMoveTarget(from, stack, slots) {
      const worn = armorSlotOf(stack);
      if (from < W.mainStart) return { start: W.mainStart, end: W.offhand, reverse: from === W.craftResult };
      // An armour piece goes to its slot when that is free.
      if (worn !== undefined && (slots[W.armor[worn]] ?? null) === null) return { start: W.armor[worn], end: W.armor[worn] + 1, reverse: false };
      if (from < W.hotbarStart) return { start: W.hotbarStart, end: W.offhand, reverse: false };
      if (from < W.offhand) return { start: W.mainStart, end: W.hotbarStart, reverse: false };
      return { start: W.mainStart, end: W.offhand, reverse: false };
    },
    mayPlace(slot, stack) {
      if (slot >= W.craftResult && slot < W.armor.head) return false;
      if (isArmorSlot(slot)) {
        const worn = armorSlotOf(stack);
        return worn !== undefined && W.armor[worn] === slot;
      }
      return true;
    },
    maxIn: (slot, stack) => (isArmorSlot(slot) ? 1 : ops.max(stack)),
    storage: [...Array.from({ length: 9 }, (_, k) => W.hotbarStart + k), W.offhand, ...Array.from({ length: 27 }, (_, k) => W.mainStart + k)],
    drops: true,
  };
}
