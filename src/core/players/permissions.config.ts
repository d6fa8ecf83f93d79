// data/core/permissions.conf: the permission groups. Written with a commented default on first
// start, never overwritten. A faulty file stops the start in one line naming the file, the line and
// the key (../config/config-startup.ts); at `core reload` a faulty file keeps the groups in force.

import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { defineConfig } from '../config/config-define.ts';
import type { ReloadableConfig } from '../config/config-reload.ts';
import { lines } from '../config/config-schema.ts';
import type { Logger } from '../log/log.ts';

export const PERMISSIONS_FILE = 'permissions.conf';

const NODE = /^(\*|[a-z0-9_-]+(\.[a-z0-9_-]+)*(\.\*)?)$/;
const GROUP_NAME = '^[a-z0-9_-]+$';

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

const HEADER = lines(
  'Permission groups of Core.',
  'Written on first start and never overwritten: edit it, then run core reload at the console (or',
  'restart the server).',
  '',
  'Each [groups.<name>] table has:',
  '  nodes    the permission nodes the group holds. A node ending in ".*" covers every node',
  '           below it ("core.home.*" covers "core.home.set"); "*" covers every node.',
  '  inherits the groups whose nodes this group also holds.',
  'Every player is in the group "default". Give a player another group, or a single node, with',
  '  perm grant <player> group.<name>      perm grant <player> <node>',
  'The console holds every node.',
);

/** A list of nodes or group names, trimmed and in lower case. */
const names = (options: { default?: string[] } = {}) =>
  Type.Transform(Type.Array(Type.String(), { ...options, errorMessage: 'must be a list of strings' }))
    .Decode((list) => list.map((s) => s.trim().toLowerCase()))
    .Encode((v) => v);

const Group = Type.Object(
  {
    inherits: names({ default: [] }),
    nodes: names({ default: [] }),
    /** Only in `default` (see Group.withhold): left out elsewhere. */
    withhold: Type.Optional(names()),
  },
  { errorMessage: { type: 'must be a table ([groups.<name>])' } },
);

/** The file for the modules' player nodes, which its comment on the default group lists. */
function permissionsFile(defaultNodes: readonly string[]) {
  const playerNodes = [...new Set(defaultNodes)].sort();
  return defineConfig({
    file: PERMISSIONS_FILE,
    header: HEADER,
    schema: Type.Object({
      groups: Type.Record(Type.String({ pattern: GROUP_NAME }), Group, {
        errorMessage: {
          type: 'must hold [groups.<name>] tables',
          required: 'there is no [groups.<name>] table',
          propertyNames: 'a group name may hold only a-z, 0-9, _ and -',
        },
        examples: [
          {
            default: { inherits: [], nodes: [], withhold: [] },
            regular: { inherits: ['default'], nodes: [] },
            veteran: { inherits: ['regular'], nodes: [] },
            moderator: { inherits: ['default'], nodes: [] },
            admin: { inherits: ['moderator'], nodes: ['*'] },
          },
        ],
        comments: {
          default: lines(
            'Everyone. Every player holds the player nodes of the modules that are on (those of modules',
            'added later too); list one under "withhold" to take it from everyone. Today they are:',
            ...(playerNodes.length ? playerNodes.map((n) => `  ${n}`) : ['  (none)']),
            'Add other harmless nodes under "nodes". Nobody should hold an admin node (such as',
            'core.rest.admin or core.perm) by default.',
          ),
          regular: lines(
            'The rungs of the example ladder of ranks.conf (the ranks module gives a player the group of their',
            'rung): add what each rung unlocks.',
          ),
          moderator: 'Staff: add the nodes of the commands your moderators need.',
          admin: 'Administrators hold every node. Nobody is in this group until you grant it.',
        },
      }),
    }),
    unknownKey: () => 'is not a key of this file (only [groups.<name>] tables belong here)',
    decode: (settings, at) => groupsOf(settings.groups, at.problem),
  });
}

/** The groups, checked against each other: nodes that are nodes, withhold in default only, inheritance defined and without circles. */
function groupsOf(table: Record<string, { inherits: string[]; nodes: string[]; withhold?: string[] | undefined }>, problem: (key: string, sentence: string) => never): Map<string, Group> {
  const groups = new Map<string, Group>();
  for (const [name, g] of Object.entries(table)) {
    const at = `groups.${name}`;
    if (g.withhold !== undefined && name !== 'default') problem(`${at}.withhold`, `"withhold" belongs only to the default group, not to "${name}"`);
    for (const key of ['nodes', 'withhold'] as const) {
      const bad = g[key]?.find((s) => !isNode(s));
      if (bad !== undefined) problem(`${at}.${key}`, `"${bad}" in group "${name}" is not a permission node`);
    }
    groups.set(name, { nodes: g.nodes, inherits: g.inherits, withhold: g.withhold ?? [] });
  }
  if (!groups.has('default')) problem('groups.default', 'there is no [groups.default] table (the group every player is in)');
  for (const [name, g] of groups) {
    for (const parent of g.inherits) {
      if (!groups.has(parent)) problem(`groups.${name}.inherits`, `group "${name}" inherits "${parent}", which is not defined`);
    }
  }
  // A cycle would make inheritance meaningless: refuse it rather than guess.
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]): void => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') problem(`groups.${name}.inherits`, `groups inherit in a circle: ${[...path, name].join(' -> ')}`);
    state.set(name, 'visiting');
    for (const p of groups.get(name)!.inherits) visit(p, [...path, name]);
    state.set(name, 'done');
  };
  for (const name of groups.keys()) visit(name, []);
  return groups;
}

/** The text written on first start: the built-in groups, each explained. */
export function defaultPermissionsFile(defaultNodes: readonly string[]): string {
  return permissionsFile(defaultNodes).defaultText();
}

/** Reads and checks the groups of a permissions.conf text; throws a ConfigError on the first fault. */
export function parsePermissionsFile(text: string): Map<string, Group> {
  return permissionsFile([]).parse(PERMISSIONS_FILE, text);
}

type PermissionsFile = ReturnType<typeof permissionsFile>;

function readWith(file: PermissionsFile, configDir: string, log: Logger): Map<string, Group> {
  const { config, written } = file.read(configDir);
  if (written) log.info(`wrote the default permission groups to ${join(configDir, PERMISSIONS_FILE)}`);
  return config;
}

/**
 * Reads and checks `configDir/permissions.conf` (written with the default first). A faulty file
 * throws an Error whose message is one line naming the file, the line and the key.
 */
export function readPermissionsFile(configDir: string, defaultNodes: readonly string[], log: Logger): Map<string, Group> {
  return readWith(permissionsFile(defaultNodes), configDir, log);
}

/** permissions.conf for `core reload`: every group applies at once. */
export function permissionsReloadable(configDir: string, defaultNodes: readonly string[], log: Logger): ReloadableConfig<Groups> {
  const file = permissionsFile(defaultNodes);
  return { ...file.reloadable(configDir), read: () => readWith(file, configDir, log) };
}
