// The managed worlds' published API: a registry of the worlds the plugin manages (the server's own,
// and those created, imported or adopted), their settings, and the operations on them (load, unload
// with or without saving, delete, unregister). The registry is kept in memory as well as in the
// database, so that the teleport gate and the game's events (asked synchronously) read it without a
// query.

import { actorName, type Actor } from '../../core/kernel/actor.ts';
import type { AuditService, CoreApi, PermissionsService, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { Db } from '../../core/storage/db.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import { InvalidInput } from '../../core/values/invalid-input.ts';
import { knownPlayer } from '../../core/players/known-player.ts';
import type { Logger } from '../../core/log/log.ts';
import { fail, ok, type Failure, type Result } from '../../core/kernel/result.ts';
import type { GamePlatform, Location } from '../../platform/platform.ts';
import { createOptionsProblem, worldNameProblem, type CreateWorldOptions, type WorldOutcome, type WorldRefusal } from '../../platform/worlds.ts';
import { defaultSettings, entryDenial } from './worlds.rules.ts';
import type { SettingKey, World, WorldAccess, WorldList, WorldSettings } from './worlds.schemas.ts';
import { createWorldsStore, type ManagedWorldRow } from './worlds.store.ts';

export interface WorldsService {
  /** Every managed world, by name. */
  list(): Result<WorldList>;
  /** One managed world; not-found when it is not managed. */
  get(name: string): Result<World>;
  /** Whether a known player may enter a managed world now, and why not. */
  access(name: string, player: string): Promise<Result<WorldAccess>>;
  /** Makes a new world (on disk and loaded) and manages it. */
  create(name: string, options: CreateWorldOptions, actor: Actor): Promise<Result<World>>;
  /** Loads a managed world; already-in-state when it is loaded. */
  load(name: string, actor: Actor): Promise<Result<World>>;
  /**
   * Unloads a managed world, saving it or not: its players are moved to the default world's spawn
   * first and told why. already-in-state when it is not loaded; refused for a built-in world.
   */
  unload(name: string, save: boolean, actor: Actor): Promise<Result<World>>;
  /** Unloads a managed world (without saving), removes its folder and stops managing it. */
  delete(name: string, actor: Actor): Promise<Result<World>>;
  /** Manages and loads a world folder copied into data/worlds/<name> that is not managed yet. */
  import(name: string, actor: Actor): Promise<Result<World>>;
  /** Manages a world that is loaded but not managed (e.g. `world`), touching none of its files. */
  adopt(name: string, actor: Actor): Promise<Result<World>>;
  /** Stops managing a world; its files stay, and it stays loaded if it is. Refused for a built-in world. */
  unregister(name: string, actor: Actor): Promise<Result<World>>;
  /** Changes one setting of a managed world. */
  set<K extends SettingKey>(name: string, key: K, value: WorldSettings[K], actor: Actor): Promise<Result<World>>;
  /**
   * Takes an online player to a loaded world's spawn (its spawn setting when managed) through the
   * teleport service (warm-up, back location, entry rules); answers where they went.
   */
  teleport(player: string, name: string): Promise<Result<Location>>;
  /** The managed world of that name, as kept in memory (for the game's rules), or undefined. */
  managed(name: string): ManagedWorldRow | undefined;
  /** The names of the managed worlds. */
  names(): string[];
}

export interface WorldsDeps {
  db: Db;
  events: EventBus;
  clock: Clock;
  log: Logger;
  players: Pick<PlayersService, 'get'>;
  permissions: Pick<PermissionsService, 'playerHas'>;
  audit: Pick<AuditService, 'record'>;
  platform: GamePlatform;
  teleport: Pick<CoreApi['teleport'], 'teleport'>;
  /** Puts a player who arrived in a world under its rules (its game mode). */
  entered(uuid: string, world: string): void;
}

const CODE_OF: Record<Exclude<WorldRefusal, 'invalid'>, Failure['code']> = {
  'not-found': 'not-found',
  'already-exists': 'already-exists',
  'already-loaded': 'already-in-state',
  'built-in': 'refused',
  busy: 'failed',
  loaded: 'refused',
  failed: 'failed',
};

/** A platform refusal as a declined result (a bad name is bad input naming `name`). */
function declined(outcome: Extract<WorldOutcome, { ok: false }>): Failure {
  if (outcome.reason === 'invalid') throw new InvalidInput('name', capital(outcome.message));
  return fail(CODE_OF[outcome.reason], `${capital(outcome.message)}.`);
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function checkName(name: string): void {
  const problem = worldNameProblem(name);
  if (problem) throw new InvalidInput('name', `${capital(problem)}.`);
}

export async function createWorldsService(deps: WorldsDeps): Promise<WorldsService> {
  const { events, clock, log, players, permissions, audit, platform, teleport } = deps;
  const store = createWorldsStore(deps.db);
  const registry = new Map<string, ManagedWorldRow>((await store.all()).map((w) => [w.name, w]));

  const isLoaded = (name: string) => platform.worlds().includes(name);
  const defaultWorld = () => platform.worlds()[0] ?? 'world';

  function render(w: ManagedWorldRow): World {
    const info = platform.worldInfo(w.name);
    const here = info ? platform.onlinePlayers().filter((p) => platform.location(p.uuid)?.world === w.name).length : 0;
    const spawn = w.settings.spawn;
    return {
      name: w.name,
      generator: w.generator,
      seed: w.seed,
      loaded: info !== undefined,
      'built-in': info?.builtIn ?? false,
      players: here,
      settings: { ...w.settings, spawn: spawn && { ...spawn } },
      'managed-since': w.managedSince,
      'updated-at': w.updatedAt,
    };
  }

  function find(name: string): Result<ManagedWorldRow> {
    checkName(name);
    const w = registry.get(name);
    return w ? ok(w) : fail('not-found', `The world ${name} is not managed (see /world list; /world import or adopt takes a world under management).`);
  }

  function newRow(name: string, generator: ManagedWorldRow['generator'], seed: number, builtIn: boolean): ManagedWorldRow {
    const at = clock.now().toISOString();
    return { name, generator, seed, settings: defaultSettings(!builtIn), managedSince: at, updatedAt: at };
  }

  async function register(name: string, generator: ManagedWorldRow['generator'], seed: number, builtIn: boolean): Promise<ManagedWorldRow> {
    const row = newRow(name, generator, seed, builtIn);
    await store.insert(row);
    registry.set(name, row);
    return row;
  }

  // The server's own worlds (world, world_nether) are managed from the first start, as Multiverse
  // takes in the default worlds: listed by GET /worlds, with settings. Not a write of anyone's, so
  // neither audited nor announced, as the loads at start are not.
  const takenIn: string[] = [];
  for (const name of platform.worlds()) {
    const info = platform.worldInfo(name);
    if (!info?.builtIn || registry.has(name)) continue;
    registry.set(name, await store.insertIfAbsent(newRow(name, info.generator, info.seed, true)));
    takenIn.push(name);
  }
  if (takenIn.length > 0) log.info(`managing the built-in worlds ${takenIn.join(', ')} with the default settings (/world info, /world set)`);

  const about = (w: { name: string }, actor: Actor) => ({ world: w.name, actor: actorName(actor) });
  const made = (w: ManagedWorldRow, actor: Actor) => ({ ...about(w, actor), generator: w.generator, seed: w.seed });

  /** Moves the players of a world to the default world's spawn, telling them why; how many were moved. */
  async function evacuate(name: string, why: string): Promise<number> {
    const home = defaultWorld();
    const spawn = registry.get(home)?.settings.spawn ?? platform.spawnLocation(home);
    let moved = 0;
    for (const p of platform.onlinePlayers()) {
      if (platform.location(p.uuid)?.world !== name) continue;
      if (!(await platform.teleport(p.uuid, spawn))) continue;
      moved++;
      platform.sendMessage(p.uuid, { text: `The world ${name} ${why}: you were moved to the spawn of ${home}.`, color: 'gold' });
      deps.entered(p.uuid, home);
    }
    return moved;
  }

  async function unloadLoaded(w: ManagedWorldRow, save: boolean, why: string): Promise<Result<number>> {
    if (platform.worldInfo(w.name)?.builtIn) return fail('refused', `The world ${w.name} is built in and stays loaded.`);
    const moved = await evacuate(w.name, why);
    const done = await platform.unloadWorld(w.name, { save });
    return done.ok ? ok(moved) : declined(done);
  }

  const service: WorldsService = {
    list() {
      const worlds = [...registry.values()].sort((a, b) => a.name.localeCompare(b.name)).map(render);
      return ok({ worlds, count: worlds.length });
    },

    get(name) {
      const w = find(name);
      return w.ok ? ok(render(w.value)) : w;
    },

    async access(name, player) {
      const w = find(name);
      if (!w.ok) return w;
      const p = await knownPlayer(players, player, 'player');
      if (!p.ok) return p;
      const denial = entryDenial(name, w.value.settings.entry, isLoaded(name), (node) => permissions.playerHas(p.value.uuid, node));
      return ok({
        world: name,
        'player-id': p.value.uuid,
        'player-name': p.value.name,
        allowed: denial === undefined,
        reason: denial?.reason ?? null,
        message: denial?.message ?? null,
      });
    },

    async create(name, options, actor) {
      checkName(name);
      const problem = createOptionsProblem(options);
      if (problem) throw new InvalidInput(options.seed !== undefined && problem.includes('seed') ? 'seed' : 'generator', `${capital(problem)}.`);
      if (registry.has(name)) return fail('already-exists', `The world ${name} is managed already.`);
      const done = await platform.createWorld(name, options);
      if (!done.ok) return declined(done);
      const w = await register(name, done.world.generator, done.world.seed, false);
      await audit.record({ actor, action: 'world.create', target: null, details: { world: name, generator: w.generator, seed: w.seed } });
      events.emit('world.create', made(w, actor));
      return ok(render(w));
    },

    async load(name, actor) {
      checkName(name);
      const w = registry.get(name);
      if (!w) {
        const onDisk = (await platform.storedWorlds()).includes(name) && !isLoaded(name);
        return fail('not-found', onDisk ? `The world ${name} is on disk but not managed: import it first.` : `The world ${name} is not managed.`);
      }
      if (isLoaded(name)) return fail('already-in-state', `The world ${name} is loaded already.`);
      const done = await platform.loadWorld(name);
      if (!done.ok) return declined(done);
      await audit.record({ actor, action: 'world.load', target: null, details: { world: name } });
      events.emit('world.load', { ...about(w, actor), 'at-start': false });
      return ok(render(w));
    },

    async unload(name, save, actor) {
      const w = find(name);
      if (!w.ok) return w;
      if (!isLoaded(name)) return fail('already-in-state', `The world ${name} is not loaded.`);
      const done = await unloadLoaded(w.value, save, 'is being unloaded');
      if (!done.ok) return done;
      await audit.record({ actor, action: 'world.unload', target: null, details: { world: name, save, 'players-moved': done.value } });
      events.emit('world.unload', { ...about(w.value, actor), saved: save, 'players-moved': done.value });
      return ok(render(w.value));
    },

    async delete(name, actor) {
      const w = find(name);
      if (!w.ok) return w;
      if (platform.worldInfo(name)?.builtIn) return fail('refused', `The world ${name} is built in and cannot be deleted.`);
      if (isLoaded(name)) {
        const unloaded = await unloadLoaded(w.value, false, 'is being deleted');
        if (!unloaded.ok) return unloaded;
      }
      const done = await platform.deleteWorld(name);
      // A folder removed by hand already leaves nothing to delete: the world is forgotten all the same.
      if (!done.ok && done.reason !== 'not-found') return declined(done);
      await store.remove(name);
      registry.delete(name);
      await audit.record({ actor, action: 'world.delete', target: null, details: { world: name } });
      events.emit('world.delete', made(w.value, actor));
      return ok({ ...render(w.value), loaded: false, players: 0 });
    },

    async import(name, actor) {
      checkName(name);
      if (registry.has(name)) return fail('already-exists', `The world ${name} is managed already.`);
      if (isLoaded(name)) return fail('refused', `The world ${name} is loaded but not managed: adopt it instead.`);
      if (!(await platform.storedWorlds()).includes(name)) {
        return fail('not-found', `There is no world folder worlds/${name} with a level.dat in the data folder to import.`);
      }
      const done = await platform.loadWorld(name);
      if (!done.ok) return declined(done);
      const w = await register(name, done.world.generator, done.world.seed, false);
      await audit.record({ actor, action: 'world.import', target: null, details: { world: name } });
      events.emit('world.import', made(w, actor));
      return ok(render(w));
    },

    async adopt(name, actor) {
      checkName(name);
      if (registry.has(name)) return fail('already-exists', `The world ${name} is managed already.`);
      const info = platform.worldInfo(name);
      if (!info) return fail('not-found', `The world ${name} is not loaded: a world folder on disk is taken under management with import.`);
      const w = await register(name, info.generator, info.seed, info.builtIn);
      await audit.record({ actor, action: 'world.adopt', target: null, details: { world: name } });
      events.emit('world.adopt', made(w, actor));
      return ok(render(w));
    },

    async unregister(name, actor) {
      const w = find(name);
      if (!w.ok) return w;
      // It would be managed again at the next start: its settings can be changed, not dropped.
      if (platform.worldInfo(name)?.builtIn) return fail('refused', `The world ${name} is built in and always managed; change its settings with /world set.`);
      await store.remove(name);
      registry.delete(name);
      await audit.record({ actor, action: 'world.unregister', target: null, details: { world: name } });
      events.emit('world.unregister', about(w.value, actor));
      return ok(render(w.value));
    },

    async set(name, key, value, actor) {
      const w = find(name);
      if (!w.ok) return w;
      checkSetting(name, key, value);
      const previous = w.value.settings[key];
      if (JSON.stringify(previous) === JSON.stringify(value)) return ok(render(w.value));
      const at = clock.now().toISOString();
      const next: ManagedWorldRow = { ...w.value, settings: { ...w.value.settings, [key]: value }, updatedAt: at };
      await store.update(name, next.settings, at);
      registry.set(name, next);
      await audit.record({ actor, action: 'world.set', target: null, details: { world: name, setting: key, value } });
      events.emit('world.setting-change', { ...about(next, actor), setting: key, value, previous });
      return ok(render(next));
    },

    async teleport(player, name) {
      checkName(name);
      if (!isLoaded(name)) return fail('failed', `The world ${name} is not loaded.`);
      const w = registry.get(name);
      const to: Location = w?.settings.spawn ?? platform.spawnLocation(name);
      const moved = await teleport.teleport(player, { ...to }, { cause: 'world' });
      return moved.ok ? ok(moved.value.to) : moved;
    },

    managed: (name) => registry.get(name),
    names: () => [...registry.keys()].sort(),
  };

  // Worlds marked load-on-start come back with the server; one that cannot be loaded stays managed.
  for (const w of registry.values()) {
    if (!w.settings['load-on-start'] || isLoaded(w.name)) continue;
    const done = await platform.loadWorld(w.name);
    if (!done.ok) {
      log.warn(`the managed world ${w.name} could not be loaded at start: ${done.message}`);
      continue;
    }
    events.emit('world.load', { world: w.name, actor: 'console', 'at-start': true });
  }
  return service;
}

/** A setting's value as the routes and commands give it: bad input names `value`. */
function checkSetting(world: string, key: SettingKey, value: unknown): void {
  const bad = (why: string) => new InvalidInput('value', why);
  switch (key) {
    case 'load-on-start':
    case 'pvp':
    case 'build':
      if (typeof value !== 'boolean') throw bad(`${key} is true or false.`);
      return;
    case 'entry':
      if (value !== 'open' && value !== 'permission' && value !== 'closed') throw bad('entry is open, permission or closed.');
      return;
    case 'game-mode':
      if (value !== null && !['survival', 'creative', 'adventure', 'spectator'].includes(value as string)) {
        throw bad('game-mode is survival, creative, adventure, spectator or none.');
      }
      return;
    case 'spawn': {
      if (value === null) return;
      const l = value as Location;
      if (typeof l !== 'object' || l.world !== world) throw bad(`The spawn of ${world} must be a place in ${world}.`);
      for (const axis of ['x', 'y', 'z', 'yaw', 'pitch'] as const) if (!Number.isFinite(l[axis])) throw bad(`The spawn's ${axis} must be a number.`);
      return;
    }
    default:
      throw new InvalidInput('setting', `"${String(key)}" is not a world setting.`);
  }
}
