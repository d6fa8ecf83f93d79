// The world test servers start from: diamond-square terrain as flying-squid makes it, generated once
// and copied into each test's data folder, instead of fresh terrain at every boot. It holds the
// columns around the spawn area (flying-squid spawns players at random in x and z from 0 to 30) as
// far as a bot's view reaches; its level.dat keeps the seed, so a column beyond them is generated
// from the same terrain. It is kept in node_modules/.cache/core-tests, made by the first process that
// needs it (the runner, scripts/test-passes.ts, makes it before the tests start and passes it on in
// CORE_TEST_WORLD); a new flying-squid version makes a new one.

import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const require = createRequire(import.meta.url);
const ROOT = resolve(import.meta.dirname, '../..');
/** Columns from -RADIUS to RADIUS+1 in x and z: the spawn area (chunks 0 and 1) and four around it. */
const RADIUS = 4;
/** Seed of the terrain: the same world every run. */
const SEED = 20261129;
const VERSION = '1.21.4';

let made: Promise<string> | undefined;

/** The template world's folder (with level.dat and region/), made when it is not there yet. */
export function prepareTestWorld(): Promise<string> {
  const given = process.env.CORE_TEST_WORLD;
  if (given && existsSync(join(given, 'level.dat'))) return Promise.resolve(given);
  made ??= make();
  return made;
}

async function make(): Promise<string> {
  const squidVersion = (JSON.parse(readFileSync(require.resolve('flying-squid/package.json'), 'utf8')) as { version: string }).version;
  const cache = join(ROOT, 'node_modules', '.cache', 'core-tests');
  const folder = join(cache, `world-${VERSION}-squid${squidVersion}-r${RADIUS}-s${SEED}`);
  if (existsSync(join(folder, 'level.dat'))) return folder;
  mkdirSync(cache, { recursive: true });
  // Made aside and renamed into place: processes that make it at once each make their own, and
  // the first rename wins.
  const building = mkdtempSync(join(cache, 'world-building-'));
  try {
    await generate(building);
    try {
      renameSync(building, folder);
    } catch (e) {
      if (!existsSync(join(folder, 'level.dat'))) throw e;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return folder;
}

/** Writes level.dat and the columns as flying-squid's world plugin does (lib/plugins/world.js). */
async function generate(folder: string): Promise<void> {
  const squid = createRequire(require.resolve('flying-squid'));
  const registry = (squid('prismarine-registry') as (v: string) => unknown)(VERSION);
  const World = (squid('prismarine-world') as (r: unknown) => new (generator: unknown, provider: unknown) => TemplateWorld)(registry);
  const anvil = squid('prismarine-provider-anvil') as {
    Anvil(r: unknown): new (dir: string) => unknown;
    level: { writeLevel(file: string, data: object): Promise<void> };
  };
  const diamondSquare = squid('diamond-square') as (o: object) => unknown;
  const region = join(folder, 'region');
  mkdirSync(region, { recursive: true });
  await anvil.level.writeLevel(join(folder, 'level.dat'), { RandomSeed: [SEED, 0], Version: { Name: VERSION }, generatorName: 'default' });
  const world = new World(diamondSquare({ worldHeight: 80, seed: SEED, version: VERSION, registry }), new (anvil.Anvil(registry))(region));
  world.stopSaving();
  const columns: Array<Promise<unknown>> = [];
  for (let x = -RADIUS; x <= RADIUS + 1; x++) for (let z = -RADIUS; z <= RADIUS + 1; z++) columns.push(world.getColumn(x, z));
  await Promise.all(columns);
  await world.waitSaving();
}

interface TemplateWorld {
  getColumn(x: number, z: number): Promise<unknown>;
  waitSaving(): Promise<void>;
  stopSaving(): void;
}

/** Copies the template world to `dest` (a world folder not yet made), for a test server to start in. */
export async function copyTestWorld(dest: string): Promise<void> {
  cpSync(await prepareTestWorld(), dest, { recursive: true });
}
