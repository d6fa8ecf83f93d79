// Chunk packets made fast, byte for byte the same.
//
// A chunk's light goes to the client as up to 26 sections of 2,048 bytes each for sky and for block
// light. minecraft-protocol's 1.21.4 protocol types each section as an array of u8, so its compiled
// serializer writes them one byte at a time (1.7 ms a chunk), and prismarine-chunk's dumpLight
// copies each section through a SmartBuffer four bytes at a time (0.8 ms): together the largest
// pieces of the game loop's chunk sending (the ticks benchmark, docs/performance.md). A varint count
// followed by that many u8 is exactly a varint-counted buffer, so:
//   - `serializeMapChunk` serialises map_chunk with a protocol compiled once in which the light
//     sections are varint-counted buffers (0.15 ms a chunk), the same bytes;
//   - `fastDumpLight` makes the same sections from the light arrays' words in one copy and a byte
//     swap (each section is big-endian 64-bit words).
// The tests hold both to the stock output (map-chunk.test.ts).

import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

type Protocol = { types: Record<string, unknown>; play: { toClient: { types: Record<string, unknown> } } };
type Compiled = { createPacketBuffer(type: string, value: unknown): Buffer };

/** The light section fields of map_chunk (and update_light). */
const LIGHT_FIELDS = new Set(['skyLight', 'blockLight']);

let compiled: Compiled | undefined;

/** Compiles, once, a protocol of map_chunk alone with its light sections as buffers. */
function compile(): Compiled {
  const mcData = require('minecraft-data')('1.21.4') as { protocol: Protocol };
  const nbt = require('prismarine-nbt') as { addTypesToCompiler(kind: string, compiler: unknown): void };
  const { ProtoDefCompiler } = (require('protodef') as { Compiler: { ProtoDefCompiler: new () => ProtoDefCompilerLike } }).Compiler;
  const toClient = mcData.protocol.play.toClient.types;
  const packet = toClient.packet as [string, Array<{ name: string; type: [string, { type: string; mappings: Record<string, string> }] }>];
  const id = Object.entries(packet[1][0]!.type[1].mappings).find(([, name]) => name === 'map_chunk')?.[0];
  if (id === undefined) throw new Error('map_chunk has no packet id in minecraft-data 1.21.4');
  const mapChunk = structuredClone(toClient.packet_map_chunk) as [string, Array<{ name: string; type: unknown }>];
  let replaced = 0;
  for (const field of mapChunk[1]) {
    if (!LIGHT_FIELDS.has(field.name)) continue;
    field.type = ['array', { countType: 'varint', type: ['buffer', { countType: 'varint' }] }];
    replaced++;
  }
  if (replaced !== LIGHT_FIELDS.size) throw new Error('map_chunk of minecraft-data 1.21.4 has no skyLight and blockLight fields');
  const protocol = {
    types: mcData.protocol.types,
    play: {
      toClient: {
        types: {
          packet_map_chunk: mapChunk,
          packet: [
            'container',
            [
              { name: 'name', type: ['mapper', { type: 'varint', mappings: { [id]: 'map_chunk' } }] },
              { name: 'params', type: ['switch', { compareTo: 'name', fields: { map_chunk: 'packet_map_chunk' } }] },
            ],
          ],
        },
      },
    },
  };
  const compiler = new ProtoDefCompiler();
  compiler.addTypes(require('minecraft-protocol/src/datatypes/compiler-minecraft'));
  compiler.addProtocol(protocol, ['play', 'toClient']);
  nbt.addTypesToCompiler('big', compiler);
  return compiler.compileProtoDefSync();
}

interface ProtoDefCompilerLike {
  addTypes(types: unknown): void;
  addProtocol(protocol: unknown, path: string[]): void;
  compileProtoDefSync(): Compiled;
}

const asBuffer = (section: Uint8Array | number[]): Buffer =>
  section instanceof Uint8Array ? Buffer.from(section.buffer, section.byteOffset, section.byteLength) : Buffer.from(section);

/** The map_chunk packet (its id and fields) as the client receives it, uncompressed and unframed. */
export function serializeMapChunk(params: Record<string, unknown>): Buffer {
  compiled ??= compile();
  const light: Record<string, Buffer[]> = {};
  for (const field of LIGHT_FIELDS) {
    const sections = params[field];
    if (Array.isArray(sections)) light[field] = sections.map((s: Uint8Array | number[]) => asBuffer(s));
  }
  return compiled.createPacketBuffer('packet', { name: 'map_chunk', params: { ...params, ...light } });
}

/** Compiles the protocol now (about 0.1 s), so the first chunk sent does not wait for it. */
export function prepareMapChunk(): void {
  compiled ??= compile();
}

/** A light section as prismarine-chunk keeps it: 4-bit values in 32-bit words, two per 64-bit long. */
interface LightSection {
  data: Uint32Array;
}

interface LightColumn {
  skyLightSections: Array<LightSection | null>;
  blockLightSections: Array<LightSection | null>;
  skyLightMask: { get(i: number): unknown; toLongArray(): unknown };
  blockLightMask: { get(i: number): unknown; toLongArray(): unknown };
  emptySkyLightMask: { toLongArray(): unknown };
  emptyBlockLightMask: { toLongArray(): unknown };
}

/**
 * The section's bytes as BitArrayNoSpan.writeBuffer writes them: each long (low word, high word in
 * memory) as 8 big-endian bytes. In little-endian memory that is the words' bytes reversed in
 * groups of eight.
 */
function sectionBytes(section: LightSection): Uint8Array {
  const out = Buffer.from(new Uint8Array(section.data.buffer, section.data.byteOffset, section.data.byteLength));
  out.swap64();
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/** prismarine-chunk 1.18+ ChunkColumn.dumpLight, the same result. */
export function fastDumpLight(this: LightColumn) {
  const skyLight: Uint8Array[] = [];
  const blockLight: Uint8Array[] = [];
  this.skyLightSections.forEach((section, index) => {
    if (section !== null && this.skyLightMask.get(index)) skyLight.push(sectionBytes(section));
  });
  this.blockLightSections.forEach((section, index) => {
    if (section !== null && this.blockLightMask.get(index)) blockLight.push(sectionBytes(section));
  });
  return {
    skyLight,
    blockLight,
    skyLightMask: this.skyLightMask.toLongArray(),
    blockLightMask: this.blockLightMask.toLongArray(),
    emptySkyLightMask: this.emptySkyLightMask.toLongArray(),
    emptyBlockLightMask: this.emptyBlockLightMask.toLongArray(),
  };
}

const fastened = new WeakSet<object>();

/** Gives the chunk column class of this column (shared by all its worlds) the fast dumpLight. */
export function fastenDumpLight(column: object): void {
  const proto = Object.getPrototypeOf(column) as { dumpLight?: unknown };
  if (fastened.has(proto) || typeof proto.dumpLight !== 'function') return;
  // Little-endian machines only: the byte swap assumes the words' memory order.
  if (new Uint8Array(new Uint32Array([1]).buffer)[0] !== 1) return;
  fastened.add(proto);
  proto.dumpLight = fastDumpLight;
}
