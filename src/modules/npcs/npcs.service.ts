// The NPCs' published API. An NPC is a player-like entity with an id, owned by the player it was
// created as (charged to their limit), shown where it stands with a name (its display name, its
// id, or none), a skin copied from a game account, and a command that a player who right-clicks
// it runs as themselves. Who may change what is in ./npcs.access.ts; how the game shows it is in
// ./npcs.spawner.ts. `by` is who the audit log records (the player, the console or core-rest/<label>).

import { actorName, type Actor } from '../../core/kernel/actor.ts';
import type { AuditService, CoreApi, KnownPlayer, PermissionsService, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { Db } from '../../core/storage/db.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import { InvalidInput } from '../../core/values/invalid-input.ts';
import { playerFields } from '../../core/players/known-player.ts';
import { toLocation, type LocationInput } from '../../core/values/location.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { GamePlatform, OnlinePlayer } from '../../platform/platform.ts';
import { npcAccess, type NpcActor } from './npcs.access.ts';
import type { NpcsConfig } from './npcs.config.ts';
import { COMMAND_MAX, DISPLAY_NAME_MAX, type NameChange, type Npc, type NpcList } from './npcs.schemas.ts';
import { shownName, type NpcSpawner } from './npcs.spawner.ts';
import { createNpcsStore, type NpcChange, type NpcRow } from './npcs.store.ts';
import { CONTROL_CHARACTER, storedCommandLine } from '../../core/commands/command-line.ts';

export const NPC_LIMIT_PREFIX = 'core.npc.limit';
/** Binding a command needs this node (or core.npc.admin): the command runs as whoever clicks. */
export const NPC_COMMAND_NODE = 'core.npc.command';

export type { NpcActor };

export interface NpcsService {
  /** Every NPC, or those `owner` owns with how many they may own (not-found for a player never seen). */
  list(owner?: string | null): Promise<Result<NpcList>>;
  /** One NPC; not-found when there is none with that id. */
  get(name: string): Promise<Result<Npc>>;
  /** The number of NPCs a player may own: their highest core.npc.limit.<n>, else the config's. */
  limitOf(uuid: string): number;
  /** Creates and spawns an NPC owned by `actor`, charged to their limit (refused when reached). */
  create(actor: string, name: string, location: LocationInput, by: Actor): Promise<Result<Npc>>;
  move(name: string, actor: NpcActor, location: LocationInput, by: Actor): Promise<Result<Npc>>;
  /** Copies a game account's skin onto the NPC (null: the default skin). Needs the skins module. */
  setSkin(name: string, actor: NpcActor, account: string | null, by: Actor): Promise<Result<Npc>>;
  setName(name: string, actor: NpcActor, change: NameChange, by: Actor): Promise<Result<Npc>>;
  /** Binds the command a clicking player runs (null unbinds); binding needs core.npc.command. */
  setCommand(name: string, actor: NpcActor, command: string | null, by: Actor): Promise<Result<Npc>>;
  /** Deletes the NPC (owner only) with its managers; answers it as it was. */
  delete(name: string, actor: NpcActor, by: Actor): Promise<Result<Npc>>;
  addManager(name: string, actor: NpcActor, player: string, by: Actor): Promise<Result<Npc>>;
  removeManager(name: string, actor: NpcActor, player: string, by: Actor): Promise<Result<Npc>>;
  /** A player right-clicked an entity: when it is an NPC with a command, they run it. */
  clicked(player: OnlinePlayer, entityId: string): Promise<void>;
  /** Spawns the NPCs not shown yet whose world is loaded (at start, and when a world loads). */
  spawnMissing(): Promise<void>;
  /** Takes every NPC out of the game (the module stops); they stay stored. */
  despawnAll(): void;
}

export interface NpcsDeps {
  db: Db;
  events: EventBus;
  clock: Clock;
  players: PlayersService;
  permissions: Pick<PermissionsService, 'playerHas' | 'numeric'>;
  audit: Pick<AuditService, 'record'>;
  platform: GamePlatform;
  spawner: NpcSpawner;
  /** Read at each use: `core reload` may change it. */
  config: () => NpcsConfig;
  /** The skins module's service, or undefined while it is switched off. Read at call time. */
  skins: () => CoreApi['skins'] | undefined;
  /** Runs a command line as the player, as if they had typed it, placeholders filled in. */
  runAs: (player: OnlinePlayer, line: string) => Promise<void>;
}


export function createNpcsService(deps: NpcsDeps): NpcsService {
  const { events, clock, players, permissions, audit, platform, spawner, config, skins, runAs } = deps;
  const store = createNpcsStore(deps.db);
  const { db } = store;
  const { idOf, known, named, isAdmin, authorise } = npcAccess({ db, store, players, permissions });

  const limitOf = (uuid: string): number => permissions.numeric(uuid, NPC_LIMIT_PREFIX) ?? config().defaultLimit;

  async function render(rows: readonly NpcRow[]): Promise<Npc[]> {
    const managers = await store.managers(rows.map((r) => r.name));
    return rows.map((n) => ({
      name: n.name,
      'owner-id': n.owner,
      'owner-name': n.ownerName,
      managers: managers.filter((m) => m.npc === n.name).map((m) => ({ 'player-id': m.uuid, 'player-name': m.name })),
      location: { ...n.location },
      'display-name': n.displayName,
      'name-hidden': n.nameHidden,
      'shown-name': shownName(n),
      skin: n.skin?.account ?? null,
      command: n.command,
      'created-at': n.createdAt,
      'updated-at': n.updatedAt,
    }));
  }
  const one = async (n: NpcRow): Promise<Npc> => (await render([n]))[0]!;

  /** The player events name: the one it was done as, else the owner. */
  const performer = (n: NpcRow, player: KnownPlayer | null) => player ?? { uuid: n.owner, name: n.ownerName };

  function emit(name: 'npc.create' | 'npc.delete', n: NpcRow, player: KnownPlayer | null, by: Actor): void {
    events.emit(name, { ...playerFields(performer(n, player)), 'owner-id': n.owner, 'owner-name': n.ownerName, name: n.name, location: { ...n.location }, actor: actorName(by) });
  }

  async function recorded(n: NpcRow, player: KnownPlayer | null, by: Actor, action: string, details: Record<string, unknown> = {}): Promise<void> {
    await audit.record({ actor: by, action: `npc.${action}`, target: n.owner, details: { name: n.name, ...details, ...(player ? { as: player.uuid } : {}) } });
  }

  /** Writes a change, records it, and answers the NPC as it is now (with the row, for the game). */
  async function change(n: NpcRow, player: KnownPlayer | null, by: Actor, action: string, set: NpcChange, details: Record<string, unknown>): Promise<Result<NpcRow>> {
    await db.transaction().execute((tx) => store.update(tx, n.name, set, clock.now().toISOString()));
    await recorded(n, player, by, action, details);
    return named(n.name);
  }

  function displayNameOf(raw: string): string {
    const name = raw.trim();
    const length = [...name].length;
    if (length < 1 || length > DISPLAY_NAME_MAX) throw new InvalidInput('name', `A name shown above an NPC is 1 to ${DISPLAY_NAME_MAX} characters long.`);
    if (CONTROL_CHARACTER.test(name)) throw new InvalidInput('name', 'A name shown above an NPC cannot hold line breaks or other control characters.');
    return name;
  }

  function commandOf(raw: string): string {
    const command = storedCommandLine(raw);
    if (command.length < 1 || command.length > COMMAND_MAX) throw new InvalidInput('command', `A command is 1 to ${COMMAND_MAX} characters long (without the leading /).`);
    if (CONTROL_CHARACTER.test(command)) throw new InvalidInput('command', 'A command cannot hold line breaks or other control characters.');
    return command;
  }

  async function manager(name: string, actor: NpcActor, target: string, by: Actor, add: boolean): Promise<Result<Npc>> {
    const auth = await authorise(name, actor, 'change the managers of', true);
    if (!auth.ok) return auth;
    const { row: n, player } = auth.value;
    const t = await known(target, 'player');
    if (!t.ok) return t;
    const p = t.value;
    if (add && p.uuid === n.owner) return fail('refused', `${p.name} owns the NPC ${n.name}.`);
    const done = await db
      .transaction()
      .execute((tx) => (add ? store.addManager(tx, n.name, p.uuid, clock.now().toISOString(), actorName(by)) : store.removeManager(tx, n.name, p.uuid)));
    if (!done) return fail('already-in-state', `${p.name} is ${add ? 'already' : 'not'} a manager of the NPC ${n.name}.`);
    await recorded(n, player, by, add ? 'manager-add' : 'manager-remove', { player: p.uuid });
    return ok(await one(n));
  }

  return {
    limitOf,

    async list(owner) {
      if (owner === undefined || owner === null) {
        const rows = await store.list();
        return ok({ npcs: await render(rows), count: rows.length, owner: null, limit: null });
      }
      const who = await known(owner, 'owner');
      if (!who.ok) return who;
      const p = who.value;
      const rows = await store.list(p.uuid);
      return ok({ npcs: await render(rows), count: rows.length, owner: playerFields(p), limit: limitOf(p.uuid) });
    },

    async get(name) {
      const n = await named(idOf(name));
      return n.ok ? ok(await one(n.value)) : n;
    },

    async create(actor, name, location, by) {
      const id = idOf(name);
      const loc = toLocation(platform, location, 'location.world');
      const who = await known(actor, 'actor');
      if (!who.ok) return who;
      const p = who.value;
      const limit = limitOf(p.uuid);
      const at = clock.now().toISOString();
      const made = await db.transaction().execute(async (tx): Promise<Result<null>> => {
        if (await store.byName(tx, id)) return fail('already-exists', `There is an NPC ${id} already.`);
        const count = await store.countOwned(tx, p.uuid);
        if (count >= limit) return fail('refused', `${p.name} owns ${count} NPC${count === 1 ? '' : 's'}, the most they may own (${limit}).`);
        return (await store.insert(tx, { name: id, owner: p.uuid, location: loc, at })) ? ok(null) : fail('already-exists', `There is an NPC ${id} already.`);
      });
      if (!made.ok) return made;
      const n = (await store.byName(db, id))!;
      spawner.spawn(n);
      await recorded(n, p, by, 'create', { location: loc });
      emit('npc.create', n, p, by);
      return ok(await one(n));
    },

    async move(name, actor, location, by) {
      const loc = toLocation(platform, location, 'location.world');
      const auth = await authorise(name, actor, 'move', false);
      if (!auth.ok) return auth;
      const { row: before, player } = auth.value;
      const moved = await change(before, player, by, 'move', { location: loc }, { from: before.location, to: loc });
      if (!moved.ok) return moved;
      const n = moved.value;
      spawner.move(n);
      events.emit('npc.move', {
        ...playerFields(performer(n, player)),
        'owner-id': n.owner,
        'owner-name': n.ownerName,
        name: n.name,
        location: { ...n.location },
        from: { ...before.location },
        actor: actorName(by),
      });
      return ok(await one(n));
    },

    async setSkin(name, actor, account, by) {
      const auth = await authorise(name, actor, 'change the skin of', false);
      if (!auth.ok) return auth;
      const { row: n, player } = auth.value;
      if (account === null) {
        if (!n.skin) return fail('already-in-state', `The NPC ${n.name} wears the default skin already.`);
        const r = await change(n, player, by, 'skin', { skin: null }, { account: null });
        if (r.ok) spawner.reskin(r.value);
        return r.ok ? ok(await one(r.value)) : r;
      }
      const service = skins();
      if (!service) return fail('refused', 'NPC skins come from the skins module, which is switched off (modules.conf).');
      if (n.skin && n.skin.account.toLowerCase() === account.toLowerCase()) return fail('already-in-state', `The NPC ${n.name} wears the skin of ${n.skin.account} already.`);
      const found = await service.accountSkin(account);
      if (!found.ok) return found;
      const r = await change(n, player, by, 'skin', { skin: { account: found.value.account, skin: found.value.skin } }, { account: found.value.account });
      if (r.ok) spawner.reskin(r.value);
      return r.ok ? ok(await one(r.value)) : r;
    },

    async setName(name, actor, wanted, by) {
      if (wanted.name === undefined && wanted.hidden === undefined) throw new InvalidInput('name', 'Give the name to show (null shows the id), or hidden.');
      if (wanted.name !== undefined && wanted.hidden !== undefined) throw new InvalidInput('hidden', 'Give either a name or hidden, not both.');
      const set: NpcChange =
        wanted.hidden !== undefined ? { nameHidden: wanted.hidden } : { displayName: wanted.name === null || wanted.name === undefined ? null : displayNameOf(wanted.name), nameHidden: false };
      const auth = await authorise(name, actor, 'rename', false);
      if (!auth.ok) return auth;
      const { row: n, player } = auth.value;
      const after = { ...n, ...set } as NpcRow;
      if (after.nameHidden === n.nameHidden && after.displayName === n.displayName) {
        return fail('already-in-state', n.nameHidden ? `The name of the NPC ${n.name} is hidden already.` : `The NPC ${n.name} shows the name ${shownName(n)} already.`);
      }
      const r = await change(n, player, by, 'name', set, { 'display-name': after.displayName, hidden: after.nameHidden });
      if (r.ok) spawner.spawn(r.value);
      return r.ok ? ok(await one(r.value)) : r;
    },

    async setCommand(name, actor, raw, by) {
      const command = raw === null ? null : commandOf(raw);
      const auth = await authorise(name, actor, 'change the command of', false);
      if (!auth.ok) return auth;
      const { row: n, player } = auth.value;
      if (command !== null && player !== null && !isAdmin(player.uuid) && !permissions.playerHas(player.uuid, NPC_COMMAND_NODE)) {
        return fail('refused', `${player.name} may not bind commands to NPCs (it needs ${NPC_COMMAND_NODE}).`);
      }
      if (command === n.command) return fail('already-in-state', command === null ? `The NPC ${n.name} has no command.` : `The NPC ${n.name} runs that command already.`);
      const r = await change(n, player, by, 'command', { command }, { command });
      return r.ok ? ok(await one(r.value)) : r;
    },

    async delete(name, actor, by) {
      const auth = await authorise(name, actor, 'delete', true);
      if (!auth.ok) return auth;
      const { row: n, player } = auth.value;
      const was = await one(n);
      await db.transaction().execute((tx) => store.remove(tx, n.name));
      spawner.remove(n.name);
      await recorded(n, player, by, 'delete', { location: n.location });
      emit('npc.delete', n, player, by);
      return ok(was);
    },

    addManager: (name, actor, player, by) => manager(name, actor, player, by, true),
    removeManager: (name, actor, player, by) => manager(name, actor, player, by, false),

    async clicked(player, entityId) {
      const name = spawner.npcOf(entityId);
      if (name === undefined) return;
      const n = await store.byName(db, name);
      if (n?.command) await runAs(player, n.command);
    },

    async spawnMissing() {
      spawner.spawnMissing(await store.list());
    },

    despawnAll: () => spawner.removeAll(),
  };
}
