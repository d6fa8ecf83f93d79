// data/core/permissions.conf: the permission groups. Written with a commented default on first
// start, never overwritten. A faulty file stops the start in one line naming the file, the line and
// the key (./config-startup.ts); at `core reload` a faulty file keeps the groups in force.

import { join } from 'node:path';
import { lineOfKey, parseConfigText, problemLine, readConfigFile } from './config-file.ts';
import type { ReloadableConfig } from './config-reload.ts';
import type { Logger } from './log.ts';

export const PERMISSIONS_FILE = 'permissions.conf';

const NODE = /^(\*|[a-z0-9_-]+(\.[a-z0-9_-]+)*(\.\*)?)$/;
const GROUP_NAME = /^[a-z0-9_-]+$/;

export function isNode(s: string): boolean {
  return NODE.test(s) && s.length <= 128;
}

export interface Group {
  nodes: string[];
  inherits: string[];
  /**
   * Only in `default`: modules' player nodes that players do not get. Every other player node of
   * every module is held by everyone, so a module added later works for players at once without
   * an edit of permissions.conf.
   */
  withhold: string[];
}
export type Groups = ReadonlyMap<string, Group>;

/** The text written on first start: the built-in groups, each explained. */
export function defaultPermissionsFile(defaultNodes: readonly string[]): string {
  const playerNodes = [...new Set(defaultNodes)].sort();
  const listed = playerNodes.length ? playerNodes.map((n) => `#   ${n}`).join('\n') : '#   (none)';
  return `# Permission groups of Core.
# Written on first start and never overwritten: edit it, then run core reload at the console (or
# restart the server).
#
# Each [groups.<name>] table has:
#   nodes    the permission nodes the group holds. A node ending in ".*" covers every node
#            below it ("core.home.*" covers "core.home.set"); "*" covers every node.
#   inherits the groups whose nodes this group also holds.
# Every player is in the group "default". Give a player another group, or a single node, with
#   perm grant <player> group.<name>      perm grant <player> <node>
# The console holds every node.

# Everyone. Every player holds the player nodes of the modules that are on (those of modules
# added later too); list one under "withhold" to take it from everyone. Today they are:
${listed}
# Add other harmless nodes under "nodes". Nobody should hold an admin node (such as
# core.rest.admin or core.perm) by default.
[groups.default]
inherits = []
nodes = []
withhold = []

# The rungs of the example ladder of ranks.conf (the ranks module gives a player the group of their
# rung): add what each rung unlocks.
[groups.regular]
inherits = ["default"]
nodes = []

[groups.veteran]
inherits = ["regular"]
nodes = []

# Staff: add the nodes of the commands your moderators need.
[groups.moderator]
inherits = ["default"]
nodes = []

# Administrators hold every node. Nobody is in this group until you grant it.
[groups.admin]
inherits = ["moderator"]
nodes = ["*"]
`;
}

/** The line of `[groups.<group>]` (or of `key` inside it), 1-based, when it can be found. */
function lineOf(text: string, group: string, key?: string): number | undefined {
  const lines = text.split(/\r?\n/);
  const esc = group.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
  const header = new RegExp(`^\\s*\\[\\s*groups\\s*\\.\\s*"?${esc}"?\\s*\\]`);
  const start = lines.findIndex((l) => header.test(l));
  if (start === -1) return undefined;
  if (key === undefined) return start + 1;
  for (let i = start + 1; i < lines.length; i++) {
    const l = lines[i]!;
    if (/^\s*\[/.test(l)) break;
    if (new RegExp(`^\\s*"?${key}"?\\s*=`).test(l)) return i + 1;
  }
  return start + 1;
}

/** A fault of the file: `key` is the dotted key at fault (`groups.vip.nodes`), `line` its line when known. */
class ConfigError extends Error {
  readonly line: number | undefined;
  readonly key: string | undefined;
  constructor(message: string, line: number | undefined, key?: string) {
    super(message);
    this.line = line;
    this.key = key;
  }
}

/** Reads and checks the groups of a permissions.conf text. Throws a ConfigError on the first fault. */
export function parsePermissionsFile(text: string): Map<string, Group> {
  const parsed = parseConfigText(PERMISSIONS_FILE, text);
  if (!parsed.ok) throw new ConfigError(parsed.problem, parsed.line, parsed.key);
  const doc = parsed.table;
  for (const key of Object.keys(doc)) {
    if (key !== 'groups') throw new ConfigError(`unknown key "${key}" (only [groups.<name>] tables belong here)`, lineOfKey(text, key), key);
  }
  const table = doc.groups;
  if (table === undefined || typeof table !== 'object' || Array.isArray(table) || table === null) {
    throw new ConfigError('there is no [groups.<name>] table', undefined, 'groups');
  }
  const groups = new Map<string, Group>();
  for (const [name, value] of Object.entries(table as Record<string, unknown>)) {
    if (!GROUP_NAME.test(name)) {
      throw new ConfigError(`group name "${name}" may hold only a-z, 0-9, _ and -`, lineOf(text, name), `groups.${name}`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new ConfigError(`group "${name}" must be a table ([groups.${name}])`, lineOf(text, name), `groups.${name}`);
    }
    const group: Group = { nodes: [], inherits: [], withhold: [] };
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      if (key === 'withhold' && name !== 'default') {
        throw new ConfigError(`"withhold" belongs only to the default group, not to "${name}"`, lineOf(text, name, key), `groups.${name}.${key}`);
      }
      if (key !== 'nodes' && key !== 'inherits' && key !== 'withhold') {
        throw new ConfigError(`group "${name}" has an unknown key "${key}" (expected nodes, inherits${name === 'default' ? ', withhold' : ''})`, lineOf(text, name, key), `groups.${name}.${key}`);
      }
      if (!Array.isArray(v) || !v.every((s) => typeof s === 'string')) {
        throw new ConfigError(`"${key}" of group "${name}" must be a list of strings`, lineOf(text, name, key), `groups.${name}.${key}`);
      }
      const list = (v as string[]).map((s) => s.trim().toLowerCase());
      if (key === 'nodes' || key === 'withhold') {
        const bad = list.find((s) => !isNode(s));
        if (bad !== undefined) throw new ConfigError(`"${bad}" in group "${name}" is not a permission node`, lineOf(text, name, key), `groups.${name}.${key}`);
        group[key] = list;
      } else {
        group.inherits = list;
      }
    }
    groups.set(name, group);
  }
  if (!groups.has('default')) throw new ConfigError('there is no [groups.default] table (the group every player is in)', undefined, 'groups.default');
  for (const [name, g] of groups) {
    for (const parent of g.inherits) {
      if (!groups.has(parent)) throw new ConfigError(`group "${name}" inherits "${parent}", which is not defined`, lineOf(text, name, 'inherits'), `groups.${name}.inherits`);
    }
  }
  // A cycle would make inheritance meaningless: refuse it rather than guess.
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]): void => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') {
      throw new ConfigError(`groups inherit in a circle: ${[...path, name].join(' -> ')}`, lineOf(text, name, 'inherits'), `groups.${name}.inherits`);
    }
    state.set(name, 'visiting');
    for (const p of groups.get(name)!.inherits) visit(p, [...path, name]);
    state.set(name, 'done');
  };
  for (const name of groups.keys()) visit(name, []);
  return groups;
}

/**
 * Reads and checks `configDir/permissions.conf` (written with the default first). A faulty file
 * throws an Error whose message is one line naming the file and the line.
 */
export function readPermissionsFile(configDir: string, defaultNodes: readonly string[], log: Logger): Map<string, Group> {
  const file = join(configDir, PERMISSIONS_FILE);
  const read = readConfigFile(file, defaultPermissionsFile(defaultNodes));
  if (read.created) log.info(`wrote the default permission groups to ${file}`);
  try {
    return parsePermissionsFile(read.text);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    throw new Error(problemLine(file, e.line, e.key, e.message));
  }
}

/** permissions.conf for `core reload`: every group applies at once. */
export function permissionsReloadable(configDir: string, defaultNodes: readonly string[], log: Logger): ReloadableConfig<Groups> {
  return {
    path: join(configDir, PERMISSIONS_FILE),
    read: () => readPermissionsFile(configDir, defaultNodes, log),
    keys: (groups) => new Map([...groups].map(([name, g]) => [`groups.${name}`, g])),
  };
}
