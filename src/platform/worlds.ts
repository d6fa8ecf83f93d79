// Worlds created, loaded and unloaded while the server runs, beside the built-in ones (the default
// world and its nether). A world is named by its folder; the adapter says where the folders are.

export const WORLD_GENERATORS = ['flat', 'default'] as const;
/** `flat`: grass on dirt on bedrock; `default`: the server's own terrain (hills, water). */
export type WorldGenerator = (typeof WORLD_GENERATORS)[number];

export interface CreateWorldOptions {
  /** 'default' when absent. */
  generator?: WorldGenerator;
  /** A whole number from -2147483648 to 2147483647 (the terrain of `default` follows it); random when absent. */
  seed?: number;
}

export interface WorldInfo {
  name: string;
  /** 'nether' only for the built-in nether. */
  generator: WorldGenerator | 'nether';
  seed: number;
  /** Whether the platform made it at start (the default world, the nether); those stay loaded. */
  builtIn: boolean;
}

/**
 * Why a world operation was declined: `invalid` (a name or option that is not allowed), `not-found`
 * (no such world on disk, or not loaded), `already-exists` (create: a world of that name is loaded
 * or on disk), `already-loaded` (load), `built-in` (unload of the default world or the nether),
 * `busy` (another operation on that world is running), `loaded` (delete: the world is loaded, unload it
 * first), `failed` (the disk or the generator failed).
 */
export type WorldRefusal = 'invalid' | 'not-found' | 'already-exists' | 'already-loaded' | 'built-in' | 'busy' | 'loaded' | 'failed';

export interface UnloadOptions {
  /**
   * false: the chunk changes not yet written are dropped instead of written (default true). A
   * world's chunks are written about every second as they change, so this drops at most the
   * last second's changes, as a server's unload without saving drops those since its last autosave.
   */
  save?: boolean;
}

export type WorldOutcome = { ok: true; world: WorldInfo } | { ok: false; reason: WorldRefusal; message: string };

export interface WorldPort {
  /** Names of the loaded worlds; the first is the default world. */
  worlds(): string[];
  /** A loaded world's details, or undefined. */
  worldInfo(name: string): WorldInfo | undefined;
  /** Names of the worlds on disk that `loadWorld` can load (loaded ones included). */
  storedWorlds(): Promise<string[]>;
  /** Makes a new world, saved on disk from now on, and loads it. */
  createWorld(name: string, options?: CreateWorldOptions): Promise<WorldOutcome>;
  /** Loads a world made earlier by `createWorld` (on this or an earlier run). */
  loadWorld(name: string): Promise<WorldOutcome>;
  /**
   * Saves and unloads a world; the players in it are first moved to the default world's spawn.
   * Refused for the built-in worlds. It stays on disk for `loadWorld`. It leaves the game at once;
   * its chunks may still be being written then: `storedWorlds`, the next create, load or delete
   * of the name and the shutdown wait for that.
   */
  unloadWorld(name: string, options?: UnloadOptions): Promise<WorldOutcome>;
  /**
   * Removes an unloaded world's folder from disk (its level and region files); the answer is the
   * world as it was. Refused while it is loaded (`loaded`), for the built-in names (`built-in`),
   * and `not-found` when there is no such world on disk.
   */
  deleteWorld(name: string): Promise<WorldOutcome>;
}

/** The built-in worlds' names (Bukkit's level names), which no created world may take. */
export const RESERVED_WORLD_NAMES: readonly string[] = ['world', 'world_nether', 'world_the_end'];

/** The sentence saying what is wrong with a world name, or undefined when it may be used. */
export function worldNameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string' || name.length === 0) return 'a world name must not be empty';
  if (name.length > 32) return `the world name "${name.slice(0, 40)}…" is longer than 32 characters`;
  if (!/^[a-z0-9_-]+$/.test(name)) return `the world name "${name}" may hold only lower-case letters, digits, _ and -`;
  return undefined;
}

/** The sentence saying what is wrong with create options, or undefined when they are fine. */
export function createOptionsProblem(options: CreateWorldOptions): string | undefined {
  const { generator, seed } = options;
  if (generator !== undefined && !(WORLD_GENERATORS as readonly unknown[]).includes(generator)) {
    return `the generator "${String(generator)}" is not one of ${WORLD_GENERATORS.join(', ')}`;
  }
  if (seed !== undefined && !(Number.isInteger(seed) && seed >= -2147483648 && seed <= 2147483647)) {
    return `the seed ${String(seed)} is not a whole number from -2147483648 to 2147483647`;
  }
  return undefined;
}

export function refused(reason: WorldRefusal, message: string): WorldOutcome {
  return { ok: false, reason, message };
}
