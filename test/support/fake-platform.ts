// An in-memory GamePlatform for unit tests. A test makes players join and quit, runs command lines
// as a player or the console through the installed CommandHandler, and reads back what the code
// under test asked of the game: messages, kicks, teleports, game modes, vitals, abilities,
// inventories and chest windows (whose contents a test changes as a player's clicks would).

import type {
  BlockAt,
  ChatFilter,
  ChestHandle,
  ChestView,
  CommandHandler,
  CommandSender,
  GameMode,
  GamePlatform,
  GiveOutcome,
  ItemStack,
  Location,
  RespawnLocator,
  OnlinePlayer,
  PlatformEventName,
  PlatformEvents,
  Text,
} from '../../src/platform/platform.ts';
import type { EntityPort } from '../../src/platform/entities.ts';
import { ENTITY_PORT_METHODS, FakeEntities } from './fake/entities.ts';
import type { DisplayPort } from '../../src/platform/display.ts';
import type { VisibilityPort } from '../../src/platform/visibility.ts';
import { FakeDisplay, lendPortMethods } from './fake/display.ts';
import type { PlayerInventoryPort } from '../../src/platform/player-inventory.ts';
import type { WorldInfo, WorldPort } from '../../src/platform/worlds.ts';
import { FakeGameplay } from './fake/gameplay.ts';
import { FakeItems, type FakeChest } from './fake/items.ts';
import { lendMethods } from './fake/lend.ts';
import { FakePlayerInventories, INVENTORY_PORT_METHODS } from './fake/player-inventory.ts';
import { FakeWorlds, WORLD_PORT_METHODS } from './fake/worlds.ts';
import { FakePoses, POSE_PORT_METHODS } from './fake/poses.ts';
import type { PosePort } from '../../src/platform/poses.ts';
import { FakeWorldEntities, WORLD_ENTITY_PORT_METHODS } from './fake/world-entities.ts';
import type { WorldEntityPort } from '../../src/platform/world-entities.ts';
import { plain, offlineUuid } from './fake/values.ts';
import { FakeTicks } from './fake/ticks.ts';
import type { TickStats } from '../../src/platform/tick-recorder.ts';
import { FakePlayers, PLAYER_STATE_METHODS, type PlayerState, type PlayerStatePort } from './fake/players.ts';

// The fake's parts live in ./fake/ by concern; this module stays the one tests import.
export { ITEM_STACK_OPS, offlineUuid, plain } from './fake/values.ts';
export type { FakeChest } from './fake/items.ts';

type Handler = (data: never) => void;

export interface JoinOptions {
  uuid?: string;
  address?: string;
  location?: Partial<Location>;
  gameMode?: GameMode;
  /** Milliseconds; 0 by default (as the server says before its first keep-alive). */
  ping?: number;
  /** The locale the client reports (`de_de`); none by default. */
  locale?: string;
}

// The player state, entity, display, visibility, whole-inventory, world, pose and world-entity
// methods are lent in the constructor by the parts of the fake that implement them.
export interface FakePlatform extends PlayerStatePort, EntityPort, DisplayPort, VisibilityPort, PlayerInventoryPort, WorldPort, PosePort, WorldEntityPort {}
export class FakePlatform implements GamePlatform {
  readonly gameVersion = '1.21.4';
  readonly port = 25565;
  /** What each player is shown (sidebar, titles, sounds…) and who sees whom. */
  readonly display: FakeDisplay = new FakeDisplay(this);

  /** Messages sent to each player, by uuid (broadcasts included), in order. */
  readonly messages = new Map<string, Text[]>();
  /** Lines written to the server console. */
  readonly consoleLines: Text[] = [];
  readonly broadcasts: Text[] = [];
  /** The game loop: `ticks.tick(ms)` advances it. */
  readonly ticks = new FakeTicks();
  readonly kicks: Array<{ uuid: string; name: string; reason: Text }> = [];
  readonly teleports: Array<{ uuid: string; to: Location }> = [];
  /** Logins a login gate refused, with its reason. */
  readonly refusedLogins: Array<{ uuid: string; name: string; reason: Text }> = [];
  /** Chat messages a chat filter cancelled. */
  readonly cancelledChat: Array<{ uuid: string; message: string }> = [];
  /** Every chest window shown, in order. */
  readonly chests: FakeChest[];
  /** The 36 storage slots of each player who has joined (kept after they leave, as the game does). */
  readonly inventories: Map<string, Array<ItemStack | null>>;
  handler: CommandHandler | undefined;
  chatFilter: ChatFilter | undefined;
  loginGate: ((uuid: string, name: string, address: string) => Text | undefined) | undefined;
  /** The respawn locator set (test control: `gameplay.respawn` asks it). */
  respawnLocator: RespawnLocator | undefined;
  isShutDown = false;

  /** The online players and their state (location, game mode, vitals, abilities, ping): fake/players.ts. */
  private readonly players = new FakePlayers();
  private readonly handlers = new Map<PlatformEventName, Set<Handler>>();
  private readonly items = new FakeItems((uuid) => this.players.has(uuid));
  /** The worlds: loaded ones, and the fake's disk (`stored`, `putOnDisk`, `unloads`). */
  readonly worldStore: FakeWorlds;
  /** Armour, off-hand and selected slot of each player (`select` a hotbar slot as the client would). */
  readonly wholeInventories = new FakePlayerInventories((uuid) => (this.players.has(uuid) ? this.inventories.get(uuid) : undefined));
  /** The fake's world of blocks and what players do in it (see the test controls below). */
  readonly gameplay: FakeGameplay;
  /** Spawned entities and skins, with their test controls (what a player sees, clicks): fake/entities.ts. */
  readonly entityFake = new FakeEntities(this);
  /** Who sits or lies (test control: `poses.sneak`): fake/poses.ts. */
  readonly poses: FakePoses = new FakePoses(this);
  /** Items on the ground and mobs, with their test controls (drop, useSpawnEgg): fake/world-entities.ts. */
  readonly worldEntityFake: FakeWorldEntities;

  /** `storedWorlds`: the disk of an earlier fake (worlds on disk survive a restart). */
  constructor(options: { worlds?: string[]; storedWorlds?: Map<string, WorldInfo> } = {}) {
    this.chests = this.items.chests;
    this.inventories = this.items.inventories;
    this.worldStore = new FakeWorlds(options.worlds ?? ['world'], (world) => {
      for (const s of this.players.all()) if (s.location.world === world) s.location = this.spawnLocation();
    }, options.storedWorlds);
    this.gameplay = new FakeGameplay({
      state: (uuid) => this.mustBeOnline(uuid),
      hasWorld: (name) => this.worldStore.has(name),
      inventories: this.wholeInventories,
      emit: (event, data) => this.emit(event, data),
      respawnPlace: async (player, died) => {
        const to = await this.respawnLocator?.(player, died);
        return to && this.worldStore.has(to.world) ? { ...to } : this.spawnLocation();
      },
    });
    lendMethods(this, this.worldStore, WORLD_PORT_METHODS);
    this.worldEntityFake = new FakeWorldEntities({ hasWorld: (n) => this.worldStore.has(n), location: (u) => this.mustBeOnline(u).location, player: (u) => this.player(u), emit: (e, d) => this.emit(e, d) });
    lendMethods(this, this.worldEntityFake, WORLD_ENTITY_PORT_METHODS);
    lendMethods(this, this.wholeInventories, INVENTORY_PORT_METHODS);
    lendMethods(this, this.poses, POSE_PORT_METHODS);
    lendMethods(this, this.players, PLAYER_STATE_METHODS);
    lendMethods(this, this.entityFake, ENTITY_PORT_METHODS);
    lendPortMethods(this, this.display);
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
    if (this.players.has(uuid)) throw new Error(`fake platform: ${name} (${uuid}) is already online`);
    const player: OnlinePlayer = { uuid, name, address, ...(options.locale ? { locale: options.locale.toLowerCase() } : {}) };
    this.players.add(player, { ...this.spawnLocation(), ...options.location }, options.gameMode ?? 'survival', options.ping ?? 0);
    if (!this.messages.has(uuid)) this.messages.set(uuid, []);
    this.items.joined(uuid);
    this.display.joined(player);
    this.emit('join', { player });
    return player;
  }

  /** The client reports another locale in its settings (`de_DE`: kept in lower case, as the adapter does). */
  setLocale(uuid: string, locale: string): void {
    this.mustBeOnline(uuid).player.locale = locale.toLowerCase();
  }

  /** The server measures a new latency for an online player (a keep-alive round trip). */
  setPing(uuid: string, ms: number): void {
    this.mustBeOnline(uuid).ping = ms;
  }

  /** A player leaves (closing their chest window). Emits `quit`. */
  quit(uuid: string, reason = 'quit'): void {
    const s = this.mustBeOnline(uuid);
    this.items.finishChest(uuid, 'quit');
    const inventory = this.wholeInventories.playerInventory(uuid);
    this.poses.left(uuid);
    this.players.remove(uuid);
    this.display.left(uuid);
    this.emit('quit', { player: s.player, reason, ...(inventory ? { inventory } : {}) });
  }

  /** A player says something in chat; false when the chat filter cancelled it. */
  chat(uuid: string, message: string): boolean {
    const s = this.mustBeOnline(uuid);
    if (this.chatFilter && !this.chatFilter(s.player, message)) {
      this.cancelledChat.push({ uuid, message });
      return false;
    }
    this.display.chatted(s.player, message);
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
    return this.items.chestOf(uuid);
  }

  /** The player changes the open chest's contents, as their clicks would (onChange follows). */
  changeChest(uuid: string, items: Array<ItemStack | null>): void {
    this.items.changeChest(uuid, items);
  }

  /** The player clicks a slot of the open chest (a locked one calls onClick). */
  clickChest(uuid: string, slot: number): void {
    this.items.clickChest(uuid, slot);
  }

  /** The player closes the open chest (onClose follows). */
  closeChest(uuid: string): void {
    this.items.closeChest(uuid);
  }

  /** Sets a player's 36 storage slots (missing ones empty). */
  setInventory(uuid: string, slots: Array<ItemStack | null>): void {
    this.items.setInventory(uuid, slots);
  }

  // What players do in the world (hurt, use items, break and place blocks) is in `gameplay`.

  /**
   * The player walks to `to`. A `move` event fires when the block position or the world changes
   * (a turn of the head alone moves silently); cancelled, the player stays where they were.
   */
  move(uuid: string, to: Location): boolean {
    return this.gameplay.move(uuid, to);
  }

  emit<E extends PlatformEventName>(event: E, data: PlatformEvents[E]): void {
    for (const h of [...(this.handlers.get(event) ?? [])]) (h as (d: PlatformEvents[E]) => void)(data);
  }

  // ---- GamePlatform --------------------------------------------------------------------------
  // (The reads and sets of a player's state are lent by fake/players.ts, entities by fake/entities.ts.)

  /** As the game's own teleport: the player is moved, and no `move` event follows. */
  async teleport(uuid: string, to: Location): Promise<boolean> {
    const s = this.players.state(uuid);
    if (!s || !this.worldStore.has(to.world)) return false;
    this.poses.teleporting(uuid);
    s.location = { ...to };
    this.teleports.push({ uuid, to: { ...to } });
    return true;
  }

  async highestBlock(world: string, x: number, z: number): Promise<BlockAt | undefined> {
    if (!this.worldStore.has(world)) return undefined;
    const top = this.gameplay.highestBlock(world, x, z);
    return top.y < -64 ? undefined : top;
  }

  kick(uuid: string, reason: Text): boolean {
    const player = this.players.player(uuid);
    if (!player) return false;
    this.kicks.push({ uuid, name: player.name, reason });
    this.quit(uuid, `kicked: ${plain(reason)}`);
    return true;
  }
  sendMessage(uuid: string, message: Text): boolean {
    if (!this.players.has(uuid)) return false;
    this.messages.get(uuid)?.push(message);
    return true;
  }
  broadcast(message: Text): void {
    this.broadcasts.push(message);
    for (const p of this.players.onlinePlayers()) this.messages.get(p.uuid)?.push(message);
  }
  consoleMessage(message: Text): void {
    this.consoleLines.push(message);
  }
  tickStats(windowSeconds?: number): TickStats {
    return this.ticks.stats(windowSeconds);
  }
  tickIntervalsSince(cursor: number, each: (ms: number) => void): number {
    return this.ticks.intervalsSince(cursor, each);
  }

  giveItems(uuid: string, items: readonly ItemStack[]): GiveOutcome {
    return this.items.giveItems(uuid, items);
  }
  canHold(uuid: string, items: readonly ItemStack[]): boolean {
    return this.items.canHold(uuid, items);
  }
  inventory(uuid: string): Array<ItemStack | null> | undefined {
    return this.items.inventory(uuid);
  }
  openChest(uuid: string, view: ChestView): ChestHandle | undefined {
    return this.items.openChest(uuid, view);
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
  setRespawnLocator(locator: RespawnLocator | undefined): void {
    this.respawnLocator = locator;
  }

  async shutdown(reason: string): Promise<void> {
    for (const p of this.players.onlinePlayers()) this.kick(p.uuid, reason);
    this.isShutDown = true;
  }

  private mustBeOnline(uuid: string): PlayerState {
    return this.players.mustBeOnline(uuid);
  }
}

