import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { fastDumpLight, serializeMapChunk } from './map-chunk.ts';

const require = createRequire(import.meta.url);
const mc = require('minecraft-protocol') as {
  createSerializer(o: object): { createPacketBuffer(p: unknown): Buffer };
  createDeserializer(o: object): { parsePacketBuffer(b: Buffer): { data: { name: string; params: Record<string, unknown> } } };
};
const nbt = require('prismarine-nbt') as { comp(v: object): unknown; longArray(v: unknown[]): unknown };
const Vec3 = require('vec3') as new (x: number, y: number, z: number) => unknown;
type Column = {
  setBlockStateId(p: unknown, id: number): void;
  setSkyLight(p: unknown, l: number): void;
  setBlockLight(p: unknown, l: number): void;
  dump(): Buffer;
  dumpLight(): Record<string, unknown>;
};
const ChunkColumn = require('prismarine-chunk')('1.21.4') as new (o: object) => Column;

/** A column with terrain, sky light above it and torches' block light here and there, all varied. */
function column(seed: number): Column {
  const c = new ChunkColumn({ minY: -64, worldHeight: 384 });
  let r = seed;
  const next = () => (r = (r * 1103515245 + 12345) & 0x7fffffff) % 16;
  for (let x = 0; x < 16; x++)
    for (let z = 0; z < 16; z++) {
      const top = 40 + next();
      for (let y = -64; y < top; y++) c.setBlockStateId(new Vec3(x, y, z), 1 + ((x + y + z) % 5));
      for (let y = top; y < 200; y++) c.setSkyLight(new Vec3(x, y, z), next());
      for (let y = -20; y < top; y += 7) c.setBlockLight(new Vec3(x, y, z), next());
    }
  return c;
}

const stock = mc.createSerializer({ state: 'play', isServer: true, version: '1.21.4' });
const parser = mc.createDeserializer({ state: 'play', isServer: false, version: '1.21.4' });
const heightmaps = nbt.comp({ MOTION_BLOCKING: nbt.longArray(new Array(36).fill([0, 0])) });

/** What flying-squid's sendChunk writes for a column. */
const mapChunk = (c: Column, light: Record<string, unknown>): Record<string, unknown> & { chunkData: Buffer } => ({ x: -3, z: 7, heightmaps, chunkData: c.dump(), blockEntities: [], trustEdges: true, ...light });

describe('chunk packets', () => {
  it('serialises map_chunk to the very bytes minecraft-protocol makes', () => {
    for (const seed of [1, 2, 3]) {
      const c = column(seed);
      const params = mapChunk(c, c.dumpLight());
      const fast = serializeMapChunk(params);
      assert.ok(fast.equals(stock.createPacketBuffer({ name: 'map_chunk', params })), `seed ${seed}: ${fast.length} bytes`);
    }
  });

  it('makes a packet the 1.21.4 client reads back as the chunk it was', () => {
    const c = column(9);
    const params = mapChunk(c, c.dumpLight());
    const { data } = parser.parsePacketBuffer(serializeMapChunk(params));
    assert.equal(data.name, 'map_chunk');
    assert.deepEqual([data.params.x, data.params.z], [-3, 7]);
    assert.ok((data.params.chunkData as Buffer).equals(params.chunkData));
    const sky = data.params.skyLight as number[][];
    assert.equal(sky.length, (params.skyLight as Uint8Array[]).length);
    assert.deepEqual(sky[10], [...(params.skyLight as Uint8Array[])[10]!]);
  });

  it('dumps the light of a column as prismarine-chunk does, section for section', () => {
    for (const seed of [4, 5]) {
      const c = column(seed);
      const stockLight = c.dumpLight() as { skyLight: Uint8Array[]; blockLight: Uint8Array[] };
      const fast = fastDumpLight.call(c as never) as { skyLight: Uint8Array[]; blockLight: Uint8Array[] };
      for (const field of ['skyLight', 'blockLight'] as const) {
        assert.equal(fast[field].length, stockLight[field].length, field);
        assert.ok(stockLight[field].length > 0, `${field} has sections`);
        fast[field].forEach((s, i) => assert.ok(Buffer.from(s).equals(Buffer.from(stockLight[field][i]!)), `${field} section ${i}`));
      }
      const { skyLight: _s, blockLight: _b, ...masks } = fast as Record<string, unknown>;
      const { skyLight: _s2, blockLight: _b2, ...stockMasks } = stockLight as unknown as Record<string, unknown>;
      assert.deepEqual(masks, stockMasks);
      // And the whole packet with the fast light is the stock packet.
      assert.ok(serializeMapChunk(mapChunk(c, fast)).equals(stock.createPacketBuffer({ name: 'map_chunk', params: mapChunk(c, stockLight) })));
    }
  });
});
