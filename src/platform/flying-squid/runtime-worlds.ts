// The loaded worlds of the flying-squid adapter: the built-in ones made at start (the default
// world, the nether) and worlds created, loaded and unloaded while the server runs. A created world
// is a folder `<worldsDir>/<name>` with a level.dat (generator and seed, in the format flying-squid
// writes for its own world) and Anvil region files, saved as chunks change. On the client each
// world is its own level, `core:<name>` (a level key no vanilla world has), of the overworld type.

import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  createOptionsProblem,
  refused,
  RESERVED_WORLD_NAMES,
  worldNameProblem,
  type CreateWorldOptions,
  type UnloadOptions,
  type WorldGenerator,
  type WorldInfo,
  type WorldOutcome,
} from '../worlds.ts';
import type { FsStorage, FsWorld, Vec3, Vec3Class } from './fs-types.ts';

const require = createRequire(import.meta.url);
const fsRequire = createRequire(require.resolve('flying-squid'));

export interface WorldEntry {
  name: string;
  fs: FsWorld;
  /** flying-squid's dimension number: the key of the level name in serv.dimensionNames. */
  dimension: number;
  spawn: Vec3;
  info: WorldInfo;
}

/** Makes flying-squid worlds; the adapter's is `flyingSquidWorlds`, a test may lend another. */
export interface WorldFactory {
  /** A world of the generator and seed, saved in `dir` (Anvil region files under it). */
  make(generator: WorldGenerator, seed: number, dir: string): FsWorld;
  writeLevel(dir: string, generator: WorldGenerator, seed: number): Promise<void>;
  /** The generator and seed of the level.dat in `dir`; throws when it cannot be read. */
  readLevel(dir: string): Promise<{ generator: WorldGenerator; seed: number }>;
}

/** What the adapter lends the world registry. */
export interface WorldsHost {
  /** Where created worlds' folders are. */
  worldsDir: string;
  factory: WorldFactory;
  findSpawn(world: FsWorld): Promise<Vec3>;
  /** Names the level of a dimension number (flying-squid's respawn packet takes the name from its table). */
  nameLevel(dimension: number, levelName: string): void;
  /** Moves every player in the world to the default world's spawn. */
  evacuate(world: FsWorld): Promise<void>;
  /** Removes the entities (dropped items) left in the world. */
  clearEntities(world: FsWorld): void;
  warn(message: string): void;
}

/** The first dimension number given to a created world (flying-squid uses 0 and -1). */
const FIRST_DIMENSION = 100;

export class RuntimeWorlds {
  private readonly host: WorldsHost;
  private readonly entries: WorldEntry[] = [];
  /** Names with a create, load or unload running. */
  private readonly busy = new Set<string>();
  /** Worlds being unloaded: no longer found by name (teleports there are refused). */
  private readonly closing = new Set<WorldEntry>();
  private readonly dimensions = new Map<string, number>();
  /** Unloaded worlds whose chunks are still being written, by name. */
  private readonly flushing = new Map<string, Promise<void>>();

  constructor(host: WorldsHost) {
    this.host = host;
  }

  /** Registers a world the adapter made at start (the first is the default world). */
  addBuiltIn(entry: Omit<WorldEntry, 'info'> & { generator: WorldInfo['generator']; seed: number }): void {
    const { generator, seed, ...rest } = entry;
    this.entries.push({ ...rest, info: { name: entry.name, generator, seed, builtIn: true } });
  }

  /** Every loaded world, the default first (worlds being unloaded included; those being written after an unload are awaited by `settle`). */
  all(): readonly WorldEntry[] {
    return this.entries;
  }

  get default(): WorldEntry {
    const first = this.entries[0];
    if (!first) throw new Error('no world is loaded yet');
    return first;
  }

  /** A loaded world by name (not one being unloaded). */
  byName(name: string): WorldEntry | undefined {
    return this.entries.find((w) => w.name === name && !this.closing.has(w));
  }

  /** The world of a flying-squid world (the default world for one it does not know). */
  byFs(fs: FsWorld): WorldEntry {
    return this.entries.find((w) => w.fs === fs) ?? this.default;
  }

  names(): string[] {
    return this.entries.filter((w) => !this.closing.has(w)).map((w) => w.name);
  }

  info(name: string): WorldInfo | undefined {
    const w = this.byName(name);
    return w && { ...w.info };
  }

  /** Resolves once every unloaded world's files are written (at shutdown; before listing the stored ones). */
  async settle(): Promise<void> {
    await Promise.all(this.flushing.values());
  }

  /** Folders under worldsDir with a level.dat (once the files of the worlds just unloaded are written). */
  async stored(): Promise<string[]> {
    await this.settle();
    let names: string[];
    try {
      names = await readdir(this.host.worldsDir);
    } catch {
      return [];
    }
    return names.filter((n) => worldNameProblem(n) === undefined && existsSync(join(this.host.worldsDir, n, 'level.dat'))).sort();
  }

  async create(name: string, options: CreateWorldOptions = {}): Promise<WorldOutcome> {
    const problem = worldNameProblem(name) ?? createOptionsProblem(options);
    if (problem) return refused('invalid', problem);
    return this.exclusively(name, async () => {
      await this.flushing.get(name);
      if (this.byName(name) || RESERVED_WORLD_NAMES.includes(name)) return refused('already-exists', `a world named ${name} already exists`);
      const dir = join(this.host.worldsDir, name);
      if (existsSync(dir)) return refused('already-exists', `a world named ${name} already exists on disk: load it instead`);
      const generator = options.generator ?? 'default';
      const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
      try {
        await mkdir(dir, { recursive: true });
        await this.host.factory.writeLevel(dir, generator, seed);
        return { ok: true, world: await this.open(name, dir, generator, seed) };
      } catch (e) {
        this.host.warn(`creating the world ${name} failed: ${String(e)}`);
        await rm(dir, { recursive: true, force: true }).catch(() => {});
        return refused('failed', `the world ${name} could not be created: ${(e as Error).message}`);
      }
    });
  }

  async load(name: string): Promise<WorldOutcome> {
    const problem = worldNameProblem(name);
    if (problem) return refused('invalid', problem);
    return this.exclusively(name, async () => {
      await this.flushing.get(name);
      if (this.byName(name)) return refused('already-loaded', `the world ${name} is already loaded`);
      const dir = join(this.host.worldsDir, name);
      if (!existsSync(join(dir, 'level.dat'))) return refused('not-found', `there is no world named ${name}`);
      try {
        const { generator, seed } = await this.host.factory.readLevel(dir);
        return { ok: true, world: await this.open(name, dir, generator, seed) };
      } catch (e) {
        this.host.warn(`loading the world ${name} failed: ${String(e)}`);
        return refused('failed', `the world ${name} could not be loaded: ${(e as Error).message}`);
      }
    });
  }

  async unload(name: string, options: UnloadOptions = {}): Promise<WorldOutcome> {
    const problem = worldNameProblem(name);
    if (problem) return refused('invalid', problem);
    return this.exclusively(name, async () => {
      const entry = this.byName(name);
      if (!entry) return refused('not-found', `the world ${name} is not loaded`);
      if (entry.info.builtIn) return refused('built-in', `the world ${name} is built in and stays loaded`);
      this.closing.add(entry);
      try {
        await this.host.evacuate(entry.fs);
      } catch (e) {
        this.closing.delete(entry);
        this.host.warn(`moving the players out of the world ${name} failed: ${String(e)}`);
        return refused('failed', `the world ${name} could not be unloaded: its players could not be moved out`);
      }
      this.host.clearEntities(entry.fs);
      this.closing.delete(entry);
      this.entries.splice(this.entries.indexOf(entry), 1);
      // Writing the chunks not yet written takes seconds on a busy machine (tens of chunks after
      // players walked around): the world leaves the game at once and its files are finished in
      // the background; the next operation on the name, the stored list and the shutdown wait.
      const flush: Promise<void> = this.close(entry, options.save ?? true).finally(() => {
        if (this.flushing.get(name) === flush) this.flushing.delete(name);
      });
      this.flushing.set(name, flush);
      return { ok: true, world: { ...entry.info } };
    });
  }

  async delete(name: string): Promise<WorldOutcome> {
    const problem = worldNameProblem(name);
    if (problem) return refused('invalid', problem);
    if (RESERVED_WORLD_NAMES.includes(name)) return refused('built-in', `the world ${name} is built in and cannot be deleted`);
    return this.exclusively(name, async () => {
      await this.flushing.get(name);
      if (this.byName(name)) return refused('loaded', `the world ${name} is loaded: unload it before deleting it`);
      const dir = join(this.host.worldsDir, name);
      if (!existsSync(join(dir, 'level.dat'))) return refused('not-found', `there is no world named ${name}`);
      let level: { generator: WorldGenerator; seed: number } = { generator: 'default', seed: 0 };
      try {
        level = await this.host.factory.readLevel(dir);
      } catch {
        // A level.dat that cannot be read does not keep its folder from being deleted.
      }
      try {
        await rm(dir, { recursive: true, force: true });
      } catch (e) {
        this.host.warn(`deleting the world ${name} failed: ${String(e)}`);
        return refused('failed', `the world ${name} could not be deleted: ${(e as Error).message}`);
      }
      return { ok: true, world: { name, ...level, builtIn: false } };
    });
  }

  /**
   * Saves a world (or, with `save` false, drops the chunk changes not yet written) and stops its
   * saving timer (at unload, and for every world at shutdown).
   */
  async close(entry: WorldEntry, save = true): Promise<void> {
    if (!save) entry.fs.savingQueue.clear();
    try {
      await entry.fs.waitSaving();
    } catch (e) {
      this.host.warn(`saving world ${entry.name}: ${String(e)}`);
    }
    entry.fs.stopSaving();
    await entry.fs.storageProvider?.close();
  }

  private async open(name: string, dir: string, generator: WorldGenerator, seed: number): Promise<WorldInfo> {
    const fs = this.host.factory.make(generator, seed, dir);
    let spawn: Vec3;
    try {
      spawn = await this.host.findSpawn(fs);
    } catch (e) {
      fs.stopSaving();
      await fs.storageProvider?.close();
      throw e;
    }
    let dimension = this.dimensions.get(name);
    if (dimension === undefined) {
      dimension = FIRST_DIMENSION + this.dimensions.size;
      this.dimensions.set(name, dimension);
    }
    this.host.nameLevel(dimension, `core:${name}`);
    const info: WorldInfo = { name, generator, seed, builtIn: false };
    this.entries.push({ name, fs, dimension, spawn, info });
    return { ...info };
  }

  private async exclusively(name: string, run: () => Promise<WorldOutcome>): Promise<WorldOutcome> {
    if (this.busy.has(name)) return refused('busy', `the world ${name} is being created, loaded or unloaded: try again`);
    this.busy.add(name);
    try {
      return await run();
    } finally {
      this.busy.delete(name);
    }
  }
}

/** How many chunks around (8, 8) the spawn search looks for dry land before it settles for water. */
const SPAWN_SEARCH_CHUNKS = 12;

/**
 * The spawn of a world: standing on the highest solid block of the column (8, 8), in whatever
 * lets a player through above it (air, tall grass), so that a player put there does not fall;
 * when that column's top is water, the first column east of it that is dry, or else the nearest
 * dry chunk around it (in water only when there is none within SPAWN_SEARCH_CHUNKS).
 */
export async function findSpawn(world: FsWorld, Vec3: Vec3Class, waterIds: ReadonlySet<number>): Promise<Vec3> {
  /** The highest block of a column a player stands on or swims in (passable blocks skipped). */
  const top = async (x: number, z: number): Promise<{ at: Vec3; water: boolean }> => {
    let p = new Vec3(x, 81, z);
    for (; p.y > -64; p = p.offset(0, -1, 0)) {
      const block = await world.getBlock(p);
      if (waterIds.has(block.type)) return { at: p, water: true };
      if (block.boundingBox !== 'empty') break;
    }
    return { at: p, water: false };
  };
  let ground = await top(8, 8);
  for (let i = 0; i < 64 && ground.water; i++) ground = await top(ground.at.x + 1, 8);
  // An ocean wider than that: one column per chunk, ring after ring around (8, 8), for the nearest
  // dry land (a player put in deep water sinks, and every block sunk is a move).
  for (let r = 1; r <= SPAWN_SEARCH_CHUNKS && ground.water; r++) {
    for (let dx = -r; dx <= r && ground.water; dx++) {
      for (let dz = -r; dz <= r && ground.water; dz++) {
        if (Math.max(Math.abs(dx), Math.abs(dz)) !== r) continue;
        const dry = await top(8 + 16 * dx, 8 + 16 * dz);
        if (!dry.water) ground = dry;
      }
    }
  }
  let p = ground.at.offset(0, 1, 0);
  while (p.y < 320 && (await world.getBlock(p)).boundingBox !== 'empty') p = p.offset(0, 1, 0);
  return new Vec3(p.x + 0.5, p.y, p.z + 0.5);
}

/**
 * A storage that, once closed, answers reads with nothing (the world generates in memory) and
 * drops writes, instead of failing: chunks a player was still being sent when their world was
 * unloaded, or the server stopped, are read after the region files closed.
 */
export function closable(storage: FsStorage): FsStorage {
  let closed = false;
  const load = storage.load.bind(storage);
  const save = storage.save.bind(storage);
  const close = storage.close.bind(storage);
  storage.load = (x, z) => (closed ? Promise.resolve(null) : load(x, z).catch((e: unknown) => (closed ? null : Promise.reject(e))));
  storage.save = (x, z, chunk) => (closed ? Promise.resolve() : save(x, z, chunk).catch((e: unknown) => (closed ? undefined : Promise.reject(e))));
  storage.close = () => {
    closed = true;
    return close();
  };
  return storage;
}

interface LevelModule {
  readLevel(path: string): Promise<{ RandomSeed?: number[] | number; generatorName?: string }>;
  writeLevel(path: string, value: { RandomSeed: [number, number]; Version: { Name: string }; generatorName: string }): Promise<void>;
}

/** Worlds as flying-squid makes its own: prismarine-world, Anvil storage, its generators. */
export function flyingSquidWorlds(registry: unknown, version: string): WorldFactory {
  const World = (fsRequire('prismarine-world') as (r: unknown) => new (generator: unknown, storage: unknown) => FsWorld)(registry);
  const anvil = fsRequire('prismarine-provider-anvil') as { Anvil(r: unknown): new (dir: string) => unknown; level: LevelModule };
  const Anvil = anvil.Anvil(registry) as new (dir: string) => FsStorage;
  const generations = fsRequire('./src/lib/generations') as Record<'superflat' | 'diamond_square', (o: Record<string, unknown>) => unknown>;
  return {
    make(generator, seed, dir) {
      const options = { registry, seed, version, worldHeight: 80 };
      const generate = generator === 'flat' ? generations.superflat(options) : generations.diamond_square(options);
      return new World(generate, closable(new Anvil(join(dir, 'region'))));
    },
    async writeLevel(dir, generator, seed) {
      await mkdir(join(dir, 'region'), { recursive: true });
      await anvil.level.writeLevel(join(dir, 'level.dat'), { RandomSeed: [seed, 0], Version: { Name: version }, generatorName: generator });
    },
    async readLevel(dir) {
      const level = await anvil.level.readLevel(join(dir, 'level.dat'));
      const seed = Array.isArray(level.RandomSeed) ? level.RandomSeed[0] : level.RandomSeed;
      if (typeof seed !== 'number' || !Number.isInteger(seed)) throw new Error(`${join(dir, 'level.dat')} has no seed`);
      return { generator: level.generatorName === 'flat' ? 'flat' : 'default', seed };
    },
  };
}
