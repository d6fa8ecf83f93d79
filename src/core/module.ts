// Modules are folders. Each declares, in one `defineModule({...})` in its index.ts, its name, the
// modules it depends on, its config files, its migrations, a factory for its service (its part of
// the published API), its in-game commands, its route rows and the schemas of the events it emits;
// the kernel and the add-on take everything from the declarations (docs/architecture.md). The
// kernel boots the modules switched on in data/core/modules.conf, in dependency order; boot fails
// with a clear message when a module needs one that is missing or switched off.

import type { Clock } from './clock.ts';
import type { Db, DbKind, Migration } from './db.ts';
import type { EventBus, EventSchemas } from './events.ts';
import type { Logger } from './log.ts';
import type { GamePlatform } from '../platform/platform.ts';
import type { CoreApi, KernelServices } from './api.ts';
import type { CommandDefinition } from './commands.ts';
import type { ConfigFiles, ReloadableConfig } from './config-reload.ts';
import type { ChatFilters, LoginGates } from './chains.ts';
import type { Scheduler } from './scheduler.ts';
import type { NetworkSignals } from './network-signals.ts';
import type { RouteDefinition } from './routes.ts';

/**
 * What the composition root passes every module. No singletons. The platform, events, scheduler,
 * chat, logins and commands are the module's own scope of the shared ones: whatever the module
 * attaches through them (listeners, subscriptions, tasks, filters, gates, command checks) is
 * taken off when it stops.
 */
export interface ModuleContext extends KernelServices {
  db: Db;
  dbKind: DbKind;
  /** Signals to and from the other servers sharing the PostgreSQL database; `signals.serverName` is this server's name. */
  signals: NetworkSignals;
  events: EventBus;
  platform: GamePlatform;
  clock: Clock;
  /** Tasks for later (expiries, warm-ups, sweeps); cancelled when the module stops. */
  scheduler: Scheduler;
  /** The chat filter chain: a filter may cancel a message (a mute). */
  chat: ChatFilters;
  /** The login gate chain: a gate may refuse a join (a ban). */
  logins: LoginGates;
  log: Logger;
  /** The plugin's config folder (data/core): a module's config file lives here. */
  configDir: string;
  /**
   * Where a module gets its config file's settings (`configs.load` with the spec its
   * `readConfigFiles` read the file with), so that `core reload` can read it again; the service
   * reads the config through the getter it answers, at each use.
   */
  configs: ConfigFiles;
  /**
   * The published API, for reaching the services of the modules named in `dependsOn`. Read it
   * when a call happens, not in `createService` (later modules are not built yet then).
   */
  api: CoreApi;
}

/**
 * What a module reads its config files with in the start-up check (src/core/config-startup.ts),
 * before any service exists and before the server opens a port.
 */
export interface ConfigContext {
  /** The plugin's config folder (data/core). */
  configDir: string;
  /** Reads and checks a file (a fault throws, stopping the start) and keeps it for `core reload`. */
  load<T>(spec: ReloadableConfig<T>): () => T;
  /**
   * The published API as far as config files alone answer it: `permissions.groupNames()`, and what
   * the modules this one depends on returned from their `readConfigFiles` (economy: `currencies()`).
   * Nothing else answers yet.
   */
  api: CoreApi;
}

export interface ModuleDefinition<S = unknown> {
  name: string;
  dependsOn: readonly string[];
  migrations: readonly Migration[];
  /** One line for the comment above the module's switch in modules.conf. */
  description?: string;
  /** Whether the module is on when modules.conf does not name it (true when not given). */
  defaultOn?: boolean;
  /**
   * Harmless nodes every player should hold (e.g. `core.home.set`). They form the `default`
   * group of the permissions.conf written on first start; admin nodes never belong here.
   */
  playerNodes?: readonly string[];
  /**
   * The module's rows of the route table (its `<area>.routes.ts`), each naming this module (or null
   * for a row that answers while the module is off). The Remote Access Service serves and documents
   * the rows of every known module, on or off, in the order of the module list.
   */
  routes?: readonly RouteDefinition[];
  /**
   * The payload schemas of the events the module emits (its `<area>.events.ts`): the kernel
   * gathers them into the event catalogue, which the AsyncAPI document and the tests read.
   */
  events?: EventSchemas;
  /**
   * Reads the module's config files (`ctx.load(spec)` for each), in the start-up check. A module
   * with a config file must name it here: `configs.load` in `createService` answers only the files
   * read here (with the settings read here), and refuses any other, so that every faulty file stops
   * the start before a port opens. It may return the part of its service that the files alone
   * answer, for the modules that depend on it (economy's `currencies()` for kits.conf's prices).
   */
  readConfigFiles?(ctx: ConfigContext): Partial<S> | void;
  createService(ctx: ModuleContext): S | Promise<S>;
  commands?(service: S, ctx: ModuleContext): CommandDefinition[];
  /**
   * Called once at shutdown, before the database closes. What the module attached through its
   * context is taken off afterwards in any case.
   */
  stop?(service: S): void | Promise<void>;
}

export function defineModule<S>(definition: ModuleDefinition<S>): ModuleDefinition<S> {
  return definition;
}
