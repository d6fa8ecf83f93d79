// Permission nodes and groups. Groups live in data/core/permissions.conf (TOML, written with a
// commented default on first start, never overwritten); every player is in `default`. Grants of a
// node or a group to one player live in the database and are kept in memory, so a check is a set
// look-up and never waits (commands and tab completion ask synchronously). The console holds all;
// a REST actor holds none (the add-on checks token scopes instead).
//
// A node ending in `.*` covers every node below it (`core.home.*` covers `core.home.set`), and `*`
// covers every node. There is no negation: a group holds the union of its nodes and its parents'.
//
// permissions.conf itself is read in permissions.config.ts.
//
// Servers sharing one PostgreSQL database tell each other of every grant and revoke
// (network-signals.ts): the others re-read that player's grants at once, so a change made on one
// server applies on every server without a restart (docs/network.md).

import { createConfigFiles, type ConfigFiles } from '../config/config-reload.ts';
import { isNode, permissionsReloadable, type Groups } from './permissions.config.ts';
import type { Actor } from '../kernel/actor.ts';
import type { AuditService, PermissionsService, PlayersService } from '../kernel/api.ts';
import type { Clock } from '../kernel/clock.ts';
import { argsFor } from '../commands/command-args.ts';
import { command, sub } from '../commands/command-tree.ts';
import type { CommandDefinition } from '../commands/commands.ts';
import type { Db, DbKind, Migration } from '../storage/db.ts';
import { col, defineTables } from '../storage/tables.ts';
import type { Logger } from '../log/log.ts';
import { fail, ok, type Result } from '../kernel/result.ts';
import { normalizeUuid } from './uuid.ts';
import { actorName } from '../kernel/actor.ts';
import type { GamePlatform } from '../../platform/platform.ts';
import type { NetworkSignals } from '../network/network-signals.ts';

/** The signal a grant or revoke sends the other servers: `{ uuid }`. */
export const PERMISSIONS_SIGNAL = 'permissions';

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

export const PERMISSIONS_TABLES = defineTables(PERMISSIONS_MIGRATIONS, {
  core_permission_grants: { id: col.int().generated(), uuid: col.text(), node: col.text(), granted_at: col.text(), granted_by: col.text() },
});

export { defaultPermissionsFile, isNode, parsePermissionsFile, PERMISSIONS_FILE } from './permissions.config.ts';
export type { Group, Groups } from './permissions.config.ts';

export const GROUP_PREFIX = 'group.';

/** Whether a set of held nodes (wildcards included) covers `node`. */
export function covers(held: ReadonlySet<string>, node: string): boolean {
  if (held.has('*') || held.has(node)) return true;
  for (let i = node.indexOf('.'); i !== -1; i = node.indexOf('.', i + 1)) {
    if (held.has(`${node.slice(0, i)}.*`)) return true;
  }
  return false;
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
  /** Where permissions.conf is kept for `core reload` (none: read once). */
  configs?: ConfigFiles;
  /** Grants made on the other servers of the network (none: this server alone). */
  signals?: NetworkSignals;
}): Promise<Permissions> {
  const { clock, players, audit } = options;
  const db = PERMISSIONS_TABLES.on(options.db);
  const files = options.configs ?? createConfigFiles();
  // Read by the start-up check already when the kernel starts (../config/config-startup.ts): then the same settings.
  const currentGroups = files.load(permissionsReloadable(options.configDir, options.defaultNodes, options.log));

  // Each group's own nodes plus those of every group it inherits from, worked out again when a
  // reload brings new groups (and with them every player's effective nodes).
  let groups: Groups = new Map();
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
  function groupsNow(): Groups {
    const latest = currentGroups();
    if (latest !== groups) {
      groups = latest;
      groupNodes.clear();
      effective.clear();
      for (const name of groups.keys()) closure(name);
    }
    return groups;
  }

  const grants = new Map<string, string[]>();
  async function readAll(): Promise<void> {
    const rows = await db.selectFrom('core_permission_grants').select(['uuid', 'node']).orderBy('id').execute();
    grants.clear();
    effective.clear();
    for (const r of rows) {
      const list = grants.get(String(r.uuid)) ?? [];
      list.push(String(r.node));
      grants.set(String(r.uuid), list);
    }
  }

  // A re-read while this server writes the same player's grants could read the table before its
  // own write lands and drop it from memory: it waits, and runs once the write is done.
  const writing = new Map<string, number>();
  const rereadAfterWrite = new Set<string>();
  async function reread(uuid: string): Promise<void> {
    if ((writing.get(uuid) ?? 0) > 0) return void rereadAfterWrite.add(uuid);
    const rows = await db.selectFrom('core_permission_grants').select('node').where('uuid', '=', uuid).orderBy('id').execute();
    if ((writing.get(uuid) ?? 0) > 0) return void rereadAfterWrite.add(uuid);
    if (rows.length) grants.set(uuid, rows.map((r) => String(r.node)));
    else grants.delete(uuid);
    effective.delete(uuid);
  }
  async function written(uuid: string, change: () => Promise<void>): Promise<void> {
    writing.set(uuid, (writing.get(uuid) ?? 0) + 1);
    try {
      await change();
    } finally {
      const left = writing.get(uuid)! - 1;
      if (left > 0) writing.set(uuid, left);
      else writing.delete(uuid);
      if (left === 0 && rereadAfterWrite.delete(uuid)) {
        reread(uuid).catch((e: unknown) => options.log.error(`could not re-read the grants of ${uuid}`, e));
      }
    }
  }
  const tellNetwork = (uuid: string) =>
    options.signals?.publish(PERMISSIONS_SIGNAL, { uuid }).catch((e: unknown) => options.log.error('could not tell the other servers of a permission change', e));
  options.signals?.on(PERMISSIONS_SIGNAL, (data) => (typeof data.uuid === 'string' ? reread(data.uuid) : undefined));
  options.signals?.onReconnect(readAll);

  const effective = new Map<string, Set<string>>();
  await readAll();
  groupsNow();
  function held(uuid: string): Set<string> {
    groupsNow();
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
      if (!groupsNow().has(group)) return fail('not-found', `There is no permission group "${group}".`);
      if (group === 'default') return fail('already-in-state', 'Every player is in the group "default".');
    } else if (!isNode(node)) {
      return fail('refused', `"${nodeOrGroup}" is not a permission node (letters, digits, _ and - between dots; ".*" at the end).`);
    }
    return ok({ id, name: player.name, node });
  }

  const service: Permissions = {
    has(actor: Actor, node: string) {
      if (actor.kind === 'console') return true;
      // The add-on's tokens and external chat-platform users hold no permission nodes.
      if (actor.kind === 'rest' || actor.kind === 'external') return false;
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
        .filter((g) => groupsNow().has(g));
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
    groupNames: () => [...groupsNow().keys()],

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
        await written(id, () =>
          db.insertInto('core_permission_grants').values({ uuid: id, node, granted_at: clock.now().toISOString(), granted_by: actorName(actor) }).execute().then(() => {}),
        );
      } catch (e) {
        list.splice(list.indexOf(node), 1);
        effective.delete(id);
        throw e;
      }
      await tellNetwork(id);
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
        await written(id, () => db.deleteFrom('core_permission_grants').where('uuid', '=', id).where('node', '=', node).execute().then(() => {}));
      } catch (e) {
        list.splice(at, 0, node);
        effective.delete(id);
        throw e;
      }
      await tellNetwork(id);
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
  const { permissions, platform } = options;
  const arg = argsFor(options);
  const groups = () => permissions.groupNames().filter((g) => g !== 'default').map((g) => GROUP_PREFIX + g);
  const node = arg.word('node').shownAs('node|group.<name>');
  const change = (grant: boolean) =>
    sub({
      name: grant ? 'grant' : 'revoke',
      args: [
        arg.knownPlayer('player'),
        grant
          ? node.completedBy(() => [...groups(), ...options.knownNodes()])
          : // What can be taken is what the player was given (known while they are online).
            node.completedBy((_c, _typed, [who = '']) => {
              const p = platform.playerByName(who);
              return p ? permissions.grantsOf(p.uuid) : groups();
            }),
      ],
      async run(ctx, { player, node: what }) {
        const r = grant ? await permissions.grant(player.uuid, what, ctx.actor) : await permissions.revoke(player.uuid, what, ctx.actor);
        if (!r.ok) ctx.reply({ text: r.message, color: 'red' });
        else ctx.reply({ text: grant ? `Granted ${r.value.node} to ${player.name}.` : `Revoked ${r.value.node} from ${player.name}.`, color: 'green' });
      },
    });
  return command({
    name: 'perm',
    aliases: ['permission'],
    permission: 'core.perm',
    description: 'Gives or takes a permission node or group, or shows what a player holds.',
    subcommands: [
      change(true),
      change(false),
      sub({
        name: 'info',
        args: [arg.knownPlayer('player')],
        run(ctx, { player }) {
          const direct = permissions.grantsOf(player.uuid).filter((n) => !n.startsWith(GROUP_PREFIX));
          ctx.reply({ text: `${player.name} (${player.uuid})`, color: 'gold' });
          ctx.reply(`Groups: ${permissions.groupsOf(player.uuid).join(', ')}`);
          ctx.reply(`Nodes given directly: ${direct.length ? direct.join(', ') : 'none'}`);
        },
      }),
    ],
  });
}
