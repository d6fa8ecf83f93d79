// The platform's events of players acting in the world (move, damage, itemUse, blockBreak,
// blockPlace) on flying-squid, each cancellable:
// - move: flying-squid's `move` behaviour, on a change of block (a turn of the head is no move;
//   teleports by the platform are not moves). Cancelled, flying-squid sends the player back.
// - damage: before flying-squid's takeDamage; only PvP deals damage there. Cancelled, no health is
//   lost and there is no knock-back. The attacker is known from its own `attack` behaviour, whose
//   data flying-squid hands on to takeDamage.
// - itemUse: the use_item packet (a right-click in the air), which flying-squid does not handle.
// - blockBreak: flying-squid's `dug` behaviour. Cancelled, the block is shown again (by its state;
//   flying-squid's own cancel sends the block id as a state).
// - blockPlace: flying-squid's block_place handler has no behaviour, so its placeItem (which picks
//   the block to place) is wrapped: cancelled, nothing is placed and no item used, and the client
//   is told the position and its held slot as they are.
// A 1.19+ client guesses the outcome of a dig, place or use and ignores the server's block changes
// there until the server acknowledges the packet's sequence: every cancel ends with that ack.

import type { BlockAt, OnlinePlayer } from '../platform.ts';
import { emitCancellable, type CancellableData, type CancellableEventName } from '../cancellable.ts';
import type { AdapterContext, PlayerSession } from './context.ts';
import type { FsBlock, FsPlaceItem, Vec3 } from './fs-types.ts';
import { acknowledgeBlockChanges, blockChange, inventorySlot } from './packets-gameplay.ts';
import type { PlayerState } from './player-state.ts';
import type { Worlds } from './worlds.ts';

/** What the last dig and place packets of a player said (their sequence is acknowledged on a cancel). */
interface Actions {
  digSequence?: number;
  placeSequence?: number;
}

export class GameplayEvents {
  private readonly ctx: AdapterContext;
  private readonly worlds: Worlds;
  private readonly playerState: PlayerState;
  /** Which player dealt an attack: flying-squid hands the attack's data on to takeDamage. */
  private readonly attackers = new WeakMap<object, OnlinePlayer>();
  private readonly actions = new WeakMap<PlayerSession, Actions>();

  constructor(ctx: AdapterContext, worlds: Worlds, playerState: PlayerState) {
    this.ctx = ctx;
    this.worlds = worlds;
    this.playerState = playerState;
    ctx.onAttach((session) => this.attach(session));
    // flying-squid's plugins have all made their parts of the server by then.
    ctx.onReady(() => {
      const place = ctx.serv.placeItem.bind(ctx.serv);
      ctx.serv.placeItem = async (data) => {
        const result = await place(data);
        return (await this.placing(data, result)) ? result : {};
      };
    });
  }

  private emit<E extends CancellableEventName>(event: E, data: CancellableData<E>): boolean {
    return emitCancellable((name, payload) => this.ctx.emit(name, payload), event, data);
  }

  /** Joined, alive and not being moved between worlds. */
  private active(s: PlayerSession): boolean {
    return s.joined && !s.dead && !s.moving && !s.fs.disconnected;
  }

  private attach(s: PlayerSession): void {
    const player = s.fs;
    const client = player._client;
    const actions: Actions = {};
    this.actions.set(s, actions);
    client.prependListener('block_dig', (d: { sequence?: number }) => {
      if (typeof d?.sequence === 'number') actions.digSequence = d.sequence;
    });
    client.prependListener('block_place', (d: { sequence?: number }) => {
      if (typeof d?.sequence === 'number') actions.placeSequence = d.sequence;
    });
    player.on('move_cancel', (data: { position: Vec3; teleport?: boolean }, cancel: () => void) => this.onMove(s, data, cancel));
    player.on('attack_cancel', (data: object) => this.attackers.set(data, s.online));
    player.on('dug_cancel', (data: { position: Vec3; block: FsBlock }, cancel: (runDefault?: boolean) => void) => this.onDug(s, data, cancel));
    client.on('use_item', (d: { hand?: number; sequence?: number }) => this.onUseItem(s, d));

    const takeDamage = player.takeDamage.bind(player);
    player.takeDamage = (o) => {
      if (!this.active(s) || this.playerState.abilities(s.online.uuid)?.invulnerable) return;
      const attacker = this.attackers.get(o);
      const amount = typeof o.damage === 'number' ? o.damage : 1;
      if (this.emit('damage', { player: s.online, amount, cause: attacker ? 'player' : 'other', ...(attacker ? { attacker } : {}) })) return;
      takeDamage(o);
    };
  }

  /** Runs on every movement packet of every player: the cheap block comparison comes first. */
  private onMove(s: PlayerSession, data: { position: Vec3; teleport?: boolean }, cancel: () => void): void {
    if (data.teleport || !this.active(s)) return;
    const from = s.fs.position;
    const to = data.position;
    if (Math.floor(from.x) === Math.floor(to.x) && Math.floor(from.y) === Math.floor(to.y) && Math.floor(from.z) === Math.floor(to.z)) return;
    const world = this.worlds.locationOf(s).world;
    const { yaw, pitch } = s;
    const move = { player: s.online, from: { world, x: from.x, y: from.y, z: from.z, yaw, pitch }, to: { world, x: to.x, y: to.y, z: to.z, yaw, pitch } };
    // flying-squid's own cancel puts the player back where the server has them (`from`).
    if (this.emit('move', move)) cancel();
  }

  private onDug(s: PlayerSession, data: { position: Vec3; block: FsBlock }, cancel: (runDefault?: boolean) => void): void {
    const actions = this.actions.get(s);
    const at = data.position;
    const block: BlockAt = { world: this.worlds.locationOf(s).world, x: at.x, y: at.y, z: at.z, material: data.block.name };
    if (!this.emit('blockBreak', { player: s.online, block })) return;
    cancel(false);
    s.send(blockChange(at, data.block.stateId));
    if (actions?.digSequence !== undefined) s.send(acknowledgeBlockChanges(actions.digSequence));
  }

  private onUseItem(s: PlayerSession, d: { hand?: number; sequence?: number }): void {
    const hand = d?.hand === 1 ? 'off' : 'main';
    const slot = hand === 'off' ? 45 : 36 + (s.fs.heldItemSlot ?? 0);
    if (this.active(s)) {
      const held = s.fs.inventory.slots[slot] ?? null;
      const item = held && held.count > 0 ? this.ctx.items.toStack(held) : null;
      // The client may already show the item used (a count taken, a cooldown): it gets the slot back.
      if (this.emit('itemUse', { player: s.online, hand, item })) this.sendSlot(s, slot);
    }
    if (typeof d?.sequence === 'number') s.send(acknowledgeBlockChanges(d.sequence));
  }

  /** Whether the block flying-squid is about to place may be placed (false: a handler cancelled). */
  private async placing(data: FsPlaceItem, result: { id?: number }): Promise<boolean> {
    const s = this.ctx.sessionOf(data.player);
    const material = typeof result?.id === 'number' ? this.ctx.serv.registry.blocks[result.id]?.name : undefined;
    if (!s || material === undefined || material === 'air') return true;
    const at = data.placedPosition;
    const block: BlockAt = { world: this.worlds.locationOf(s).world, x: at.x, y: at.y, z: at.z, material };
    if (!this.emit('blockPlace', { player: s.online, block })) return true;
    // The client placed the block and took the item in its own guess of the outcome.
    s.send(blockChange(at, await s.fs.world.getBlockStateId(at)));
    this.sendSlot(s, 36 + (s.fs.heldItemSlot ?? 0));
    const sequence = this.actions.get(s)?.placeSequence;
    if (sequence !== undefined) s.send(acknowledgeBlockChanges(sequence));
    return false;
  }

  /** One slot of window 0 as the server has it, with the window's next state id. */
  private sendSlot(s: PlayerSession, slot: number): void {
    s.inventory.stateId = (s.inventory.stateId + 1) & 0x7fff;
    s.send(inventorySlot(s.inventory.stateId, slot, this.ctx.items.notch(s.fs.inventory.slots[slot])));
  }
}
