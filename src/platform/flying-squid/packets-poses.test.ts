// The pose packets, serialised with minecraft-protocol's 1.21.4 serializer and read back as the
// game client reads them: a malformed packet fails here.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as P from './packets-poses.ts';
import type { Packet } from './packets.ts';
import { packetProblems, roundTrip } from './packet-check.ts';

const require = createRequire(import.meta.url);
const registry = require('minecraft-data')('1.21.4') as { entities: Record<number, { name: string }> };
const uuid = '3f1c9a2e-5b7d-4c4e-8a1b-0d9e8f7a6b5c';

function clientReads(packet: Packet): Record<string, unknown> {
  assert.deepEqual(packetProblems(packet.name, packet.params), [], `${packet.name} is well-formed`);
  return roundTrip(packet.name, packet.params);
}

describe('pose packets', () => {
  it('spawns the seat as a block display (invisible: no block) where the player sat down', () => {
    assert.equal(registry.entities[P.BLOCK_DISPLAY_ENTITY_TYPE]?.name, 'block_display');
    const back = clientReads(P.spawnSeat(77, uuid, { x: 1.5, y: 64, z: -2.5, yaw: 0, pitch: 0 })) as Record<string, unknown>;
    assert.deepEqual([back.entityId, back.type, back.x, back.y, back.z], [77, P.BLOCK_DISPLAY_ENTITY_TYPE, 1.5, 64, -2.5]);
  });

  it('puts the player on the seat, and takes them off with an empty list', () => {
    assert.deepEqual(clientReads(P.setPassengers(77, [5])), { entityId: 77, passengers: [5] });
    assert.deepEqual(clientReads(P.setPassengers(77, [])), { entityId: 77, passengers: [] });
  });

  it('shows the sleeping pose, and the standing one again', () => {
    const lying = clientReads(P.poseMetadata(5, true)) as { metadata: Array<{ key: number; type: string; value: number }> };
    assert.deepEqual(lying.metadata, [{ key: P.ENTITY_POSE_KEY, type: 'pose', value: P.POSE_SLEEPING }]);
    const standing = clientReads(P.poseMetadata(5, false)) as { metadata: Array<{ value: number }> };
    assert.equal(standing.metadata[0]!.value, P.POSE_STANDING);
  });
});
