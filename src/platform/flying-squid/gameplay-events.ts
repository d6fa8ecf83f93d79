// The platform's events of players acting in the world (move, damage, itemUse, blockBreak,
// blockPlace) on flying-squid, each cancellable:
// - move: flying-squid's `move` behaviour, on a change of block (a turn of the head is no move;
//   teleports by the platform are not moves). Cancelled, flying-squid sends the player back.
// - damage: before flying-squid's takeDamage; only PvP deals damage there. Cancelled, no health is
//   lost and there is no knock-back. The attacker is known from its own `attack` behaviour.
// - itemUse: the use_item packet (a right-click in the air), which flying-squid does not handle.
// - blockBreak: flying-squid's `dug` behaviour. Cancelled, the block is shown again (with its
//   state, not flying-squid's block id) and the client's predicted break acknowledged.
// - blockPlace: flying-squid's block_place handler has no behaviour, so its placeItem (which picks
//   the block to place) is wrapped: cancelled, nothing is placed and no item used, and the client
//   is told the position and its held slot as they are.
// A 1.19+ client guesses the outcome of a dig, place or use and ignores the server's block changes
// there until the server acknowledges the packet's sequence: every cancel ends with that ack.

import type { BlockAt, ItemStack, OnlinePlayer, PlatformEvents } from '../platform.ts';
import { emitCancellable, type CancellableData, type CancellableEventName } from '../cancellable.ts';
import type { GameItem } from './items.ts';
import type { Packet } from './packets.ts';
import { acknowledgeBlockChanges, blockChange } from './packets-gameplay.ts';
import type { FsWorld, Vec3 } from './fs-types.ts';

/** A prismarine-block as flying-squid's dig hands it over. */
interface DugBlock {
  name: string;
  stateId: number;
}

/** The part of a flying-squid player these events listen on. */
export interface ActingPlayer {
  position: Vec3;
  world: FsWorld & { getBlockStateId(pos: Vec3): Promise<number> };
  heldItemSlot: number;
  gameMode: number;
  inventory: { slots: Array<GameItem | null> };
  _client: { on(event: string, l: (data: never) => void): unknown; prependListener(event: string, l: (data: never) => void): unknown };
  on(event: string, l: (...args: never[]) => void): unknown;
  takeDamage(options: Record<string, unknown>): void;
}

/** One online player as the adapter lends it. */
export interface GameplaySession {
  fs: ActingPlayer;
  online: OnlinePlayer;
  /** Joined, alive, and not being moved between worlds. */
  active(): boolean;
  /** Takes damage now (active, and not invulnerable). */
  vulnerable(): boolean;
  /** The rotation as the client reports it, in degrees. */
  yaw(): number;
  pitch(): number;
  send(packet: Packet): void;
  /** Sends one slot of window 0 as the server has it, with the window's next state id. */
  sendInventorySlot(slot: number): void;
}

export interface GameplayHost {
  worldName(world: FsWorld): string;
  emit<E extends keyof PlatformEvents>(event: E, data: PlatformEvents[E]): void;
  toStack(item: GameItem): ItemStack;
  /** The block's name in the block registry, by block id. */
  blockName(blockId: number): string | undefined;
  /** The session of a flying-squid player. */
  session(player: unknown): GameplaySession | undefined;
}

/** The part of flying-squid's server whose block placing is wrapped. */
export interface PlacingServer {
  placeItem(data: PlaceItemData): Promise<{ id?: number; data?: number }> | { id?: number; data?: number };
}
interface PlaceItemData {
  player: unknown;
  placedPosition: Vec3;
  item: GameItem;
  [key: string]: unknown;
}

export class GameplayEvents {
  private readonly host: GameplayHost;
  /** Which player a dealt attack came from (flying-squid passes the attack's data to takeDamage). */
  private readonly attackers = new WeakMap<object, OnlinePlayer>();
  /** The sequence of each player's last dig and place packet, to acknowledge on a cancel. */
  private readonly digSequence = new WeakMap<GameplaySession, number>();
  private readonly placeSequence = new WeakMap<GameplaySession, number>();

  constructor(host: GameplayHost) {
    this.host = host;
  }

  private emit<E extends CancellableEventName>(event: E, data: CancellableData<E>): boolean {
    return emitCancellable((name, payload) => this.host.emit(name, payload), event, data);
  }

  /** Wraps the server's block placing (once, at start). */
  takeOverPlacing(serv: PlacingServer): void {
    const place = serv.placeItem.bind(serv);
    serv.placeItem = async (data) => {
      const result = await place(data);
      const s = this.host.session(data.player);
      const material = typeof result?.id === 'number' ? this.host.blockName(result.id) : undefined;
      if (!s || material === undefined || material === 'air') return result;
      const at = data.placedPosition;
      const block: BlockAt = { world: this.host.worldName(s.fs.world), x: at.x, y: at.y, z: at.z, material };
      if (!this.emit('blockPlace', { player: s.online, block })) return result;
      await this.undoPlacing(s, at);
      return {};
    };
  }

  /** Sets up the events of one player, before their login. */
  attach(s: GameplaySession): void {
    const player = s.fs;
    const client = player._client;
    client.prependListener('block_dig', (d: { sequence?: number }) => {
      if (typeof d?.sequence === 'number') this.digSequence.set(s, d.sequence);
    });
    client.prependListener('block_place', (d: { sequence?: number }) => {
      if (typeof d?.sequence === 'number') this.placeSequence.set(s, d.sequence);
    });
    player.on('move_cancel', (data: { position: Vec3; teleport?: boolean }, cancel: () => void) => this.onMove(s, data, cancel));
    player.on('attack_cancel', (data: object) => this.attackers.set(data, s.online));
    player.on('dug_cancel', (data: { position: Vec3; block: DugBlock }, cancel: (runDefault?: boolean) => void) => this.onDug(s, data, cancel));
    client.on('use_item', (d: { hand?: number; sequence?: number }) => this.onUseItem(s, d));

    const takeDamage = player.takeDamage.bind(player);
    player.takeDamage = (o) => {
      if (!s.vulnerable()) return;
      const attacker = this.attackers.get(o);
      const amount = typeof o.damage === 'number' ? o.damage : 1;
      const data = { player: s.online, amount, cause: attacker ? ('player' as const) : ('other' as const), ...(attacker ? { attacker } : {}) };
      if (this.emit('damage', data)) return;
      takeDamage(o);
    };
  }

  /** Runs on every movement packet of every player: a cheap block comparison comes first. */
  private onMove(s: GameplaySession, data: { position: Vec3; teleport?: boolean }, cancel: () => void): void {
    if (data.teleport || !s.active()) return;
    const from = s.fs.position;
    const to = data.position;
    if (Math.floor(from.x) === Math.floor(to.x) && Math.floor(from.y) === Math.floor(to.y) && Math.floor(from.z) === Math.floor(to.z)) return;
    const world = this.host.worldName(s.fs.world);
    const yaw = s.yaw();
    const pitch = s.pitch();
    const moved = { player: s.online, from: { world, x: from.x, y: from.y, z: from.z, yaw, pitch }, to: { world, x: to.x, y: to.y, z: to.z, yaw, pitch } };
    // flying-squid's own cancel puts the player back where the server has them (`from`).
    if (this.emit('move', moved)) cancel();
  }

  private onDug(s: GameplaySession, data: { position: Vec3; block: DugBlock }, cancel: (runDefault?: boolean) => void): void {
    const at = data.position;
    const block: BlockAt = { world: this.host.worldName(s.fs.world), x: at.x, y: at.y, z: at.z, material: data.block.name };
    if (!this.emit('blockBreak', { player: s.online, block })) return;
    // flying-squid's cancel would send the block id as a state id: the adapter shows it itself.
    cancel(false);
    s.send(blockChange(at, data.block.stateId));
    const sequence = this.digSequence.get(s);
    if (sequence !== undefined) s.send(acknowledgeBlockChanges(sequence));
  }

  private onUseItem(s: GameplaySession, d: { hand?: number; sequence?: number }): void {
    const hand = d?.hand === 1 ? 'off' : 'main';
    const slot = hand === 'off' ? 45 : 36 + (s.fs.heldItemSlot ?? 0);
    if (s.active()) {
      const held = s.fs.inventory.slots[slot] ?? null;
      const item = held && held.count > 0 ? this.host.toStack(held) : null;
      // The client may already show the item used (a count taken, a cooldown): it gets the slot back.
      if (this.emit('itemUse', { player: s.online, hand, item })) s.sendInventorySlot(slot);
    }
    if (typeof d?.sequence === 'number') s.send(acknowledgeBlockChanges(d.sequence));
  }

  private async undoPlacing(s: GameplaySession, at: Vec3): Promise<void> {
    // The client placed the block and took the item in its own guess of the outcome.
    s.send(blockChange(at, await s.fs.world.getBlockStateId(at)));
    s.sendInventorySlot(36 + (s.fs.heldItemSlot ?? 0));
    const sequence = this.placeSequence.get(s);
    if (sequence !== undefined) s.send(acknowledgeBlockChanges(sequence));
  }
}
