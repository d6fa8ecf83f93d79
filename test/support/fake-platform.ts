// An in-memory GamePlatform for unit tests. A test makes players join and quit, runs command lines
// as a player or the console through the installed CommandHandler, and reads back what the code
// under test asked of the game: messages, kicks, teleports, game modes, vitals, abilities,
// inventories and chest windows (whose contents a test changes as a player's clicks would).

import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { placeItems, STORAGE_ORDER, type StackOps } from '../../src/platform/inventory.ts';
import type {
  Abilities,
  ChatFilter,
  ChestCloseReason,
  ChestHandle,
  ChestView,
  CommandHandler,
  CommandSender,
  GameMode,
  GamePlatform,
  GiveOutcome,
  ItemStack,
  Location,
  OnlinePlayer,
  PlatformEventName,
  PlatformEvents,
  Text,
  Vitals,
} from '../../src/platform/platform.ts';
import type { InventorySlot, PlayerInventory, PlayerInventoryWrite } from '../../src/platform/player-inventory.ts';
import type { CreateWorldOptions, WorldInfo, WorldOutcome } from '../../src/platform/worlds.ts';
import { FakeGameplay, type BlockPosition } from './fake-gameplay.ts';
import { FakePlayerInventories } from './fake-player-inventory.ts';
import { FakeWorlds } from './fake-worlds.ts';

/** The plain text of a message (a component's text and its extras, in order). */
export function plain(message: Text): string {
  if (typeof message === 'string') return message;
  return message.text + (message.extra ?? []).map((e) => plain(e)).join('');
}

/** The uuid an offline-mode server gives a name (version 3, from `OfflinePlayer:<name>`). */
export function offlineUuid(name: string): string {
  const b = createHash('md5').update(`OfflinePlayer:${name}`).digest();
  b[6] = (b[6]! & 0x0f) | 0x30;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const require = createRequire(import.meta.url);
let stackSizes: Record<string, { stackSize: number } | undefined> | undefined;

/** Stacks as the game merges them: the same material, name, enchantments and data. */
export const ITEM_STACK_OPS: StackOps<ItemStack> = {
  kind: (s) => JSON.stringify([s.material, s.name ?? null, s.enchantments ?? null, s.data ?? null]),
  count: (s) => s.count,
  max: (s) => {
    stackSizes ??= (require('minecraft-data') as (v: string) => { itemsByName: Record<string, { stackSize: number }> })('1.21.4').itemsByName;
    return stackSizes[s.material]?.stackSize ?? 64;
  },
  withCount: (s, count) => ({ ...s, count }),
};

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

interface PlayerState {
  player: OnlinePlayer;
  location: Location;
  gameMode: GameMode;
  vitals: Vitals;
  abilities: Abilities;
  ping: number;
}

type Handler = (data: never) => void;

export interface JoinOptions {
  uuid?: string;
  address?: string;
  location?: Partial<Location>;
  gameMode?: GameMode;
  /** Milliseconds; 0 by default (as the server says before its first keep-alive). */
  ping?: number;
}

export class FakePlatform implements GamePlatform {
  readonly gameVersion = '1.21.4';
  readonly port = 25565;

  /** Messages sent to each player, by uuid (broadcasts included), in order. */
  readonly messages = new Map<string, Text[]>();
  /** Lines written to the server console. */
  readonly consoleLines: Text[] = [];
  readonly broadcasts: Text[] = [];
  readonly kicks: Array<{ uuid: string; name: string; reason: Text }> = [];
  readonly teleports: Array<{ uuid: string; to: Location }> = [];
  /** Logins a login gate refused, with its reason. */
  readonly refusedLogins: Array<{ uuid: string; name: string; reason: Text }> = [];
  /** Chat messages a chat filter cancelled. */
  readonly cancelledChat: Array<{ uuid: string; message: string }> = [];
  /** Every chest window shown, in order. */
  readonly chests: FakeChest[] = [];
  /** The 36 storage slots of each player who has joined (kept after they leave, as the game does). */
  readonly inventories = new Map<string, Array<ItemStack | null>>();
  handler: CommandHandler | undefined;
  chatFilter: ChatFilter | undefined;
  loginGate: ((uuid: string, name: string, address: string) => Text | undefined) | undefined;
  isShutDown = false;

  private readonly states = new Map<string, PlayerState>();
  private readonly handlers = new Map<PlatformEventName, Set<Handler>>();
  private readonly worldStore: FakeWorlds;
  private readonly wholeInventories = new FakePlayerInventories((uuid) => (this.states.has(uuid) ? this.inventories.get(uuid) : undefined));
  /** The fake's world of blocks and what players do in it (see the test controls below). */
  readonly gameplay: FakeGameplay;

  constructor(options: { worlds?: string[] } = {}) {
    this.worldStore = new FakeWorlds(options.worlds ?? ['world'], (world) => {
      for (const s of this.states.values()) if (s.location.world === world) s.location = this.spawnLocation();
    });
    this.gameplay = new FakeGameplay({
      online: (uuid) => this.mustBeOnline(uuid).player,
      location: (uuid) => ({ ...this.mustBeOnline(uuid).location }),
      setLocation: (uuid, to) => {
        this.mustBeOnline(uuid).location = { ...to };
      },
      hasWorld: (name) => this.worldStore.has(name),
      gameMode: (uuid) => this.mustBeOnline(uuid).gameMode,
      health: (uuid) => this.mustBeOnline(uuid).vitals.health,
      setHealth: (uuid, health) => {
        this.mustBeOnline(uuid).vitals.health = health;
      },
      invulnerable: (uuid) => this.mustBeOnline(uuid).abilities.invulnerable,
      held: (uuid, hand) => this.wholeInventories.held(uuid, hand),
      useUpHeld: (uuid) => {
        const slot = this.wholeInventories.read(uuid)?.selectedSlot ?? 0;
        const held = this.wholeInventories.held(uuid, 'main');
        if (held) this.wholeInventories.writeSlot(uuid, slot, held.count > 1 ? { ...held, count: held.count - 1 } : null);
      },
      emit: (event, data) => this.emit(event, data),
    });
  }

  // ---- test controls -------------------------------------------------------------------------

  /** A player logs in (unless a login gate refuses: then undefined). Emits `join`. */
  join(name: string, options: JoinOptions = {}): OnlinePlayer | undefined {
    const uuid = options.uuid ?? offlineUuid(name);
    const address = options.address ?? '127.0.0.1';
    const refusal = this.loginGate?.(uuid, name, address);
    if (refusal !== undefined) {
      this.refusedLogins.push({ uuid, name, reason: refusal });
      return undefined;
    }
    if (this.states.has(uuid)) throw new Error(`fake platform: ${name} (${uuid}) is already online`);
    const player: OnlinePlayer = { uuid, name, address };
    this.states.set(uuid, {
      player,
      location: { ...this.spawnLocation(), ...options.location },
      gameMode: options.gameMode ?? 'survival',
      vitals: { health: 20, food: 20, saturation: 5 },
      abilities: { allowFlight: false, flying: false, invulnerable: false, walkSpeed: 1, flySpeed: 1 },
      ping: options.ping ?? 0,
    });
    if (!this.messages.has(uuid)) this.messages.set(uuid, []);
    if (!this.inventories.has(uuid)) this.inventories.set(uuid, Array<ItemStack | null>(36).fill(null));
    this.emit('join', { player });
    return player;
  }

  /** The server measures a new latency for an online player (a keep-alive round trip). */
  setPing(uuid: string, ms: number): void {
    this.mustBeOnline(uuid).ping = ms;
  }

  /** A player leaves (closing their chest window). Emits `quit`. */
  quit(uuid: string, reason = 'quit'): void {
    const s = this.states.get(uuid);
    if (!s) throw new Error(`fake platform: ${uuid} is not online`);
    this.finishChest(uuid, 'quit');
    this.states.delete(uuid);
    this.emit('quit', { player: s.player, reason });
  }

  /** A player says something in chat; false when the chat filter cancelled it. */
  chat(uuid: string, message: string): boolean {
    const s = this.mustBeOnline(uuid);
    if (this.chatFilter && !this.chatFilter(s.player, message)) {
      this.cancelledChat.push({ uuid, message });
      return false;
    }
    this.emit('chat', { player: s.player, message });
    return true;
  }

  /** Runs a command line as a player (by uuid) or as the console, through the installed handler. */
  async run(as: string | 'console', line: string): Promise<void> {
    if (!this.handler) throw new Error('fake platform: no command handler installed');
    await this.handler.execute(this.sender(as), line.replace(/^\//, ''));
  }

  complete(as: string | 'console', line: string): string[] {
    if (!this.handler) throw new Error('fake platform: no command handler installed');
    return this.handler.complete(this.sender(as), line.replace(/^\//, ''));
  }

  sender(as: string | 'console'): CommandSender {
    if (as === 'console') return { kind: 'console' };
    return { kind: 'player', player: this.mustBeOnline(as).player };
  }

  /** The plain texts sent to a player. */
  messagesOf(uuid: string): string[] {
    return (this.messages.get(uuid) ?? []).map(plain);
  }

  /** The plain texts written to the console. */
  consoleText(): string[] {
    return this.consoleLines.map(plain);
  }

  /** Forgets recorded messages, console lines and broadcasts. */
  clearMessages(): void {
    for (const list of this.messages.values()) list.length = 0;
    this.consoleLines.length = 0;
    this.broadcasts.length = 0;
  }

  /** The number of handlers attached to an event (to check that code detaches). */
  listenerCount(event: PlatformEventName): number {
    return this.handlers.get(event)?.size ?? 0;
  }

  /** The chest window open on a player's screen, if any. */
  chestOf(uuid: string): FakeChest | undefined {
    return this.chests.find((c) => c.uuid === uuid && c.open);
  }

  /** The player changes the open chest's contents, as their clicks would (onChange follows). */
  changeChest(uuid: string, items: Array<ItemStack | null>): void {
    const chest = this.chestOf(uuid);
    if (!chest) throw new Error(`fake platform: ${uuid} has no chest open`);
    chest.items = Array.from({ length: chest.rows * 9 }, (_, i) => items[i] ?? null);
    chest.view.onChange?.([...chest.items]);
  }

  /** The player closes the open chest (onClose follows). */
  closeChest(uuid: string): void {
    if (!this.chestOf(uuid)) throw new Error(`fake platform: ${uuid} has no chest open`);
    this.finishChest(uuid, 'closed');
  }

  /** Sets a player's 36 storage slots (missing ones empty). */
  setInventory(uuid: string, slots: Array<ItemStack | null>): void {
    this.inventories.set(uuid, Array.from({ length: 36 }, (_, i) => slots[i] ?? null));
  }

  // Players acting in the world (fake-gameplay.ts): each returns whether a handler cancelled it.

  /**
   * The player walks to `to`. A `move` event fires when the block position or the world changes
   * (a turn of the head alone moves silently); cancelled, the player stays where they were.
   */
  move(uuid: string, to: Location): boolean {
    return this.gameplay.move(uuid, to);
  }
  /** The player is hurt by `amount` (by a player when `attacker` is given). */
  damage(uuid: string, amount: number, options?: { attacker?: string }): boolean {
    return this.gameplay.damage(uuid, amount, options);
  }
  useItem(uuid: string, hand?: 'main' | 'off'): boolean {
    return this.gameplay.useItem(uuid, hand);
  }
  breakBlock(uuid: string, at: BlockPosition): boolean {
    return this.gameplay.breakBlock(uuid, at);
  }
  placeBlock(uuid: string, at: BlockPosition): boolean {
    return this.gameplay.placeBlock(uuid, at);
  }
  /** The player selects a hotbar slot (0-8). */
  selectSlot(uuid: string, slot: number): void {
    this.wholeInventories.select(uuid, slot);
  }

  private finishChest(uuid: string, reason: ChestCloseReason): void {
    const chest = this.chestOf(uuid);
    if (!chest) return;
    chest.open = false;
    chest.closedBecause = reason;
    chest.view.onClose?.([...chest.items], reason);
  }

  emit<E extends PlatformEventName>(event: E, data: PlatformEvents[E]): void {
    for (const h of [...(this.handlers.get(event) ?? [])]) (h as (d: PlatformEvents[E]) => void)(data);
  }

  // ---- GamePlatform --------------------------------------------------------------------------

  onlinePlayers(): OnlinePlayer[] {
    return [...this.states.values()].map((s) => s.player);
  }
  player(uuid: string): OnlinePlayer | undefined {
    return this.states.get(uuid)?.player;
  }
  playerByName(name: string): OnlinePlayer | undefined {
    const n = name.toLowerCase();
    return this.onlinePlayers().find((p) => p.name.toLowerCase() === n);
  }

  ping(uuid: string): number | undefined {
    return this.states.get(uuid)?.ping;
  }

  location(uuid: string): Location | undefined {
    const s = this.states.get(uuid);
    return s ? { ...s.location } : undefined;
  }
  /** As the game's own teleport: the player is moved, and no `move` event follows. */
  async teleport(uuid: string, to: Location): Promise<boolean> {
    const s = this.states.get(uuid);
    if (!s || !this.worldStore.has(to.world)) return false;
    s.location = { ...to };
    this.teleports.push({ uuid, to: { ...to } });
    return true;
  }

  gameMode(uuid: string): GameMode | undefined {
    return this.states.get(uuid)?.gameMode;
  }
  setGameMode(uuid: string, mode: GameMode): boolean {
    const s = this.states.get(uuid);
    if (!s) return false;
    s.gameMode = mode;
    return true;
  }

  vitals(uuid: string): Vitals | undefined {
    const s = this.states.get(uuid);
    return s ? { ...s.vitals } : undefined;
  }
  setHealth(uuid: string, health: number): boolean {
    const s = this.states.get(uuid);
    if (!s) return false;
    s.vitals.health = Math.max(0, Math.min(20, health));
    return true;
  }
  setFood(uuid: string, food: number, saturation?: number): boolean {
    const s = this.states.get(uuid);
    if (!s) return false;
    s.vitals.food = Math.max(0, Math.min(20, food));
    if (saturation !== undefined) s.vitals.saturation = saturation;
    return true;
  }

  abilities(uuid: string): Abilities | undefined {
    const s = this.states.get(uuid);
    return s ? { ...s.abilities } : undefined;
  }
  setAbilities(uuid: string, change: Partial<Abilities>): boolean {
    const s = this.states.get(uuid);
    if (!s) return false;
    s.abilities = { ...s.abilities, ...change };
    return true;
  }

  kick(uuid: string, reason: Text): boolean {
    const s = this.states.get(uuid);
    if (!s) return false;
    this.kicks.push({ uuid, name: s.player.name, reason });
    this.quit(uuid, `kicked: ${plain(reason)}`);
    return true;
  }
  sendMessage(uuid: string, message: Text): boolean {
    if (!this.states.has(uuid)) return false;
    this.messages.get(uuid)?.push(message);
    return true;
  }
  broadcast(message: Text): void {
    this.broadcasts.push(message);
    for (const uuid of this.states.keys()) this.messages.get(uuid)?.push(message);
  }
  consoleMessage(message: Text): void {
    this.consoleLines.push(message);
  }

  giveItems(uuid: string, items: readonly ItemStack[]): GiveOutcome {
    if (!this.states.has(uuid)) return { given: false, reason: 'offline' };
    const next = placeItems(this.inventories.get(uuid) ?? [], items, ITEM_STACK_OPS, STORAGE_ORDER);
    if (!next) return { given: false, reason: 'no-room' };
    this.inventories.set(uuid, next);
    return { given: true };
  }
  canHold(uuid: string, items: readonly ItemStack[]): boolean {
    return this.states.has(uuid) && placeItems(this.inventories.get(uuid) ?? [], items, ITEM_STACK_OPS, STORAGE_ORDER) !== undefined;
  }
  inventory(uuid: string): Array<ItemStack | null> | undefined {
    return this.states.has(uuid) ? [...(this.inventories.get(uuid) ?? [])] : undefined;
  }
  playerInventory(uuid: string): PlayerInventory | undefined {
    return this.wholeInventories.read(uuid);
  }
  setPlayerInventory(uuid: string, inventory: PlayerInventoryWrite): boolean {
    return this.wholeInventories.write(uuid, inventory);
  }
  setInventorySlot(uuid: string, slot: InventorySlot, item: ItemStack | null): boolean {
    return this.wholeInventories.writeSlot(uuid, slot, item);
  }
  openChest(uuid: string, view: ChestView): ChestHandle | undefined {
    if (!this.states.has(uuid)) return undefined;
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
    };
  }

  worlds(): string[] {
    return this.worldStore.worlds();
  }
  worldInfo(name: string): WorldInfo | undefined {
    return this.worldStore.worldInfo(name);
  }
  storedWorlds(): Promise<string[]> {
    return this.worldStore.storedWorlds();
  }
  createWorld(name: string, options?: CreateWorldOptions): Promise<WorldOutcome> {
    return this.worldStore.createWorld(name, options);
  }
  loadWorld(name: string): Promise<WorldOutcome> {
    return this.worldStore.loadWorld(name);
  }
  unloadWorld(name: string): Promise<WorldOutcome> {
    return this.worldStore.unloadWorld(name);
  }
  spawnLocation(world?: string): Location {
    const name = world !== undefined && this.worldStore.has(world) ? world : (this.worldStore.worlds()[0] ?? 'world');
    return { world: name, x: 0.5, y: 64, z: 0.5, yaw: 0, pitch: 0 };
  }

  on<E extends PlatformEventName>(event: E, handler: (data: PlatformEvents[E]) => void): void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(handler as Handler);
  }
  off<E extends PlatformEventName>(event: E, handler: (data: PlatformEvents[E]) => void): void {
    this.handlers.get(event)?.delete(handler as Handler);
  }

  setCommandHandler(handler: CommandHandler): void {
    this.handler = handler;
  }
  setChatFilter(filter: ChatFilter | undefined): void {
    this.chatFilter = filter;
  }
  setLoginGate(gate: ((uuid: string, name: string, address: string) => Text | undefined) | undefined): void {
    this.loginGate = gate;
  }

  async shutdown(reason: string): Promise<void> {
    for (const uuid of [...this.states.keys()]) this.kick(uuid, reason);
    this.isShutDown = true;
  }

  private mustBeOnline(uuid: string): PlayerState {
    const s = this.states.get(uuid);
    if (!s) throw new Error(`fake platform: ${uuid} is not online`);
    return s;
  }
}
