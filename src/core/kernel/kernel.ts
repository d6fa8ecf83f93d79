// The kernel boots the essentials plugin: its own tables and services (players, audit,
// permissions, commands, the chat and login chains), then the modules switched on in
// data/core/modules.conf in dependency order, each with its own scope of the shared services (see
// module-scope.ts), and finally hands the command framework to the platform. What it builds is
// the CoreApi, the one object the Remote Access Service receives.

import type { CoreApi, KernelServices, ModuleServices } from './api.ts';
import { createPlaceholders } from '../text/placeholders.ts';
import { createMessages } from '../messages/messages.ts';
import { createAudit } from '../log/audit.ts';
import type { Clock } from './clock.ts';
import { createCommandRegistry, stopCommand } from '../commands/command-registry.ts';
import { helpCommand } from '../commands/help-command.ts';
import { tpsCommand } from '../commands/tps-command.ts';
import { permissionNodes } from '../commands/command-tree.ts';
import type { CommandRegistry } from '../commands/commands.ts';
import { migrate, renameMigrationRecords, type Database } from '../storage/db.ts';
import { createNetworkPresence } from '../network/network-presence.ts';
import { createNetworkSignals, scopedSignals, type NetworkSignals } from '../network/network-signals.ts';
import { catalogueOf, type EventCatalogue } from './event-catalogue.ts';
import type { EventBus } from './events.ts';
import type { Logger } from '../log/log.ts';
import type { ModuleContext, ModuleDefinition, OptionalServicesOf } from './module.ts';
import type { ConfigFiles } from '../config/config-reload.ts';
import { readStartupConfigs, type StartupConfigs } from '../config/config-startup.ts';
import type { AnyModule } from './module-switches.ts';
import { createPermissions, permCommand } from '../players/permissions.ts';
import { coreCommand } from '../config/reload-command.ts';
import { copyToPostgresCommand } from '../storage/copy-command.ts';
import { createPlayers } from '../players/players.ts';
import { installChains } from './chains.ts';
import { KERNEL_TABLES } from './kernel-tables.ts';
import { createModuleScope, type ModuleScope } from './module-scope.ts';
import type { Scheduler } from './scheduler.ts';
import type { GamePlatform } from '../../platform/platform.ts';

export { MODULES_FILE } from './module-switches.ts';

export interface KernelOptions {
  database: Database;
  platform: GamePlatform;
  events: EventBus;
  clock: Clock;
  /** Timers in the server; the test clock's in unit tests. */
  scheduler: Scheduler;
  log: Logger;
  /** The plugin's config folder (data/core). */
  configDir: string;
  version: string;
  /** Every known module; modules.conf decides which are on. */
  modules: readonly ModuleDefinition[];
  /** Called by the `stop` command. */
  onStop: () => void;
  /** This server's name in the network (network.conf's server-name); default `server`. */
  serverName?: string;
  /**
   * The config files, read and checked already (src/main.ts does it before any port opens);
   * without it the kernel reads them first thing (tests).
   */
  startup?: StartupConfigs;
}

export interface Kernel {
  api: CoreApi;
  /**
   * Every module the kernel was given, on or off, as declared: the add-on reads its route table and
   * event catalogue from these declarations.
   */
  modules: readonly ModuleDefinition[];
  commands: CommandRegistry;
  /** The config files `core reload` reads again, as the start-up check read them (rest.conf included in a server). */
  configs: ConfigFiles;
  /** The payload schema of every event of every known module (on or off). */
  catalogue: EventCatalogue;
  /** What this server tells, and hears from, the other servers sharing its PostgreSQL database. */
  signals: NetworkSignals;
  /** Stops the modules in reverse boot order and records the online players as seen. */
  stop(): Promise<void>;
}

export async function startKernel(options: KernelOptions): Promise<Kernel> {
  const { database, platform, events, clock, scheduler, log, configDir, version } = options;
  // Every config file first: a faulty one stops the start before anything is set up.
  const startup = options.startup ?? readStartupConfigs({ configDir, modules: options.modules, log });
  const { configs, order, defaultNodes } = startup;
  const on = startup.running;
  const catalogue = catalogueOf(options.modules);

  // The kernel's tables (./kernel-tables.ts), then each module's as it boots.
  for (const part of KERNEL_TABLES) await migrate(database, part.name, part.migrations);
  // Records of a module's migrations kept under the name it had before it was a module of its own
  // (teleport's, `core.teleport`) move to its name first, on or off, so that they are not run again.
  for (const m of options.modules) {
    if (m.migrationsFormerlyRecordedAs !== undefined) await renameMigrationRecords(database, m.migrationsFormerlyRecordedAs, m.name);
  }
  const signals = await createNetworkSignals({ database, serverName: options.serverName ?? 'server', log: log.child('network') });

  const presence = createNetworkPresence(database.db, options.serverName ?? 'server');
  // Rows this server left when it last stopped without cleaning (a crash): nobody is on it yet.
  await presence.clear();
  const players = createPlayers({ db: database.db, platform, clock, log: log.child('players'), presence });
  const audit = createAudit({ db: database.db, clock, lines: { log: log.child('audit'), nameOf: async (uuid) => (await players.get(uuid))?.name } });
  const chains = installChains(platform, log.child('chains'));
  const started: Array<{ module: AnyModule; service: unknown; scope: ModuleScope; heard: { dispose(): void } }> = [];

  let stopped = false;
  async function stop(): Promise<void> {
    if (stopped) return;
    stopped = true;
    for (const { module, service, scope, heard } of [...started].reverse()) {
      try {
        await module.stop?.(service);
      } catch (e) {
        log.error(`module "${module.name}" failed to stop`, e);
      }
      scope.dispose();
      heard.dispose();
    }
    chains.uninstall();
    await players.stop();
    await signals.close();
  }

  try {
    const permissions = await createPermissions({
      db: database.db,
      clock,
      log: log.child('permissions'),
      configDir,
      players,
      audit,
      defaultNodes,
      configs,
      signals,
    });
    const coreConfig = startup.core;
    const messages = createMessages({ platform, entries: startup.messages, overrides: startup.overrides, defaultLanguage: () => coreConfig().language });
    const commands = createCommandRegistry({ platform, permissions, log: log.child('commands'), messages });
    const placeholders = createPlaceholders({ platform, log: log.child('placeholders') });
    const shared = { platform, events, scheduler, chat: chains.chat, logins: chains.logins, commands, placeholders };
    commands.register(helpCommand(commands));
    commands.register(stopCommand(options.onStop));
    commands.register(tpsCommand(platform));
    commands.register(coreCommand({ configs, audit, log, more: [copyToPostgresCommand({ database, modules: options.modules, audit, log: log.child('copy') })] }));
    commands.register(
      permCommand({
        permissions,
        players,
        platform,
        knownNodes: () => permissionNodes(commands.list()),
      }),
    );

    // Module services are added below as each module starts; one switched off stays absent.
    const api = {
      version,
      players,
      permissions,
      audit,
      modulesOn: () => [...on],
      isModuleOn: (name: string) => on.has(name),
    } satisfies Omit<CoreApi, keyof ModuleServices> as unknown as CoreApi;
    const kernelServices: KernelServices = { players, permissions, audit, commands, placeholders, messages };
    /** Each started module's service as a module that declares it reaches it (its definition's `scoped`). */
    const lend = (name: string, scope: ModuleScope): unknown => {
      const lender = started.find((s) => s.module.name === name);
      if (!lender?.module.scoped) return lender?.service;
      return lender.module.scoped(lender.service, scope.track);
    };

    for (const module of order) {
      await migrate(database, module.name, module.migrations);
      const scope = createModuleScope(module.name, shared);
      const heard = scopedSignals(signals);
      const ctx: ModuleContext<string, string> = {
        ...kernelServices,
        db: database.db,
        dbKind: database.kind,
        signals: heard,
        events: scope.events,
        platform: scope.platform,
        clock,
        scheduler: scope.scheduler,
        chat: scope.chat,
        logins: scope.logins,
        commands: scope.commands,
        placeholders: scope.placeholders ?? placeholders,
        log: log.child(module.name),
        configDir,
        coreConfig,
        configs,
        api: moduleApi(module, api, (name) => lend(name, scope)),
        optional: optionalServices(module, on, (name) => lend(name, scope)),
      };
      let service: unknown;
      try {
        service = await module.createService(ctx);
      } catch (e) {
        scope.dispose();
        heard.dispose();
        throw e;
      }
      started.push({ module, service, scope, heard });
      (api as unknown as Record<string, unknown>)[module.name] = service;
      on.add(module.name);
      for (const command of module.commands?.(service, ctx) ?? []) commands.register(command);
    }

    platform.setCommandHandler(commands);
    log.info(`core ${version} started; modules on: ${order.length ? order.map((m) => m.name).join(', ') : 'none'}`);
    return { api, modules: options.modules, commands, configs, catalogue, signals, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/**
 * `ctx.api` of a module: the published API, with the services of the modules it names in
 * `dependsOn` as `lend` hands them to it (through their `scoped`, when they declare one).
 */
function moduleApi(module: AnyModule, api: CoreApi, lend: (name: string) => unknown): CoreApi {
  const services = api as unknown as Readonly<Record<string, unknown>>;
  const lent = new Map<string, unknown>();
  for (const name of module.dependsOn) {
    const service = lend(name);
    if (service !== services[name]) lent.set(name, service);
  }
  if (lent.size === 0) return api;
  return new Proxy(api, {
    get: (target, prop, receiver) => (typeof prop === 'string' && lent.has(prop) ? lent.get(prop) : Reflect.get(target, prop, receiver)),
  });
}

/**
 * `ctx.optional` of a module: a getter per module it names in `optionalDependsOn`, answering that
 * module's service (as `lend` hands it over, once) while it runs, undefined otherwise (switched
 * off, or not in the build).
 */
function optionalServices(module: AnyModule, running: ReadonlySet<string>, lend: (name: string) => unknown): OptionalServicesOf<string> {
  const optional: Record<string, unknown> = {};
  for (const name of module.optionalDependsOn ?? []) {
    let lent: { service: unknown } | undefined;
    const get = () => {
      if (!running.has(name)) return undefined;
      lent ??= { service: lend(name) };
      return lent.service;
    };
    Object.defineProperty(optional, name, { enumerable: true, get });
  }
  return optional as OptionalServicesOf<string>;
}
