// Windows: the chest windows the platform shows (open_window + window_items) and the player's own
// inventory window (window 0). Every click is decided by the server as vanilla does
// (container.ts); flying-squid 1.12 misread 1.21.4 clicks (it tracked no moves, and Q copied the
// held item into the world), so its window handlers give way to these.

import type { ChestCloseReason, ChestHandle, ChestView, ItemStack } from '../platform.ts';
import { placeItems, roomFor, STORAGE_ORDER } from '../inventory.ts';
import { chestMenu, clientAgrees, inventoryMenu, NO_DRAG, simulateClick, type DragState, type Menu } from './container.ts';
import type { AdapterContext, PlayerSession } from './context.ts';
import type { InventorySync } from './inventory-sync.ts';
import type { ItemEntities } from './item-entities.ts';
import type { GameItem, NotchItem } from './items.ts';
import * as P from './packets.ts';
import { textToNbt } from './text.ts';

/** A chest window open on a player's screen. */
interface ChestSession {
  windowId: number;
  /** Slots of the chest (rows × 9); the player's 36 follow in the window. */
  size: number;
  chest: Array<GameItem | null>;
  cursor: GameItem | null;
  /** The state id of the last full window sent; a click made on another is answered in full. */
  stateId: number;
  drag: DragState;
  view: ChestView;
  open: boolean;
}

/** A click on a window, as the 1.21.4 client sends it. */
interface WindowClick {
  windowId: number;
  stateId: number;
  slot: number;
  mouseButton: number;
  mode: number;
  changedSlots: Array<{ location: number; item: NotchItem }>;
  cursorItem: NotchItem;
}

/** Window-0 slots of the player's part of a chest window, in window order (main, then hotbar). */
const WINDOW_INVENTORY_SLOTS: readonly number[] = Array.from({ length: 36 }, (_, i) => 9 + i);

export class Windows {
  private readonly inventoryMenu: Menu<GameItem>;
  /** The chest window the platform shows each player, if any. */
  private readonly chests = new WeakMap<PlayerSession, ChestSession>();
  /** The last window id given out to each player (the game counts 1 to 100 per player). */
  private readonly windowCounters = new WeakMap<PlayerSession, number>();

  private readonly ctx: AdapterContext;
  private readonly inventory: InventorySync;
  private readonly itemEntities: ItemEntities;

  constructor(
    ctx: AdapterContext,
    inventory: InventorySync,
    itemEntities: ItemEntities,
  ) {
    this.ctx = ctx;
    this.inventory = inventory;
    this.itemEntities = itemEntities;
    this.inventoryMenu = inventoryMenu(ctx.items.ops, (item) => ctx.items.armorSlot(item));
    ctx.takeOverClientEvent('window_click');
    ctx.takeOverClientEvent('close_window', true);
    ctx.takeOverClientEvent('set_creative_slot');
    ctx.onAttach((session) => {
      const client = session.fs._client;
      client.on('window_click', (data: WindowClick) => this.onWindowClick(session, data));
      client.on('close_window', (data: { windowId: number }) => this.onCloseWindow(session, data));
      client.on('set_creative_slot', (data: { slot: number; item: NotchItem }) => this.onCreativeSlot(session, data));
    });
    ctx.onLeave((session) => {
      this.finishChest(session, 'quit', false);
      this.returnCursor(session, false);
    });
  }

  openChest(uuid: string, view: ChestView): ChestHandle | undefined {
    const s = this.ctx.get(uuid);
    if (!s || s.dead) return undefined;
    this.finishChest(s, 'replaced', true);
    // The inventory screen, if open, gives way to the chest: its cursor goes back first.
    this.returnCursor(s, true);
    const rows = Math.min(6, Math.max(1, Math.trunc(view.rows)));
    const size = rows * 9;
    const windowId = ((this.windowCounters.get(s) ?? 0) % 100) + 1;
    this.windowCounters.set(s, windowId);
    const session: ChestSession = {
      windowId,
      size,
      chest: Array.from({ length: size }, (_, i) => {
        const stack = view.items[i];
        return stack ? (this.ctx.items.toGame(stack) ?? null) : null;
      }),
      cursor: null,
      stateId: 0,
      drag: NO_DRAG,
      view,
      open: true,
    };
    this.chests.set(s, session);
    s.send(P.openWindow(session.windowId, P.chestMenuType(rows), textToNbt(view.title)));
    this.sendChest(s, session);
    return {
      close: () => {
        if (this.chests.get(s) === session) this.finishChest(s, 'server', true);
      },
      get open() {
        return session.open;
      },
      setItems: (items) => {
        if (!session.open || this.chests.get(s) !== session) return;
        session.chest = Array.from({ length: size }, (_, i) => {
          const stack = items[i];
          return stack ? (this.ctx.items.toGame(stack) ?? null) : null;
        });
        this.sendChest(s, session);
      },
    };
  }

  /**
   * Ends the player's chest window, if one is open: what the cursor holds goes back to the
   * inventory (or into the chest when the inventory is full, or first when the player is leaving,
   * as docs/kits-and-vaults.md says of vaults; dropped in the world when neither has room), and
   * onClose gets the contents.
   */
  finishChest(s: PlayerSession, reason: ChestCloseReason, tellClient: boolean): void {
    const session = this.chests.get(s);
    if (!session?.open) return;
    session.open = false;
    this.chests.delete(s);
    if (tellClient) s.send(P.closeWindow(session.windowId));
    const carried = session.cursor;
    session.cursor = null;
    if (carried) {
      const ops = this.ctx.items.ops;
      const chestOrder = session.chest.map((_, i) => i);
      const intoInventory = () => {
        const next = placeItems(this.inventory.storage(s), [carried], ops, STORAGE_ORDER);
        if (next) this.inventory.writeStorage(s, next, reason !== 'quit');
        return next !== undefined;
      };
      const intoChest = () => {
        const next = placeItems(session.chest, [carried], ops, chestOrder);
        if (next) session.chest = next;
        return next !== undefined;
      };
      const placed = (reason === 'quit' ? intoChest() || intoInventory() : intoInventory() || intoChest()) || this.itemEntities.dropItem(s, carried);
      if (!placed) this.ctx.log.warn(`${s.online.name} held ${carried.count} ${carried.name} when a chest closed, with no room to put them back: they are lost`);
    }
    // The client's idea of its inventory may lag behind a window the server closed.
    if (tellClient) this.inventory.sendInventory(s);
    this.inventory.save(s);
    try {
      session.view.onClose?.(this.chestStacks(session), reason);
    } catch (e) {
      this.ctx.log.error('a chest window close handler failed', e);
    }
  }

  /**
   * What the cursor of the inventory window holds goes back into the inventory when the screen
   * closes (vanilla placeItemBackInInventory), or is dropped when there is no room.
   */
  returnCursor(s: PlayerSession, tellClient: boolean): void {
    const win = s.inventory;
    win.drag = NO_DRAG;
    const carried = win.cursor;
    if (!carried) return;
    win.cursor = null;
    const ops = this.ctx.items.ops;
    const room = roomFor(this.inventory.storage(s), carried, ops, STORAGE_ORDER);
    if (room > 0) this.inventory.writeStorage(s, placeItems(this.inventory.storage(s), [ops.withCount(carried, room)], ops, STORAGE_ORDER)!, tellClient);
    if (room < ops.count(carried) && !this.itemEntities.dropItem(s, ops.withCount(carried, ops.count(carried) - room))) {
      this.ctx.log.warn(`${s.online.name} held ${ops.count(carried) - room} ${carried.name} with no room to put them back: they are lost`);
    }
    this.inventory.save(s);
  }

  /** Every slot of a chest window, as the player's client numbers them. */
  private windowSlots(s: PlayerSession, session: ChestSession): Array<GameItem | null> {
    return [...session.chest, ...WINDOW_INVENTORY_SLOTS.map((slot) => s.fs.inventory.slots[slot] ?? null)];
  }

  /** Sends the player's open chest window again, if any (after the server changed their slots). */
  resendChest(s: PlayerSession): void {
    const session = this.chests.get(s);
    if (session?.open) this.sendChest(s, session);
  }

  private sendChest(s: PlayerSession, session: ChestSession): void {
    session.stateId = (session.stateId + 1) & 0x7fff;
    const items = this.windowSlots(s, session).map((item) => this.ctx.items.notch(item));
    s.send(P.windowItems(session.windowId, session.stateId, items, this.ctx.items.notch(session.cursor)));
  }

  private chestStacks(session: ChestSession): Array<ItemStack | null> {
    return session.chest.map((item) => (item ? this.ctx.items.toStack(item) : null));
  }

  /**
   * A click on a window, decided by the server as vanilla does (container.ts) whether it is on a
   * chest window or on the player's own inventory (window 0); when the client's view after the
   * click differs (or was of an older state), the whole window is sent again. A click on a window
   * that is not open (a chest already closed, or window 0 while a chest is open) is stale and
   * dropped, as the game's server does.
   */
  private onWindowClick(s: PlayerSession, click: WindowClick): void {
    const session = this.chests.get(s);
    if (session) {
      if (click.windowId === session.windowId) this.onChestClick(s, session, click);
    } else if (click.windowId === 0 && s.joined && !s.dead) {
      this.onInventoryClick(s, click);
    }
  }

  private onChestClick(s: PlayerSession, session: ChestSession, click: WindowClick): void {
    const { items } = this.ctx;
    try {
      const before = { slots: this.windowSlots(s, session), cursor: session.cursor };
      const menu = chestMenu(session.size, items.ops);
      const locked = session.view.locked ?? [];
      const lockedMenu = locked.length === 0 ? menu : { ...menu, mayPlace: (i: number, stack: GameItem) => !locked.includes(i) && menu.mayPlace(i, stack) };
      const { state: after, drag, dropped } = simulateClick(before, session.drag, { slot: click.slot, button: click.mouseButton, mode: click.mode }, lockedMenu, items.ops);
      if (locked.some((i) => after.slots[i] !== before.slots[i])) {
        // A locked slot (a frame or a button) keeps its item: the click changes nothing.
        session.drag = NO_DRAG;
        this.sendChest(s, session);
        if (click.mode === 0 && locked.includes(click.slot)) session.view.onClick?.(click.slot);
        return;
      }
      session.drag = drag;
      session.cursor = after.cursor;
      const chest = after.slots.slice(0, session.size);
      const changed = chest.some((item, i) => item !== session.chest[i]);
      session.chest = chest;
      const inventory = s.fs.inventory;
      WINDOW_INVENTORY_SLOTS.forEach((slot, i) => {
        const item = after.slots[session.size + i] ?? null;
        if (item) item.slot = slot;
        inventory.slots[slot] = item;
      });
      const refused = dropped.filter((item) => !this.itemEntities.dropItem(s, item));
      const agrees =
        refused.length === 0 &&
        click.stateId === session.stateId &&
        clientAgrees(after, before.slots, click.changedSlots ?? [], click.cursorItem ?? { itemCount: 0 }, (i) => i.type, (i) => i.count);
      if (refused.length > 0) session.cursor = this.putBack(s, session.cursor, refused);
      if (!agrees) this.sendChest(s, session);
      if (changed) session.view.onChange?.(this.chestStacks(session));
      this.inventory.save(s);
      if (click.mode === 0 && locked.includes(click.slot)) session.view.onClick?.(click.slot);
    } catch (e) {
      this.ctx.log.error(`a click of ${s.online.name} on a chest window failed`, e);
      this.sendChest(s, session);
    }
  }

  /**
   * A click in the player's own inventory. flying-squid 1.12 tracked none of these (its handler
   * reads fields the 1.21.4 click no longer has) and on Q spawned a copy of the held item while
   * the slot kept it: a drop now takes the stack out of the inventory and spawns exactly one item
   * entity with it (components and all), which anyone may pick up after vanilla's delay.
   */
  private onInventoryClick(s: PlayerSession, click: WindowClick): void {
    const win = s.inventory;
    const inventory = s.fs.inventory;
    try {
      const before = { slots: Array.from({ length: 46 }, (_, i) => inventory.slots[i] ?? null), cursor: win.cursor };
      const { state: after, drag, dropped } = simulateClick(before, win.drag, { slot: click.slot, button: click.mouseButton, mode: click.mode }, this.inventoryMenu, this.ctx.items.ops);
      win.drag = drag;
      win.cursor = after.cursor;
      after.slots.forEach((item, slot) => {
        if (item) item.slot = slot;
        inventory.slots[slot] = item;
      });
      const refused = dropped.filter((item) => !this.itemEntities.dropItem(s, item));
      if (refused.length > 0) win.cursor = this.putBack(s, win.cursor, refused);
      const agrees =
        refused.length === 0 &&
        click.stateId === win.stateId &&
        clientAgrees(after, before.slots, click.changedSlots ?? [], click.cursorItem ?? { itemCount: 0 }, (i) => i.type, (i) => i.count);
      if (!agrees) this.inventory.sendInventory(s);
      this.inventory.save(s);
    } catch (e) {
      this.ctx.log.error(`a click of ${s.online.name} in their inventory failed`, e);
      this.inventory.sendInventory(s);
    }
  }

  /**
   * Items that could not be dropped (too many entities) go back: into the inventory where they
   * fit, the rest onto the cursor if it is empty or of their kind; anything left is reported lost.
   */
  private putBack(s: PlayerSession, cursor: GameItem | null, items: GameItem[]): GameItem | null {
    const ops = this.ctx.items.ops;
    for (const item of items) {
      const room = roomFor(this.inventory.storage(s), item, ops, STORAGE_ORDER);
      if (room > 0) this.inventory.writeStorage(s, placeItems(this.inventory.storage(s), [ops.withCount(item, room)], ops, STORAGE_ORDER)!, false);
      const left = ops.count(item) - room;
      if (left <= 0) continue;
      if (cursor === null) cursor = ops.withCount(item, left);
      else if (ops.kind(cursor) === ops.kind(item)) cursor = ops.withCount(cursor, ops.count(cursor) + left);
      else this.ctx.log.warn(`${s.online.name} could not drop ${left} ${item.name}, and there was no room to keep them: they are lost`);
    }
    return cursor;
  }

  private onCloseWindow(s: PlayerSession, data: { windowId: number }): void {
    const chest = this.chests.get(s);
    if (chest && data.windowId === chest.windowId) {
      this.finishChest(s, 'closed', false);
      return;
    }
    // The inventory screen closed: what the cursor holds goes back (the client put it back too).
    if (data.windowId === 0) this.returnCursor(s, true);
    for (const l of s.fsListeners.get('close_window') ?? []) l(data);
  }

  /**
   * The creative inventory sets slots directly (and drops with slot -1). Only a creative player
   * may (flying-squid let anyone, so a survival client could make items); otherwise the inventory
   * is sent again.
   */
  private onCreativeSlot(s: PlayerSession, data: { slot: number; item: NotchItem }): void {
    const player = s.fs;
    if (!s.joined || player.gameMode !== 1) {
      this.inventory.sendInventory(s);
      return;
    }
    const item = data.item ? this.ctx.items.fromNotch(data.item) : null;
    if (Number.isInteger(data.slot) && data.slot >= 1 && data.slot <= 45) {
      if (item) item.slot = data.slot;
      player.inventory.slots[data.slot] = item;
      this.inventory.save(s);
    } else if (data.slot < 0 && item) {
      this.itemEntities.dropItem(s, item);
    }
  }
}
