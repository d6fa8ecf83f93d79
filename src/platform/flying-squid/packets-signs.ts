// Raw 1.21.4 packets of signs: the editor a client opens, and the sign's text as a block entity
// (alone, or inside a chunk). Pure functions; packets-signs.test.ts round-trips each through
// minecraft-protocol's 1.21.4 serializer.

import type { Packet } from './packets.ts';
import type { NbtCompound, NbtTag } from './text.ts';

/** The 1.21.4 block entity type ids (BlockEntityType registry order) of signs. */
export const SIGN_BLOCK_ENTITY = { sign: 7, hanging_sign: 8 } as const;

/** A sign's two sides, four lines each. */
export interface SignSides {
  front: readonly string[];
  back: readonly string[];
}

/** The block entity type of a sign block: hanging signs have their own. */
export function signBlockEntityType(material: string): number {
  return material.endsWith('hanging_sign') ? SIGN_BLOCK_ENTITY.hanging_sign : SIGN_BLOCK_ENTITY.sign;
}

/** Opens the sign editor on the client for the sign at `at`, on its front or back. */
export function openSignEditor(at: { x: number; y: number; z: number }, front: boolean): Packet {
  return { name: 'open_sign_entity', params: { location: { x: at.x, y: at.y, z: at.z }, isFrontText: front } };
}

const str = (value: string): NbtTag => ({ type: 'string', value });
const byte = (value: number): NbtTag => ({ type: 'byte', value });

/**
 * One side of a sign as 1.21.4 stores and sends it: each line a text component in JSON (1.21.5
 * turned them into NBT), black, not glowing. A line is plain text as written: it is a JSON string.
 */
function side(lines: readonly string[]): NbtTag {
  const messages = [0, 1, 2, 3].map((i) => JSON.stringify(lines[i] ?? ''));
  return {
    type: 'compound',
    value: {
      messages: { type: 'list', value: { type: 'string', value: messages } },
      color: str('black'),
      has_glowing_text: byte(0),
    },
  };
}

/** A sign's block entity data: both sides, not waxed. */
export function signNbt(sign: SignSides): NbtCompound {
  return { type: 'compound', name: '', value: { front_text: side(sign.front), back_text: side(sign.back), is_waxed: byte(0) } };
}

/** The text of the sign at `at` (its block entity), for a client that has the chunk. */
export function signData(at: { x: number; y: number; z: number }, material: string, sign: SignSides): Packet {
  return { name: 'tile_entity_data', params: { location: { x: at.x, y: at.y, z: at.z }, action: signBlockEntityType(material), nbtData: signNbt(sign) } };
}

/** The sign as an entry of a chunk's block entities (map_chunk's `blockEntities`). */
export function chunkSignEntry(at: { x: number; y: number; z: number }, material: string, sign: SignSides): Record<string, unknown> {
  return { x: at.x & 15, z: at.z & 15, y: at.y, type: signBlockEntityType(material), nbtData: signNbt(sign) };
}
