// What players do in the fake platform's world, as test controls: walk, get hurt, fly, use an
// item, break and place blocks, write on signs. Each emits the platform event the real adapter
// emits for it and applies the change unless a handler cancelled it, and returns whether one did.
// The fake's world is a map of blocks: unset positions are stone below y 64 (the fake's spawn
// height) and air above.

import { blankSign, isSignMaterial, signLines } from '../../../src/platform/signs.ts';
import { emitCancellable as emitThrough, type CancellableData, type CancellableEventName } from '../../../src/platform/cancellable.ts';
import type { FakePlayerInventories } from './player-inventory.ts';
import type { BlockAt, DamageCause, GameMode, Location, OnlinePlayer, PlatformEventName, PlatformEvents } from '../../../src/platform/platform.ts';

/** An online player's state in the fake, changed in place. */
export interface FakePlayerState {
  player: OnlinePlayer;
  location: Location;
  gameMode: GameMode;
  vitals: { health: number };
  abilities: { invulnerable: boolean; allowFlight: boolean; flying: boolean };
}

/** What the fake platform lends its gameplay controls. */
export interface GameplayHost {
  /** The online player's state, or a thrown error naming the uuid. */
  state(uuid: string): FakePlayerState;
  hasWorld(name: string): boolean;
  /** Whole inventories: what the player holds. */
  inventories: FakePlayerInventories;
  emit<E extends PlatformEventName>(event: E, data: PlatformEvents[E]): void;
  /** Where a player who died respawns (the platform's respawn locator, then the default world's spawn). */
  respawnPlace(player: OnlinePlayer, died: Location): Promise<Location>;
}

export type BlockPosition = { world?: string; x: number; y: number; z: number };

function emitCancellable<E extends CancellableEventName>(host: GameplayHost, event: E, data: CancellableData<E>): boolean {
  return emitThrough((name, payload) => host.emit(name, payload), event, data);
}

function sameBlock(a: Location, b: Location): boolean {
  return a.world === b.world && Math.floor(a.x) === Math.floor(b.x) && Math.floor(a.y) === Math.floor(b.y) && Math.floor(a.z) === Math.floor(b.z);
}

export class FakeGameplay {
  /** Blocks set by placing, breaking or `setBlock`, by "world:x,y,z". */
  readonly blocks = new Map<string, string>();
  /** The text of signs that were written on, by "world:x,y,z" (a sign not in it is blank). */
  private readonly signs = new Map<string, { front: string[]; back: string[] }>();
  private readonly host: GameplayHost;
  /** Where each dead player died. */
  private readonly diedAt = new Map<string, Location>();

  constructor(host: GameplayHost) {
    this.host = host;
  }

  /**
   * The player walks to `to`. A `move` event fires when the block position or the world changes
   * (a turn of the head alone moves silently); cancelled, the player stays where they were.
   */
  move(uuid: string, to: Location): boolean {
    const s = this.host.state(uuid);
    if (!this.host.hasWorld(to.world)) throw new Error(`fake platform: there is no world ${to.world}`);
    const from = { ...s.location };
    if (sameBlock(from, to)) {
      s.location = { ...to };
      return false;
    }
    const cancelled = emitCancellable(this.host, 'move', { player: s.player, from, to: { ...to } });
    if (!cancelled) s.location = { ...to };
    return cancelled;
  }

  /**
   * The player is hurt: by another player (`attacker`, a uuid) or by something else. Creative,
   * spectator and invulnerable players take no damage and no event fires (false is returned).
   * At 0 health the player dies (`death`).
   */
  damage(uuid: string, amount: number, options: { attacker?: string; cause?: DamageCause } = {}): boolean {
    const s = this.host.state(uuid);
    const player = s.player;
    if (s.gameMode === 'creative' || s.gameMode === 'spectator' || s.abilities.invulnerable || s.vitals.health <= 0) return false;
    const attacker = options.attacker === undefined ? undefined : this.host.state(options.attacker).player;
    const cause = options.cause ?? (attacker ? 'player' : 'other');
    const cancelled = emitCancellable(this.host, 'damage', { player, amount, cause, ...(attacker ? { attacker } : {}) });
    if (cancelled) return true;
    const health = Math.max(0, s.vitals.health - amount);
    s.vitals.health = health;
    if (health === 0) {
      this.diedAt.set(uuid, { ...s.location });
      this.host.emit('death', { player, location: { ...s.location } });
    }
    return false;
  }

  /**
   * A dead player asks to respawn (the button of the death screen): back to full health, at the
   * place the respawn locator names or the default world's spawn, then `respawn`. False (and
   * nothing happens) for a player who is not dead.
   */
  async respawn(uuid: string): Promise<boolean> {
    const s = this.host.state(uuid);
    if (s.vitals.health > 0) return false;
    const died = this.diedAt.get(uuid) ?? { ...s.location };
    this.diedAt.delete(uuid);
    s.vitals.health = 20;
    s.location = { ...(await this.host.respawnPlace(s.player, died)) };
    this.host.emit('respawn', { player: s.player, location: { ...s.location } });
    return true;
  }

  /**
   * The client starts or stops flying (a double jump), as it tells the server: it may only fly
   * while flight is allowed.
   */
  fly(uuid: string, flying: boolean): void {
    const s = this.host.state(uuid);
    s.abilities.flying = s.abilities.allowFlight && flying;
  }

  /** The player uses what a hand holds (a right-click in the air). */
  useItem(uuid: string, hand: 'main' | 'off' = 'main'): boolean {
    const player = this.host.state(uuid).player;
    return emitCancellable(this.host, 'itemUse', { player, hand, item: this.host.inventories.held(uuid, hand) });
  }

  /** The material at a position of the fake's world. */
  blockAt(at: BlockPosition): string {
    const world = at.world ?? 'world';
    return this.blocks.get(key(world, at)) ?? (at.y < 64 ? 'stone' : 'air');
  }

  /**
   * The highest block of a column that is not air (the fake knows no plants): a block set above
   * the ground, or the stone at 63.
   */
  highestBlock(world: string, x: number, z: number): BlockAt {
    const bx = Math.floor(x);
    const bz = Math.floor(z);
    let top = 63;
    for (const [k, material] of this.blocks) {
      const [w, at] = k.split(':');
      const [kx, ky, kz] = at!.split(',').map(Number);
      if (w === world && kx === bx && kz === bz && material !== 'air' && ky! > top) top = ky!;
    }
    while (top >= -64 && this.blockAt({ world, x: bx, y: top, z: bz }) === 'air') top--;
    return { world, x: bx, y: top, z: bz, material: this.blockAt({ world, x: bx, y: top, z: bz }) };
  }

  /** Sets a block, as the world would be. */
  setBlock(at: BlockPosition, material: string): void {
    const k = key(at.world ?? 'world', at);
    this.blocks.set(k, material);
    // A block set anew is a new block: a sign placed there is blank.
    this.signs.delete(k);
  }

  /**
   * The player closes the sign editor of the sign at `at` with these lines, on its front or back.
   * As on the game server, a malformed edit (not four lines, a line over 384 characters) is
   * ignored: no event, and 'ignored' is answered. Otherwise `signEdit` fires; cancelled, the sign
   * stays as it was. Throws when there is no sign at `at`.
   */
  editSign(uuid: string, at: BlockPosition, lines: readonly unknown[], front = true): 'written' | 'cancelled' | 'ignored' {
    const player = this.host.state(uuid).player;
    const world = at.world ?? this.host.state(uuid).location.world;
    const material = this.blockAt({ ...at, world });
    if (!isSignMaterial(material)) throw new Error(`fake platform: there is no sign at ${world} ${at.x} ${at.y} ${at.z} (${material})`);
    const clean = signLines(lines);
    if (!clean) return 'ignored';
    const block: BlockAt = { world, x: at.x, y: at.y, z: at.z, material };
    if (emitCancellable(this.host, 'signEdit', { player, block, lines: [...clean], front })) return 'cancelled';
    const k = key(world, at);
    const sign = this.signs.get(k) ?? blankSign();
    this.signs.set(k, front ? { ...sign, front: clean } : { ...sign, back: clean });
    return 'written';
  }

  /** The lines on a side of the sign at `at` (four blank ones for a sign never written on), or undefined when no sign is there. */
  signText(at: BlockPosition, front = true): string[] | undefined {
    const world = at.world ?? 'world';
    if (!isSignMaterial(this.blockAt({ ...at, world }))) return undefined;
    const sign = this.signs.get(key(world, at)) ?? blankSign();
    return [...(front ? sign.front : sign.back)];
  }

  /** The player breaks the block at `at` (in their world); cancelled, it stays. */
  breakBlock(uuid: string, at: BlockPosition): boolean {
    const player = this.host.state(uuid).player;
    const world = at.world ?? this.host.state(uuid).location.world;
    const material = this.blockAt({ ...at, world });
    if (material === 'air') throw new Error(`fake platform: there is no block to break at ${world} ${at.x} ${at.y} ${at.z}`);
    const block: BlockAt = { world, x: at.x, y: at.y, z: at.z, material };
    const cancelled = emitCancellable(this.host, 'blockBreak', { player, block });
    if (!cancelled) this.setBlock(block, 'air');
    return cancelled;
  }

  /**
   * The player places the block item held in the main hand at `at`; cancelled, the position
   * stays as it was and the item stays in the hand.
   */
  placeBlock(uuid: string, at: BlockPosition): boolean {
    const player = this.host.state(uuid).player;
    const held = this.host.inventories.held(uuid, 'main');
    if (!held) throw new Error('fake platform: the player holds nothing to place');
    const world = at.world ?? this.host.state(uuid).location.world;
    const block: BlockAt = { world, x: at.x, y: at.y, z: at.z, material: held.material };
    const cancelled = emitCancellable(this.host, 'blockPlace', { player, block });
    if (cancelled) return true;
    this.setBlock(block, held.material);
    const mode = this.host.state(uuid).gameMode;
    if (mode === 'survival' || mode === 'adventure') {
      const slot = this.host.inventories.playerInventory(uuid)?.selectedSlot ?? 0;
      this.host.inventories.setInventorySlot(uuid, slot, held.count > 1 ? { ...held, count: held.count - 1 } : null);
    }
    return false;
  }
}

function key(world: string, at: { x: number; y: number; z: number }): string {
  return `${world}:${Math.floor(at.x)},${Math.floor(at.y)},${Math.floor(at.z)}`;
}
