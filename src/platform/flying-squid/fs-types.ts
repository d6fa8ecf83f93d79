// The part of flying-squid 1.12 (which ships no types) that the adapter uses. Written from its
// sources in node_modules/flying-squid/src; only what is read or replaced here is declared.

import type { EventEmitter } from 'node:events';
import type { TextComponent } from '../platform.ts';
import type { GameItem } from './items.ts';

export interface Vec3 {
  x: number;
  y: number;
  z: number;
  clone(): Vec3;
  offset(dx: number, dy: number, dz: number): Vec3;
  distanceTo(other: Vec3): number;
  equals(other: Vec3): boolean;
}
export type Vec3Class = new (x: number, y: number, z: number) => Vec3;

/** A prismarine-world World. */
export interface FsWorld {
  getBlockType(pos: Vec3): Promise<number>;
  getBlockStateId(pos: Vec3): Promise<number>;
  /** The prismarine-block at a position; `boundingBox` 'empty' lets a player through (air, grass, water). */
  getBlock(pos: Vec3): Promise<{ type: number; name: string; boundingBox: string }>;
  saveNow(): Promise<void>;
  waitSaving(): Promise<void>;
  stopSaving(): void;
  /** Chunks changed since the last write, written at the next saving tick (about every second). */
  savingQueue: Map<string, unknown>;
  storageProvider: FsStorage | null;
}

/** prismarine-provider-anvil's storage of a world's chunks (region files). */
export interface FsStorage {
  load(x: number, z: number): Promise<unknown>;
  save(x: number, z: number, chunk: unknown): Promise<unknown>;
  close(): Promise<unknown>;
}

/** minecraft-protocol's server-side client. */
export interface FsClient extends EventEmitter {
  username: string;
  uuid: string;
  latency: number;
  state: string;
  socket?: { remoteAddress?: string; destroy(): void };
  write(name: string, params: Record<string, unknown>): void;
  end(reason: string, fullReason?: unknown): void;
}

export interface FsEntity extends EventEmitter {
  id: number;
  type: string;
  uuid: string;
  username?: string;
  position: Vec3;
  knownPosition?: Vec3;
  yaw: number;
  pitch: number;
  world: FsWorld;
  nearbyEntities: FsEntity[];
  getNearby(): FsEntity[];
  _writeOthersNearby(name: string, params: Record<string, unknown>): void;
  updateAndSpawn(): void;
  /** Removes the entity from the server and from its viewers' screens. */
  destroy(): void;
}

/** An entity flying-squid's spawnObject made; an item entity keeps only an item id and a count. */
export interface FsObject extends FsEntity {
  type: string;
  /** The entity type's registry id. */
  entityType: number;
  itemId?: number;
  itemCount?: number;
  velocity: Vec3;
  destroy(): void;
}

/** A mob as flying-squid's spawnMob makes one (world-entities.ts makes them the same way). */
export interface FsMob extends FsObject {
  name: string;
  headPitch: number;
  gravity: Vec3;
  terminalvelocity: Vec3;
  friction: Vec3;
  size: Vec3;
  health: number;
  metadata: unknown[];
}

/** A prismarine-windows window: flying-squid keeps a player's inventory in one (46 slots). */
export interface FsInventory extends EventEmitter {
  slots: Array<GameItem | null>;
  /** Sets a slot and (through flying-squid's listener) sends it to the player. */
  updateSlot(slot: number, item: GameItem | null): void;
}

export interface FsPlayer extends FsEntity {
  type: 'player';
  _client: FsClient;
  inventory: FsInventory;
  username: string;
  gameMode: number;
  prevGameMode: number;
  health: number;
  food: number;
  foodSaturation: number;
  xp: number;
  op: boolean;
  /** The selected hotbar slot, 0-8 (window slot 36 + it). */
  heldItemSlot: number;
  disconnected?: boolean;
  /** The profile's textures and the like, as the login gave them. */
  profileProperties?: unknown[];
  /** flying-squid's saved player data, set while its login reads the player's file. */
  _playerData?: { inventory?: unknown[] };
  spawnPoint: Vec3;
  loadedChunks: Record<string, number>;
  login(): Promise<void>;
  /** Resolves when the client, after the login, first reports itself (flying-squid then sends the rest of the chunks). */
  waitPlayerLogin(): Promise<void>;
  /** Writes flying-squid's player data file. */
  save(): Promise<void>;
  kick(reason?: string): void;
  handleCommand(line: string): Promise<void>;
  setGameMode(mode: number): void;
  updateHealth(health: number): void;
  updateFood(food: number): void;
  updateFoodSaturation(saturation: number): void;
  takeDamage(options: Record<string, unknown>): void;
  sendPosition(position: Vec3, onGround: boolean, teleport?: boolean): Promise<unknown>;
  sendSelfPosition(position?: Vec3): void;
  sendSpawnPosition(): void;
  sendAbilities(): void;
  setXp(xp: number): void;
  despawnEntities(entities: FsEntity[]): void;
  spawnEntity(entity: FsEntity): void;
  /** Remembers what the entity wears or holds in an equipment slot, for viewers who come later. */
  setEquipment(slot: number, item: GameItem | null): void;
  /** Called by flying-squid's entity tick for an item entity the player stands by. */
  collect(entity: FsObject): void;
  _unloadAllChunks(becausePlayerLeft?: boolean): void;
  _sendRespawn(difficulty?: number, gameMode?: number, dimension?: number): void;
  worldSendInitialChunks(): Promise<void>;
  worldSendRestOfChunks(): Promise<void>;
  behavior(event: string, data: Record<string, unknown>, onSuccess?: (data: never) => unknown, onCancel?: (data: never) => unknown): Promise<unknown>;
}

export interface FsCommands {
  hash: Record<string, unknown>;
  uniqueHash: Record<string, unknown>;
  use(line: string, ctx?: unknown, op?: boolean): Promise<string | undefined>;
}

/** The parts of minecraft-data's registry (prismarine-registry) that are read here and in items.ts. */
export interface FsRegistry {
  soundsByName: Record<string, { id: number } | undefined>;
  entitiesByName: Record<string, { id: number; name: string; width: number; height: number } | undefined>;
  entities: Record<number, { id: number; name: string } | undefined>;
  blocksByName: Record<string, { id: number } | undefined>;
  blocks: Record<number, { id: number; name: string } | undefined>;
  items: Record<number, { id: number; name: string; stackSize: number } | undefined>;
  itemsByName: Record<string, { id: number; name: string; stackSize: number } | undefined>;
  enchantments: Record<number, { id: number; name: string } | undefined>;
  enchantmentsByName: Record<string, { id: number; name: string } | undefined>;
}

export interface FsBroadcastOptions {
  whitelist?: FsPlayer | FsPlayer[];
  blacklist?: FsPlayer[];
}

export interface FsServer extends EventEmitter {
  _server: EventEmitter & { socketServer: { address(): { port: number } | string | null }; close(): void };
  registry: FsRegistry;
  /** Set once every plugin has loaded (the worlds come with them). */
  pluginsReady?: boolean;
  /** Set once the server listens; see log-plugin.ts. */
  isReady?: boolean;
  players: FsPlayer[];
  entities: Record<string, FsEntity>;
  /** The last entity id given out; ids of entities the adapter spawns itself come from it too. */
  entityMaxId: number;
  overworld: FsWorld;
  netherworld: FsWorld;
  dimensionNames: Record<string, string>;
  hashedSeed: [number, number];
  difficulty: number | undefined;
  commands: FsCommands;
  log(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  err(message: string): void;
  /** Chat to everyone (or the whitelist); flying-squid's join and leave lines come this way. */
  broadcast(message: string | TextComponent, options?: FsBroadcastOptions): void;
  /** flying-squid's reading of a message with '&' colour codes as a text component. */
  _createJsonChat(message: string): TextComponent;
  handleCommand(line: string): Promise<void>;
  quit(reason?: string): Promise<void>;
  /** flying-squid's tick clock (tick.js): the ticks so far, Date.now() of the last, start and stop. */
  tickCount: number;
  lastTickTime: number;
  setTickInterval(ticksPerSecond: number): void;
  stopTickInterval(): void;
  getSpawnPoint(world: FsWorld): Promise<Vec3>;
  playSound(sound: string, world: FsWorld, position: Vec3 | null, options?: Record<string, unknown>): void;
  playSoundId(id: number, world: FsWorld, position: Vec3 | null, options?: Record<string, unknown>): void;
  getNearby(loc: { world: FsWorld; position: Vec3; radius?: number }): FsPlayer[];
  /** Registers an entity of flying-squid's (a new id, its entity plugins); throws over the entity limit. */
  initEntity(type: 'mob' | 'object', entityType: number, world: FsWorld, position: Vec3): FsEntity;
  /** flying-squid's own mob spawning (spawn eggs of some types): replaced by world-entities.ts. */
  spawnMob(type: number, world: FsWorld, position: Vec3, options?: Record<string, unknown>): FsEntity | undefined;
  /** Makes an object entity (an item entity with an item id and count) and spawns it for the players near. */
  spawnObject(
    type: number,
    world: FsWorld,
    position: Vec3,
    o: { velocity?: Vec3; itemId?: number; itemCount?: number; pickupTime?: number; deathTime?: number },
  ): FsObject;
  /** Replaces how an item is placed: the handler answers the block (id and state offset) to place, or {} for none. */
  onItemPlace(item: string, handler: (data: FsPlaceItem & { direction: number; properties: Record<string, unknown> }) => { id?: number; data?: number }, warn?: boolean): void;
  /** A right-click on a block of that name: the handler answers true to place nothing. */
  onBlockInteraction(block: string, handler: (data: { block: { position: Vec3; name: string }; player: FsPlayer }) => boolean | Promise<boolean>): void;
  /** The state offset of a block's state with these properties (the others from `base`). */
  setBlockDataProperties(base: number, states: unknown, properties: Record<string, unknown>): number;
  /** Which block a placing player's held item makes (an id of the block registry), or {} for none. */
  placeItem(data: FsPlaceItem): Promise<{ id?: number; data?: number }>;
  _sendPlayerList(toPlayer: FsPlayer): void;
  _sendPlayerEventNewJoin(player: FsPlayer): void;
  _sendPlayerEventLeave(player: FsPlayer): void;
  _sendPlayerEventUpdateGameMode(player: FsPlayer): void;
}

/** What flying-squid's block_place handler asks placeItem about. */
export interface FsPlaceItem {
  item: GameItem;
  player: FsPlayer;
  placedPosition: Vec3;
  [more: string]: unknown;
}

/** A prismarine-block, as flying-squid's digging hands it to its `dug` behaviour. */
export interface FsBlock {
  name: string;
  stateId: number;
}

export interface FlyingSquidModule {
  createMCServer(options: Record<string, unknown>): FsServer;
}
