// data/core/command-gate.conf: which commands players may run. A server-wide default list, lists
// of permission groups and overrides of worlds, each a blacklist or a whitelist, and the node that
// lets a player past the gate. Written with comments on first start, never overwritten; `core
// reload` applies a change to the next command typed (and to the players' command trees).

import { join } from 'node:path';
import { configProblem, readConfigFile, type ConfigTable } from '../../core/config-file.ts';
import type { ReloadableConfig } from '../../core/config-reload.ts';
import { isNode } from '../../core/permissions.ts';

export const COMMAND_GATE_FILE = 'command-gate.conf';
export const DEFAULT_BYPASS_NODE = 'core.commandgate.bypass';

export type GateMode = 'blacklist' | 'whitelist';

/** One list: a blacklist blocks the commands named, a whitelist blocks every other. */
export interface GateList {
  mode: GateMode;
  /** Command names as written (lower case, without the slash); aliases are resolved when asked. */
  commands: string[];
}

export interface CommandGateConfig {
  bypassPermission: string;
  default: GateList;
  /** Lists of permission groups, in the order of the file: the first group a player is in decides. */
  groups: Array<{ group: string; list: GateList }>;
  /** Overrides by world name (the server's level names: world, world_nether, a managed world's folder). */
  worlds: Array<{ world: string; list: GateList }>;
}

export const COMMAND_GATE_CONF_DEFAULT = `# Core command gate: which commands players may run. The console is never gated.
# Every list has
#   mode      "blacklist": every command but those listed may be used;
#             "whitelist": only the commands listed may be used.
#   commands  command names without the slash, e.g. ["home", "tpa"]. An alias is the same
#             command: listing "h" blocks /home and every other alias of it too.
# Which list decides, for a player who runs a command:
#   1. a player holding the bypass permission may run everything;
#   2. else the override of the world the player is in, when there is one;
#   3. else the list of the player's permission group (the first [groups.<name>] of this file
#      that the player is in);
#   4. else the server-wide [default].
# The gate comes before the command's own permission: a command the gate lets through still needs
# its permission node.

# The permission node that lets a player past the gate entirely. The admin group ("*") holds it.
bypass-permission = "${DEFAULT_BYPASS_NODE}"

# The server-wide default, for every player whose world and groups have no list of their own.
[default]
mode = "blacklist"
commands = []

# A permission group's own list (a group of permissions.conf other than "default"), e.g.
# [groups.moderator]
# mode = "blacklist"
# commands = []

# A world's override, for everyone in that world whatever their group, e.g.
# [worlds.world_nether]
# mode = "blacklist"
# commands = ["home", "tpa"]
`;

const COMMAND = /^[a-z0-9_:-]+$/;
const NAME = /^[a-z0-9_-]+$/;
const WORLD = /^[A-Za-z0-9_.-]+$/;

type Problem = (key: string, what: string) => Error;

function isTable(v: unknown): v is ConfigTable {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

function readList(value: unknown, at: string, problem: Problem): GateList {
  if (!isTable(value)) throw problem(at, 'must be a table with mode and commands');
  for (const key of Object.keys(value)) {
    if (key !== 'mode' && key !== 'commands') throw problem(`${at}.${key}`, 'is not a key of this table (expected mode, commands)');
  }
  const mode = value.mode;
  if (mode !== 'blacklist' && mode !== 'whitelist') throw problem(`${at}.mode`, 'must be "blacklist" or "whitelist"');
  const raw = value.commands ?? [];
  if (!Array.isArray(raw) || !raw.every((c) => typeof c === 'string')) throw problem(`${at}.commands`, 'must be a list of command names, e.g. ["home", "tpa"]');
  const commands: string[] = [];
  for (const c of raw as string[]) {
    const name = c.trim().replace(/^\//, '').toLowerCase();
    if (!COMMAND.test(name)) throw problem(`${at}.commands`, `"${c}" is not a command name (one word of a-z, 0-9, _, : and -, without arguments)`);
    if (!commands.includes(name)) commands.push(name);
  }
  return { mode, commands };
}

/**
 * Reads and checks the file's text. `groupNames` are the groups permissions.conf defines: a list
 * for any other group is refused, since it could never apply.
 */
export function parseCommandGateConfig(path: string, text: string, table: ConfigTable, groupNames: readonly string[]): CommandGateConfig {
  const problem: Problem = (key, what) => new Error(configProblem(path, text, key, what));
  for (const key of Object.keys(table)) {
    if (!['bypass-permission', 'default', 'groups', 'worlds'].includes(key)) throw problem(key, 'is not a key of this file (expected bypass-permission, [default], [groups.<name>], [worlds.<name>])');
  }
  const bypass = table['bypass-permission'] ?? DEFAULT_BYPASS_NODE;
  if (typeof bypass !== 'string' || !isNode(bypass.trim().toLowerCase()) || bypass.includes('*')) {
    throw problem('bypass-permission', 'must be a permission node without wildcards, e.g. "core.commandgate.bypass"');
  }
  if (table.default === undefined) throw problem('default', 'is missing: the server-wide [default] table with mode and commands');
  const config: CommandGateConfig = { bypassPermission: bypass.trim().toLowerCase(), default: readList(table.default, 'default', problem), groups: [], worlds: [] };

  const groups = table.groups ?? {};
  if (!isTable(groups)) throw problem('groups', 'must hold [groups.<name>] tables');
  for (const [group, value] of Object.entries(groups)) {
    const at = `groups.${group}`;
    if (!NAME.test(group)) throw problem(at, 'a group name holds only a-z, 0-9, _ and -');
    if (group === 'default') throw problem(at, 'every player is in the group "default": write its list as the server-wide [default]');
    if (!groupNames.includes(group)) throw problem(at, `there is no group "${group}" in permissions.conf (groups: ${groupNames.filter((g) => g !== 'default').join(', ') || 'none'})`);
    config.groups.push({ group, list: readList(value, at, problem) });
  }

  const worlds = table.worlds ?? {};
  if (!isTable(worlds)) throw problem('worlds', 'must hold [worlds.<name>] tables');
  for (const [world, value] of Object.entries(worlds)) {
    const at = `worlds.${world}`;
    if (!WORLD.test(world)) throw problem(at, 'a world name holds only letters, digits, _, . and -');
    config.worlds.push({ world, list: readList(value, at, problem) });
  }
  return config;
}

/** Reads `configDir/command-gate.conf` (written with the default first); a problem throws one line naming file, line and key. */
export function loadCommandGateConfig(configDir: string, groupNames: readonly string[]): CommandGateConfig {
  const path = join(configDir, COMMAND_GATE_FILE);
  const read = readConfigFile(path, COMMAND_GATE_CONF_DEFAULT);
  if (!read.ok) throw new Error(read.message);
  return parseCommandGateConfig(path, read.text, read.table, groupNames);
}

export function commandGateReloadable(configDir: string, groupNames: () => readonly string[]): ReloadableConfig<CommandGateConfig> {
  return {
    path: join(configDir, COMMAND_GATE_FILE),
    read: () => loadCommandGateConfig(configDir, groupNames()),
    keys: (c) =>
      new Map<string, unknown>([
        ['bypass-permission', c.bypassPermission],
        ['default', c.default],
        ...c.groups.map((g): [string, unknown] => [`groups.${g.group}`, g.list]),
        ...c.worlds.map((w): [string, unknown] => [`worlds.${w.world}`, w.list]),
      ]),
  };
}
