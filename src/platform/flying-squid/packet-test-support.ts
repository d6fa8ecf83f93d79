// What the packet tests share: a packet checked and read back as the 1.21.4 client reads it, and a
// shim context (packets.test.ts, packet-shim.test.ts).

import assert from 'node:assert/strict';
import type * as P from './packets.ts';
import type { ShimContext } from './packet-shim.ts';
import { packetProblems, roundTrip } from './packet-check.ts';

export const uuidA = '40f5db53-a47a-33ee-b1f6-db0e20deded4';

/** Asserts the packet is well-formed and returns it as the client reads it. */
export function clientReads(packet: P.Packet): Record<string, unknown> {
  assert.deepEqual(packetProblems(packet.name, packet.params), [], `${packet.name} is well-formed`);
  return roundTrip(packet.name, packet.params);
}

export function only(packets: P.Packet[]): P.Packet {
  assert.equal(packets.length, 1, `one packet, got ${packets.map((p) => p.name).join(', ')}`);
  return packets[0]!;
}

export const shimContext: ShimContext = {
  isPlayer: (id) => id === 7,
  gameMode: () => 1,
  previousGameMode: () => 0,
  hashedSeed: () => [12, 34],
  soundId: (name) => (name === 'entity.player.hurt' ? 1234 : undefined),
  nextInventoryStateId: () => 17,
};
