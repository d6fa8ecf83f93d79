// The player's inventory between the game, the client and the adapter's inventory file. The file
// wins over flying-squid's player data, which loses every item's components: it is read before the
// login, put in place at the join, and written as the inventory changes, when the player leaves
// and at shutdown. Items are given here as the platform promises: all of them, or none.

import { join } from 'node:path';
import type { GiveOutcome, ItemStack } from '../platform.ts';
import { placeItems, STORAGE_ORDER } from '../inventory.ts';
import type { AdapterContext, PlayerSession } from './context.ts';
import { InventoryStore, inventoryFile, type StoredInventory } from './inventory-store.ts';
import type { GameItem, NotchItem } from './items.ts';
import * as P from './packets.ts';
import { kickSession } from './sessions.ts';

/** Window-0 slots of the 36 storage slots in the game's order (hotbar 36-44, then main 9-35). */
const STORAGE_SLOTS: readonly number[] = STORAGE_ORDER.map((k) => (k < 9 ? 36 + k : k));
/** How often each online player's inventory is compared with its file (and written when it differs). */
const INVENTORY_CHECK_MS = 5000;

interface SyncState {
  /** The inventory in the adapter's file, read before the login; undefined when there is none. */
  stored: StoredInventory | undefined;
  /** The inventory the player plays with is in place: from now on it is saved. */
  ready: boolean;
}

export class InventorySync {
  private readonly store: InventoryStore;
  private readonly sync = new WeakMap<PlayerSession, SyncState>();
  private timer: NodeJS.Timeout | undefined;

  private readonly ctx: AdapterContext;

  constructor(ctx: AdapterContext) {
    this.ctx = ctx;
    this.store = new InventoryStore({ dir: join(ctx.options.worldDir, 'core-inventories'), warn: (m) => ctx.log.warn(m) });

    ctx.onAttach((session) => {
      const state: SyncState = { stored: undefined, ready: false };
      this.sync.set(session, state);
      const player = session.fs;
      // flying-squid's copy of the items is used only for a player who has no file yet.
      let playerData: { inventory?: unknown[] } | undefined;
      Object.defineProperty(player, '_playerData', {
        configurable: true,
        get: () => playerData,
        set: (data: { inventory?: unknown[] } | undefined) => {
          if (data && state.stored) data.inventory = [];
          playerData = data;
        },
      });
      player.inventory.on('updateSlot', () => this.save(session));
    });
    ctx.onLogin(async (session) => {
      try {
        this.stateOf(session).stored = await this.store.load(session.online.uuid);
        return true;
      } catch (e) {
        // Playing on with flying-squid's copy would overwrite the file with items stripped.
        ctx.log.error(`the inventory of ${session.online.name} could not be read`, e);
        kickSession(session, 'Your inventory could not be loaded. Try again later.');
        return false;
      }
    });
    ctx.onJoin((session) => this.restore(session));
    ctx.onLeave((session) => {
      const state = this.stateOf(session);
      if (!state.ready) return;
      state.ready = false;
      void this.store.save(session.online.uuid, this.source(session), true);
    });
    // Inventories are saved as they change (window clicks, items given, picked up, dropped), when a
    // player leaves and at shutdown; this check also catches changes flying-squid makes by itself
    // (a block placed from the hand), and writes nothing when nothing changed.
    ctx.onReady(() => {
      this.timer = setInterval(() => {
        for (const s of ctx.joined.values()) this.save(s);
      }, INVENTORY_CHECK_MS);
      this.timer.unref();
    });
    ctx.onShutdown(async () => {
      if (this.timer) clearInterval(this.timer);
      // A player whose connection did not end in time is saved as they are.
      for (const s of ctx.joined.values()) this.save(s);
      // Each player's inventory file was asked for as they left; it is on disk before the stop ends.
      await this.store.flush();
    });
  }

  /** Writes the player's inventory file if it changed (coalesced; see InventoryStore). */
  save(session: PlayerSession): void {
    if (!this.sync.get(session)?.ready) return;
    void this.store.save(session.online.uuid, this.source(session));
  }

  /** The 36 storage slots (game order: hotbar, then main) as they are. */
  storage(session: PlayerSession): Array<GameItem | null> {
    return STORAGE_SLOTS.map((slot) => session.fs.inventory.slots[slot] ?? null);
  }

  /** Writes storage slots that changed; `send` tells the player (set_slot), else only the server knows. */
  writeStorage(session: PlayerSession, next: ReadonlyArray<GameItem | null>, send: boolean): void {
    const inventory = session.fs.inventory;
    STORAGE_SLOTS.forEach((slot, k) => {
      const item = next[k] ?? null;
      if ((inventory.slots[slot] ?? null) === item) return;
      if (item) item.slot = slot;
      if (send) inventory.updateSlot(slot, item);
      else inventory.slots[slot] = item;
    });
  }

  /** The whole inventory window and its cursor, with the next state id (after a respawn, or to resync a click). */
  sendInventory(session: PlayerSession): void {
    const inventory = session.fs.inventory;
    if (!inventory) return;
    const items = Array.from({ length: 46 }, (_, i) => this.ctx.items.notch(inventory.slots[i]));
    session.inventory.stateId = (session.inventory.stateId + 1) & 0x7fff;
    session.send(P.inventoryContents(session.inventory.stateId, items, this.ctx.items.notch(session.inventory.cursor)));
  }

  giveItems(uuid: string, stacks: readonly ItemStack[]): GiveOutcome {
    const s = this.ctx.get(uuid);
    if (!s) return { given: false, reason: 'offline' };
    const next = placeItems(this.storage(s), this.gameItems(stacks), this.ctx.items.ops, STORAGE_ORDER);
    if (!next) return { given: false, reason: 'no-room' };
    this.writeStorage(s, next, true);
    return { given: true };
  }

  canHold(uuid: string, stacks: readonly ItemStack[]): boolean {
    const s = this.ctx.get(uuid);
    return s !== undefined && placeItems(this.storage(s), this.gameItems(stacks), this.ctx.items.ops, STORAGE_ORDER) !== undefined;
  }

  inventory(uuid: string): Array<ItemStack | null> | undefined {
    const s = this.ctx.get(uuid);
    return s && this.storage(s).map((item) => (item ? this.ctx.items.toStack(item) : null));
  }

  private gameItems(stacks: readonly ItemStack[]): GameItem[] {
    return stacks.map((stack) => {
      const item = this.ctx.items.toGame(stack);
      if (!item) throw new Error(`"${stack.material}" is not an item of the game`);
      return item;
    });
  }

  private stateOf(session: PlayerSession): SyncState {
    let state = this.sync.get(session);
    if (!state) this.sync.set(session, (state = { stored: undefined, ready: false }));
    return state;
  }

  /** At the join: the adapter's saved inventory replaces the empty one flying-squid left. */
  private restore(session: PlayerSession): void {
    const state = this.stateOf(session);
    const inventory = session.fs.inventory;
    if (state.stored) {
      for (let slot = 0; slot < 46; slot++) inventory.slots[slot] = null;
      for (const [slot, notch] of state.stored.slots) {
        const item = this.ctx.items.fromNotch(notch);
        if (!item) {
          this.ctx.log.warn(`${session.online.name}'s saved slot ${slot} holds no item of the game (${JSON.stringify(notch).slice(0, 200)}); it is left empty`);
          continue;
        }
        item.slot = slot;
        inventory.slots[slot] = item;
      }
      state.stored = undefined;
      this.sendInventory(session);
    }
    state.ready = true;
    this.save(session);
  }

  /** The inventory file text of the player's inventory as it is when called. */
  private source(session: PlayerSession): () => string {
    const inventory = session.fs.inventory;
    return () => {
      const slots: Array<{ slot: number; item: NotchItem }> = [];
      for (let slot = 0; slot < 46; slot++) {
        const item = inventory.slots[slot];
        if (item && item.count > 0) slots.push({ slot, item: this.ctx.items.notch(item) });
      }
      return inventoryFile(slots);
    };
  }
}
