// The whole player inventory on flying-squid: read and written in the inventory window (window 0)
// the adapter keeps. A write changes the slots directly (not through flying-squid's updateSlot,
// whose equipment packets name the wrong slots at 1.21.4), then the player's client gets the whole
// window (window_items of window 0 applies even while a chest is open, where a set_slot of a
// non-hotbar slot would be ignored), the players who see them get the new equipment, and the
// inventory is saved as after any other change.

import type { ItemStack } from '../platform.ts';
import {
  ARMOR_PIECES,
  checkInventorySlot,
  checkSelectedSlot,
  type ArmorPiece,
  type InventorySlot,
  type PlayerInventory,
  type PlayerInventoryWrite,
} from '../player-inventory.ts';
import type { AdapterContext } from './context.ts';
import type { InventorySync } from './inventory-sync.ts';
import type { GameItem, ItemCodec } from './items.ts';
import type { Packet } from './packets.ts';
import { EQUIPMENT_SLOT, entityEquipment, selectHotbarSlot } from './packets-gameplay.ts';
import type { Windows } from './windows.ts';

/** Window-0 slots: crafting 0-4, armour 5-8 (head to feet), main 9-35, hotbar 36-44, off-hand 45. */
export const ARMOR_WINDOW_SLOT: Record<ArmorPiece, number> = { head: 5, chest: 6, legs: 7, feet: 8 };
export const OFF_HAND_WINDOW_SLOT = 45;

/** The window-0 slot of a storage index (0-8 hotbar → 36-44, 9-35 main → 9-35). */
export function storageWindowSlot(index: number): number {
  return index < 9 ? 36 + index : index;
}

export function windowSlotOf(slot: InventorySlot): number {
  if (typeof slot === 'number') return storageWindowSlot(slot);
  return slot === 'offHand' ? OFF_HAND_WINDOW_SLOT : ARMOR_WINDOW_SLOT[slot];
}

/** What the adapter lends for one online player. */
export interface InventoryHolder {
  /** The 46 slots of window 0, changed in place. */
  slots: Array<GameItem | null>;
  /** The selected hotbar slot, 0-8. */
  heldSlot: number;
  selectHeldSlot(slot: number): void;
  /** Sends the packet to the player. */
  send(packet: Packet): void;
  /** Sends the packet to the players who see this one. */
  sendToViewers(packet: Packet): void;
  /** Remembers what the player wears and holds, for players who see them later. */
  setEquipment(slot: number, item: GameItem | null): void;
  entityId: number;
  /** Sends the client the whole inventory window (and an open chest window again). */
  resync(): void;
  /** Saves the inventory as after any change. */
  saved(): void;
}

export class FullInventory {
  private readonly items: ItemCodec;
  private readonly holder: (uuid: string) => InventoryHolder | undefined;

  constructor(items: ItemCodec, holder: (uuid: string) => InventoryHolder | undefined) {
    this.items = items;
    this.holder = holder;
  }

  read(uuid: string): PlayerInventory | undefined {
    const h = this.holder(uuid);
    if (!h) return undefined;
    const stack = (slot: number): ItemStack | null => {
      const item = h.slots[slot];
      return item && item.count > 0 ? this.items.toStack(item) : null;
    };
    return {
      storage: Array.from({ length: 36 }, (_, i) => stack(storageWindowSlot(i))),
      armor: Object.fromEntries(ARMOR_PIECES.map((p) => [p, stack(ARMOR_WINDOW_SLOT[p])])) as Record<ArmorPiece, ItemStack | null>,
      offHand: stack(OFF_HAND_WINDOW_SLOT),
      selectedSlot: h.heldSlot,
    };
  }

  write(uuid: string, inventory: PlayerInventoryWrite): boolean {
    const h = this.holder(uuid);
    if (!h) return false;
    // Everything is converted (and may throw) before anything changes.
    const next = new Map<number, GameItem | null>();
    for (let i = 0; i < 36; i++) next.set(storageWindowSlot(i), this.gameItem(inventory.storage[i] ?? null, `storage slot ${i}`));
    for (const p of ARMOR_PIECES) next.set(ARMOR_WINDOW_SLOT[p], this.gameItem(inventory.armor?.[p] ?? null, p));
    next.set(OFF_HAND_WINDOW_SLOT, this.gameItem(inventory.offHand ?? null, 'offHand'));
    const selected = inventory.selectedSlot === undefined ? undefined : checkSelectedSlot(inventory.selectedSlot);
    this.apply(h, next, selected);
    return true;
  }

  writeSlot(uuid: string, slot: InventorySlot, item: ItemStack | null): boolean {
    const checked = checkInventorySlot(slot);
    if (!checked.ok) throw new RangeError(checked.message);
    const game = this.gameItem(item, `slot ${String(slot)}`);
    const h = this.holder(uuid);
    if (!h) return false;
    this.apply(h, new Map([[windowSlotOf(checked.slot), game]]), undefined);
    return true;
  }

  private gameItem(stack: ItemStack | null, where: string): GameItem | null {
    if (stack === null) return null;
    if (!Number.isInteger(stack.count) || stack.count < 1) throw new RangeError(`the count ${stack.count} of ${stack.material} is not a whole number of at least 1 (${where})`);
    const item = this.items.toGame(stack);
    if (!item) throw new Error(`"${stack.material}" is not an item of the game (${where})`);
    return item;
  }

  private apply(h: InventoryHolder, next: Map<number, GameItem | null>, selected: number | undefined): void {
    const heldBefore = h.slots[36 + h.heldSlot] ?? null;
    const worn: Array<{ slot: number; item: GameItem | null }> = [];
    for (const [slot, item] of next) {
      if (item) item.slot = slot;
      const before = h.slots[slot] ?? null;
      h.slots[slot] = item;
      if (before === item) continue;
      const piece = ARMOR_PIECES.find((p) => ARMOR_WINDOW_SLOT[p] === slot);
      if (piece) worn.push({ slot: EQUIPMENT_SLOT[piece], item });
      else if (slot === OFF_HAND_WINDOW_SLOT) worn.push({ slot: EQUIPMENT_SLOT.offHand, item });
    }
    if (selected !== undefined && selected !== h.heldSlot) {
      h.selectHeldSlot(selected);
      h.send(selectHotbarSlot(selected));
    }
    const held = h.slots[36 + h.heldSlot] ?? null;
    if (held !== heldBefore) worn.push({ slot: EQUIPMENT_SLOT.mainHand, item: held });
    h.resync();
    if (worn.length > 0) {
      for (const w of worn) h.setEquipment(w.slot, w.item);
      h.sendToViewers(entityEquipment(h.entityId, worn.map((w) => ({ slot: w.slot, item: this.items.notch(w.item) }))));
    }
    h.saved();
  }
}

/** The whole inventory of the adapter's joined players. */
export function fullInventoryOf(ctx: AdapterContext, inventory: InventorySync, windows: Windows): FullInventory {
  const full = new FullInventory(ctx.items, (uuid) => {
    const s = ctx.get(uuid);
    if (!s) return undefined;
    const player = s.fs;
    return {
      slots: player.inventory.slots,
      get heldSlot() {
        return player.heldItemSlot ?? 0;
      },
      selectHeldSlot: (slot) => {
        player.heldItemSlot = slot;
      },
      send: (packet) => s.send(packet),
      sendToViewers: (packet) => player._writeOthersNearby(packet.name, packet.params),
      setEquipment: (slot, item) => player.setEquipment(slot, item),
      entityId: player.id,
      resync: () => {
        inventory.sendInventory(s);
        windows.resendChest(s);
      },
      saved: () => inventory.save(s),
    };
  });
  // The quit event carries what the player held as they left (the session is gone by then).
  ctx.onLeave((s) => {
    if (s.joined) s.leftWith = full.read(s.online.uuid);
  });
  return full;
}
