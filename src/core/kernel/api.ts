// CoreApi: the in-process published API, the one object the Remote Access Service receives.
// The kernel's services are always there; each module adds its service under its name by
// augmenting ModuleServices from its own folder:
//   declare module '../../core/kernel/api.ts' { interface ModuleServices { economy: EconomyService } }
// A module that is switched off is absent at run time; the add-on checks `isModuleOn` first. A
// module sees only its part of this object (`ModuleApi` in ./module.ts): the kernel's services and
// the modules it declares.

import type { Actor } from './actor.ts';
import type { DbHandle } from '../storage/db.ts';
import type { Placeholders } from '../text/placeholders.ts';
import type { Messages } from '../messages/messages.ts';
import type { CommandChecks, CommandRegistry } from '../commands/commands.ts';
import type { KnownPlayerAnswer, OnlinePlayerList } from '../players/players.schemas.ts';
import type { Result } from './result.ts';

export interface KnownPlayer {
  uuid: string;
  name: string;
  /** ISO-8601 instants. */
  firstSeen: string;
  lastSeen: string;
  online: boolean;
}

export interface PlayersService {
  /** A player the server has seen, by uuid (any case, dashed or not). */
  get(uuid: string): Promise<KnownPlayer | undefined>;
  /** A player the server has seen, by name (case-insensitive; the most recent holder of the name). */
  byName(name: string): Promise<KnownPlayer | undefined>;
  /**
   * The player a command argument names: an online player's name first, then a uuid (any form),
   * then a known player's name.
   */
  find(nameOrUuid: string): Promise<KnownPlayer | undefined>;
  isOnline(uuid: string): boolean;
  /**
   * Whether the player's time online now is their first on the server (in a network, on any of its
   * servers): their join made their record. Waits for the join to be written; false once they left.
   */
  firstJoin(uuid: string): Promise<boolean>;
  /** The server of the network the player is on now (network.conf's server-name), or null when offline. */
  serverOf(uuid: string): Promise<string | null>;
  /** Everyone online now, with their world, ping and join time, by name whatever the case. */
  listOnline(): Result<OnlinePlayerList>;
  /**
   * The known player who holds a name (whatever the case), the one seen last when several did;
   * not-found for a name never seen. A name that is not a Minecraft name is refused (field `name`).
   */
  lookupName(name: string): Promise<Result<KnownPlayerAnswer>>;
}

export interface AuditEntry {
  id: number;
  /** `console`, a player's name, or `core-rest/<label>`. */
  actor: string;
  action: string;
  /** The player the action was done to, when there is one. */
  target: string | null;
  details: Record<string, unknown>;
  at: string;
}

export interface AuditService {
  /**
   * Records an entry. With `within` (a transaction of the core database) the entry is written in
   * it, so it commits with the change it records, or not at all.
   */
  record(entry: { actor: Actor; action: string; target: string | null; details?: Record<string, unknown> }, within?: DbHandle): Promise<void>;
  /** The actions whose target is that player, newest first; declined writes (`….declined`) are left out. */
  history(target: string, limit: number): Promise<AuditEntry[]>;
}

export interface PermissionsService {
  /** Whether the actor holds the node; the console holds all; a REST actor holds none. */
  has(actor: Actor, node: string): boolean;
  /** Whether an online or known player holds the node (directly, through a group, or a wildcard). */
  playerHas(uuid: string, node: string): boolean;
  /** Grants a node or a group (`group.<name>`) to a player, at once and durably. */
  grant(uuid: string, nodeOrGroup: string, actor: Actor): Promise<Result<{ node: string }>>;
  revoke(uuid: string, nodeOrGroup: string, actor: Actor): Promise<Result<{ node: string }>>;
  /** The groups a player is in, in the order they were given ('default' first). */
  groupsOf(uuid: string): string[];
  /** Every group permissions.conf defines ('default' included). */
  groupNames(): string[];
  /** The highest number `prefix.<n>` the player holds (e.g. `core.homes.limit.5`), or undefined. */
  numeric(uuid: string, prefix: string): number | undefined;
}

export interface KernelServices {
  players: PlayersService;
  permissions: PermissionsService;
  audit: AuditService;
  /**
   * Where commands are registered, and the checks asked before any command runs; `execute` runs a
   * command line as a sender, exactly as if they had typed it (checks and permissions included).
   */
  commands: CommandRegistry & CommandChecks;
  /** `{name}` tokens in text shown to players; a module registers its own (removed when it stops). */
  placeholders: Placeholders;
  /** The messages of the catalogues, written to each reader in their language (src/core/messages/). */
  messages: Messages;
}

// biome-ignore lint: augmented by each module.
export interface ModuleServices {}

/** A module's name, as its folder adds it to ModuleServices. */
export type ModuleName = keyof ModuleServices;

export interface CoreApi extends ModuleServices {
  readonly version: string;
  readonly players: PlayersService;
  readonly permissions: PermissionsService;
  readonly audit: AuditService;
  modulesOn(): string[];
  isModuleOn(name: string): boolean;
}

/** The kernel's part of the published API: there whatever modules are on. */
export type KernelApi = Omit<CoreApi, ModuleName>;
