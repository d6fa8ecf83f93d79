// The gameplay and whole-inventory packets, serialised with minecraft-protocol's 1.21.4 serializer
// and read back as the game client reads them.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as G from './packets-gameplay.ts';
import type { Packet } from './packets.ts';
import { packetProblems, roundTrip } from './packet-check.ts';

const require = createRequire(import.meta.url);
const Item = (require('prismarine-item') as (v: string) => { new (type: number, count: number): object; toNotch(i: object | null): unknown })('1.21.4');

function clientReads(packet: Packet): Record<string, unknown> {
  assert.deepEqual(packetProblems(packet.name, packet.params), [], `${packet.name} is well-formed`);
  return roundTrip(packet.name, packet.params);
}

describe('gameplay packets', () => {
  it('shows a block again at a position, by block state id', () => {
    const back = clientReads(G.blockChange({ x: -3, y: 70, z: 12 }, 9)) as { location: { x: number; y: number; z: number }; type: number };
    assert.deepEqual(back.location, { x: -3, y: 70, z: 12 });
    assert.equal(back.type, 9);
  });

  it('acknowledges the block changes a client predicted, by sequence', () => {
    assert.deepEqual(clientReads(G.acknowledgeBlockChanges(41)), { sequenceId: 41 });
  });

  it('sets one slot of the inventory window with its state id', () => {
    const back = clientReads(G.inventorySlot(5, 45, Item.toNotch(new Item(1, 3)))) as { windowId: number; stateId: number; slot: number; item: { itemCount: number; itemId: number } };
    assert.equal(back.windowId, 0);
    assert.equal(back.stateId, 5);
    assert.equal(back.slot, 45);
    assert.equal(back.item.itemCount, 3);
    assert.equal(back.item.itemId, 1);
  });

  it('empties a slot', () => {
    const back = clientReads(G.inventorySlot(6, 5, Item.toNotch(null))) as { item: { itemCount: number } };
    assert.equal(back.item.itemCount, 0);
  });

  it('shows the armour and hands of an entity, several pieces in one packet', () => {
    const back = clientReads(
      G.entityEquipment(12, [
        { slot: G.EQUIPMENT_SLOT.head, item: Item.toNotch(new Item(1, 1)) },
        { slot: G.EQUIPMENT_SLOT.offHand, item: Item.toNotch(null) },
      ]),
    ) as { entityId: number; equipments: Array<{ slot: number; item: { itemCount: number } }> };
    assert.equal(back.entityId, 12);
    assert.deepEqual(
      back.equipments.map((e) => [e.slot, e.item.itemCount]),
      [
        [5, 1],
        [1, 0],
      ],
    );
  });

  it('selects a hotbar slot', () => {
    assert.deepEqual(clientReads(G.selectHotbarSlot(7)), { slot: 7 });
  });
});
