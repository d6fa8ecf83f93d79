// data/core/command-gate.conf: which commands players may run. A server-wide default list, lists
// of permission groups and overrides of worlds, each a blacklist or a whitelist, and the node that
// lets a player past the gate. `core reload` applies a change to the next command typed (and to
// the players' command trees).

import { Type } from '@sinclair/typebox';
import { defineConfig, type ConfigCheck } from '../../core/config/config-define.ts';
import { lines, oneOf } from '../../core/config/config-schema.ts';
import { commandNames, permissionNode } from '../../core/config/config-values.ts';

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

const MISSING_DEFAULT = 'is missing: the server-wide [default] table with mode and commands';

/** A list; `required`: what a missing one is told (the server-wide [default] must be there). */
const list = (options: { required?: string; examples?: unknown[]; description?: string } = {}) => {
  const { required, ...rest } = options;
  return Type.Object(
    {
      mode: oneOf(['blacklist', 'whitelist']),
      commands: commandNames(/^[a-z0-9_:-]+$/, {
        default: [],
        errorMessage: 'must be a list of command names, e.g. ["home", "tpa"]',
        nameProblem: (c) => `"${c}" is not a command name (one word of a-z, 0-9, _, : and -, without arguments)`,
      }),
    },
    { ...rest, errorMessage: { type: 'must be a table with mode and commands', ...(required === undefined ? {} : { required }) } },
  );
};

export const commandGateConfig = defineConfig({
  file: COMMAND_GATE_FILE,
  header: lines(
    'Core command gate: which commands players may run. The console is never gated.',
    'Every list has',
    '  mode      "blacklist": every command but those listed may be used;',
    '            "whitelist": only the commands listed may be used.',
    '  commands  command names without the slash, e.g. ["home", "tpa"]. An alias is the same',
    '            command: listing "h" blocks /home and every other alias of it too.',
    'Which list decides, for a player who runs a command:',
    '  1. a player holding the bypass permission may run everything;',
    '  2. else the override of the world the player is in, when there is one;',
    "  3. else the list of the player's permission group (the first [groups.<name>] of this file",
    '     that the player is in);',
    '  4. else the server-wide [default].',
    "The gate comes before the command's own permission: a command the gate lets through still needs",
    'its permission node.',
  ),
  schema: Type.Object({
    'bypass-permission': permissionNode({
      default: DEFAULT_BYPASS_NODE,
      errorMessage: 'must be a permission node without wildcards, e.g. "core.commandgate.bypass"',
      description: 'The permission node that lets a player past the gate entirely. The admin group ("*") holds it.',
    }),
    default: list({
      required: MISSING_DEFAULT,
      examples: [{ mode: 'blacklist', commands: [] }],
      description: 'The server-wide default, for every player whose world and groups have no list of their own.',
    }),
    groups: Type.Record(Type.String({ pattern: '^[a-z0-9_-]+$' }), list(), {
      default: {},
      errorMessage: { type: 'must hold [groups.<name>] tables', propertyNames: 'a group name holds only a-z, 0-9, _ and -' },
      description: lines(
        'A permission group\'s own list (a group of permissions.conf other than "default"), e.g.',
        '[groups.moderator]',
        'mode = "blacklist"',
        'commands = []',
      ),
    }),
    worlds: Type.Record(Type.String({ pattern: '^[A-Za-z0-9_.-]+$' }), list(), {
      default: {},
      errorMessage: { type: 'must hold [worlds.<name>] tables', propertyNames: 'a world name holds only letters, digits, _, . and -' },
      description: lines(
        "A world's override, for everyone in that world whatever their group, e.g.",
        '[worlds.world_nether]',
        'mode = "blacklist"',
        'commands = ["home", "tpa"]',
      ),
    }),
  }),
  unknownKey: () => 'is not a key of this file (expected bypass-permission, [default], [groups.<name>], [worlds.<name>])',
  // A list for a group permissions.conf does not define could never apply: refused.
  decode(settings, at: ConfigCheck<readonly string[]>): CommandGateConfig {
    const groupNames = at.context;
    const groups = Object.entries(settings.groups).map(([group, list]) => {
      if (group === 'default') at.problem(`groups.${group}`, 'every player is in the group "default": write its list as the server-wide [default]');
      if (!groupNames.includes(group)) {
        at.problem(`groups.${group}`, `there is no group "${group}" in permissions.conf (groups: ${groupNames.filter((g) => g !== 'default').join(', ') || 'none'})`);
      }
      return { group, list };
    });
    return { bypassPermission: settings.bypassPermission, default: settings.default, groups, worlds: Object.entries(settings.worlds).map(([world, list]) => ({ world, list })) };
  },
});

/** command-gate.conf for `core reload`: a change applies to the next command typed (and to the players' command trees). */
export const commandGateReloadable = (configDir: string, groupNames: () => readonly string[]) => commandGateConfig.reloadable(configDir, groupNames);
