// The whole inventory on the adapter's window 0: which window slots each part maps to, what the
// player's client and the players who see them are sent, and that a bad write changes nothing.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { createItemCodec, type GameItem } from './items.ts';
import { FullInventory, type InventoryHolder } from './full-inventory.ts';
import type { Packet } from './packets.ts';
import { packetProblems } from './packet-check.ts';

const require = createRequire(import.meta.url);
const registry = require('prismarine-registry')('1.21.4');
const codec = createItemCodec(registry, require('prismarine-item')(registry));

function holder() {
  const sent: Packet[] = [];
  const shown: Packet[] = [];
  const h: InventoryHolder & { sent: Packet[]; shown: Packet[]; resyncs: number; saves: number; equipment: Map<number, GameItem | null> } = {
    slots: Array<GameItem | null>(46).fill(null),
    heldSlot: 0,
    selectHeldSlot(slot) {
      h.heldSlot = slot;
    },
    send: (p) => sent.push(p),
    sendToViewers: (p) => shown.push(p),
    setEquipment: (slot, item) => h.equipment.set(slot, item),
    entityId: 42,
    resync: () => {
      h.resyncs += 1;
    },
    saved: () => {
      h.saves += 1;
    },
    sent,
    shown,
    resyncs: 0,
    saves: 0,
    equipment: new Map(),
  };
  return h;
}

const UUID = '40f5db53-a47a-33ee-b1f6-db0e20deded4';

function setup() {
  const h = holder();
  return { h, inv: new FullInventory(codec, (uuid) => (uuid === UUID ? h : undefined)) };
}

describe('the whole inventory on window 0', () => {
  it('reads the hotbar, main inventory, armour, off-hand and selected slot from their window slots', () => {
    const { h, inv } = setup();
    h.slots[36] = codec.toGame({ material: 'bread', count: 3 })!;
    h.slots[9] = codec.toGame({ material: 'stone', count: 64 })!;
    h.slots[5] = codec.toGame({ material: 'iron_helmet', count: 1 })!;
    h.slots[8] = codec.toGame({ material: 'iron_boots', count: 1 })!;
    h.slots[45] = codec.toGame({ material: 'shield', count: 1 })!;
    h.heldSlot = 4;
    const read = inv.read(UUID)!;
    assert.equal(read.storage.length, 36);
    assert.deepEqual([read.storage[0]?.material, read.storage[0]?.count, read.storage[9]?.material], ['bread', 3, 'stone']);
    assert.deepEqual([read.armor.head?.material, read.armor.chest, read.armor.legs, read.armor.feet?.material], ['iron_helmet', null, null, 'iron_boots']);
    assert.equal(read.offHand?.material, 'shield');
    assert.equal(read.selectedSlot, 4);
    assert.equal(inv.read('00000000-0000-3000-8000-000000000000'), undefined);
  });

  it('writes everything, tells the client, shows the new equipment to viewers and saves', () => {
    const { h, inv } = setup();
    h.slots[10] = codec.toGame({ material: 'dirt', count: 1 })!;
    assert.equal(
      inv.write(UUID, { storage: [{ material: 'diamond_sword', count: 1 }], armor: { chest: { material: 'diamond_chestplate', count: 1 } }, offHand: { material: 'torch', count: 16 }, selectedSlot: 0 }),
      true,
    );
    assert.equal(h.slots[36]?.name, 'diamond_sword');
    assert.equal(h.slots[10], null, 'storage slots not given are emptied');
    assert.equal(h.slots[6]?.name, 'diamond_chestplate');
    assert.equal(h.slots[45]?.count, 16);
    assert.equal(h.resyncs, 1);
    assert.equal(h.saves, 1);
    assert.equal(h.sent.length, 0, 'the selected slot did not change, so it is not sent');
    const equipment = h.shown.find((p) => p.name === 'entity_equipment')!;
    assert.deepEqual(packetProblems(equipment.name, equipment.params), []);
    const slots = (equipment.params.equipments as Array<{ slot: number }>).map((e) => e.slot).sort();
    assert.deepEqual(slots, [0, 1, 4], 'main hand (the sword), off-hand and chest');
    assert.equal(h.equipment.get(4)?.name, 'diamond_chestplate');
  });

  it('selects another hotbar slot on the client, and shows what that hand now holds', () => {
    const { h, inv } = setup();
    inv.write(UUID, { storage: [null, null, { material: 'bow', count: 1 }], selectedSlot: 2 });
    assert.equal(h.heldSlot, 2);
    assert.deepEqual(h.sent, [{ name: 'held_item_slot', params: { slot: 2 } }]);
    assert.equal(h.equipment.get(0)?.name, 'bow');
  });

  it('sets one slot by storage index, armour piece or off-hand', () => {
    const { h, inv } = setup();
    assert.equal(inv.writeSlot(UUID, 'head', { material: 'carved_pumpkin', count: 1 }), true);
    assert.equal(inv.writeSlot(UUID, 'offHand', { material: 'totem_of_undying', count: 1 }), true);
    assert.equal(inv.writeSlot(UUID, 8, { material: 'apple', count: 5 }), true);
    assert.equal(inv.writeSlot(UUID, 35, { material: 'apple', count: 6 }), true);
    assert.deepEqual([h.slots[5]?.name, h.slots[45]?.name, h.slots[44]?.count, h.slots[35]?.count], ['carved_pumpkin', 'totem_of_undying', 5, 6]);
    assert.equal(inv.writeSlot(UUID, 'head', null), true);
    assert.equal(h.slots[5], null);
    assert.equal(inv.writeSlot('00000000-0000-3000-8000-000000000000', 'head', null), false);
  });

  it('refuses an unknown material, slot or selected slot with a sentence, changing nothing', () => {
    const { h, inv } = setup();
    h.slots[36] = codec.toGame({ material: 'bread', count: 1 })!;
    assert.throws(() => inv.write(UUID, { storage: [null], armor: { head: { material: 'no_such_thing', count: 1 } } }), /"no_such_thing" is not an item of the game \(head\)/);
    assert.throws(() => inv.write(UUID, { storage: [], selectedSlot: 9 }), /selected hotbar slot 9 is not 0-8/);
    assert.throws(() => inv.writeSlot(UUID, 36, null), /inventory slot 36 is not a storage slot/);
    assert.throws(() => inv.writeSlot(UUID, 'hat' as 'head', null), /is not one of 0-35, head, chest, legs, feet or offHand/);
    assert.throws(() => inv.writeSlot(UUID, 0, { material: 'bread', count: 0 }), /count 0 of bread/);
    assert.equal(h.slots[36]?.name, 'bread');
    assert.equal(h.resyncs + h.saves, 0);
  });
});
