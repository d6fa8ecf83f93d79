// The sign packets, serialised with minecraft-protocol's 1.21.4 serializer and read back as the
// game client reads them; the text is then read as mineflayer's prismarine-block reads a sign.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as S from './packets-signs.ts';
import type { Packet } from './packets.ts';
import { packetProblems, roundTrip } from './packet-check.ts';

const require = createRequire(import.meta.url);
const nbt = require('prismarine-nbt') as { simplify(t: unknown): unknown };
type SignBlock = { entity?: unknown; getSignText(): [string, string] };
const Block = (require('prismarine-block') as (v: string) => { fromStateId(id: number, biome: number): SignBlock })('1.21.4');
const registry = (require('minecraft-data') as (v: string) => { blocksByName: Record<string, { defaultState: number }> })('1.21.4');

function clientReads(packet: Packet): Record<string, unknown> {
  assert.deepEqual(packetProblems(packet.name, packet.params), [], `${packet.name} is well-formed`);
  return roundTrip(packet.name, packet.params);
}

/** The [front, back] text a client shows for a sign block with this block entity data. */
function textOf(material: string, entity: unknown): [string, string] {
  const block = Block.fromStateId(registry.blocksByName[material]!.defaultState, 0);
  block.entity = entity;
  return block.getSignText();
}

describe('sign packets', () => {
  it('opens the sign editor at a position, on the front or the back', () => {
    assert.deepEqual(clientReads(S.openSignEditor({ x: -5, y: 70, z: 300 }, true)), { location: { x: -5, y: 70, z: 300 }, isFrontText: true });
    assert.equal(clientReads(S.openSignEditor({ x: 0, y: -60, z: 0 }, false)).isFrontText, false);
  });

  it('sends a sign block entity with both sides, as the client reads its text', () => {
    const sign = { front: ['Hello', 'wörld "quoted"', '', '\\ back'], back: ['b1', '', '', ''] };
    const back = clientReads(S.signData({ x: 12, y: 64, z: -3 }, 'oak_sign', sign)) as { location: unknown; action: number; nbtData: unknown };
    assert.deepEqual(back.location, { x: 12, y: 64, z: -3 });
    assert.equal(back.action, S.SIGN_BLOCK_ENTITY.sign);
    const [front, rear] = textOf('oak_sign', back.nbtData);
    assert.equal(front, 'Hello\nwörld "quoted"\n\n\\ back');
    assert.equal(rear, 'b1\n\n\n');
    const data = nbt.simplify(back.nbtData) as { is_waxed: number; front_text: { color: string; messages: string[] } };
    assert.equal(data.is_waxed, 0);
    assert.equal(data.front_text.color, 'black');
    assert.equal(data.front_text.messages.length, 4);
  });

  it('uses the hanging sign block entity type for hanging signs', () => {
    const back = clientReads(S.signData({ x: 1, y: 2, z: 3 }, 'oak_wall_hanging_sign', { front: ['a', '', '', ''], back: ['', '', '', ''] })) as { action: number };
    assert.equal(back.action, S.SIGN_BLOCK_ENTITY.hanging_sign);
    assert.equal(S.signBlockEntityType('spruce_wall_sign'), S.SIGN_BLOCK_ENTITY.sign);
  });

  it('puts a sign among the block entities of a chunk, by position in the chunk', () => {
    const entry = S.chunkSignEntry({ x: -17, y: -5, z: 33 }, 'birch_sign', { front: ['in', 'a', 'chunk', ''], back: ['', '', '', ''] });
    const params = {
      x: -2,
      z: 2,
      heightmaps: { type: 'compound', name: '', value: {} },
      chunkData: Buffer.alloc(0),
      blockEntities: [entry],
      skyLightMask: [],
      blockLightMask: [],
      emptySkyLightMask: [],
      emptyBlockLightMask: [],
      skyLight: [],
      blockLight: [],
    };
    const back = roundTrip('map_chunk', params) as { blockEntities: Array<{ x: number; z: number; y: number; type: number; nbtData: unknown }> };
    const [read] = back.blockEntities;
    assert.deepEqual([read!.x, read!.y, read!.z, read!.type], [15, -5, 1, S.SIGN_BLOCK_ENTITY.sign]);
    assert.equal(textOf('birch_sign', read!.nbtData)[0], 'in\na\nchunk\n');
  });
});
