// Worlds created, loaded and unloaded at run time, on real flying-squid worlds in a temporary
// folder (the players' side is the host's: here a list of evacuations).

import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findSpawn, flyingSquidWorlds, RuntimeWorlds, type WorldEntry } from './runtime-worlds.ts';
import type { FsWorld, Vec3Class } from './fs-types.ts';

const require = createRequire(import.meta.url);
const fsRequire = createRequire(require.resolve('flying-squid'));
const registry = require('prismarine-registry')('1.21.4');
const Vec3 = (fsRequire('vec3') as { Vec3: Vec3Class }).Vec3;
const water = new Set<number>([registry.blocksByName.water.id]);

const folders: string[] = [];
after(() => {
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

function setup() {
  const root = mkdtempSync(join(tmpdir(), 'core-worlds-'));
  folders.push(root);
  const evacuated: FsWorld[] = [];
  const dimensionNames: Record<string, string> = { 0: 'minecraft:overworld' };
  const factory = flyingSquidWorlds(registry, '1.21.4');
  const worlds = new RuntimeWorlds({
    worldsDir: join(root, 'worlds'),
    factory,
    findSpawn: (w) => findSpawn(w, Vec3, water),
    nameLevel: (dimension, name) => {
      dimensionNames[dimension] = name;
    },
    evacuate: async (w) => {
      evacuated.push(w);
    },
    clearEntities: () => {},
    warn: () => {},
  });
  const main = factory.make('flat', 1, join(root, 'world'));
  worlds.addBuiltIn({ name: 'world', fs: main, dimension: 0, spawn: new Vec3(8.5, 5, 8.5), generator: 'default', seed: 1 });
  return { root, worlds, evacuated, dimensionNames, close: async () => {
    await worlds.settle();
    await Promise.all(worlds.all().map((w: WorldEntry) => worlds.close(w)));
  } };
}

/** A world of columns: below `ground` stone, then `cover` (e.g. tall grass) or water up to `water`. */
function columns(at: (x: number, z: number) => { ground: number; water?: number; cover?: string }): FsWorld {
  const block = (name: string) => ({ type: registry.blocksByName[name].id, name, boundingBox: name === 'stone' ? 'block' : 'empty' });
  return {
    getBlock: async (p: { x: number; y: number; z: number }) => {
      const c = at(p.x, p.z);
      if (p.y < c.ground) return block('stone');
      if (c.water !== undefined && p.y < c.water) return block('water');
      if (c.cover && p.y === c.ground) return block(c.cover);
      return block('air');
    },
  } as unknown as FsWorld;
}

describe('the spawn of a world', () => {
  it('stands on the ground of (8, 8), in tall grass rather than on top of it', async () => {
    const spawn = await findSpawn(columns(() => ({ ground: 30, cover: 'short_grass' })), Vec3, water);
    assert.deepEqual([spawn.x, spawn.y, spawn.z], [8.5, 30, 8.5]);
  });

  it('moves east out of water, onto dry ground even when it lies lower than the water', async () => {
    const spawn = await findSpawn(columns((x) => (x < 12 ? { ground: 10, water: 20 } : { ground: 15 })), Vec3, water);
    assert.deepEqual([spawn.x, spawn.y, spawn.z], [12.5, 15, 8.5]);
  });

  it('finds the nearest dry chunk when the sea east of (8, 8) is wider than 64 blocks', async () => {
    const world = columns((x, z) => (z < -20 && x < 40 ? { ground: 25 } : { ground: 10, water: 20 }));
    const spawn = await findSpawn(world, Vec3, water);
    assert.deepEqual([spawn.x, spawn.y, spawn.z], [-23.5, 25, -23.5]);
  });
});

describe('worlds at run time', () => {
  it('creates a flat world with a spawn on its grass, saved under the worlds folder with its level name', async () => {
    const { root, worlds, dimensionNames, close } = setup();
    const made = await worlds.create('arena', { generator: 'flat', seed: 42 });
    assert.deepEqual(made, { ok: true, world: { name: 'arena', generator: 'flat', seed: 42, builtIn: false } });
    assert.deepEqual(worlds.names(), ['world', 'arena']);
    const arena = worlds.byName('arena')!;
    assert.equal(await arena.fs.getBlockType(arena.spawn.offset(0, -1, 0)), registry.blocksByName.grass_block.id);
    assert.equal(await arena.fs.getBlockType(arena.spawn), 0);
    assert.equal(dimensionNames[arena.dimension], 'core:arena');
    assert.ok(existsSync(join(root, 'worlds', 'arena', 'level.dat')));
    assert.deepEqual(await worlds.stored(), ['arena']);
    await close();
  });

  it('unloads a world after moving its players out, keeps its blocks on disk and loads it again', async () => {
    const { worlds, evacuated, close } = setup();
    assert.equal((await worlds.create('keep', { generator: 'default', seed: 7 })).ok, true);
    const first = worlds.byName('keep')!;
    const marker = first.spawn.offset(0, 3, 0);
    await (first.fs as unknown as { setBlockType(p: unknown, id: number): Promise<void> }).setBlockType(marker, registry.blocksByName.gold_block.id);
    const unloaded = await worlds.unload('keep');
    assert.equal(unloaded.ok, true);
    assert.deepEqual(evacuated, [first.fs]);
    assert.deepEqual(worlds.names(), ['world']);
    assert.equal(worlds.byName('keep'), undefined);

    const loaded = await worlds.load('keep');
    assert.deepEqual(loaded, { ok: true, world: { name: 'keep', generator: 'default', seed: 7, builtIn: false } });
    const again = worlds.byName('keep')!;
    assert.equal(again.dimension, first.dimension, 'the same level number as before');
    assert.equal(await again.fs.getBlockType(marker), registry.blocksByName.gold_block.id);
    await close();
  });

  it('declines with a reason and a sentence: bad names and options, taken names, missing and built-in worlds', async () => {
    const { root, worlds, close } = setup();
    const reason = async (p: Promise<{ ok: boolean; reason?: string; message?: string }>) => {
      const r = await p;
      return r.ok ? 'ok' : `${r.reason}: ${r.message}`;
    };
    assert.match(await reason(worlds.create('Arena')), /^invalid: .*"Arena" may hold only lower-case letters, digits, _ and -/);
    assert.match(await reason(worlds.create('a'.repeat(33))), /^invalid: .*longer than 32 characters/);
    assert.match(await reason(worlds.create('')), /^invalid: a world name must not be empty/);
    assert.match(await reason(worlds.create('x', { generator: 'amplified' as 'flat' })), /^invalid: the generator "amplified" is not one of flat, default/);
    assert.match(await reason(worlds.create('x', { seed: 1.5 })), /^invalid: the seed 1.5 is not a whole number/);
    assert.match(await reason(worlds.create('world')), /^already-exists: /);
    assert.match(await reason(worlds.create('world_nether')), /^already-exists: /);
    mkdirSync(join(root, 'worlds', 'old'), { recursive: true });
    writeFileSync(join(root, 'worlds', 'old', 'note'), '');
    assert.match(await reason(worlds.create('old')), /^already-exists: .*on disk: load it instead/);
    assert.match(await reason(worlds.load('nowhere')), /^not-found: there is no world named nowhere/);
    assert.match(await reason(worlds.unload('nowhere')), /^not-found: the world nowhere is not loaded/);
    assert.match(await reason(worlds.unload('world')), /^built-in: the world world is built in and stays loaded/);
    assert.match(await reason(worlds.load('../x')), /^invalid: /);
    assert.equal(await reason(worlds.create('twice', { generator: 'flat' })), 'ok');
    assert.match(await reason(worlds.create('twice')), /^already-exists: /);
    assert.match(await reason(worlds.load('twice')), /^already-loaded: /);
    await close();
  });

  it('deletes an unloaded world\'s folder once its chunks are written, not a loaded or built-in one', async () => {
    const { root, worlds, close } = setup();
    assert.equal((await worlds.create('gone', { generator: 'flat', seed: 3 })).ok, true);
    assert.deepEqual(await worlds.delete('gone').then((r) => (r.ok ? 'ok' : r.reason)), 'loaded');
    assert.equal((await worlds.unload('gone', { save: false })).ok, true);
    assert.ok((await worlds.stored()).includes('gone'));
    assert.deepEqual(await worlds.delete('gone'), { ok: true, world: { name: 'gone', generator: 'flat', seed: 3, builtIn: false } });
    assert.equal(existsSync(join(root, 'worlds', 'gone')), false);
    assert.deepEqual(await worlds.delete('gone').then((r) => (r.ok ? 'ok' : r.reason)), 'not-found');
    assert.deepEqual(await worlds.delete('world').then((r) => (r.ok ? 'ok' : r.reason)), 'built-in');
    await close();
  });

  it('runs one operation on a name at a time', async () => {
    const { worlds, close } = setup();
    const [a, b] = await Promise.all([worlds.create('race', { generator: 'flat' }), worlds.create('race', { generator: 'flat' })]);
    assert.equal(a.ok, true);
    assert.deepEqual(b.ok ? 'ok' : b.reason, 'busy');
    await close();
  });
});
