// The fake platform's inventories and chest windows: what the code under test gave, could give,
// and showed; a test reads them back and changes a chest as a player's clicks would.

import { placeItems, STORAGE_ORDER } from '../../../src/platform/inventory.ts';
import type { ChestCloseReason, ChestHandle, ChestView, GiveOutcome, ItemStack, Text } from '../../../src/platform/platform.ts';
import { ITEM_STACK_OPS } from './values.ts';

/** A chest window the fake has shown a player. */
export interface FakeChest {
  uuid: string;
  title: Text;
  rows: number;
  items: Array<ItemStack | null>;
  view: ChestView;
  open: boolean;
  /** Why it closed, once it has. */
  closedBecause?: ChestCloseReason;
}

export class FakeItems {
  /** Every chest window shown, in order. */
  readonly chests: FakeChest[] = [];
  /** The 36 storage slots of each player who has joined (kept after they leave, as the game does). */
  readonly inventories = new Map<string, Array<ItemStack | null>>();
  private readonly isOnline: (uuid: string) => boolean;

  constructor(isOnline: (uuid: string) => boolean) {
    this.isOnline = isOnline;
  }

  /** A joining player gets an empty inventory the first time. */
  joined(uuid: string): void {
    if (!this.inventories.has(uuid)) this.inventories.set(uuid, Array<ItemStack | null>(36).fill(null));
  }

  chestOf(uuid: string): FakeChest | undefined {
    return this.chests.find((c) => c.uuid === uuid && c.open);
  }

  changeChest(uuid: string, items: Array<ItemStack | null>): void {
    const chest = this.chestOf(uuid);
    if (!chest) throw new Error(`fake platform: ${uuid} has no chest open`);
    // As the platform does, a change to a locked slot is refused whole.
    const locked = chest.view.locked ?? [];
    if (locked.some((i) => JSON.stringify(items[i] ?? null) !== JSON.stringify(chest.items[i] ?? null))) return;
    chest.items = Array.from({ length: chest.rows * 9 }, (_, i) => items[i] ?? null);
    chest.view.onChange?.([...chest.items]);
  }

  /** A plain click on a chest slot: a locked one reports it (onClick). */
  clickChest(uuid: string, slot: number): void {
    const chest = this.chestOf(uuid);
    if (!chest) throw new Error(`fake platform: ${uuid} has no chest open`);
    if (chest.view.locked?.includes(slot)) chest.view.onClick?.(slot);
  }

  closeChest(uuid: string): void {
    if (!this.chestOf(uuid)) throw new Error(`fake platform: ${uuid} has no chest open`);
    this.finishChest(uuid, 'closed');
  }

  setInventory(uuid: string, slots: Array<ItemStack | null>): void {
    this.inventories.set(uuid, Array.from({ length: 36 }, (_, i) => slots[i] ?? null));
  }

  finishChest(uuid: string, reason: ChestCloseReason): void {
    const chest = this.chestOf(uuid);
    if (!chest) return;
    chest.open = false;
    chest.closedBecause = reason;
    chest.view.onClose?.([...chest.items], reason);
  }

  giveItems(uuid: string, items: readonly ItemStack[]): GiveOutcome {
    if (!this.isOnline(uuid)) return { given: false, reason: 'offline' };
    const next = placeItems(this.inventories.get(uuid) ?? [], items, ITEM_STACK_OPS, STORAGE_ORDER);
    if (!next) return { given: false, reason: 'no-room' };
    this.inventories.set(uuid, next);
    return { given: true };
  }

  canHold(uuid: string, items: readonly ItemStack[]): boolean {
    return this.isOnline(uuid) && placeItems(this.inventories.get(uuid) ?? [], items, ITEM_STACK_OPS, STORAGE_ORDER) !== undefined;
  }

  inventory(uuid: string): Array<ItemStack | null> | undefined {
    return this.isOnline(uuid) ? [...(this.inventories.get(uuid) ?? [])] : undefined;
  }

  openChest(uuid: string, view: ChestView): ChestHandle | undefined {
    if (!this.isOnline(uuid)) return undefined;
    this.finishChest(uuid, 'replaced');
    const rows = Math.min(6, Math.max(1, Math.trunc(view.rows)));
    const chest: FakeChest = { uuid, title: view.title, rows, items: Array.from({ length: rows * 9 }, (_, i) => view.items[i] ?? null), view, open: true };
    this.chests.push(chest);
    return {
      close: () => {
        if (chest.open) this.finishChest(uuid, 'server');
      },
      get open() {
        return chest.open;
      },
      setItems: (items) => {
        if (chest.open) chest.items = Array.from({ length: chest.rows * 9 }, (_, i) => items[i] ?? null);
      },
    };
  }
}
