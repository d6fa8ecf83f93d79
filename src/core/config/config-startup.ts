// The start-up check of the config files: every file of a start is read and checked here, before
// the server opens any port (src/main.ts runs it before the game server and the add-on start), so a
// faulty file stops the start in one line naming the file, the line and the key, and nothing has
// listened (docs/running-the-server.md, "Config files").
//
// The files, in the order `core reload` reads them again: permissions.conf, modules.conf,
// core.conf, the operator's messages (messages/<language>.conf, checked against every module's
// catalogue), then the files each module switched on reads in its `readConfigFiles`, in boot order,
// then the add-on's (`more`: rest.conf). Afterwards the registry is sealed: a module that loads a
// file there that it did not read here fails at boot with a message saying so, so a new file
// cannot skip the check.

import { coreReloadable, type CoreConfig } from './core-config.ts';
import { createConfigFiles, type ConfigFiles, type ReloadableConfig } from './config-reload.ts';
import type { Logger } from '../log/log.ts';
import { moduleSwitchesReload, readModuleSwitches, type AnyModule } from '../kernel/module-switches.ts';
import type { ConfigContext, ModuleDefinition } from '../kernel/module.ts';
import { permissionsReloadable, type Groups } from '../players/permissions.config.ts';
import type { CatalogueEntry } from '../messages/catalogue.ts';
import { gatherMessages } from '../messages/gather.ts';
import { overridesReloadable, type Overrides } from '../messages/overrides.ts';

export interface StartupConfigs {
  /** Every file read, for `core reload`; sealed. */
  configs: ConfigFiles;
  /** The modules modules.conf switches on, each after those it depends on. */
  order: AnyModule[];
  /** The modules running: the kernel adds each one it started (modules.conf's reload compares against them). */
  running: Set<string>;
  core: () => CoreConfig;
  permissions: () => Groups;
  /** The nodes every player holds unless permissions.conf withholds them: the modules' player nodes. */
  defaultNodes: readonly string[];
  /** Every message of the build (the kernel's and every known module's), by key. */
  messages: ReadonlyMap<string, CatalogueEntry>;
  /** The operator's messages in force (data/core/messages/). */
  overrides: () => Overrides;
}

export interface StartupConfigOptions {
  /** The plugin's config folder (data/core). */
  configDir: string;
  /** Every known module; modules.conf decides which are on. */
  modules: readonly ModuleDefinition[];
  log: Logger;
  /** Files of the add-ons, read after the plugin's (rest.conf). */
  more?: ReadonlyArray<ReloadableConfig<unknown>>;
}

/** Reads and checks every config file; the first faulty one throws an Error whose message is its one line. */
export function readStartupConfigs(o: StartupConfigOptions): StartupConfigs {
  const configs = createConfigFiles();
  const defaultNodes = [...o.modules.flatMap((m) => m.playerNodes ?? [])];
  const permissions = configs.load(permissionsReloadable(o.configDir, defaultNodes, o.log.child('permissions')));
  const order = readModuleSwitches(o.configDir, o.modules, o.log);
  const running = new Set<string>();
  configs.add(moduleSwitchesReload(o.configDir, o.modules, () => running));
  const core = configs.load(coreReloadable(o.configDir));
  const messages = gatherMessages(o.modules);
  const overrides = configs.load(overridesReloadable(o.configDir, () => messages));
  // The API as far as the files answer it, for a file checked against another module's.
  const api: Record<string, unknown> = { permissions: { groupNames: () => [...permissions().keys()] } };
  const ctx: ConfigContext<string> = { configDir: o.configDir, load: (spec) => configs.load(spec), api: api as unknown as ConfigContext<string>['api'] };
  for (const module of order) {
    const answers = module.readConfigFiles?.(ctx);
    if (answers) api[module.name] = answers;
  }
  for (const spec of o.more ?? []) configs.load(spec);
  configs.seal();
  return { configs, order, running, core, permissions, defaultNodes, messages, overrides };
}
