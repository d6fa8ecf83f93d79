// Items in the world: dropped from a player's hands (Q, Ctrl+Q, a click outside a window) and
// picked up again. flying-squid's item entities keep only an item id and a count, and 1.21.4
// clients get no metadata for them: the adapter gives each the whole stack it holds (components
// and all), shows it, and puts as much of it as fits into the inventory of the player who takes it.

import { placeItems, roomFor, STORAGE_ORDER } from '../inventory.ts';
import type { AdapterContext, PlayerSession } from './context.ts';
import type { FsEntity, FsObject } from './fs-types.ts';
import type { InventorySync } from './inventory-sync.ts';
import type { GameItem } from './items.ts';
import * as P from './packets.ts';

/** Vanilla's pickup delay of a thrown item (40 ticks) and its despawn time (6000 ticks). */
const DROP_PICKUP_MS = 2000;
const DROP_DESPAWN_MS = 5 * 60 * 1000;

/** An item entity: flying-squid's object, with the whole stack it holds. */
type ItemEntity = FsObject & { coreItem?: GameItem };

export class ItemEntities {
  private readonly itemEntityType: number;
  /** The stack of the item entity being spawned (flying-squid's spawnObject knows only an id and a count). */
  private spawningItem: GameItem | undefined;

  private readonly ctx: AdapterContext;
  private readonly inventory: InventorySync;

  constructor(
    ctx: AdapterContext,
    inventory: InventorySync,
  ) {
    this.ctx = ctx;
    this.inventory = inventory;
    const serv = ctx.serv;
    this.itemEntityType = serv.registry.entitiesByName.item?.id ?? -1;
    // Of digging, flying-squid keeps everything but the drops of the held item.
    ctx.takeOverClientEvent('block_dig', true);
    serv.on('newEntity', (entity: ItemEntity) => {
      if (this.spawningItem) entity.coreItem = this.spawningItem;
    });
    ctx.onAttach((session) => {
      const player = session.fs;
      player._client.on('block_dig', (data: { status: number }) => this.onBlockDig(session, data));
      player.collect = (entity) => this.pickUp(session, entity);
      const spawnEntity = player.spawnEntity.bind(player);
      player.spawnEntity = (entity) => {
        spawnEntity(entity);
        // flying-squid sends no metadata at 1.21.4: an item entity would show nothing.
        const item = this.itemOfEntity(entity);
        if (item) session.send(P.itemEntityMetadata(entity.id, ctx.items.notch(item)));
      };
    });
  }

  /**
   * Throws a stack out of the player's hands as vanilla's Player.drop does: one item entity, from
   * eye height, forward where the player looks, picked up by nobody for two seconds and gone after
   * five minutes. False when it could not be spawned (flying-squid's entity limit).
   */
  dropItem(session: PlayerSession, item: GameItem): boolean {
    if (this.itemEntityType < 0 || item.count <= 0) return false;
    const { Vec3 } = this.ctx;
    const player = session.fs;
    const yaw = (session.yaw * Math.PI) / 180;
    const pitch = (session.pitch * Math.PI) / 180;
    // Blocks a tick (vanilla) times 20: flying-squid's velocities are blocks a second.
    const speed = 0.3 * 20;
    const velocity = new Vec3(-Math.sin(yaw) * Math.cos(pitch) * speed, -Math.sin(pitch) * speed + 0.1 * 20, Math.cos(yaw) * Math.cos(pitch) * speed);
    const at = new Vec3(player.position.x, player.position.y + 1.62 - 0.3, player.position.z);
    this.spawningItem = item;
    try {
      this.ctx.serv.spawnObject(this.itemEntityType, player.world, at, {
        velocity,
        itemId: item.type,
        itemCount: item.count,
        pickupTime: DROP_PICKUP_MS,
        deathTime: DROP_DESPAWN_MS,
      });
      return true;
    } catch (e) {
      this.ctx.log.warn(`${session.online.name} could not drop ${item.count} ${item.name}: ${String(e)}`);
      return false;
    } finally {
      this.spawningItem = undefined;
    }
  }

  /** The stack an item entity holds (flying-squid's own, from block drops, have an id and a count); null for another entity. */
  itemOfEntity(entity: FsEntity): GameItem | null {
    const e = entity as ItemEntity;
    if (e.type !== 'object' || e.entityType !== this.itemEntityType) return null;
    if (!e.coreItem && typeof e.itemId === 'number') e.coreItem = this.ctx.items.plain(e.itemId, e.itemCount ?? 1) ?? undefined;
    return e.coreItem ?? null;
  }

  /**
   * flying-squid's entity tick asks the player by an item entity to take it: as much of the stack
   * as fits goes into the inventory, whole (flying-squid's own took one item and no components).
   */
  private pickUp(session: PlayerSession, entity: FsObject): void {
    const player = session.fs;
    if (!session.joined || session.dead || player.disconnected || player.gameMode === 3) return;
    const item = this.itemOfEntity(entity);
    if (!item) return;
    const ops = this.ctx.items.ops;
    const taken = roomFor(this.inventory.storage(session), item, ops, STORAGE_ORDER);
    if (taken <= 0) return;
    this.inventory.writeStorage(session, placeItems(this.inventory.storage(session), [ops.withCount(item, taken)], ops, STORAGE_ORDER)!, true);
    const collect = P.collectItem(entity.id, player.id, taken);
    entity._writeOthersNearby(collect.name, collect.params);
    if (taken >= item.count) {
      entity.destroy();
    } else {
      const rest = ops.withCount(item, item.count - taken);
      (entity as ItemEntity).coreItem = rest;
      entity.itemCount = rest.count;
      const shown = P.itemEntityMetadata(entity.id, this.ctx.items.notch(rest));
      entity._writeOthersNearby(shown.name, shown.params);
    }
  }

  /**
   * Digging packets: Q (status 4, one item) and Ctrl+Q (status 3, the stack) outside any screen
   * drop from the held slot, done here like a Q in the inventory (flying-squid's spawned an entity
   * of the id alone, so a named stack came back plain and only one of a stack came back). Every
   * other status is flying-squid's, but a finish (2) from a creative player: the block broke on the
   * start packet, as in vanilla, and flying-squid would dig whatever is there now again.
   */
  private onBlockDig(session: PlayerSession, data: { status: number }): void {
    if (data.status === 2 && session.fs.gameMode === 1) return;
    if (data.status !== 3 && data.status !== 4) {
      for (const l of session.fsListeners.get('block_dig') ?? []) l(data);
      return;
    }
    const player = session.fs;
    if (!session.joined || session.dead || player.gameMode === 3) return;
    const slot = 36 + (player.heldItemSlot ?? 0);
    const held = player.inventory.slots[slot] ?? null;
    if (!held) return;
    const ops = this.ctx.items.ops;
    const n = data.status === 4 ? 1 : ops.count(held);
    const next = ops.count(held) > n ? ops.withCount(held, ops.count(held) - n) : null;
    if (!this.dropItem(session, ops.withCount(held, n))) {
      // Not dropped: the client, which took the items already, is told they are still there.
      player.inventory.updateSlot(slot, held);
      return;
    }
    // The client took them from its hotbar itself; the set_slot confirms the count.
    player.inventory.updateSlot(slot, next);
  }
}
