// Modules are folders. Each declares, in one `defineModule({...})` in its index.ts, its name, the
// modules it depends on, its config files, its migrations, a factory for its service (its part of
// the published API), its in-game commands, its route rows, the schemas of the events it emits and
// the catalogue of the messages its players read;
// the kernel and the add-on take everything from the declarations (docs/architecture.md). The
// kernel boots the modules switched on in data/core/modules.conf, in dependency order; boot fails
// with a clear message when a module needs one that is missing or switched off.

import type { Clock } from './clock.ts';
import type { Db, DbKind, Migration } from '../storage/db.ts';
import type { EventBus, EventSchemas } from './events.ts';
import type { Logger } from '../log/log.ts';
import type { GamePlatform } from '../../platform/platform.ts';
import type { KernelApi, KernelServices, ModuleName, ModuleServices, PermissionsService } from './api.ts';
import type { CommandDefinition } from '../commands/commands.ts';
import type { ConfigFiles, ReloadableConfig } from '../config/config-reload.ts';
import type { ChatFilters, LoginGates } from './chains.ts';
import type { Scheduler } from './scheduler.ts';
import type { NetworkSignals } from '../network/network-signals.ts';
import type { CoreConfig } from '../config/core-config.ts';
import type { Track } from './module-scope.ts';
import type { RouteDefinition } from './routes.ts';
import type { CatalogueData } from '../messages/gather.ts';

/**
 * The services of the named modules, as they augment ModuleServices (a name no module gives, as a
 * test's module may have, brings nothing).
 */
export type ServicesOf<D extends string> = { readonly [K in D & ModuleName]: ModuleServices[K] };

/** The services of the modules named in `optionalDependsOn`: each is undefined while its module is off (or absent). */
export type OptionalServicesOf<O extends string> = { readonly [K in O & ModuleName]: ModuleServices[K] | undefined };

/**
 * The published API as a module sees it: the kernel's services, and the services of the modules it
 * names in `dependsOn`, nothing else. A module reaches another only by declaring it, so the type
 * checker refuses `ctx.api.<other>` for a module not declared (and test/architecture.test.ts checks
 * the source the same way). Which modules are on is not a module's business: an optional one is
 * reached through `ctx.optional`.
 */
export type ModuleApi<D extends string = never> = Omit<KernelApi, 'modulesOn' | 'isModuleOn'> & ServicesOf<D>;

/**
 * What the composition root passes every module. No singletons. The platform, events, scheduler,
 * chat, logins and commands are the module's own scope of the shared ones: whatever the module
 * attaches through them (listeners, subscriptions, tasks, filters, gates, command checks) is
 * taken off when it stops. `D` and `O` are the modules it declares in `dependsOn` and
 * `optionalDependsOn`.
 */
export interface ModuleContext<D extends string = never, O extends string = never> extends KernelServices {
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
   * The settings of core.conf, the kernel's file (`teleport-warmup-seconds`), read at each use:
   * `core reload` may change them.
   */
  coreConfig: () => CoreConfig;
  /**
   * Where a module gets its config file's settings (`configs.load` with the spec its
   * `readConfigFiles` read the file with), so that `core reload` can read it again; the service
   * reads the config through the getter it answers, at each use.
   */
  configs: ConfigFiles;
  /**
   * The published API: the kernel's services and those of the modules named in `dependsOn` (booted
   * before this one, so always there).
   */
  api: ModuleApi<D>;
  /**
   * The services of the modules named in `optionalDependsOn`, each read at each use: the service
   * while that module is on, undefined while it is off or absent from the build. One that is on
   * boots before this module.
   */
  optional: OptionalServicesOf<O>;
}

/**
 * What a module reads its config files with in the start-up check (src/core/config/config-startup.ts),
 * before any service exists and before the server opens a port.
 */
export interface ConfigContext<D extends string = never> {
  /** The plugin's config folder (data/core). */
  configDir: string;
  /** Reads and checks a file (a fault throws, stopping the start) and keeps it for `core reload`. */
  load<T>(spec: ReloadableConfig<T>): () => T;
  /**
   * The published API as far as config files alone answer it: `permissions.groupNames()`, and what
   * the modules this one depends on returned from their `readConfigFiles` (economy: `currencies()`).
   * Nothing else answers yet.
   */
  api: { readonly permissions: Pick<PermissionsService, 'groupNames'> } & ServicesOf<D>;
}

/**
 * A module, declared once (`defineModule`) in its folder's index.ts. `S` is its service, `D` and `O`
 * the modules it names in `dependsOn` and `optionalDependsOn`; a list of any modules is
 * `readonly ModuleDefinition[]`.
 */
export interface ModuleDefinition<S = unknown, D extends string = string, O extends string = string> {
  name: string;
  /** The modules this one needs: each must be on while this one is (boot stops otherwise), and boots first. */
  dependsOn: readonly D[];
  /**
   * The modules this one uses when they are on (`ctx.optional.<name>`, undefined while off): each
   * that is on boots first; none has to be on, or even in the build.
   */
  optionalDependsOn?: readonly O[];
  migrations: readonly Migration[];
  /**
   * The name core_migrations recorded this module's migrations under before it was a module of its
   * own (teleport's were the kernel's, `core.teleport`): at start the kernel moves those records to
   * the module's name before any module migrates (`renameMigrationRecords`, src/core/storage/db.ts), so
   * that an upgraded server does not run them again.
   */
  migrationsFormerlyRecordedAs?: string;
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
   * The messages its players read (its `<area>.messages.ts`, `defineMessages`): keys starting with
   * the module's name, English and every shipped translation. The kernel gathers every module's
   * catalogue, on or off: override files are checked against them, and each message is written in
   * its reader's language (docs/messages.md).
   */
  messages?: CatalogueData;
  /**
   * Reads the module's config files (`ctx.load(spec)` for each), in the start-up check. A module
   * with a config file must name it here: `configs.load` in `createService` answers only the files
   * read here (with the settings read here), and refuses any other, so that every faulty file stops
   * the start before a port opens. It may return the part of its service that the files alone
   * answer, for the modules that depend on it (economy's `currencies()` for kits.conf's prices).
   */
  readConfigFiles?(ctx: ConfigContext<D>): Partial<NoInfer<S>> | void;
  createService(ctx: ModuleContext<D, O>): S | Promise<S>;
  /**
   * The service as a module that declares this one reaches it (`ctx.api.<name>`,
   * `ctx.optional.<name>`), given that module's `track`: what that module attaches through it (a
   * teleport gate) is taken off when that module stops, as what it attaches through its own context
   * is. Without it, every module reaches the service itself.
   */
  scoped?(service: NoInfer<S>, track: Track): NoInfer<S>;
  commands?(service: NoInfer<S>, ctx: ModuleContext<D, O>): CommandDefinition[];
  /**
   * Called once at shutdown, before the database closes. What the module attached through its
   * context is taken off afterwards in any case.
   */
  stop?(service: NoInfer<S>): void | Promise<void>;
}

/**
 * Declares a module. The service type comes from `createService`, the declared modules from
 * `dependsOn` and `optionalDependsOn` (an optional one must be a module of the build: a misspelt
 * name fails the type check); they type `ctx.api` and `ctx.optional`.
 */
export function defineModule<S, const D extends string = never, const O extends ModuleName = never>(
  definition: ModuleDefinition<S, D, O>,
): ModuleDefinition<S, D, O> {
  return definition;
}
