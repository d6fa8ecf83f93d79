// The game server: flying-squid 1.12 hosted in this process at game version 1.21.4, behind the
// GamePlatform port. What flying-squid gets wrong at 1.21.4 is fixed here (see PLATFORM-NOTES):
// a shim on each player's packet writer (packets.ts), and replacements for the parts it cannot do
// (commands, tab completion, chat, abilities, death and respawn, world changes, the tab list).

import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Logger } from '../../core/log.ts';
import type {
  Abilities,
  ChatFilter,
  ChestCloseReason,
  ChestHandle,
  ChestView,
  CommandHandler,
  GameMode,
  GamePlatform,
  GiveOutcome,
  ItemStack,
  Location,
  OnlinePlayer,
  PlatformEventName,
  PlatformEvents,
  Text,
  TextComponent,
  Vitals,
} from '../platform.ts';
import { placeItems, roomFor, STORAGE_ORDER } from '../inventory.ts';
import { chestMenu, clientAgrees, inventoryMenu, NO_DRAG, simulateClick, type DragState, type Menu } from './container.ts';
import { InventoryStore, inventoryFile, type StoredInventory } from './inventory-store.ts';
import { createItemCodec, type GameItem, type ItemCodec, type NotchItem } from './items.ts';
import type { FlyingSquidModule, FsClient, FsEntity, FsObject, FsPlayer, FsServer, FsWorld, Vec3, Vec3Class } from './fs-types.ts';
import { replaceFlyingSquidLogPlugin } from './log-plugin.ts';
import { EntityManager, type EntityViewer } from './entities.ts';
import { watchClicks } from './interact.ts';
import { Skins } from './skins.ts';
import type { EntityOutcome, NpcSpec, Skin, SpawnOutcome, SpawnedEntity, TextDisplaySpec } from '../entities.ts';
import * as P from './packets.ts';
import { textToNbt, textToPlain } from './text.ts';

const require = createRequire(import.meta.url);
const fsRequire = createRequire(require.resolve('flying-squid'));

export interface FlyingSquidOptions {
  /** 0 picks a free port; `platform.port` tells which. */
  port: number;
  host?: string;
  onlineMode: boolean;
  /** The world folder; a second start with the same folder finds the same world. */
  worldDir: string;
  motd?: string;
  maxPlayers?: number;
  viewDistance?: number;
  log: Logger;
  /** Whether "<name> joined/left the game" is shown to everyone (default true). */
  announceJoins?: boolean;
  /** Sees every packet as it is written to a player, after the shim (for diagnostics and tests). */
  packetObserver?: (player: string, name: string, params: Record<string, unknown>) => void;
}

/** The platform, plus what the host and tests need of the adapter itself. */
export interface FlyingSquidPlatform extends GamePlatform {
  refreshCommands(uuid: string): boolean;
  /** Runs a console line as the console does (through the installed command handler). */
  runConsoleLine(line: string): Promise<void>;
}

/** A chest window open on a player's screen (PlatformNotes: open_window + window_items). */
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

/** The player's own inventory window (window 0), as the server keeps it beside flying-squid's slots. */
interface InventoryWindow {
  /** What the cursor holds while the inventory screen is open. */
  cursor: GameItem | null;
  /** The state id last sent for window 0 (window_items or set_slot); a click made on another is answered in full. */
  stateId: number;
  drag: DragState;
}

/** An item entity: flying-squid's object, with the whole stack it holds. */
type ItemEntity = FsObject & { coreItem?: GameItem };

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

/** Window-0 slots of the 36 storage slots in the game's order (hotbar 36-44, then main 9-35). */
const STORAGE_SLOTS: readonly number[] = STORAGE_ORDER.map((k) => (k < 9 ? 36 + k : k));
/** Window-0 slots of the player's part of a chest window, in window order (main, then hotbar). */
const WINDOW_INVENTORY_SLOTS: readonly number[] = Array.from({ length: 36 }, (_, i) => 9 + i);

interface WorldEntry {
  name: string;
  fs: FsWorld;
  /** flying-squid's dimension number (0 overworld, -1 nether). */
  dimension: number;
  spawn: Vec3;
}

interface PlayerState {
  fs: FsPlayer;
  online: OnlinePlayer;
  /** Writes a packet as is, past the shim (the adapter's own packets are already right). */
  send(packet: P.Packet): void;
  joined: boolean;
  dead: boolean;
  /** Set while the player is being moved between worlds or respawned. */
  moving: boolean;
  /** The platform has moved the player since the login. */
  relocated: boolean;
  /** A login or respawn packet went out: the next position is followed by the chunk wait event. */
  chunkWaitDue: boolean;
  abilities: Abilities;
  /** The rotation as the client reports it, in degrees (flying-squid keeps bytes). */
  yaw: number;
  pitch: number;
  teleportId: number;
  kickReason?: string;
  timers: NodeJS.Timeout[];
  /** The chest window the platform shows the player, if any. */
  chest?: ChestSession;
  /** The last window id given out (the game counts 1 to 100 per player). */
  windowCounter: number;
  /** The player's own inventory window. */
  inventory: InventoryWindow;
  /** The inventory in the adapter's file, read before the login; undefined when there is none. */
  stored: StoredInventory | undefined;
  /** The inventory the player plays with is in place: from now on it is saved. */
  inventoryReady: boolean;
  /** flying-squid's own handlers the adapter calls for what it does not do itself (close_window, block_dig). */
  fsListeners: Map<string, Function[]>;
}

/** flying-squid's client handlers replaced by the adapter's; those named in FS_KEPT are still called by it. */
const FS_REPLACED = ['chat_message', 'chat_command', 'chat_command_signed', 'tab_complete', 'client_command', 'window_click', 'close_window', 'block_dig', 'set_creative_slot'];
const FS_KEPT = ['close_window', 'block_dig'];
/** How often each online player's inventory is compared with its file (and written when it differs). */
const INVENTORY_CHECK_MS = 5000;
/** Vanilla's pickup delay of a thrown item (40 ticks) and its despawn time (6000 ticks). */
const DROP_PICKUP_MS = 2000;
const DROP_DESPAWN_MS = 5 * 60 * 1000;

type Listener = (data: never) => void;

const SOUND_ALIASES: Record<string, string> = { 'game.player.hurt': 'entity.player.hurt' };

export async function startFlyingSquid(options: FlyingSquidOptions): Promise<FlyingSquidPlatform> {
  const adapter = new FlyingSquidAdapter(options);
  await adapter.start();
  return adapter;
}

function dashed(uuid: string): string {
  const t = uuid.trim().toLowerCase();
  if (/^[0-9a-f]{32}$/.test(t)) return `${t.slice(0, 8)}-${t.slice(8, 12)}-${t.slice(12, 16)}-${t.slice(16, 20)}-${t.slice(20)}`;
  return t;
}

function plainAddress(address: string | undefined): string {
  return (address ?? '').replace(/^::ffff:/, '');
}

function defaultAbilities(mode: number, keep?: Abilities): Abilities {
  return {
    allowFlight: mode === 1 || mode === 3,
    flying: mode === 3,
    invulnerable: mode === 1 || mode === 3,
    walkSpeed: keep?.walkSpeed ?? 1,
    flySpeed: keep?.flySpeed ?? 1,
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<undefined>((r) => {
      timer = setTimeout(() => r(undefined), ms);
    }),
  ]);
}

const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g;

class FlyingSquidAdapter implements FlyingSquidPlatform {
  readonly gameVersion = '1.21.4';
  port = 0;

  private readonly options: FlyingSquidOptions;
  private readonly log: Logger;
  private serv!: FsServer;
  private Vec3!: Vec3Class;
  private items!: ItemCodec;
  private worldList: WorldEntry[] = [];
  private readonly states = new Map<FsPlayer, PlayerState>();
  private readonly joined = new Map<string, PlayerState>();
  /** flying-squid's client listeners are told apart from minecraft-protocol's by a snapshot. */
  private readonly clientListeners = new WeakMap<FsClient, Map<string, Function[]>>();
  private readonly listeners = new Map<PlatformEventName, Set<Listener>>();
  private handler: CommandHandler | undefined;
  private chatFilter: ChatFilter | undefined;
  private loginGate: ((uuid: string, name: string, address: string) => Text | undefined) | undefined;
  private stopping: Promise<void> | undefined;
  private inventories!: InventoryStore;
  private inventoryTimer: NodeJS.Timeout | undefined;
  private inventoryMenu!: Menu<GameItem>;
  private itemEntityType = -1;
  /** The stack of the item entity being spawned (flying-squid's spawnObject knows only an id and a count). */
  private spawningItem: GameItem | undefined;
  private readonly npcs = new EntityManager({
    worlds: () => this.worlds(),
    viewers: () => [...this.joined.values()].map((s) => this.viewerOf(s)),
    nextEntityId: () => ++this.serv.entityMaxId,
  });
  private readonly skins = new Skins({
    joined: (uuid) => this.get(uuid),
    everyone: () => this.joined.values(),
    respawnInPlace: (s) => this.respawnInPlace(s as PlayerState),
    warn: (m) => this.log.warn(m),
  });

  constructor(options: FlyingSquidOptions) {
    this.options = options;
    this.log = options.log;
  }

  // ---- start ---------------------------------------------------------------------------------

  async start(): Promise<void> {
    replaceFlyingSquidLogPlugin();
    const flyingSquid = require('flying-squid') as FlyingSquidModule;
    this.Vec3 = (fsRequire('vec3') as { Vec3: Vec3Class }).Vec3;

    const serv = flyingSquid.createMCServer({
      port: this.options.port,
      host: this.options.host,
      'online-mode': this.options.onlineMode,
      version: '1.21.4',
      motd: this.options.motd ?? 'A Minecraft server',
      'max-players': this.options.maxPlayers ?? 20,
      'view-distance': this.options.viewDistance ?? 8,
      worldFolder: this.options.worldDir,
      generation: { name: 'diamond_square', options: { worldHeight: 80 } },
      gameMode: 0,
      difficulty: 1,
      kickTimeout: 30000,
      'max-entities': 500,
      'everybody-op': false,
      plugins: {},
      'player-list-text': { header: '', footer: '' },
      logging: false,
      // Set, it turns off flying-squid's uncaughtException handler that calls process.exit().
      debug: () => {},
    });
    this.serv = serv;
    this.items = createItemCodec(
      serv.registry as unknown as Parameters<typeof createItemCodec>[0],
      require('prismarine-item')(serv.registry) as Parameters<typeof createItemCodec>[1],
    );
    this.inventoryMenu = inventoryMenu(this.items.ops, (item) => this.items.armorSlot(item));
    this.itemEntityType = (serv.registry as unknown as { entitiesByName: Record<string, { id: number } | undefined> }).entitiesByName.item?.id ?? -1;
    this.inventories = new InventoryStore({ dir: join(this.options.worldDir, 'core-inventories'), warn: (m) => this.log.warn(m) });
    this.takeOverServer();

    const ready = new Promise<void>((resolve, reject) => {
      const onError = (e: Error) => reject(e);
      serv.once('error', onError);
      serv.once('ready', () => {
        serv.off('error', onError);
        resolve();
      });
    });
    try {
      await ready;
    } catch (e) {
      await this.abortStart();
      throw e;
    }

    const address = serv._server.socketServer.address();
    this.port = typeof address === 'object' && address ? address.port : this.options.port;

    this.worldList = [
      { name: 'world', fs: serv.overworld, dimension: 0, spawn: await this.findSpawn(serv.overworld) },
    ];
    if (serv.netherworld) {
      this.worldList.push({ name: 'world_nether', fs: serv.netherworld, dimension: -1, spawn: await this.findSpawn(serv.netherworld) });
    }
    // flying-squid picks a random spawn for every join; a fixed one per world is what players expect.
    serv.getSpawnPoint = async (world) => (this.worldList.find((w) => w.fs === world) ?? this.worldList[0]!).spawn.clone();

    // Inventories are saved as they change (window clicks, items given, picked up, dropped), when a
    // player leaves and at shutdown; this check also catches changes flying-squid makes by itself
    // (a block placed from the hand), and writes nothing when nothing changed.
    this.inventoryTimer = setInterval(() => {
      for (const s of this.joined.values()) this.saveInventory(s);
    }, INVENTORY_CHECK_MS);
    this.inventoryTimer.unref();
  }

  /** A listen error: flying-squid would reject an internal promise, unhandled, five seconds later. */
  private async abortStart(): Promise<void> {
    const serv = this.serv;
    try {
      serv._server.emit('listening');
    } catch {
      // its own 'listening' handler reads the address of a server that is not listening
    }
    serv.stopTickInterval();
    // The worlds (and their saving intervals) come with the plugins, which may still be loading.
    const loaded = serv as unknown as { pluginsReady?: boolean };
    if (!loaded.pluginsReady) await withTimeout(new Promise((r) => serv.once('pluginsReady', r)), 5000);
    serv.overworld?.stopSaving();
    serv.netherworld?.stopSaving();
    await serv.overworld?.storageProvider?.close?.();
  }

  /** The spawn: the first free block above the ground at (8, 8), as flying-squid finds one. */
  private async findSpawn(world: FsWorld): Promise<Vec3> {
    const water = new Set(['water', 'flowing_water'].map((n) => (this.serv.registry as unknown as { blocksByName: Record<string, { id: number } | undefined> }).blocksByName[n]?.id));
    let p = new this.Vec3(8, 81, 8);
    while (p.y > -64 && (await world.getBlockType(p)) === 0) p = p.offset(0, -1, 0);
    for (let i = 0; i < 64 && water.has(await world.getBlockType(p)); i++) p = p.offset(1, 0, 0);
    while (p.y < 320 && (await world.getBlockType(p)) !== 0) p = p.offset(0, 1, 0);
    return new this.Vec3(p.x + 0.5, p.y, p.z + 0.5);
  }

  /** Replaces the server-wide parts of flying-squid the platform owns. */
  private takeOverServer(): void {
    const serv = this.serv;
    const log = this.log;
    const clean = (m: string) => m.replace(ANSI, '');
    // A player refused at login has no name yet in flying-squid's own lines.
    const info = (m: string) => {
      if (!m.startsWith('undefined ')) log.info(clean(m));
    };
    serv.log = info;
    serv.info = info;
    serv.warn = (m) => log.warn(clean(m));
    serv.err = (m) => log.error(clean(m));

    // The console (flying-squid's readline on stdin calls this) and everything else that would
    // reach its built-in commands (the built-in /stop calls process.exit).
    serv.handleCommand = (line) => this.runConsoleLine(line);
    serv.commands.use = async () => 'Unknown command';

    // flying-squid's sounds use pre-1.19 packet fields and positions; these write 1.21.4 ones.
    serv.playSound = (sound, world, position, o = {}) => {
      const name = sound.replace(/^minecraft:/, '');
      const id = serv.registry.soundsByName[SOUND_ALIASES[name] ?? name]?.id;
      if (id !== undefined) serv.playSoundId(id, world, position, o);
    };
    serv.playSoundId = (id, world, position, o = {}) => {
      const radius = typeof o.radius === 'number' ? o.radius : 32;
      const targets = o.whitelist
        ? ([] as FsPlayer[]).concat(o.whitelist as FsPlayer | FsPlayer[])
        : position
          ? serv.getNearby({ world, position, radius })
          : [];
      for (const player of targets) {
        this.stateOf(player)?.send(
          P.soundEffect(id, position ?? player.position, {
            category: typeof o.soundCategory === 'number' ? o.soundCategory : 0,
            volume: typeof o.volume === 'number' ? o.volume : 1,
            pitch: typeof o.pitch === 'number' ? o.pitch : 1,
          }),
        );
      }
    };

    // flying-squid writes its join/leave lines with '&' colour codes, which 1.21.4 shows as is.
    type BroadcastOptions = { whitelist?: FsPlayer | FsPlayer[]; blacklist?: FsPlayer[] };
    (serv as unknown as { broadcast: (m: unknown, o?: BroadcastOptions) => void }).broadcast = (message, o = {}) => {
      if (this.options.announceJoins === false) return;
      const text =
        typeof message === 'string'
          ? ((serv as unknown as { _createJsonChat(m: string): TextComponent })._createJsonChat(message))
          : (message as TextComponent);
      const targets = ([] as FsPlayer[]).concat(o.whitelist ?? serv.players).filter((p) => !(o.blacklist ?? []).includes(p));
      for (const player of targets) this.stateOf(player)?.send(P.systemChat(textToNbt(text)));
    };

    serv._server.prependListener('playerJoin', (client: FsClient) => {
      const snapshot = new Map<string, Function[]>();
      for (const event of FS_REPLACED) {
        snapshot.set(event, client.listeners(event));
      }
      this.clientListeners.set(client, snapshot);
    });
    // An item entity the adapter spawns carries its whole stack (see dropItem).
    serv.on('newEntity', (entity: ItemEntity) => {
      if (this.spawningItem) entity.coreItem = this.spawningItem;
    });
    serv.on('newPlayer', (player: FsPlayer) => {
      try {
        this.attach(player);
      } catch (e) {
        log.error('could not set up a joining player', e);
        player._client.end('Internal server error');
      }
    });
  }

  // ---- players -------------------------------------------------------------------------------

  private stateOf(player: FsPlayer): PlayerState | undefined {
    return this.states.get(player);
  }

  /** Sets up a player flying-squid has just created, before its login runs. */
  private attach(player: FsPlayer): void {
    const serv = this.serv;
    const client = player._client;
    const write = client.write.bind(client);
    const observe = this.options.packetObserver;
    const rawWrite: typeof write = observe
      ? (name, params) => {
          observe(client.username, name, params);
          write(name, params);
        }
      : write;
    const state: PlayerState = {
      fs: player,
      online: { uuid: dashed(client.uuid), name: client.username, address: plainAddress(client.socket?.remoteAddress) },
      send: (packet) => {
        if (!player.disconnected) rawWrite(packet.name, packet.params);
      },
      joined: false,
      dead: false,
      moving: false,
      relocated: false,
      chunkWaitDue: false,
      abilities: defaultAbilities(0),
      yaw: 0,
      pitch: 0,
      teleportId: 1,
      timers: [],
      windowCounter: 0,
      inventory: { cursor: null, stateId: 0, drag: NO_DRAG },
      stored: undefined,
      inventoryReady: false,
      fsListeners: new Map(),
    };
    this.states.set(player, state);

    // The shim: every packet flying-squid writes passes through the 1.21.4 fixes.
    const ctx: P.ShimContext = {
      isPlayer: (id) => serv.entities[id]?.type === 'player',
      gameMode: () => player.gameMode ?? 0,
      previousGameMode: () => player.prevGameMode ?? 255,
      hashedSeed: () => serv.hashedSeed,
      soundId: (name) => serv.registry.soundsByName[name]?.id,
      nextInventoryStateId: () => (state.inventory.stateId = (state.inventory.stateId + 1) & 0x7fff),
    };
    client.write = (name, params) => {
      let fixed: P.Packet[];
      try {
        fixed = P.fixOutgoing(name, params, ctx);
      } catch (e) {
        this.log.error(`packet shim failed on ${name}`, e);
        fixed = [{ name, params }];
      }
      for (const p of fixed) {
        rawWrite(p.name, p.params);
        if (p.name === 'login' || p.name === 'respawn') state.chunkWaitDue = true;
      }
    };

    // flying-squid's handlers for chat, commands, completion, respawn and windows give way to ours.
    // Its inventory handling misreads 1.21.4 clicks (it tracks no moves, and Q copies the held item
    // into the world), so the adapter keeps window 0 itself, as it does chest windows; of digging it
    // keeps everything but the drops of the held item.
    const before = this.clientListeners.get(client);
    for (const [event, kept] of before ?? []) {
      for (const l of client.listeners(event)) {
        if (kept.includes(l)) continue;
        client.off(event, l as (...a: unknown[]) => void);
        if (FS_KEPT.includes(event)) state.fsListeners.set(event, [...(state.fsListeners.get(event) ?? []), l]);
      }
    }
    client.on('window_click', (data: WindowClick) => this.onWindowClick(state, data));
    client.on('close_window', (data: { windowId: number }) => this.onCloseWindow(state, data));
    client.on('block_dig', (data: { status: number }) => this.onBlockDig(state, data));
    client.on('set_creative_slot', (data: { slot: number; item: NotchItem }) => this.onCreativeSlot(state, data));
    client.on('chat_message', (data: { message: string }) => this.onChat(state, data.message));
    client.on('chat_command', (data: { command: string }) => this.onCommand(state, data.command));
    client.on('chat_command_signed', (data: { command: string }) => this.onCommand(state, data.command));
    client.on('tab_complete', (data: { transactionId: number; text: string }) => this.onTabComplete(state, data));
    client.on('client_command', (data: { actionId: unknown }) => {
      if ((data.actionId === 'perform_respawn' || data.actionId === 0) && state.dead) void this.respawn(state);
    });
    client.on('look', (d: { yaw: number; pitch: number }) => this.track(state, d));
    client.on('position_look', (d: { yaw: number; pitch: number }) => this.track(state, d));

    // 1.21.4 moved onGround into flags; flying-squid reads data.onGround and writes it on.
    for (const event of ['position', 'position_look', 'look', 'flying']) {
      client.prependListener(event, (data: { onGround?: boolean; flags?: { onGround?: boolean } }) => {
        if (data && data.onGround === undefined) data.onGround = Boolean(data.flags?.onGround);
      });
    }
    // flying-squid starts sending the chunks around a player without waiting for the end (after the
    // login, on moves) and goes on loading them after the player left: at shutdown, with the world
    // files closed, each load would fail as an unhandled rejection.
    const sendRestOfChunks = player.worldSendRestOfChunks.bind(player);
    player.worldSendRestOfChunks = () =>
      sendRestOfChunks().catch((e: unknown) => {
        if (!player.disconnected && !this.stopping) this.log.warn(`chunks for ${state.online.name}: ${String(e)}`);
      });
    // flying-squid waits for a 'flying' or 'look' packet before it sends the rest of the chunks,
    // which a client standing still may never send.
    (player as unknown as { waitPlayerLogin(): Promise<void> }).waitPlayerLogin = () =>
      new Promise<void>((resolve) => {
        const events = ['flying', 'look', 'position', 'position_look', 'player_loaded'];
        const done = () => {
          for (const e of events) client.off(e, done);
          resolve();
        };
        for (const e of events) client.on(e, done);
      });

    player.handleCommand = (line) => this.onCommand(state, line);
    player.sendAbilities = () => this.sendAbilities(state);
    player.sendSelfPosition = (newPosition) => {
      // flying-squid resends the login position once the client has loaded, which would undo a
      // teleport made in between.
      if (state.relocated) newPosition = undefined;
      if (newPosition) player.position = newPosition;
      this.sendPosition(state, P.position(state.teleportId++, player.position.x, player.position.y, player.position.z));
    };
    player.kick = (reason = 'You were kicked!') => this.kickState(state, reason);

    // Items: the adapter's inventory file wins over flying-squid's player data (which loses every
    // item's components); flying-squid's copy is used only for a player who has no file yet.
    let playerData: { inventory?: unknown[] } | undefined;
    Object.defineProperty(player, '_playerData', {
      configurable: true,
      get: () => playerData,
      set: (data: { inventory?: unknown[] } | undefined) => {
        if (data && state.stored) data.inventory = [];
        playerData = data;
      },
    });
    player.inventory.on('updateSlot', () => this.saveInventory(state));
    player.collect = (entity) => this.pickUp(state, entity);
    const spawnEntity = player.spawnEntity.bind(player);
    player.spawnEntity = (entity) => {
      spawnEntity(entity);
      // flying-squid sends no metadata at 1.21.4: an item entity would show nothing.
      const item = this.itemOfEntity(entity);
      if (item) state.send(P.itemEntityMetadata(entity.id, this.items.notch(item)));
    };

    const updateHealth = player.updateHealth.bind(player);
    player.updateHealth = (health) => {
      // A player who quit dead comes back alive: the death screen needs a death to answer.
      if (!state.joined && health <= 0) health = 20;
      updateHealth(health);
      if (health <= 0 && state.joined && !state.dead) this.onDeath(state);
    };
    const takeDamage = player.takeDamage.bind(player);
    player.takeDamage = (o) => {
      if (state.abilities.invulnerable || state.dead) return;
      takeDamage(o);
    };
    if (player.foodSaturation === undefined) player.foodSaturation = 5;

    const save = (player as unknown as { save(): Promise<void> }).save.bind(player);
    (player as unknown as { save(): Promise<void> }).save = async () => {
      // A player refused at login has no uuid yet; flying-squid's save would throw unhandled.
      if (!player.uuid) return;
      try {
        await save();
      } catch (e) {
        this.log.warn(`could not save ${player.username}: ${String(e)}`);
      }
    };

    const login = player.login.bind(player);
    player.login = async () => {
      try {
        if (!(await this.admit(state))) return;
        try {
          state.stored = await this.inventories.load(state.online.uuid);
        } catch (e) {
          // Playing on with flying-squid's copy would overwrite the file with items stripped.
          this.log.error(`the inventory of ${state.online.name} could not be read`, e);
          this.kickState(state, 'Your inventory could not be loaded. Try again later.');
          return;
        }
        await login();
      } catch (e) {
        this.log.error(`login of ${state.online.name} failed`, e);
        this.kickState(state, 'Internal server error');
      }
    };

    // flying-squid sets these per player plugin run; they are replaced after each.
    serv._sendPlayerList = (to) => this.sendTabList(to);
    serv._sendPlayerEventNewJoin = () => {};
    serv._sendPlayerEventLeave = (left) => {
      const s = this.stateOf(left);
      if (!s?.joined) return;
      for (const other of this.joined.values()) if (other !== s) other.send(P.playerRemove([s.online.uuid]));
    };
    serv._sendPlayerEventUpdateGameMode = (changed) => {
      const s = this.stateOf(changed);
      if (!s) return;
      for (const other of this.joined.values()) other.send(P.tabListGameMode(s.online.uuid, changed.gameMode));
    };

    watchClicks(player, state.online, {
      clickedEntity: (id, p) => this.npcs.clicked(id, state.online.uuid, { world: this.worldOf(p.world).name, x: p.position.x, y: p.position.y + 1.62, z: p.position.z }),
      playerOf: (id) => {
        const e = this.serv.entities[id];
        return e?.type === 'player' ? this.stateOf(e as FsPlayer)?.online : undefined;
      },
      emit: (e) => this.emit('interact', e),
    });
    player.once('spawned', () => this.onJoined(state));
    client.on('end', (reason: string) => this.onLeft(state, reason));
  }

  /** The login gate and the one-session-per-uuid rule; false when the player was refused. */
  private async admit(state: PlayerState): Promise<boolean> {
    const { uuid, name, address } = state.online;
    if (this.loginGate) {
      let refusal: Text | undefined;
      try {
        refusal = this.loginGate(uuid, name, address);
      } catch (e) {
        this.log.error(`the login gate failed for ${name}`, e);
        refusal = 'The server could not check your login. Try again later.';
      }
      if (refusal !== undefined) {
        this.log.info(`${name} (${uuid}) refused: ${textToPlain(refusal)}`);
        this.kickState(state, refusal);
        return false;
      }
    }
    const earlier = this.joined.get(uuid);
    if (earlier) {
      this.kickState(earlier, 'You logged in from another location');
      await withTimeout(new Promise((r) => earlier.fs._client.once('end', r)), 3000);
    }
    return !state.fs.disconnected && state.fs._client.state === 'play';
  }

  /** Sends the whole tab list to a joining player, and the joining player to everyone else. */
  private sendTabList(to: FsPlayer): void {
    const state = this.stateOf(to);
    if (!state) return;
    const entry = (p: FsPlayer): P.TabEntry => ({
      uuid: p.uuid,
      name: p.username,
      properties: (p as unknown as { profileProperties?: unknown[] }).profileProperties ?? [],
      gameMode: p.gameMode ?? 0,
      latency: p._client.latency,
    });
    state.send(P.tabListAdd(this.serv.players.filter((p) => p.uuid).map(entry)));
    for (const other of this.serv.players) {
      if (other !== to) this.stateOf(other)?.send(P.tabListAdd([entry(to)]));
    }
    // flying-squid starts a 5-second latency interval right after this call and keeps no
    // handle: take the handle so that the interval ends with the player.
    const real = globalThis.setInterval;
    const capture = ((...args: Parameters<typeof setInterval>) => {
      globalThis.setInterval = real;
      const timer = real(...args);
      state.timers.push(timer);
      return timer;
    }) as typeof setInterval;
    globalThis.setInterval = capture;
    queueMicrotask(() => {
      if (globalThis.setInterval === capture) globalThis.setInterval = real;
    });
  }

  private onJoined(state: PlayerState): void {
    const player = state.fs;
    state.joined = true;
    state.abilities = defaultAbilities(player.gameMode ?? 0);
    state.yaw = P.byteToDegrees(player.yaw ?? 0);
    state.pitch = P.byteToDegrees(player.pitch ?? 0);
    this.joined.set(state.online.uuid, state);
    this.restoreInventory(state);
    this.sendAbilities(state);
    this.sendCommandTree(state);
    this.npcs.viewerEntered(this.viewerOf(state));
    this.log.info(`${state.online.name} joined (${state.online.uuid}, ${state.online.address})`);
    this.emit('join', { player: state.online });
  }

  private onLeft(state: PlayerState, reason: string): void {
    for (const t of state.timers) clearInterval(t);
    state.timers = [];
    this.states.delete(state.fs);
    this.finishChest(state, 'quit', false);
    this.returnCursor(state, false);
    if (state.inventoryReady) {
      state.inventoryReady = false;
      void this.inventories.save(state.online.uuid, this.inventorySource(state), true);
    }
    if (!state.joined) return;
    state.joined = false;
    this.npcs.viewerLeft(state.online.uuid);
    if (this.joined.get(state.online.uuid) === state) this.joined.delete(state.online.uuid);
    const why = state.kickReason ?? (reason === 'socketClosed' || !reason ? 'disconnected' : reason);
    this.log.info(`${state.online.name} left (${why})`);
    this.emit('quit', { player: state.online, reason: why });
  }

  private track(state: PlayerState, d: { yaw: number; pitch: number }): void {
    if (Number.isFinite(d.yaw)) state.yaw = d.yaw;
    if (Number.isFinite(d.pitch)) state.pitch = d.pitch;
  }

  private kickState(state: PlayerState, reason: Text): void {
    const plain = textToPlain(reason);
    state.kickReason = plain;
    if (state.fs.disconnected) return;
    state.fs._client.end(plain, textToNbt(reason));
  }

  // ---- chat, commands, completion ------------------------------------------------------------

  private onChat(state: PlayerState, message: string): void {
    if (!state.joined) return;
    try {
      if (this.chatFilter && !this.chatFilter(state.online, message)) return;
    } catch (e) {
      this.log.error('the chat filter failed', e);
      return;
    }
    this.log.info(`<${state.online.name}> ${message}`);
    const line = P.systemChat(textToNbt(`<${state.online.name}> ${message}`));
    for (const s of this.joined.values()) s.send(line);
    this.emit('chat', { player: state.online, message });
  }

  private async onCommand(state: PlayerState, line: string): Promise<void> {
    if (!state.joined) return;
    const command = line.replace(/^\//, '');
    this.log.info(`${state.online.name} issued server command: /${command}`);
    if (!this.handler) {
      state.send(P.systemChat(textToNbt({ text: 'Unknown command.', color: 'red' })));
      return;
    }
    try {
      await this.handler.execute({ kind: 'player', player: state.online }, command);
    } catch (e) {
      this.log.error(`command /${command} of ${state.online.name} failed`, e);
    }
  }

  private onTabComplete(state: PlayerState, data: { transactionId: number; text: string }): void {
    const text = String(data.text ?? '');
    let matches: string[] = [];
    try {
      if (this.handler && state.joined) {
        matches = this.handler.complete({ kind: 'player', player: state.online }, P.completionRequest(text).line);
      }
    } catch (e) {
      this.log.error('tab completion failed', e);
    }
    state.send(P.tabCompleteAnswer(data.transactionId ?? 0, text, matches));
  }

  private sendCommandTree(state: PlayerState): void {
    const names = this.handler?.names({ kind: 'player', player: state.online }) ?? [];
    state.send(P.commandTree(names));
  }

  async runConsoleLine(line: string): Promise<void> {
    const command = line.trim().replace(/^\//, '');
    if (!command) return;
    if (!this.handler) {
      this.log.warn(`no command handler for: ${command}`);
      return;
    }
    try {
      await this.handler.execute({ kind: 'console' }, command);
    } catch (e) {
      this.log.error(`console command ${command} failed`, e);
    }
  }

  // ---- abilities, death, respawn, worlds -----------------------------------------------------

  private sendPosition(state: PlayerState, packet: P.Packet): void {
    state.send(packet);
    if (state.chunkWaitDue) {
      state.chunkWaitDue = false;
      state.send(P.levelChunksLoadStart());
    }
  }

  private sendAbilities(state: PlayerState): void {
    state.send(P.abilities(state.abilities, state.fs.gameMode === 1));
    state.send(P.walkSpeedAttribute(state.fs.id, state.abilities.walkSpeed));
  }

  private onDeath(state: PlayerState): void {
    state.dead = true;
    this.finishChest(state, 'server', true);
    this.returnCursor(state, true);
    const player = state.fs;
    // Others see the player fall over (takeDamage does this too; a second one does no harm).
    player._writeOthersNearby('entity_status', { entityId: player.id, entityStatus: 3 });
    const location = this.locationOf(state);
    this.log.info(`${state.online.name} died`);
    this.emit('death', { player: state.online, location });
  }

  private async respawn(state: PlayerState): Promise<void> {
    if (state.moving) return;
    const player = state.fs;
    state.dead = false;
    player.health = 20;
    player.food = 20;
    player.foodSaturation = 5;
    const world = this.worldList[0]!;
    await this.moveToWorld(state, world, world.spawn.clone());
    if (player.disconnected) return;
    this.emit('respawn', { player: state.online, location: this.locationOf(state) });
  }

  /**
   * Puts the player into a world afresh, as a respawn does: a respawn packet (which clears the
   * client's world), chunks, position, and the entities on both sides.
   */
  private async moveToWorld(state: PlayerState, world: WorldEntry, at: Vec3, rotation?: { yaw: number; pitch: number }): Promise<void> {
    const player = state.fs;
    state.moving = true;
    state.relocated = true;
    this.finishChest(state, 'server', true);
    this.returnCursor(state, false);
    try {
      for (const other of this.serv.players) {
        if (other !== player && other.nearbyEntities.includes(player)) {
          other.nearbyEntities = other.nearbyEntities.filter((e) => e !== player);
          other.despawnEntities([player]);
        }
      }
      player._unloadAllChunks(true);
      player.world = world.fs;
      player._sendRespawn(undefined, undefined, world.dimension);
      player.position = at;
      player.knownPosition = at;
      if (rotation) {
        state.yaw = rotation.yaw;
        state.pitch = rotation.pitch;
        player.yaw = P.degreesToByte(rotation.yaw);
        player.pitch = P.degreesToByte(rotation.pitch);
      }
      player.spawnPoint = world.spawn.clone();
      player.sendSpawnPosition();
      this.sendAbilities(state);
      player.updateHealth(player.health);
      player.setXp(player.xp ?? 0);
      this.sendInventory(state);
      await player.worldSendInitialChunks();
      if (player.disconnected) return;
      this.sendPosition(state, P.position(state.teleportId++, at.x, at.y, at.z, { yaw: state.yaw, pitch: state.pitch }));
      player.nearbyEntities = [];
      player.updateAndSpawn();
      this.npcs.viewerEntered(this.viewerOf(state));
      void player.worldSendRestOfChunks().catch((e: unknown) => this.log.warn(`chunks for ${state.online.name}: ${String(e)}`));
    } finally {
      state.moving = false;
    }
  }

  /** The whole inventory window and its cursor, with the next state id (after a respawn, or to resync a click). */
  private sendInventory(state: PlayerState): void {
    const inventory = state.fs.inventory;
    if (!inventory) return;
    const items = Array.from({ length: 46 }, (_, i) => this.items.notch(inventory.slots[i]));
    state.inventory.stateId = (state.inventory.stateId + 1) & 0x7fff;
    state.send(P.inventoryContents(state.inventory.stateId, items, this.items.notch(state.inventory.cursor)));
  }

  private worldOf(fs: FsWorld): WorldEntry {
    return this.worldList.find((w) => w.fs === fs) ?? this.worldList[0]!;
  }

  private locationOf(state: PlayerState): Location {
    const p = state.fs.position;
    return { world: this.worldOf(state.fs.world).name, x: p.x, y: p.y, z: p.z, yaw: state.yaw, pitch: state.pitch };
  }

  // ---- items and chest windows -----------------------------------------------------------------

  /** The 36 storage slots (game order: hotbar, then main) as they are. */
  private storage(state: PlayerState): Array<GameItem | null> {
    return STORAGE_SLOTS.map((slot) => state.fs.inventory.slots[slot] ?? null);
  }

  /** Writes storage slots that changed; `send` tells the player (set_slot), else only the server knows. */
  private writeStorage(state: PlayerState, next: ReadonlyArray<GameItem | null>, send: boolean): void {
    const inventory = state.fs.inventory;
    STORAGE_SLOTS.forEach((slot, k) => {
      const item = next[k] ?? null;
      if ((inventory.slots[slot] ?? null) === item) return;
      if (item) item.slot = slot;
      if (send) inventory.updateSlot(slot, item);
      else inventory.slots[slot] = item;
    });
  }

  private gameItems(stacks: readonly ItemStack[]): GameItem[] {
    return stacks.map((stack) => {
      const item = this.items.toGame(stack);
      if (!item) throw new Error(`"${stack.material}" is not an item of the game`);
      return item;
    });
  }

  /** Every slot of a chest window, as the player's client numbers them. */
  private windowSlots(state: PlayerState, session: ChestSession): Array<GameItem | null> {
    return [...session.chest, ...WINDOW_INVENTORY_SLOTS.map((slot) => state.fs.inventory.slots[slot] ?? null)];
  }

  private sendChest(state: PlayerState, session: ChestSession): void {
    session.stateId = (session.stateId + 1) & 0x7fff;
    const items = this.windowSlots(state, session).map((item) => this.items.notch(item));
    state.send(P.windowItems(session.windowId, session.stateId, items, this.items.notch(session.cursor)));
  }

  private chestStacks(session: ChestSession): Array<ItemStack | null> {
    return session.chest.map((item) => (item ? this.items.toStack(item) : null));
  }

  /**
   * A click on a window, decided by the server as vanilla does (container.ts) whether it is on a
   * chest window or on the player's own inventory (window 0); when the client's view after the
   * click differs (or was of an older state), the whole window is sent again. A click on a window
   * that is not open (a chest already closed, or window 0 while a chest is open) is stale and
   * dropped, as the game's server does.
   */
  private onWindowClick(state: PlayerState, click: WindowClick): void {
    const session = state.chest;
    if (session) {
      if (click.windowId === session.windowId) this.onChestClick(state, session, click);
    } else if (click.windowId === 0 && state.joined && !state.dead) {
      this.onInventoryClick(state, click);
    }
  }

  private onChestClick(state: PlayerState, session: ChestSession, click: WindowClick): void {
    try {
      const before = { slots: this.windowSlots(state, session), cursor: session.cursor };
      const menu = chestMenu(session.size, this.items.ops);
      const { state: after, drag, dropped } = simulateClick(before, session.drag, { slot: click.slot, button: click.mouseButton, mode: click.mode }, menu, this.items.ops);
      session.drag = drag;
      session.cursor = after.cursor;
      const chest = after.slots.slice(0, session.size);
      const changed = chest.some((item, i) => item !== session.chest[i]);
      session.chest = chest;
      const inventory = state.fs.inventory;
      WINDOW_INVENTORY_SLOTS.forEach((slot, i) => {
        const item = after.slots[session.size + i] ?? null;
        if (item) item.slot = slot;
        inventory.slots[slot] = item;
      });
      const refused = dropped.filter((item) => !this.dropItem(state, item));
      const agrees =
        refused.length === 0 &&
        click.stateId === session.stateId &&
        clientAgrees(after, before.slots, click.changedSlots ?? [], click.cursorItem ?? { itemCount: 0 }, (i) => i.type, (i) => i.count);
      if (refused.length > 0) session.cursor = this.putBack(state, session.cursor, refused);
      if (!agrees) this.sendChest(state, session);
      if (changed) session.view.onChange?.(this.chestStacks(session));
      this.saveInventory(state);
    } catch (e) {
      this.log.error(`a click of ${state.online.name} on a chest window failed`, e);
      this.sendChest(state, session);
    }
  }

  /**
   * A click in the player's own inventory. flying-squid 1.12 tracked none of these (its handler
   * reads fields the 1.21.4 click no longer has) and on Q spawned a copy of the held item while
   * the slot kept it: a drop now takes the stack out of the inventory and spawns exactly one item
   * entity with it (components and all), which anyone may pick up after vanilla's delay.
   */
  private onInventoryClick(state: PlayerState, click: WindowClick): void {
    const win = state.inventory;
    const inventory = state.fs.inventory;
    try {
      const before = { slots: Array.from({ length: 46 }, (_, i) => inventory.slots[i] ?? null), cursor: win.cursor };
      const { state: after, drag, dropped } = simulateClick(before, win.drag, { slot: click.slot, button: click.mouseButton, mode: click.mode }, this.inventoryMenu, this.items.ops);
      win.drag = drag;
      win.cursor = after.cursor;
      after.slots.forEach((item, slot) => {
        if (item) item.slot = slot;
        inventory.slots[slot] = item;
      });
      const refused = dropped.filter((item) => !this.dropItem(state, item));
      if (refused.length > 0) win.cursor = this.putBack(state, win.cursor, refused);
      const agrees =
        refused.length === 0 &&
        click.stateId === win.stateId &&
        clientAgrees(after, before.slots, click.changedSlots ?? [], click.cursorItem ?? { itemCount: 0 }, (i) => i.type, (i) => i.count);
      if (!agrees) this.sendInventory(state);
      this.saveInventory(state);
    } catch (e) {
      this.log.error(`a click of ${state.online.name} in their inventory failed`, e);
      this.sendInventory(state);
    }
  }

  /**
   * Items that could not be dropped (too many entities) go back: into the inventory where they
   * fit, the rest onto the cursor if it is empty or of their kind; anything left is reported lost.
   */
  private putBack(state: PlayerState, cursor: GameItem | null, items: GameItem[]): GameItem | null {
    const ops = this.items.ops;
    for (const item of items) {
      const room = roomFor(this.storage(state), item, ops, STORAGE_ORDER);
      if (room > 0) this.writeStorage(state, placeItems(this.storage(state), [ops.withCount(item, room)], ops, STORAGE_ORDER)!, false);
      const left = ops.count(item) - room;
      if (left <= 0) continue;
      if (cursor === null) cursor = ops.withCount(item, left);
      else if (ops.kind(cursor) === ops.kind(item)) cursor = ops.withCount(cursor, ops.count(cursor) + left);
      else this.log.warn(`${state.online.name} could not drop ${left} ${item.name}, and there was no room to keep them: they are lost`);
    }
    return cursor;
  }

  /**
   * What the cursor of the inventory window holds goes back into the inventory when the screen
   * closes (vanilla placeItemBackInInventory), or is dropped when there is no room.
   */
  private returnCursor(state: PlayerState, tellClient: boolean): void {
    const win = state.inventory;
    win.drag = NO_DRAG;
    const carried = win.cursor;
    if (!carried) return;
    win.cursor = null;
    const ops = this.items.ops;
    const room = roomFor(this.storage(state), carried, ops, STORAGE_ORDER);
    if (room > 0) this.writeStorage(state, placeItems(this.storage(state), [ops.withCount(carried, room)], ops, STORAGE_ORDER)!, tellClient);
    if (room < ops.count(carried) && !this.dropItem(state, ops.withCount(carried, ops.count(carried) - room))) {
      this.log.warn(`${state.online.name} held ${ops.count(carried) - room} ${carried.name} with no room to put them back: they are lost`);
    }
    this.saveInventory(state);
  }

  // ---- items in the world --------------------------------------------------------------------

  /**
   * Throws a stack out of the player's hands as vanilla's Player.drop does: one item entity, from
   * eye height, forward where the player looks, picked up by nobody for two seconds and gone after
   * five minutes. False when it could not be spawned (flying-squid's entity limit).
   */
  private dropItem(state: PlayerState, item: GameItem): boolean {
    if (this.itemEntityType < 0 || item.count <= 0) return false;
    const player = state.fs;
    const yaw = (state.yaw * Math.PI) / 180;
    const pitch = (state.pitch * Math.PI) / 180;
    // Blocks a tick (vanilla) times 20: flying-squid's velocities are blocks a second.
    const speed = 0.3 * 20;
    const velocity = new this.Vec3(-Math.sin(yaw) * Math.cos(pitch) * speed, -Math.sin(pitch) * speed + 0.1 * 20, Math.cos(yaw) * Math.cos(pitch) * speed);
    const at = new this.Vec3(player.position.x, player.position.y + 1.62 - 0.3, player.position.z);
    this.spawningItem = item;
    try {
      this.serv.spawnObject(this.itemEntityType, player.world, at, {
        velocity,
        itemId: item.type,
        itemCount: item.count,
        pickupTime: DROP_PICKUP_MS,
        deathTime: DROP_DESPAWN_MS,
      });
      return true;
    } catch (e) {
      this.log.warn(`${state.online.name} could not drop ${item.count} ${item.name}: ${String(e)}`);
      return false;
    } finally {
      this.spawningItem = undefined;
    }
  }

  /** The stack an item entity holds (flying-squid's own, from block drops, have an id and a count). */
  private itemOfEntity(entity: FsEntity): GameItem | null {
    const e = entity as ItemEntity;
    if (e.type !== 'object' || e.entityType !== this.itemEntityType) return null;
    if (!e.coreItem && typeof e.itemId === 'number') e.coreItem = this.items.plain(e.itemId, e.itemCount ?? 1) ?? undefined;
    return e.coreItem ?? null;
  }

  /**
   * flying-squid's entity tick asks the player by an item entity to take it: as much of the stack
   * as fits goes into the inventory, whole (flying-squid's own took one item and no components).
   */
  private pickUp(state: PlayerState, entity: FsObject): void {
    const player = state.fs;
    if (!state.joined || state.dead || player.disconnected || player.gameMode === 3) return;
    const item = this.itemOfEntity(entity);
    if (!item) return;
    const ops = this.items.ops;
    const taken = roomFor(this.storage(state), item, ops, STORAGE_ORDER);
    if (taken <= 0) return;
    this.writeStorage(state, placeItems(this.storage(state), [ops.withCount(item, taken)], ops, STORAGE_ORDER)!, true);
    const collect = P.collectItem(entity.id, player.id, taken);
    entity._writeOthersNearby(collect.name, collect.params);
    if (taken >= item.count) {
      entity.destroy();
    } else {
      const rest = ops.withCount(item, item.count - taken);
      (entity as ItemEntity).coreItem = rest;
      entity.itemCount = rest.count;
      const shown = P.itemEntityMetadata(entity.id, this.items.notch(rest));
      entity._writeOthersNearby(shown.name, shown.params);
    }
  }

  /**
   * Digging packets: Q (status 4, one item) and Ctrl+Q (status 3, the stack) outside any screen
   * drop from the held slot, done here like a Q in the inventory (flying-squid's spawned an entity
   * of the id alone, so a named stack came back plain and only one of a stack came back). Every
   * other status is flying-squid's.
   */
  private onBlockDig(state: PlayerState, data: { status: number }): void {
    if (data.status !== 3 && data.status !== 4) {
      for (const l of state.fsListeners.get('block_dig') ?? []) l(data);
      return;
    }
    const player = state.fs;
    if (!state.joined || state.dead || player.gameMode === 3) return;
    const slot = 36 + (player.heldItemSlot ?? 0);
    const held = player.inventory.slots[slot] ?? null;
    if (!held) return;
    const ops = this.items.ops;
    const n = data.status === 4 ? 1 : ops.count(held);
    const next = ops.count(held) > n ? ops.withCount(held, ops.count(held) - n) : null;
    if (!this.dropItem(state, ops.withCount(held, n))) {
      // Not dropped: the client, which took the items already, is told they are still there.
      player.inventory.updateSlot(slot, held);
      return;
    }
    // The client took them from its hotbar itself; the set_slot confirms the count.
    player.inventory.updateSlot(slot, next);
  }

  /**
   * The creative inventory sets slots directly (and drops with slot -1). Only a creative player
   * may (flying-squid let anyone, so a survival client could make items); otherwise the inventory
   * is sent again.
   */
  private onCreativeSlot(state: PlayerState, data: { slot: number; item: NotchItem }): void {
    const player = state.fs;
    if (!state.joined || player.gameMode !== 1) {
      this.sendInventory(state);
      return;
    }
    const item = data.item ? this.items.fromNotch(data.item) : null;
    if (Number.isInteger(data.slot) && data.slot >= 1 && data.slot <= 45) {
      if (item) item.slot = data.slot;
      player.inventory.slots[data.slot] = item;
      this.saveInventory(state);
    } else if (data.slot < 0 && item) {
      this.dropItem(state, item);
    }
  }

  // ---- saved inventories ---------------------------------------------------------------------

  /** At the join: the adapter's saved inventory replaces the empty one flying-squid left. */
  private restoreInventory(state: PlayerState): void {
    const inventory = state.fs.inventory;
    if (state.stored) {
      for (let slot = 0; slot < 46; slot++) inventory.slots[slot] = null;
      for (const [slot, notch] of state.stored.slots) {
        const item = this.items.fromNotch(notch);
        if (!item) {
          this.log.warn(`${state.online.name}'s saved slot ${slot} holds no item of the game (${JSON.stringify(notch).slice(0, 200)}); it is left empty`);
          continue;
        }
        item.slot = slot;
        inventory.slots[slot] = item;
      }
      state.stored = undefined;
      this.sendInventory(state);
    }
    state.inventoryReady = true;
    this.saveInventory(state);
  }

  /** The inventory file text of the player's inventory as it is when called. */
  private inventorySource(state: PlayerState): () => string {
    const inventory = state.fs.inventory;
    return () => {
      const slots: Array<{ slot: number; item: NotchItem }> = [];
      for (let slot = 0; slot < 46; slot++) {
        const item = inventory.slots[slot];
        if (item && item.count > 0) slots.push({ slot, item: this.items.notch(item) });
      }
      return inventoryFile(slots);
    };
  }

  /** Writes the player's inventory file if it changed (coalesced; see InventoryStore). */
  private saveInventory(state: PlayerState): void {
    if (!state.inventoryReady) return;
    void this.inventories.save(state.online.uuid, this.inventorySource(state));
  }

  private onCloseWindow(state: PlayerState, data: { windowId: number }): void {
    if (state.chest && data.windowId === state.chest.windowId) {
      this.finishChest(state, 'closed', false);
      return;
    }
    // The inventory screen closed: what the cursor holds goes back (the client put it back too).
    if (data.windowId === 0) this.returnCursor(state, true);
    for (const l of state.fsListeners.get('close_window') ?? []) l(data);
  }

  /**
   * Ends the player's chest window, if one is open: what the cursor holds goes back to the
   * inventory (or into the chest when the inventory is full, or first when the player is leaving,
   * as docs/kits-and-vaults.md says of vaults; dropped in the world when neither has room), and
   * onClose gets the contents.
   */
  private finishChest(state: PlayerState, reason: ChestCloseReason, tellClient: boolean): void {
    const session = state.chest;
    if (!session?.open) return;
    session.open = false;
    state.chest = undefined;
    if (tellClient) state.send(P.closeWindow(session.windowId));
    const carried = session.cursor;
    session.cursor = null;
    if (carried) {
      const ops = this.items.ops;
      const chestOrder = session.chest.map((_, i) => i);
      const intoInventory = () => {
        const next = placeItems(this.storage(state), [carried], ops, STORAGE_ORDER);
        if (next) this.writeStorage(state, next, reason !== 'quit');
        return next !== undefined;
      };
      const intoChest = () => {
        const next = placeItems(session.chest, [carried], ops, chestOrder);
        if (next) session.chest = next;
        return next !== undefined;
      };
      const placed = (reason === 'quit' ? intoChest() || intoInventory() : intoInventory() || intoChest()) || this.dropItem(state, carried);
      if (!placed) this.log.warn(`${state.online.name} held ${carried.count} ${carried.name} when a chest closed, with no room to put them back: they are lost`);
    }
    // The client's idea of its inventory may lag behind a window the server closed.
    if (tellClient) this.sendInventory(state);
    this.saveInventory(state);
    try {
      session.view.onClose?.(this.chestStacks(session), reason);
    } catch (e) {
      this.log.error('a chest window close handler failed', e);
    }
  }

  giveItems(uuid: string, stacks: readonly ItemStack[]): GiveOutcome {
    const s = this.get(uuid);
    if (!s) return { given: false, reason: 'offline' };
    const next = placeItems(this.storage(s), this.gameItems(stacks), this.items.ops, STORAGE_ORDER);
    if (!next) return { given: false, reason: 'no-room' };
    this.writeStorage(s, next, true);
    return { given: true };
  }

  canHold(uuid: string, stacks: readonly ItemStack[]): boolean {
    const s = this.get(uuid);
    return s !== undefined && placeItems(this.storage(s), this.gameItems(stacks), this.items.ops, STORAGE_ORDER) !== undefined;
  }

  inventory(uuid: string): Array<ItemStack | null> | undefined {
    const s = this.get(uuid);
    return s && this.storage(s).map((item) => (item ? this.items.toStack(item) : null));
  }

  openChest(uuid: string, view: ChestView): ChestHandle | undefined {
    const s = this.get(uuid);
    if (!s || s.dead) return undefined;
    this.finishChest(s, 'replaced', true);
    // The inventory screen, if open, gives way to the chest: its cursor goes back first.
    this.returnCursor(s, true);
    const rows = Math.min(6, Math.max(1, Math.trunc(view.rows)));
    const size = rows * 9;
    s.windowCounter = (s.windowCounter % 100) + 1;
    const session: ChestSession = {
      windowId: s.windowCounter,
      size,
      chest: Array.from({ length: size }, (_, i) => {
        const stack = view.items[i];
        return stack ? (this.items.toGame(stack) ?? null) : null;
      }),
      cursor: null,
      stateId: 0,
      drag: NO_DRAG,
      view,
      open: true,
    };
    s.chest = session;
    s.send(P.openWindow(session.windowId, P.chestMenuType(rows), textToNbt(view.title)));
    this.sendChest(s, session);
    return {
      close: () => {
        if (s.chest === session) this.finishChest(s, 'server', true);
      },
      get open() {
        return session.open;
      },
    };
  }

  // ---- events --------------------------------------------------------------------------------

  private emit<E extends PlatformEventName>(event: E, data: PlatformEvents[E]): void {
    for (const l of [...(this.listeners.get(event) ?? [])]) {
      try {
        (l as (d: PlatformEvents[E]) => void)(data);
      } catch (e) {
        this.log.error(`a ${event} listener failed`, e);
      }
    }
  }

  on<E extends PlatformEventName>(event: E, handler: (data: PlatformEvents[E]) => void): void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(handler as Listener);
  }

  off<E extends PlatformEventName>(event: E, handler: (data: PlatformEvents[E]) => void): void {
    this.listeners.get(event)?.delete(handler as Listener);
  }

  // ---- GamePlatform --------------------------------------------------------------------------

  onlinePlayers(): OnlinePlayer[] {
    return [...this.joined.values()].map((s) => s.online);
  }

  player(uuid: string): OnlinePlayer | undefined {
    return this.joined.get(dashed(uuid))?.online;
  }

  playerByName(name: string): OnlinePlayer | undefined {
    const n = name.toLowerCase();
    for (const s of this.joined.values()) if (s.online.name.toLowerCase() === n) return s.online;
    return undefined;
  }

  ping(uuid: string): number | undefined {
    return this.get(uuid)?.fs._client.latency;
  }

  private get(uuid: string): PlayerState | undefined {
    return this.joined.get(dashed(uuid));
  }

  location(uuid: string): Location | undefined {
    const s = this.get(uuid);
    return s && this.locationOf(s);
  }

  async teleport(uuid: string, to: Location): Promise<boolean> {
    const s = this.get(uuid);
    const world = this.worldList.find((w) => w.name === to.world);
    if (!s || !world || s.moving) return false;
    const player = s.fs;
    const at = new this.Vec3(to.x, to.y, to.z);
    s.relocated = true;
    if (player.world !== world.fs) {
      await this.moveToWorld(s, world, at, { yaw: to.yaw, pitch: to.pitch });
      return !player.disconnected;
    }
    s.yaw = to.yaw;
    s.pitch = to.pitch;
    player.yaw = P.degreesToByte(to.yaw);
    player.pitch = P.degreesToByte(to.pitch);
    // Others see the move (entity_teleport through the shim); chunks follow the 'move' event.
    await player.sendPosition(at, false, true);
    player.position = at;
    this.sendPosition(s, P.position(s.teleportId++, at.x, at.y, at.z, { yaw: to.yaw, pitch: to.pitch }));
    return true;
  }

  gameMode(uuid: string): GameMode | undefined {
    const s = this.get(uuid);
    return s && P.gameModeName(s.fs.gameMode);
  }

  setGameMode(uuid: string, mode: GameMode): boolean {
    const s = this.get(uuid);
    if (!s) return false;
    const id = P.GAME_MODE_IDS[mode];
    s.abilities = defaultAbilities(id, s.abilities);
    s.fs.setGameMode(id); // writes the game event and the tab list change, then sendAbilities
    return true;
  }

  vitals(uuid: string): Vitals | undefined {
    const s = this.get(uuid);
    return s && { health: s.fs.health, food: s.fs.food, saturation: s.fs.foodSaturation };
  }

  setHealth(uuid: string, health: number): boolean {
    const s = this.get(uuid);
    // A dead player is on the death screen until the client asks to respawn.
    if (!s || s.dead || !Number.isFinite(health)) return false;
    s.fs.updateHealth(Math.max(0, Math.min(20, health)));
    return true;
  }

  setFood(uuid: string, food: number, saturation?: number): boolean {
    const s = this.get(uuid);
    if (!s || !Number.isFinite(food)) return false;
    if (saturation !== undefined && Number.isFinite(saturation)) s.fs.foodSaturation = Math.max(0, Math.min(20, saturation));
    s.fs.updateFood(Math.max(0, Math.min(20, Math.round(food))));
    return true;
  }

  abilities(uuid: string): Abilities | undefined {
    const s = this.get(uuid);
    return s && { ...s.abilities };
  }

  setAbilities(uuid: string, change: Partial<Abilities>): boolean {
    const s = this.get(uuid);
    if (!s) return false;
    const next = { ...s.abilities };
    for (const key of ['allowFlight', 'flying', 'invulnerable'] as const) if (typeof change[key] === 'boolean') next[key] = change[key];
    for (const key of ['walkSpeed', 'flySpeed'] as const) {
      const v = change[key];
      if (typeof v === 'number' && Number.isFinite(v) && v >= 0) next[key] = v;
    }
    if (!next.allowFlight) next.flying = false;
    s.abilities = next;
    this.sendAbilities(s);
    return true;
  }

  kick(uuid: string, reason: Text): boolean {
    const s = this.get(uuid);
    if (!s) return false;
    this.kickState(s, reason);
    return true;
  }

  sendMessage(uuid: string, message: Text): boolean {
    const s = this.get(uuid);
    if (!s) return false;
    s.send(P.systemChat(textToNbt(message)));
    return true;
  }

  broadcast(message: Text): void {
    const packet = P.systemChat(textToNbt(message));
    for (const s of this.joined.values()) s.send(packet);
  }

  consoleMessage(message: Text): void {
    this.log.info(textToPlain(message));
  }

  worlds(): string[] {
    return this.worldList.map((w) => w.name);
  }

  spawnLocation(world?: string): Location {
    const w = this.worldList.find((e) => e.name === world) ?? this.worldList[0]!;
    return { world: w.name, x: w.spawn.x, y: w.spawn.y, z: w.spawn.z, yaw: 0, pitch: 0 };
  }

  setCommandHandler(handler: CommandHandler): void {
    this.handler = handler;
    for (const s of this.joined.values()) this.sendCommandTree(s);
  }

  refreshCommands(uuid: string): boolean {
    const s = this.get(uuid);
    if (!s) return false;
    this.sendCommandTree(s);
    return true;
  }

  setChatFilter(filter: ChatFilter | undefined): void {
    this.chatFilter = filter;
  }

  setLoginGate(gate: ((uuid: string, name: string, address: string) => Text | undefined) | undefined): void {
    this.loginGate = gate;
  }

  // ---- entities and skins (entities.ts, skins.ts, interact.ts) -------------------------------

  private viewerOf(s: PlayerState): EntityViewer {
    return { uuid: s.online.uuid, world: () => this.worldOf(s.fs.world).name, send: s.send };
  }

  private async respawnInPlace(s: PlayerState): Promise<void> {
    if (s.moving || s.dead || s.fs.disconnected) return;
    await this.moveToWorld(s, this.worldOf(s.fs.world), s.fs.position.clone(), { yaw: s.yaw, pitch: s.pitch });
  }

  spawnNpc(spec: NpcSpec): SpawnOutcome {
    return this.npcs.spawnNpc(spec);
  }
  spawnTextDisplay(spec: TextDisplaySpec): SpawnOutcome {
    return this.npcs.spawnTextDisplay(spec);
  }
  setTextLines(id: string, lines: readonly Text[]): EntityOutcome {
    return this.npcs.setTextLines(id, lines);
  }
  setNpcSkin(id: string, skin: Skin | undefined): EntityOutcome {
    return this.npcs.setNpcSkin(id, skin);
  }
  moveEntity(id: string, to: Location): EntityOutcome {
    return this.npcs.moveEntity(id, to);
  }
  setEntityVisible(id: string, viewer: string, visible: boolean): EntityOutcome {
    return this.npcs.setEntityVisible(id, viewer, visible);
  }
  removeEntity(id: string): boolean {
    return this.npcs.removeEntity(id);
  }
  spawnedEntity(id: string): SpawnedEntity | undefined {
    return this.npcs.spawnedEntity(id);
  }
  spawnedEntities(): SpawnedEntity[] {
    return this.npcs.spawnedEntities();
  }
  setSkin(uuid: string, skin: Skin | undefined): EntityOutcome {
    return this.skins.setSkin(uuid, skin);
  }
  skin(uuid: string): Skin | undefined {
    return this.skins.skin(uuid);
  }

  shutdown(reason: string): Promise<void> {
    this.stopping ??= this.stop(reason);
    return this.stopping;
  }

  private async stop(reason: string): Promise<void> {
    const serv = this.serv;
    const leaving = serv.players.concat([...this.states.keys()].filter((p) => !serv.players.includes(p)));
    const ended = leaving.map((p) => withTimeout(new Promise((r) => p._client.once('end', r)), 3000));
    for (const p of leaving) {
      const s = this.stateOf(p);
      if (s) this.kickState(s, reason);
      else p._client.end(reason);
    }
    await Promise.all(ended);
    if (this.inventoryTimer) clearInterval(this.inventoryTimer);
    // A player whose connection did not end in time is saved as they are.
    for (const s of this.joined.values()) this.saveInventory(s);
    // Each player's inventory file was asked for as they left; it is on disk before the stop ends.
    await this.inventories.flush();
    try {
      await withTimeout(serv.quit(reason), 5000);
    } catch (e) {
      this.log.warn(`closing the game listener: ${String(e)}`);
    }
    serv.stopTickInterval();
    for (const s of this.states.values()) for (const t of s.timers) clearInterval(t);
    for (const w of this.worldList) {
      try {
        await w.fs.waitSaving();
      } catch (e) {
        this.log.warn(`saving world ${w.name}: ${String(e)}`);
      }
      w.fs.stopSaving();
      await w.fs.storageProvider?.close?.();
    }
    this.log.info('Game server stopped.');
  }
}

