// The kernel boots the essentials plugin: its own tables and services (players, audit,
// permissions, commands, teleport, the chat and login chains), then the modules switched on in
// data/core/modules.conf in dependency order, each with its own scope of the shared services (see
// module-scope.ts), and finally hands the command framework to the platform. What it builds is
// the CoreApi, the one object the Remote Access Service receives.

import { join } from 'node:path';
import { lineOfKey, readConfigFile } from './config-file.ts';
import type { CoreApi, KernelServices, ModuleServices } from './api.ts';
import { createPlaceholders } from './placeholders.ts';
import { createAudit, AUDIT_MIGRATIONS } from './audit.ts';
import type { Clock } from './clock.ts';
import { createCommandRegistry, helpCommand, stopCommand } from './command-registry.ts';
import { tpsCommand } from './tps-command.ts';
import { permissionNodes } from './command-tree.ts';
import type { CommandRegistry } from './commands.ts';
import { migrate, type Database } from './db.ts';
import { createNetworkPresence, PRESENCE_MIGRATIONS } from './network-presence.ts';
import { createNetworkSignals, scopedSignals, type NetworkSignals } from './network-signals.ts';
import { catalogueOf, type EventCatalogue } from './event-catalogue.ts';
import type { EventBus } from './events.ts';
import type { Logger } from './log.ts';
import type { ModuleContext, ModuleDefinition } from './module.ts';
import { createConfigFiles, type ConfigFiles, type FileReload, type ReloadEntry } from './config-reload.ts';
import { createPermissions, permCommand, PERMISSIONS_MIGRATIONS } from './permissions.ts';
import { coreCommand } from './reload-command.ts';
import { copyToPostgresCommand } from './copy-command.ts';
import { createPlayers, PLAYERS_MIGRATIONS } from './players.ts';
import { installChains } from './chains.ts';
import { coreReloadable, startingCoreConfig } from './core-config.ts';
import { createModuleScope, type ModuleScope } from './module-scope.ts';
import type { Scheduler } from './scheduler.ts';
import { createTeleports, type Teleports } from './teleport.ts';
import { TELEPORT_PLAYER_NODES, teleportCommands } from './teleport.commands.ts';
import { TELEPORT_MIGRATIONS } from './teleport.store.ts';
import type { GamePlatform } from '../platform/platform.ts';
import { asClause, messageOf } from './sentence.ts';

export const MODULES_FILE = 'modules.conf';

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
}

export interface Kernel {
  api: CoreApi;
  commands: CommandRegistry;
  /** The config files `core reload` reads again; the add-on adds rest.conf. */
  configs: ConfigFiles;
  /** The payload schema of every event: the kernel's own and every known module's (on or off). */
  catalogue: EventCatalogue;
  /** What this server tells, and hears from, the other servers sharing its PostgreSQL database. */
  signals: NetworkSignals;
  /** Stops the modules in reverse boot order and records the online players as seen. */
  stop(): Promise<void>;
}

/** Names a module may not take: they are the kernel's own members of CoreApi. */
const RESERVED = new Set(['version', 'players', 'permissions', 'audit', 'commands', 'teleport', 'modulesOn', 'isModuleOn']);

// biome-ignore lint: any module's service.
type AnyModule = ModuleDefinition<any>;

/** The text of modules.conf written on first start: every known module with its default. */
export function defaultModulesFile(modules: readonly ModuleDefinition[]): string {
  const lines = [
    '# The modules of Core: true switches a module on, false switches it off.',
    '# Written on first start and never overwritten: edit it, then restart the server (core reload says what',
    '# a restart would change, and whether the next start would accept the file).',
    '# A module that another module needs must stay on while that one is on.',
    '',
  ];
  for (const m of modules) {
    const needs = m.dependsOn.length ? ` Needs: ${m.dependsOn.join(', ')}.` : '';
    lines.push(`# ${m.description ?? `The ${m.name} module.`}${needs}`);
    lines.push(`${m.name} = ${m.defaultOn ?? true}`);
  }
  return lines.join('\n') + '\n';
}

/** The switches a modules.conf table sets, and one line per faulty key (file, line, key). */
function checkModuleSwitches(file: string, table: Record<string, unknown>, text: string, modules: readonly ModuleDefinition[]) {
  const switches = new Map<string, boolean>(modules.map((m) => [m.name, m.defaultOn ?? true]));
  const problems: string[] = [];
  for (const [key, value] of Object.entries(table)) {
    const line = lineOfKey(text, key);
    const where = line === undefined ? `${file}, key "${key}"` : `${file}, line ${line}, key "${key}"`;
    if (!switches.has(key)) problems.push(`${where}: there is no module named "${key}"`);
    else if (typeof value !== 'boolean') problems.push(`${where}: the value must be true or false`);
    else switches.set(key, value);
  }
  return { switches, problems };
}

/**
 * Which modules are on: modules.conf (written with the defaults first), falling back to each
 * module's default. A faulty line is reported with the file and key, and ignored.
 */
export function readModuleSwitches(configDir: string, modules: readonly ModuleDefinition[], log: Logger): Map<string, boolean> {
  const file = join(configDir, MODULES_FILE);
  const read = readConfigFile(file, defaultModulesFile(modules));
  if (read.created) log.info(`wrote the module switches to ${file}`);
  if (!read.ok) {
    log.error(`${file}, line ${read.line}: ${asClause(read.problem)}. Every module keeps its default until the file is fixed.`);
    return new Map<string, boolean>(modules.map((m) => [m.name, m.defaultOn ?? true]));
  }
  const { switches, problems } = checkModuleSwitches(file, read.table, read.text, modules);
  for (const problem of problems) log.error(`${problem}; the line is ignored.`);
  return switches;
}

/**
 * modules.conf for `core reload`: a module switched on or off takes effect at the next start
 * (its tables, commands and routes are set up at boot), so every changed switch needs a restart.
 * Changes are told against the modules running now; a file the next start would refuse (a faulty
 * line, a module whose dependency is off) is reported as invalid.
 */
export function moduleSwitchesReload(configDir: string, modules: readonly ModuleDefinition[], running: () => ReadonlySet<string>): ReloadEntry {
  const path = join(configDir, MODULES_FILE);
  const invalid = (problem: string): FileReload => ({ file: MODULES_FILE, outcome: 'invalid', problem });
  return {
    path,
    reload() {
      const read = readConfigFile(path, defaultModulesFile(modules));
      if (!read.ok) return invalid(`${path}, line ${read.line}: ${read.problem}`);
      const { switches, problems } = checkModuleSwitches(path, read.table, read.text, modules);
      if (problems.length) return invalid(problems[0]!);
      try {
        bootOrder(modules, switches, path);
      } catch (e) {
        return invalid(`${path}: ${messageOf(e)}`);
      }
      const on = running();
      const restart = modules.filter((m) => switches.get(m.name) !== on.has(m.name)).map((m) => m.name).sort();
      return restart.length ? { file: MODULES_FILE, outcome: 'changed', applied: [], restart } : { file: MODULES_FILE, outcome: 'unchanged' };
    },
  };
}

/**
 * The modules switched on, each after the modules it depends on (otherwise in the given order).
 * Throws when a module needs one that is unknown or switched off, or when modules need each
 * other in a circle.
 */
export function bootOrder(modules: readonly ModuleDefinition[], switches: ReadonlyMap<string, boolean>, modulesFile: string): AnyModule[] {
  const byName = new Map<string, AnyModule>();
  for (const m of modules) {
    if (byName.has(m.name)) throw new Error(`two modules are named "${m.name}"`);
    if (RESERVED.has(m.name)) throw new Error(`a module may not be named "${m.name}": the kernel's service has that name`);
    byName.set(m.name, m);
  }
  const on = modules.filter((m) => switches.get(m.name) === true);
  for (const m of on) {
    for (const dep of m.dependsOn) {
      if (!byName.has(dep)) throw new Error(`module "${m.name}" needs "${dep}", which is not a known module`);
      if (switches.get(dep) !== true) throw new Error(`module "${m.name}" needs "${dep}", which is switched off in ${modulesFile}`);
    }
  }
  const order: AnyModule[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (m: AnyModule, path: string[]): void => {
    if (state.get(m.name) === 'done') return;
    if (state.get(m.name) === 'visiting') throw new Error(`modules need each other in a circle: ${[...path, m.name].join(' -> ')}`);
    state.set(m.name, 'visiting');
    for (const dep of m.dependsOn) visit(byName.get(dep)!, [...path, m.name]);
    state.set(m.name, 'done');
    order.push(m);
  };
  for (const m of on) visit(m, []);
  return order;
}

export async function startKernel(options: KernelOptions): Promise<Kernel> {
  const { database, platform, events, clock, scheduler, log, configDir, version } = options;
  const modulesFile = join(configDir, MODULES_FILE);

  const switches = readModuleSwitches(configDir, options.modules, log);
  const order = bootOrder(options.modules, switches, modulesFile);
  const catalogue = catalogueOf(options.modules);

  await migrate(database, 'core.players', PLAYERS_MIGRATIONS);
  await migrate(database, 'core.audit', AUDIT_MIGRATIONS);
  await migrate(database, 'core.permissions', PERMISSIONS_MIGRATIONS);
  await migrate(database, 'core.teleport', TELEPORT_MIGRATIONS);
  const signals = await createNetworkSignals({ database, serverName: options.serverName ?? 'server', log: log.child('network') });

  await migrate(database, 'core.presence', PRESENCE_MIGRATIONS);
  const presence = createNetworkPresence(database.db, options.serverName ?? 'server');
  // Rows this server left when it last stopped without cleaning (a crash): nobody is on it yet.
  await presence.clear();
  const players = createPlayers({ db: database.db, platform, clock, log: log.child('players'), presence });
  const audit = createAudit({ db: database.db, clock });
  const chains = installChains(platform, log.child('chains'));
  const started: Array<{ module: AnyModule; service: unknown; scope: ModuleScope; heard: { dispose(): void } }> = [];
  const configs = createConfigFiles();
  const on = new Set<string>();
  let kernelScope: ModuleScope | undefined;
  let teleports: Teleports | undefined;

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
    teleports?.stop();
    kernelScope?.dispose();
    chains.uninstall();
    await players.stop();
    await signals.close();
  }

  try {
    const defaultNodes = [...TELEPORT_PLAYER_NODES, ...options.modules.flatMap((m) => m.playerNodes ?? [])];
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
    configs.add(moduleSwitchesReload(configDir, options.modules, () => on));
    const coreConfig = configs.watch(coreReloadable(configDir), startingCoreConfig(configDir, log));
    const commands = createCommandRegistry({ platform, permissions, log: log.child('commands') });
    const placeholders = createPlaceholders({ platform, log: log.child('placeholders') });
    const shared = { platform, events, scheduler, chat: chains.chat, logins: chains.logins, commands, placeholders };
    kernelScope = createModuleScope('core', shared);
    const teleport = createTeleports({
      db: database.db,
      platform: kernelScope.platform,
      events,
      scheduler: kernelScope.scheduler,
      clock,
      log: log.child('teleport'),
      players,
      permissions,
      audit,
      warmupSeconds: () => coreConfig().teleportWarmupSeconds,
    });
    teleports = teleport;
    commands.register(helpCommand(commands));
    commands.register(stopCommand(options.onStop));
    commands.register(tpsCommand(platform));
    commands.register(coreCommand({ configs, audit, log, more: [copyToPostgresCommand({ database, modules: options.modules, audit, log: log.child('copy') })] }));
    for (const c of teleportCommands(teleport, { platform, players })) commands.register(c);
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
      teleport,
      modulesOn: () => [...on],
      isModuleOn: (name: string) => on.has(name),
    } satisfies Omit<CoreApi, keyof ModuleServices> as unknown as CoreApi;
    const kernelServices: KernelServices = { players, permissions, audit, commands, teleport, placeholders };

    for (const module of order) {
      await migrate(database, module.name, module.migrations);
      const scope = createModuleScope(module.name, { ...shared, teleport });
      const heard = scopedSignals(signals);
      const ctx: ModuleContext = {
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
        teleport: scope.teleport ?? teleport,
        placeholders: scope.placeholders ?? placeholders,
        log: log.child(module.name),
        configDir,
        configs,
        api,
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
    return { api, commands, configs, catalogue, signals, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
