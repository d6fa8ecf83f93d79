// Permission nodes and groups. Groups live in data/core/permissions.conf (TOML, written with a
// commented default on first start, never overwritten); every player is in `default`. Grants of a
// node or a group to one player live in the database and are kept in memory, so a check is a set
// look-up and never waits (commands and tab completion ask synchronously). The console holds all;
// a REST actor holds none (the add-on checks token scopes instead).
//
// A node ending in `.*` covers every node below it (`core.home.*` covers `core.home.set`), and `*`
// covers every node. There is no negation: a group holds the union of its nodes and its parents'.
//
// The in-memory copy is this process's: servers sharing one PostgreSQL database see each other's
// grants after a restart.

import { join } from 'node:path';
import { parse, TomlError } from 'smol-toml';
import { readConfigFile } from './config-file.ts';
import type { Actor } from './actor.ts';
import type { AuditService, PermissionsService, PlayersService } from './api.ts';
import type { Clock } from './clock.ts';
import type { CommandDefinition } from './commands.ts';
import type { Db, DbKind, Migration } from './db.ts';
import type { Logger } from './log.ts';
import { fail, ok, type Result } from './result.ts';
import { normalizeUuid } from './uuid.ts';
import { actorName } from './actor.ts';
import type { GamePlatform } from '../platform/platform.ts';
import { asClause } from './sentence.ts';

export const PERMISSIONS_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-grants',
    async up(db: Db, kind: DbKind) {
      await db.schema
        .createTable('core_permission_grants')
        .addColumn('id', kind === 'postgres' ? 'serial' : 'integer', (c) =>
          kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull())
        .addColumn('node', 'varchar(128)', (c) => c.notNull())
        .addColumn('granted_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('granted_by', 'varchar(64)', (c) => c.notNull())
        .addUniqueConstraint('core_permission_grants_uuid_node', ['uuid', 'node'])
        .execute();
    },
  },
];

export const PERMISSIONS_FILE = 'permissions.conf';
export const GROUP_PREFIX = 'group.';

const NODE = /^(\*|[a-z0-9_-]+(\.[a-z0-9_-]+)*(\.\*)?)$/;
const GROUP_NAME = /^[a-z0-9_-]+$/;

export function isNode(s: string): boolean {
  return NODE.test(s) && s.length <= 128;
}

/** Whether a set of held nodes (wildcards included) covers `node`. */
export function covers(held: ReadonlySet<string>, node: string): boolean {
  if (held.has('*') || held.has(node)) return true;
  for (let i = node.indexOf('.'); i !== -1; i = node.indexOf('.', i + 1)) {
    if (held.has(`${node.slice(0, i)}.*`)) return true;
  }
  return false;
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

/** The groups used when permissions.conf is absent at first start, or unreadable. */
export function builtinGroups(defaultNodes: readonly string[]): Map<string, Group> {
  return new Map<string, Group>([
    ['default', { nodes: [], inherits: [], withhold: [] }],
    ['moderator', { nodes: [], inherits: ['default'], withhold: [] }],
    ['admin', { nodes: ['*'], inherits: ['moderator'], withhold: [] }],
  ]);
}

/** The text written on first start: the built-in groups, each explained. */
export function defaultPermissionsFile(defaultNodes: readonly string[]): string {
  const playerNodes = [...new Set(defaultNodes)].sort();
  const listed = playerNodes.length ? playerNodes.map((n) => `#   ${n}`).join('\n') : '#   (none)';
  return `# Permission groups of Core.
# Written on first start and never overwritten: edit it, then restart the server.
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

class ConfigError extends Error {
  readonly line: number | undefined;
  constructor(message: string, line: number | undefined) {
    super(message);
    this.line = line;
  }
}

/** Reads and checks the groups of a permissions.conf text. Throws a ConfigError on the first fault. */
export function parsePermissionsFile(text: string): Map<string, Group> {
  let doc: Record<string, unknown>;
  try {
    doc = parse(text) as Record<string, unknown>;
  } catch (e) {
    if (e instanceof TomlError) throw new ConfigError(`${e.message.split('\n')[0]}`, e.line);
    throw e;
  }
  for (const key of Object.keys(doc)) {
    if (key !== 'groups') throw new ConfigError(`unknown key "${key}" (only [groups.<name>] tables belong here)`, undefined);
  }
  const table = doc.groups;
  if (table === undefined || typeof table !== 'object' || Array.isArray(table) || table === null) {
    throw new ConfigError('there is no [groups.<name>] table', undefined);
  }
  const groups = new Map<string, Group>();
  for (const [name, value] of Object.entries(table as Record<string, unknown>)) {
    if (!GROUP_NAME.test(name)) {
      throw new ConfigError(`group name "${name}" may hold only a-z, 0-9, _ and -`, lineOf(text, name));
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new ConfigError(`group "${name}" must be a table ([groups.${name}])`, lineOf(text, name));
    }
    const group: Group = { nodes: [], inherits: [], withhold: [] };
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      if (key === 'withhold' && name !== 'default') {
        throw new ConfigError(`"withhold" belongs only to the default group, not to "${name}"`, lineOf(text, name, key));
      }
      if (key !== 'nodes' && key !== 'inherits' && key !== 'withhold') {
        throw new ConfigError(`group "${name}" has an unknown key "${key}" (expected nodes, inherits${name === 'default' ? ', withhold' : ''})`, lineOf(text, name, key));
      }
      if (!Array.isArray(v) || !v.every((s) => typeof s === 'string')) {
        throw new ConfigError(`"${key}" of group "${name}" must be a list of strings`, lineOf(text, name, key));
      }
      const list = (v as string[]).map((s) => s.trim().toLowerCase());
      if (key === 'nodes' || key === 'withhold') {
        const bad = list.find((s) => !isNode(s));
        if (bad !== undefined) throw new ConfigError(`"${bad}" in group "${name}" is not a permission node`, lineOf(text, name, key));
        group[key] = list;
      } else {
        group.inherits = list;
      }
    }
    groups.set(name, group);
  }
  if (!groups.has('default')) throw new ConfigError('there is no [groups.default] table (the group every player is in)', undefined);
  for (const [name, g] of groups) {
    for (const parent of g.inherits) {
      if (!groups.has(parent)) throw new ConfigError(`group "${name}" inherits "${parent}", which is not defined`, lineOf(text, name, 'inherits'));
    }
  }
  // A cycle would make inheritance meaningless: refuse it rather than guess.
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]): void => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') {
      throw new ConfigError(`groups inherit in a circle: ${[...path, name].join(' -> ')}`, lineOf(text, name, 'inherits'));
    }
    state.set(name, 'visiting');
    for (const p of groups.get(name)!.inherits) visit(p, [...path, name]);
    state.set(name, 'done');
  };
  for (const name of groups.keys()) visit(name, []);
  return groups;
}

/**
 * The groups from `configDir/permissions.conf`, written with the default first. A faulty file is
 * reported in one error line and the built-in groups are used, so the server still starts.
 */
export function loadPermissionsConfig(configDir: string, defaultNodes: readonly string[], log: Logger): Map<string, Group> {
  const file = join(configDir, PERMISSIONS_FILE);
  const read = readConfigFile(file, defaultPermissionsFile(defaultNodes));
  if (read.created) log.info(`wrote the default permission groups to ${file}`);
  try {
    return parsePermissionsFile(read.text);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    const where = e.line === undefined ? file : `${file}, line ${e.line}`;
    log.error(`${where}: ${asClause(e.message)}. Using the built-in permission groups until the file is fixed.`);
    return builtinGroups(defaultNodes);
  }
}

export interface Permissions extends PermissionsService {
  /** The nodes and groups (`group.<name>`) given to the player directly, in the order given. */
  grantsOf(uuid: string): string[];
  /** Every group name defined. */
  groupNames(): string[];
}

export async function createPermissions(options: {
  db: Db;
  clock: Clock;
  log: Logger;
  configDir: string;
  players: PlayersService;
  audit: AuditService;
  /** The harmless nodes every player holds unless withheld (the modules' `playerNodes`). */
  defaultNodes: readonly string[];
}): Promise<Permissions> {
  const { db, clock, players, audit } = options;
  const groups = loadPermissionsConfig(options.configDir, options.defaultNodes, options.log);

  // Each group's own nodes plus those of every group it inherits from.
  const groupNodes = new Map<string, Set<string>>();
  const closure = (name: string): Set<string> => {
    const known = groupNodes.get(name);
    if (known) return known;
    const g = groups.get(name)!;
    const set = new Set(g.nodes);
    if (name === 'default') for (const n of options.defaultNodes) if (!g.withhold.includes(n)) set.add(n);
    groupNodes.set(name, set);
    for (const p of g.inherits) for (const n of closure(p)) set.add(n);
    return set;
  };
  for (const name of groups.keys()) closure(name);

  const grants = new Map<string, string[]>();
  const rows = await db.selectFrom('core_permission_grants').select(['uuid', 'node']).orderBy('id').execute();
  for (const r of rows) {
    const list = grants.get(String(r.uuid)) ?? [];
    list.push(String(r.node));
    grants.set(String(r.uuid), list);
  }

  const effective = new Map<string, Set<string>>();
  function held(uuid: string): Set<string> {
    const cached = effective.get(uuid);
    if (cached) return cached;
    const set = new Set<string>();
    for (const g of service.groupsOf(uuid)) for (const n of groupNodes.get(g) ?? []) set.add(n);
    for (const n of grants.get(uuid) ?? []) if (!n.startsWith(GROUP_PREFIX)) set.add(n);
    effective.set(uuid, set);
    return set;
  }

  /** Checks the player and the node or group; answers the normalised pair, or the failure. */
  async function target(uuid: string, nodeOrGroup: string): Promise<Result<{ id: string; name: string; node: string }>> {
    const id = normalizeUuid(uuid);
    const player = id === undefined ? undefined : await players.get(id);
    if (!id || !player) return fail('not-found', `No player with the uuid ${uuid} has joined this server.`);
    const node = nodeOrGroup.trim().toLowerCase();
    if (node.startsWith(GROUP_PREFIX)) {
      const group = node.slice(GROUP_PREFIX.length);
      if (!groups.has(group)) return fail('not-found', `There is no permission group "${group}".`);
      if (group === 'default') return fail('already-in-state', 'Every player is in the group "default".');
    } else if (!isNode(node)) {
      return fail('refused', `"${nodeOrGroup}" is not a permission node (letters, digits, _ and - between dots; ".*" at the end).`);
    }
    return ok({ id, name: player.name, node });
  }

  const service: Permissions = {
    has(actor: Actor, node: string) {
      if (actor.kind === 'console') return true;
      if (actor.kind === 'rest') return false;
      return service.playerHas(actor.uuid, node);
    },
    playerHas(uuid, node) {
      const id = normalizeUuid(uuid);
      if (!id) return false;
      return covers(held(id), node.toLowerCase());
    },
    groupsOf(uuid) {
      const id = normalizeUuid(uuid) ?? uuid;
      const given = (grants.get(id) ?? [])
        .filter((n) => n.startsWith(GROUP_PREFIX))
        .map((n) => n.slice(GROUP_PREFIX.length))
        .filter((g) => groups.has(g));
      return ['default', ...given];
    },
    numeric(uuid, prefix) {
      const id = normalizeUuid(uuid);
      if (!id) return undefined;
      const p = `${prefix.toLowerCase()}.`;
      let best: number | undefined;
      for (const n of held(id)) {
        if (!n.startsWith(p)) continue;
        const rest = n.slice(p.length);
        if (!/^\d+$/.test(rest)) continue;
        const v = Number(rest);
        if (best === undefined || v > best) best = v;
      }
      return best;
    },
    grantsOf(uuid) {
      return [...(grants.get(normalizeUuid(uuid) ?? uuid) ?? [])];
    },
    groupNames: () => [...groups.keys()],

    async grant(uuid, nodeOrGroup, actor) {
      const t = await target(uuid, nodeOrGroup);
      if (!t.ok) return t;
      const { id, name, node } = t.value;
      const list = grants.get(id) ?? [];
      if (list.includes(node)) return fail('already-in-state', `${name} already holds ${node}.`);
      // Taken in memory before the write, so a second grant of the same node arriving meanwhile
      // answers already-in-state instead of hitting the unique key.
      list.push(node);
      grants.set(id, list);
      effective.delete(id);
      try {
        await db
          .insertInto('core_permission_grants')
          .values({ uuid: id, node, granted_at: clock.now().toISOString(), granted_by: actorName(actor) })
          .execute();
      } catch (e) {
        list.splice(list.indexOf(node), 1);
        effective.delete(id);
        throw e;
      }
      await audit.record({ actor, action: 'permission.grant', target: id, details: { node } });
      return ok({ node });
    },

    async revoke(uuid, nodeOrGroup, actor) {
      const t = await target(uuid, nodeOrGroup);
      if (!t.ok) return t;
      const { id, name, node } = t.value;
      const list = grants.get(id) ?? [];
      const at = list.indexOf(node);
      if (at === -1) return fail('already-in-state', `${name} was not given ${node}.`);
      list.splice(at, 1);
      effective.delete(id);
      try {
        await db.deleteFrom('core_permission_grants').where('uuid', '=', id).where('node', '=', node).execute();
      } catch (e) {
        list.splice(at, 0, node);
        effective.delete(id);
        throw e;
      }
      await audit.record({ actor, action: 'permission.revoke', target: id, details: { node } });
      return ok({ node });
    },
  };
  return service;
}

/** `perm grant|revoke|info`: gives and takes nodes and groups, and shows what a player holds. */
export function permCommand(options: {
  permissions: Permissions;
  players: PlayersService;
  platform: GamePlatform;
  /** Nodes worth offering in completion (the registered commands' nodes). */
  knownNodes: () => string[];
}): CommandDefinition {
  const { permissions, players, platform } = options;
  const usage = 'perm grant|revoke <player> <node|group.<name>>, perm info <player>';
  return {
    name: 'perm',
    aliases: ['permission'],
    permission: 'core.perm',
    description: 'Gives or takes a permission node or group, or shows what a player holds.',
    usage,
    async run(ctx, args) {
      const [sub, who, what] = args;
      const red = (text: string): void => ctx.reply({ text, color: 'red' });
      if ((sub !== 'grant' && sub !== 'revoke' && sub !== 'info') || who === undefined || (sub !== 'info' && what === undefined)) {
        red(`Usage: ${usage}`);
        return;
      }
      const player = await players.find(who);
      if (!player) {
        red(`No player named ${who} has joined this server.`);
        return;
      }
      if (sub === 'info') {
        const direct = permissions.grantsOf(player.uuid).filter((n) => !n.startsWith(GROUP_PREFIX));
        ctx.reply({ text: `${player.name} (${player.uuid})`, color: 'gold' });
        ctx.reply(`Groups: ${permissions.groupsOf(player.uuid).join(', ')}`);
        ctx.reply(`Nodes given directly: ${direct.length ? direct.join(', ') : 'none'}`);
        return;
      }
      const result =
        sub === 'grant'
          ? await permissions.grant(player.uuid, what!, ctx.actor)
          : await permissions.revoke(player.uuid, what!, ctx.actor);
      if (!result.ok) red(result.message);
      else ctx.reply({ text: sub === 'grant' ? `Granted ${result.value.node} to ${player.name}.` : `Revoked ${result.value.node} from ${player.name}.`, color: 'green' });
    },
    complete(_ctx, args) {
      if (args.length === 1) return ['grant', 'revoke', 'info'];
      if (args.length === 2) return platform.onlinePlayers().map((p) => p.name);
      if (args.length === 3) {
        const groups = permissions.groupNames().filter((g) => g !== 'default').map((g) => GROUP_PREFIX + g);
        if (args[0] === 'grant') return [...groups, ...options.knownNodes()];
        if (args[0] === 'revoke') {
          const p = platform.playerByName(args[1] ?? '');
          return p ? permissions.grantsOf(p.uuid) : groups;
        }
      }
      return [];
    },
  };
}
