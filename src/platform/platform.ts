// The game server port: everything a live Minecraft server can do that the kernel and the modules
// may ask for. Modules never touch flying-squid or packets; only the adapter in ./flying-squid does.
// A fake of this interface for unit tests lives in test/support/fake-platform.ts.

import type { TickStats } from './tick-recorder.ts';
import type { EntityPort } from './entities.ts';
import type { DisplayPort } from './display.ts';
import type { VisibilityPort } from './visibility.ts';
import type { PlayerInventory, PlayerInventoryPort } from './player-inventory.ts';
import type { WorldPort } from './worlds.ts';
import type { PosePort, PoseEndCause } from './poses.ts';
import type { MobSpawnData, WorldEntityPort } from './world-entities.ts';

export const GAME_MODES = ['survival', 'creative', 'adventure', 'spectator'] as const;
export type GameMode = (typeof GAME_MODES)[number];

/** A point in a world. Angles in degrees, as the game shows them (yaw 0 faces south). */
export interface Location {
  world: string;
  x: number;
  y: number;
  z: number;
  yaw: number;
  pitch: number;
}

/** A player who is connected right now. `uuid` is dashed lower case. */
export interface OnlinePlayer {
  uuid: string;
  name: string;
  /** Remote address as seen by the server, without port. */
  address: string;
  /**
   * The language the client reports in its settings (`en_us`, `de_de`: lower case), which it may
   * change while online; undefined until it has reported one.
   */
  locale?: string;
}

/** A chat text component (the JSON form of the game's text). The adapter converts it to NBT. */
export interface TextComponent {
  text: string;
  color?: string;
  bold?: boolean;
  italic?: boolean;
  underlined?: boolean;
  clickEvent?: {
    action: 'copy_to_clipboard' | 'run_command' | 'suggest_command' | 'open_url';
    value: string;
  };
  hoverEvent?: { action: 'show_text'; contents: TextComponent | string };
  extra?: Array<TextComponent | string>;
}

/** A message: plain text (no colour codes are interpreted) or a component. */
export type Text = string | TextComponent;

export interface Vitals {
  /** 0 to 20, half-hearts. */
  health: number;
  /** 0 to 20. */
  food: number;
  saturation: number;
}

/** Flight and speed state. Speeds are multipliers of the vanilla default (1 = normal). */
export interface Abilities {
  allowFlight: boolean;
  flying: boolean;
  invulnerable: boolean;
  walkSpeed: number;
  flySpeed: number;
}

/**
 * An item stack as modules describe, store and pass back. `material` is a game material (item)
 * name of the hosted version, e.g. "bread"; `count` may exceed a stack (it is split on giving).
 */
export interface ItemStack {
  material: string;
  count: number;
  /** A custom name shown instead of the material's (plain text). */
  name?: string;
  /** Enchantments by name (e.g. "sharpness") with their level. */
  enchantments?: Record<string, number>;
  /**
   * The platform's complete form of a stack that came from the game (every component: damage,
   * contents, names, enchantments…). Opaque to modules and JSON-serialisable: a module stores it
   * and passes it back unchanged, so nothing of the item is lost; when present it wins over
   * `name` and `enchantments` (`count` still applies).
   */
  data?: unknown;
}

/** Why items were not given: nothing is given unless everything fits. */
export type GiveOutcome = { given: true } | { given: false; reason: 'offline' | 'no-room' };

/** Why a chest window closed. */
export type ChestCloseReason = 'closed' | 'replaced' | 'quit' | 'server';

/** A chest window the platform shows a player, with contents the caller keeps. */
export interface ChestView {
  title: Text;
  /** 1 to 6 rows of 9 slots. */
  rows: number;
  /** The contents, slot by slot (rows × 9 entries; null for an empty slot, missing ones are empty). */
  items: ReadonlyArray<ItemStack | null>;
  /** After each change the player makes to the chest's slots, with all of them. */
  onChange?(items: Array<ItemStack | null>): void;
  /**
   * Once, when the window closes: the player closed it, another window replaced it, the player
   * left, or the server closed it (ChestHandle.close). With the final contents.
   */
  onClose?(items: Array<ItemStack | null>, reason: ChestCloseReason): void;
  /**
   * Chest slots the player can neither take from nor put into (a window's frame and buttons): a
   * click that would change one changes nothing and the window is sent again.
   */
  locked?: readonly number[];
  /** After a plain click (left or right, no shift) on a locked slot, with its index. */
  onClick?(slot: number): void;
}

export interface ChestHandle {
  /** Closes the window on the player's screen (onClose follows with reason 'server'). */
  close(): void;
  /** Whether it is still open. */
  readonly open: boolean;
  /**
   * Replaces the chest's contents on the player's screen (what their cursor holds stays);
   * onChange is not called. Nothing happens once the window is closed.
   */
  setItems(items: ReadonlyArray<ItemStack | null>): void;
}

export interface PlatformEvents {
  /** The player has logged in and is in the world. */
  join: { player: OnlinePlayer };
  /** The player left (quit, kicked or timed out). */
  quit: {
    player: OnlinePlayer;
    reason: string;
    /**
     * What the player carried as they left (read just before they left: `playerInventory` no
     * longer answers during this event). Absent when the platform could not read it.
     */
    inventory?: PlayerInventory;
  };
  /** A chat message, after the platform has broadcast it (unless a `chatFilter` cancelled it). */
  chat: { player: OnlinePlayer; message: string };
  /** The player died. */
  death: { player: OnlinePlayer; location: Location };
  /** The player respawned after death. */
  respawn: { player: OnlinePlayer; location: Location };
  /**
   * The player moved to another block position or world (turning the head alone is not a move).
   * `cancel()` during the handler puts the player back at `from`.
   */
  move: Cancellable & { player: OnlinePlayer; from: Location; to: Location };
  /**
   * The player attacked or used (right-clicked) an entity: another player, or an entity the
   * platform spawned (its id as `spawnEntity`-style calls return it). `cancel()` stops the game's
   * own handling (an attack deals no damage).
   */
  interact: Cancellable & { player: OnlinePlayer; action: 'attack' | 'use'; target: InteractTarget };
  /** The player is about to take damage. `cancel()` prevents it. `attacker` when a player dealt it. */
  damage: Cancellable & { player: OnlinePlayer; amount: number; cause: DamageCause; attacker?: OnlinePlayer };
  /** The player used the item in a hand (right-click in the air or on a block). */
  itemUse: Cancellable & { player: OnlinePlayer; hand: 'main' | 'off'; item: ItemStack | null };
  /** The player broke a block. `cancel()` keeps the block (the client is told it is still there). */
  blockBreak: Cancellable & { player: OnlinePlayer; block: BlockAt };
  /** The player placed a block. `cancel()` removes it again (and the item stays in the hand). */
  blockPlace: Cancellable & { player: OnlinePlayer; block: BlockAt };
  /**
   * The player wrote on a sign (closed the sign editor): its four lines, plain text as typed
   * (formatting codes and control characters removed), and which side (`front`). Not cancelled,
   * the sign holds the text and everyone near sees it; `cancel()` leaves the sign as it was, for
   * the writer too. A malformed edit (not four lines, a line over 384 characters, a block that is
   * no sign or one the player did not open) fires no event and changes nothing.
   */
  signEdit: Cancellable & { player: OnlinePlayer; block: BlockAt; lines: string[]; front: boolean };
  /**
   * The platform ended a player's sitting or laying itself (see PosePort.setPose): the player
   * sneaked, or was teleported (by the platform's `teleport`, which stands them up first).
   */
  poseEnd: { player: OnlinePlayer; pose: 'sitting' | 'laying'; cause: PoseEndCause };
  /** A mob is about to appear (world-entities.ts). `cancel()` stops it: nobody sees it. */
  mobSpawn: Cancellable & MobSpawnData;
  /** A mob appeared (after a `mobSpawn` nobody cancelled), with its id as `worldEntities` lists it. */
  mobSpawned: MobSpawnData & { id: string };
}

/** An event a handler may cancel while it runs (calling `cancel()` later has no effect). */
export interface Cancellable {
  cancel(): void;
  /** Whether a handler has cancelled it so far. */
  readonly cancelled: boolean;
}

/** What an `interact` event was aimed at. */
export type InteractTarget = { kind: 'player'; player: OnlinePlayer } | { kind: 'entity'; id: string };

export type DamageCause = 'player' | 'command' | 'fall' | 'other';

/** A block in a world: its position and its material name (e.g. "stone"). */
export interface BlockAt {
  world: string;
  x: number;
  y: number;
  z: number;
  material: string;
}
export type PlatformEventName = keyof PlatformEvents;

/** Who issued a command: the console, or a player. */
export type CommandSender = { kind: 'console' } | { kind: 'player'; player: OnlinePlayer };

/**
 * The kernel's command framework plugs in here. The platform passes every command line (from a
 * player, or a console line) without its leading `/`, and asks for tab completions.
 */
export interface CommandHandler {
  execute(sender: CommandSender, line: string): Promise<void>;
  /** Completions for the last word of `line` (a partial command line, without `/`). */
  complete(sender: CommandSender, line: string): string[];
  /** The command names (and aliases) a sender may use, for the client's command tree. */
  names(sender: CommandSender): string[];
  /** `line` as a log may show it: the words after a command whose arguments may be secrets left out. */
  loggable?(line: string): string;
}

/** Where a player who died at `died` respawns; undefined: the default world's spawn. */
export type RespawnLocator = (player: OnlinePlayer, died: Location) => Location | undefined | Promise<Location | undefined>;

/** Decides whether a chat message is shown. Returning false cancels it (e.g. muted players). */
export type ChatFilter = (player: OnlinePlayer, message: string) => boolean;

export interface GamePlatform extends EntityPort, DisplayPort, VisibilityPort, PlayerInventoryPort, WorldPort, PosePort, WorldEntityPort {
  /** Game version, e.g. "1.21.4". */
  readonly gameVersion: string;
  /** The port the game listens on (resolved when 0 was asked for). */
  readonly port: number;

  onlinePlayers(): OnlinePlayer[];
  /** An online player by uuid (dashed lower case), or undefined. */
  player(uuid: string): OnlinePlayer | undefined;
  /** An online player by name, case-insensitive, or undefined. */
  playerByName(name: string): OnlinePlayer | undefined;
  /**
   * An online player's latency in milliseconds as the server measures it (the last keep-alive
   * round trip; 0 before the first), or undefined when offline. Their world is in `location`.
   */
  ping(uuid: string): number | undefined;

  location(uuid: string): Location | undefined;
  /**
   * The highest block of the column (x, z) of a loaded world that a player stands on (one with a
   * collision box: not air, grass or flowers) or floats in (water, lava), from the top of the world
   * down; undefined when the world is not loaded or the column is empty to the bottom.
   */
  highestBlock(world: string, x: number, z: number): Promise<BlockAt | undefined>;
  /** Moves an online player, across worlds if needed. False when the player or world is unknown. */
  teleport(uuid: string, to: Location): Promise<boolean>;

  gameMode(uuid: string): GameMode | undefined;
  setGameMode(uuid: string, mode: GameMode): boolean;

  vitals(uuid: string): Vitals | undefined;
  setHealth(uuid: string, health: number): boolean;
  setFood(uuid: string, food: number, saturation?: number): boolean;

  abilities(uuid: string): Abilities | undefined;
  /** Applies the given fields; the others stay. Invulnerable players take no damage. */
  setAbilities(uuid: string, change: Partial<Abilities>): boolean;

  kick(uuid: string, reason: Text): boolean;
  sendMessage(uuid: string, message: Text): boolean;
  broadcast(message: Text): void;
  /**
   * A line for the server console (standard output, and logs/latest.log unless `secret`: a line
   * that shows a secret is never written to a log file).
   */
  consoleMessage(message: Text, options?: { secret?: boolean }): void;
  /** The game loop's tick rate and intervals over the last `windowSeconds` (1 to 60; default 60). */
  tickStats(windowSeconds?: number): TickStats;
  /** Every tick interval (ms) recorded after `cursor` (0 at first), oldest first; returns the next cursor (TickRecorder.intervalsSince). */
  tickIntervalsSince(cursor: number, each: (ms: number) => void): number;

  /**
   * Puts items into an online player's inventory (main inventory and hotbar), merging into stacks
   * of the same kind first: all of them, or none when they do not fit.
   */
  giveItems(uuid: string, items: readonly ItemStack[]): GiveOutcome;
  /** Whether the items would fit into the player's inventory now (false when offline). */
  canHold(uuid: string, items: readonly ItemStack[]): boolean;
  /**
   * The 36 storage slots of an online player's inventory in the game's own order (0-8 hotbar,
   * 9-35 main inventory; null for empty), or undefined when offline.
   */
  inventory(uuid: string): Array<ItemStack | null> | undefined;
  /**
   * Opens a chest window to an online player (replacing a chest this platform showed them), or
   * undefined when they are offline. The player moves items between it and their inventory; the
   * view's callbacks report the chest's contents.
   */
  openChest(uuid: string, view: ChestView): ChestHandle | undefined;

  spawnLocation(world?: string): Location;
  /**
   * Decides where a player who died comes back: asked when they ask to respawn, with where they
   * died; a location in a loaded world puts them there, undefined (or a world that is not loaded)
   * puts them at the default world's spawn, as without a locator. The `respawn` event follows, with
   * where they came back. One locator at a time (the spawn module's); undefined removes it.
   */
  setRespawnLocator(locator: RespawnLocator | undefined): void;

  on<E extends PlatformEventName>(event: E, handler: (data: PlatformEvents[E]) => void): void;
  off<E extends PlatformEventName>(event: E, handler: (data: PlatformEvents[E]) => void): void;

  /** Installs the one command handler. Built-in commands of the game server are replaced by it. */
  setCommandHandler(handler: CommandHandler): void;
  /**
   * Sends the player their command tree again (the client completes command names from it): call
   * it when what the player may use changed, e.g. after a permission change. Optional because a
   * platform without a client-side tree has nothing to resend.
   */
  refreshCommands?(uuid: string): boolean;
  setChatFilter(filter: ChatFilter | undefined): void;
  /**
   * Refuses a join before the player enters the world, with a kick reason; undefined lets them in.
   * Used by bans. Called with the uuid and name the client logs in with.
   */
  setLoginGate(gate: ((uuid: string, name: string, address: string) => Text | undefined) | undefined): void;

  /** Kicks everyone with the reason, closes the game listener and stops all timers. */
  shutdown(reason: string): Promise<void>;
}
