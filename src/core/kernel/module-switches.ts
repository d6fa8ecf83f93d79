// data/core/modules.conf: which modules are on. Written with every known module and its default on
// first start, never overwritten. A faulty file (not TOML, an unknown module, a value that is not a
// boolean, a module on whose dependency is off) stops the start like every config file, in one
// line naming the file, the line and the key; at `core reload` it is reported and changes nothing
// (a switch applies at the next start anyway).

import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { defineConfig } from '../config/config-define.ts';
import type { FileReload, ReloadEntry } from '../config/config-reload.ts';
import { camelKey, lines } from '../config/config-schema.ts';
import type { Logger } from '../log/log.ts';
import type { ModuleDefinition } from './module.ts';
import { messageOf } from '../text/sentence.ts';

export const MODULES_FILE = 'modules.conf';

/** Names a module may not take: they are the kernel's own members of CoreApi. */
const RESERVED = new Set(['version', 'players', 'permissions', 'audit', 'commands', 'modulesOn', 'isModuleOn']);

// biome-ignore lint: any module's service.
export type AnyModule = ModuleDefinition<any>;

const HEADER = lines(
  'The modules of Core: true switches a module on, false switches it off.',
  'Written on first start and never overwritten: edit it, then restart the server (core reload says what',
  'a restart would change, and whether the next start would accept the file).',
  'A module that another module needs must stay on while that one is on.',
);

/** modules.conf for these modules: a switch per module, under the module's description. */
function switchesFile(modules: readonly ModuleDefinition[]) {
  const switches = modules.map((m) => {
    const needs = m.dependsOn.length ? ` Needs: ${m.dependsOn.join(', ')}.` : '';
    return [m.name, Type.Boolean({ default: m.defaultOn ?? true, description: `${m.description ?? `The ${m.name} module.`}${needs}` })] as const;
  });
  return defineConfig({
    file: MODULES_FILE,
    header: HEADER,
    layout: 'compact',
    schema: Type.Object(Object.fromEntries(switches)),
    unknownKey: (key) => `there is no module named "${key}" (the modules are ${modules.map((m) => m.name).join(', ')})`,
    decode(settings, at) {
      const on = new Map(modules.map((m) => [m.name, (settings as Record<string, boolean>)[camelKey(m.name)] === true]));
      // A module on that needs one switched off: the line to change is the one switching it off.
      for (const m of modules) {
        const off = on.get(m.name) ? m.dependsOn.find((dep) => on.get(dep) === false) : undefined;
        if (off !== undefined) at.problem(off, `module "${m.name}" needs "${off}", which is switched off (switch ${m.name} off too, or ${off} on)`);
      }
      return on;
    },
  });
}

/** The text of modules.conf written on first start: every known module with its default. */
export function defaultModulesFile(modules: readonly ModuleDefinition[]): string {
  return switchesFile(modules).defaultText();
}

/**
 * The modules switched on by modules.conf (written with the defaults first), each after the
 * modules it depends on. Throws an Error whose message is the one line naming the file, the line
 * and the key of the first fault.
 */
export function readModuleSwitches(configDir: string, modules: readonly ModuleDefinition[], log?: Logger): AnyModule[] {
  const { config: switches, written } = switchesFile(modules).read(configDir);
  if (written) log?.info(`wrote the module switches to ${join(configDir, MODULES_FILE)}`);
  try {
    return bootOrder(modules, switches, MODULES_FILE);
  } catch (e) {
    throw new Error(`${join(configDir, MODULES_FILE)}: ${messageOf(e)}`);
  }
}

/**
 * modules.conf for `core reload`: a module switched on or off takes effect at the next start
 * (its tables, commands and routes are set up at boot), so every changed switch needs a restart.
 * Changes are told against the modules running now; a file the next start would refuse is
 * reported as invalid.
 */
export function moduleSwitchesReload(configDir: string, modules: readonly ModuleDefinition[], running: () => ReadonlySet<string>): ReloadEntry {
  const path = join(configDir, MODULES_FILE);
  return {
    path,
    reload(): FileReload {
      let order: AnyModule[];
      try {
        order = readModuleSwitches(configDir, modules);
      } catch (e) {
        return { file: MODULES_FILE, outcome: 'invalid', problem: messageOf(e) };
      }
      const next = new Set(order.map((m) => m.name));
      const on = running();
      const restart = modules.filter((m) => next.has(m.name) !== on.has(m.name)).map((m) => m.name).sort();
      return restart.length ? { file: MODULES_FILE, outcome: 'changed', applied: [], restart } : { file: MODULES_FILE, outcome: 'unchanged' };
    },
  };
}

/**
 * The modules switched on, each after the modules it depends on and the optional ones that are on
 * (otherwise in the given order).
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
    // An optional one boots first when it is on; off or not in the build, it is simply not there.
    for (const dep of m.optionalDependsOn ?? []) {
      const other = byName.get(dep);
      if (other && switches.get(dep) === true) visit(other, [...path, m.name]);
    }
    state.set(m.name, 'done');
    order.push(m);
  };
  for (const m of on) visit(m, []);
  return order;
}
