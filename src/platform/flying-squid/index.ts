// The game server: flying-squid 1.12 hosted in this process at game version 1.21.4, behind the
// GamePlatform port. This file only assembles the concerns (one file each; see context.ts for how
// to add one) and delegates the port's methods to them. What flying-squid gets wrong at 1.21.4 is
// fixed in the concern it belongs to, and in the packet shim (packet-shim.ts).

import type {
  Abilities,
  BlockAt,
  ChatFilter,
  ChestHandle,
  ChestView,
  CommandHandler,
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
  Vitals,
} from '../platform.ts';
import type { InventorySlot, PlayerInventory, PlayerInventoryWrite } from '../player-inventory.ts';
import type { CreateWorldOptions, UnloadOptions, WorldInfo, WorldOutcome } from '../worlds.ts';
import type { EntityOutcome, NpcSpec, Skin, SpawnOutcome, SpawnedEntity, TextDisplaySpec } from '../entities.ts';
import type { Nametag, Sidebar, SoundOptions, TabListText, Title } from '../display.ts';
import type { VisibilityRule } from '../visibility.ts';
import type { MobSpawnOutcome, MobSpawnSpec, WorldEntity } from '../world-entities.ts';
import { Chat } from './chat.ts';
import { Entities } from './entities-wiring.ts';
import { AdapterContext, type FlyingSquidOptions } from './context.ts';
import { EventRegistry } from './events.ts';
import { fullInventoryOf, type FullInventory } from './full-inventory.ts';
import { GameplayEvents } from './gameplay-events.ts';
import { displayConcern, type FlyingSquidDisplay } from './display.ts';
import { createServer, Host } from './host.ts';
import { InventorySync } from './inventory-sync.ts';
import { ItemEntities } from './item-entities.ts';
import { PacketGuard } from './packet-guard.ts';
import { PlayerState } from './player-state.ts';
import { Poses } from './poses.ts';
import type { PlayerPose } from '../poses.ts';
import { PositionSync } from './position-sync.ts';
import { Sessions, type LoginGate } from './sessions.ts';
import { Signs } from './signs.ts';
import { TabList } from './tablist.ts';
import { Ticks } from './ticks.ts';
import { sliceSending } from './sliced-sending.ts';
import type { TickStats } from '../tick-recorder.ts';
import { visibilityConcern, type FlyingSquidVisibility } from './visibility.ts';
import { Windows } from './windows.ts';
import { Worlds } from './worlds.ts';
import { WorldEntities } from './world-entities.ts';

export type { FlyingSquidOptions } from './context.ts';

/** The platform, plus what the host and tests need of the adapter itself. */
export interface FlyingSquidPlatform extends GamePlatform {
  refreshCommands(uuid: string): boolean;
  /** Runs a console line as the console does (through the installed command handler). */
  runConsoleLine(line: string): Promise<void>;
}

/** A game server whose worlds are loaded and whose port opens when its host says so. */
export interface PreparedFlyingSquid extends FlyingSquidPlatform {
  /**
   * Opens the game port: a player can join from now on, so call it once everything a join needs
   * (the modules, the login gate) is up. Rejects with the listen error (EADDRINUSE, EACCES); shut
   * the platform down then.
   */
  open(): Promise<void>;
}

/** The game server with its worlds loaded, its port still closed (the composition root's start). */
export async function prepareFlyingSquid(options: FlyingSquidOptions): Promise<PreparedFlyingSquid> {
  const adapter = new FlyingSquidAdapter(options);
  await adapter.host.start();
  return adapter;
}

/** The game server, ready and with its port open (a platform on its own, as tests use it). */
export async function startFlyingSquid(options: FlyingSquidOptions): Promise<FlyingSquidPlatform> {
  const adapter = await prepareFlyingSquid(options);
  try {
    await adapter.open();
  } catch (e) {
    await adapter.shutdown('the game port could not be opened');
    throw e;
  }
  return adapter;
}

class FlyingSquidAdapter implements PreparedFlyingSquid {
  readonly gameVersion = '1.21.4';
  readonly host: Host;
  private readonly events: EventRegistry;
  private readonly sessions: Sessions;
  private readonly inventorySync: InventorySync;
  private readonly windows: Windows;
  private readonly playerState: PlayerState;
  private readonly worldsOf: Worlds;
  private readonly chat: Chat;
  private readonly fullInventory: FullInventory;
  private readonly entities: Entities;
  private readonly display: FlyingSquidDisplay;
  private readonly visibility: FlyingSquidVisibility;
  private readonly poses: Poses;
  private readonly worldEntitiesOf: WorldEntities;
  private readonly ticks: Ticks;
  private stopping: Promise<void> | undefined;

  constructor(options: FlyingSquidOptions) {
    const { serv, Vec3, items, listener } = createServer(options);
    this.events = new EventRegistry(options.log);
    const ctx = new AdapterContext(options, serv, Vec3, items, this.events);
    this.ticks = new Ticks(serv);
    sliceSending(ctx);
    new PacketGuard(ctx);
    // Hooks run in this order (leave hooks in reverse): a concern comes after those it uses.
    this.sessions = new Sessions(ctx);
    new PositionSync(ctx);
    new TabList(ctx);
    this.inventorySync = new InventorySync(ctx);
    const itemEntities = new ItemEntities(ctx, this.inventorySync);
    this.windows = new Windows(ctx, this.inventorySync, itemEntities);
    this.playerState = new PlayerState(ctx);
    this.worldsOf = new Worlds(ctx, this.playerState, this.inventorySync, this.windows);
    this.fullInventory = fullInventoryOf(ctx, this.inventorySync, this.windows);
    new GameplayEvents(ctx, this.worldsOf, this.playerState);
    new Signs(ctx, this.worldsOf);
    this.display = displayConcern(ctx, this.worldsOf);
    this.visibility = visibilityConcern(ctx, this.display);
    this.chat = new Chat(ctx);
    this.entities = new Entities(ctx, this.worldsOf);
    this.poses = new Poses(ctx, this.worldsOf);
    this.worldEntitiesOf = new WorldEntities(ctx, this.worldsOf, itemEntities);
    this.host = new Host(ctx, listener);
  }

  get port(): number {
    return this.host.port;
  }

  open(): Promise<void> {
    return this.host.open();
  }

  // Players and sessions
  onlinePlayers(): OnlinePlayer[] {
    return this.sessions.onlinePlayers();
  }
  player(uuid: string): OnlinePlayer | undefined {
    return this.sessions.player(uuid);
  }
  playerByName(name: string): OnlinePlayer | undefined {
    return this.sessions.playerByName(name);
  }
  ping(uuid: string): number | undefined {
    return this.sessions.ping(uuid);
  }
  kick(uuid: string, reason: Text): boolean {
    return this.sessions.kick(uuid, reason);
  }
  setLoginGate(gate: LoginGate | undefined): void {
    this.sessions.setLoginGate(gate);
  }

  // Worlds and teleport
  location(uuid: string): Location | undefined {
    return this.worldsOf.location(uuid);
  }
  highestBlock(world: string, x: number, z: number): Promise<BlockAt | undefined> {
    return this.worldsOf.highestBlock(world, x, z);
  }

  teleport(uuid: string, to: Location): Promise<boolean> {
    this.poses.teleporting(uuid);
    return this.worldsOf.teleport(uuid, to);
  }

  // Poses
  pose(uuid: string): PlayerPose | undefined {
    return this.poses.pose(uuid);
  }
  setPose(uuid: string, pose: PlayerPose): EntityOutcome {
    return this.poses.setPose(uuid, pose);
  }
  worlds(): string[] {
    return this.worldsOf.worlds();
  }
  spawnLocation(world?: string): Location {
    return this.worldsOf.spawnLocation(world);
  }
  setRespawnLocator(locator: RespawnLocator | undefined): void {
    this.worldsOf.setRespawnLocator(locator);
  }
  worldInfo(name: string): WorldInfo | undefined {
    return this.worldsOf.worldInfo(name);
  }
  storedWorlds(): Promise<string[]> {
    return this.worldsOf.storedWorlds();
  }
  createWorld(name: string, options?: CreateWorldOptions): Promise<WorldOutcome> {
    return this.worldsOf.createWorld(name, options);
  }
  loadWorld(name: string): Promise<WorldOutcome> {
    return this.worldsOf.loadWorld(name);
  }
  unloadWorld(name: string, options?: UnloadOptions): Promise<WorldOutcome> {
    return this.worldsOf.unloadWorld(name, options);
  }
  deleteWorld(name: string): Promise<WorldOutcome> {
    return this.worldsOf.deleteWorld(name);
  }

  // Game mode, vitals, abilities
  gameMode(uuid: string): GameMode | undefined {
    return this.playerState.gameMode(uuid);
  }
  setGameMode(uuid: string, mode: GameMode): boolean {
    return this.playerState.setGameMode(uuid, mode);
  }
  vitals(uuid: string): Vitals | undefined {
    return this.playerState.vitals(uuid);
  }
  setHealth(uuid: string, health: number): boolean {
    return this.playerState.setHealth(uuid, health);
  }
  setFood(uuid: string, food: number, saturation?: number): boolean {
    return this.playerState.setFood(uuid, food, saturation);
  }
  abilities(uuid: string): Abilities | undefined {
    return this.playerState.abilities(uuid);
  }
  setAbilities(uuid: string, change: Partial<Abilities>): boolean {
    return this.playerState.setAbilities(uuid, change);
  }

  // Chat and commands
  sendMessage(uuid: string, message: Text): boolean {
    return this.chat.sendMessage(uuid, message);
  }
  broadcast(message: Text): void {
    this.chat.broadcast(message);
  }
  consoleMessage(message: Text, options?: { secret?: boolean }): void {
    this.chat.consoleMessage(message, options);
  }
  tickStats(windowSeconds?: number): TickStats {
    return this.ticks.stats(windowSeconds);
  }
  tickIntervalsSince(cursor: number, each: (ms: number) => void): number {
    return this.ticks.intervalsSince(cursor, each);
  }
  setCommandHandler(handler: CommandHandler): void {
    this.chat.setCommandHandler(handler);
  }
  refreshCommands(uuid: string): boolean {
    return this.chat.refreshCommands(uuid);
  }
  setChatFilter(filter: ChatFilter | undefined): void {
    this.chat.setChatFilter(filter);
  }
  runConsoleLine(line: string): Promise<void> {
    return this.chat.runConsoleLine(line);
  }

  // Inventory and windows
  giveItems(uuid: string, items: readonly ItemStack[]): GiveOutcome {
    return this.inventorySync.giveItems(uuid, items);
  }
  canHold(uuid: string, items: readonly ItemStack[]): boolean {
    return this.inventorySync.canHold(uuid, items);
  }
  inventory(uuid: string): Array<ItemStack | null> | undefined {
    return this.inventorySync.inventory(uuid);
  }
  openChest(uuid: string, view: ChestView): ChestHandle | undefined {
    return this.windows.openChest(uuid, view);
  }
  playerInventory(uuid: string): PlayerInventory | undefined {
    return this.fullInventory.read(uuid);
  }
  setPlayerInventory(uuid: string, inventory: PlayerInventoryWrite): boolean {
    return this.fullInventory.write(uuid, inventory);
  }
  setInventorySlot(uuid: string, slot: InventorySlot, item: ItemStack | null): boolean {
    return this.fullInventory.writeSlot(uuid, slot, item);
  }

  // Entities and skins
  spawnNpc(spec: NpcSpec): SpawnOutcome {
    return this.entities.spawnNpc(spec);
  }
  spawnTextDisplay(spec: TextDisplaySpec): SpawnOutcome {
    return this.entities.spawnTextDisplay(spec);
  }
  setTextLines(id: string, lines: readonly Text[]): EntityOutcome {
    return this.entities.setTextLines(id, lines);
  }
  setNpcSkin(id: string, skin: Skin | undefined): EntityOutcome {
    return this.entities.setNpcSkin(id, skin);
  }
  moveEntity(id: string, to: Location): EntityOutcome {
    return this.entities.moveEntity(id, to);
  }
  setEntityVisible(id: string, viewer: string, visible: boolean): EntityOutcome {
    return this.entities.setEntityVisible(id, viewer, visible);
  }
  removeEntity(id: string): boolean {
    return this.entities.removeEntity(id);
  }
  spawnedEntity(id: string): SpawnedEntity | undefined {
    return this.entities.spawnedEntity(id);
  }
  spawnedEntities(): SpawnedEntity[] {
    return this.entities.spawnedEntities();
  }
  setSkin(uuid: string, skin: Skin | undefined): EntityOutcome {
    return this.entities.setSkin(uuid, skin);
  }
  skin(uuid: string): Skin | undefined {
    return this.entities.skin(uuid);
  }

  // Items on the ground and mobs
  worldEntities(world?: string): WorldEntity[] {
    return this.worldEntitiesOf.worldEntities(world);
  }
  removeWorldEntity(id: string): boolean {
    return this.worldEntitiesOf.removeWorldEntity(id);
  }
  spawnMob(spec: MobSpawnSpec): MobSpawnOutcome {
    return this.worldEntitiesOf.spawnMob(spec);
  }

  // Sidebar, nametags, tab list, titles, sounds
  setSidebar(viewer: string, sidebar: Sidebar): boolean {
    return this.display.setSidebar(viewer, sidebar);
  }
  removeSidebar(viewer: string): boolean {
    return this.display.removeSidebar(viewer);
  }
  sidebar(viewer: string): Sidebar | undefined {
    return this.display.sidebar(viewer);
  }
  setNametag(target: string, nametag: Nametag | undefined, viewer?: string): boolean {
    return this.display.setNametag(target, nametag, viewer);
  }
  nametag(target: string, viewer?: string): Nametag | undefined {
    return this.display.nametag(target, viewer);
  }
  setTabListText(text: TabListText | undefined, viewer?: string): boolean {
    return this.display.setTabListText(text, viewer);
  }
  tabListText(viewer?: string): TabListText | undefined {
    return this.display.tabListText(viewer);
  }
  setTabName(target: string, name: Text | undefined): boolean {
    return this.display.setTabName(target, name);
  }
  tabName(target: string): Text | undefined {
    return this.display.tabName(target);
  }
  showTitle(viewer: string, title: Title): boolean {
    return this.display.showTitle(viewer, title);
  }
  clearTitle(viewer: string): boolean {
    return this.display.clearTitle(viewer);
  }
  showActionBar(viewer: string, text: Text): boolean {
    return this.display.showActionBar(viewer, text);
  }
  isSound(sound: string): boolean {
    return this.display.isSound(sound);
  }
  playSound(sound: string, at: Location, options?: SoundOptions): number {
    return this.display.playSound(sound, at, options);
  }
  playSoundTo(viewer: string, sound: string, options?: SoundOptions & { at?: Location }): boolean {
    return this.display.playSoundTo(viewer, sound, options);
  }

  // Who sees whom
  hidePlayer(viewer: string, target: string): void {
    this.visibility.hidePlayer(viewer, target);
  }
  showPlayer(viewer: string, target: string): void {
    this.visibility.showPlayer(viewer, target);
  }
  addVisibilityRule(rule: VisibilityRule): () => void {
    return this.visibility.addVisibilityRule(rule);
  }
  refreshVisibility(): void {
    this.visibility.refreshVisibility();
  }
  canSee(viewer: string, target: string): boolean {
    return this.visibility.canSee(viewer, target);
  }

  // Events
  on<E extends PlatformEventName>(event: E, handler: (data: PlatformEvents[E]) => void): void {
    this.events.on(event, handler);
  }
  off<E extends PlatformEventName>(event: E, handler: (data: PlatformEvents[E]) => void): void {
    this.events.off(event, handler);
  }

  shutdown(reason: string): Promise<void> {
    this.stopping ??= this.host.stop(reason);
    return this.stopping;
  }
}
