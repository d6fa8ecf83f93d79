// The contract of the whole player inventory: storage, armour, off-hand and selected slot, read
// and written, with bad writes refused before anything changes.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { playerName, type Contract } from './platform.contract.ts';

const UNKNOWN = '00000000-0000-3000-8000-000000000000';

export const inventoryContract: Contract = (h) => {
  describe('the whole inventory', () => {
    it('is empty for a player who joins for the first time, with the first hotbar slot selected', async () => {
      const p = await h().join(playerName('Fresh'));
      assert.deepEqual(h().platform.playerInventory(p.player.uuid), {
        storage: Array(36).fill(null),
        armor: { head: null, chest: null, legs: null, feet: null },
        offHand: null,
        selectedSlot: 0,
      });
      await p.leave();
    });

    it('is written whole and read back: storage, armour, off-hand and the selected slot', async () => {
      const { platform } = h();
      const p = await h().join(playerName('Dressed'));
      assert.equal(
        platform.setPlayerInventory(p.player.uuid, {
          storage: [{ material: 'bread', count: 5 }, null, { material: 'diamond_sword', count: 1, name: 'Edge', enchantments: { sharpness: 2 } }],
          armor: { head: { material: 'iron_helmet', count: 1 }, feet: { material: 'leather_boots', count: 1 } },
          offHand: { material: 'shield', count: 1 },
          selectedSlot: 2,
        }),
        true,
      );
      await h().until(() => platform.playerInventory(p.player.uuid)?.selectedSlot === 2, 'the selected slot');
      const inv = platform.playerInventory(p.player.uuid)!;
      assert.deepEqual([inv.storage[0]?.material, inv.storage[0]?.count], ['bread', 5]);
      assert.deepEqual([inv.storage[2]?.material, inv.storage[2]?.name, inv.storage[2]?.enchantments], ['diamond_sword', 'Edge', { sharpness: 2 }]);
      assert.equal(inv.storage.filter((s) => s !== null).length, 2);
      assert.deepEqual([inv.armor.head?.material, inv.armor.chest, inv.armor.legs, inv.armor.feet?.material], ['iron_helmet', null, null, 'leather_boots']);
      assert.equal(inv.offHand?.material, 'shield');
      assert.deepEqual(
        platform.inventory(p.player.uuid)!.map((s) => s?.material ?? null),
        inv.storage.map((s) => s?.material ?? null),
        'inventory() reads the same storage slots',
      );
      await p.leave();
    });

    it('sets one slot at a time, and a stack read back can be written back unchanged', async () => {
      const { platform } = h();
      const p = await h().join(playerName('Slotted'));
      assert.equal(platform.setInventorySlot(p.player.uuid, 'chest', { material: 'golden_chestplate', count: 1, name: 'Shiny' }), true);
      assert.equal(platform.setInventorySlot(p.player.uuid, 35, { material: 'arrow', count: 64 }), true);
      const chest = platform.playerInventory(p.player.uuid)!.armor.chest!;
      assert.equal(platform.setInventorySlot(p.player.uuid, 'offHand', chest), true);
      assert.equal(platform.setInventorySlot(p.player.uuid, 'chest', null), true);
      const inv = platform.playerInventory(p.player.uuid)!;
      assert.equal(inv.armor.chest, null);
      assert.deepEqual([inv.offHand?.material, inv.offHand?.name], ['golden_chestplate', 'Shiny']);
      assert.deepEqual([inv.storage[35]?.material, inv.storage[35]?.count], ['arrow', 64]);
      await p.leave();
    });

    it('refuses an unknown material or slot with an error naming it, and changes nothing', async () => {
      const { platform } = h();
      const p = await h().join(playerName('Careful'));
      platform.setInventorySlot(p.player.uuid, 0, { material: 'apple', count: 3 });
      assert.throws(() => platform.setPlayerInventory(p.player.uuid, { storage: [], offHand: { material: 'unobtainium', count: 1 } }), /"unobtainium" is not an item of the game/);
      assert.throws(() => platform.setInventorySlot(p.player.uuid, 36, null), /inventory slot 36 is not a storage slot \(0-35\)/);
      assert.throws(() => platform.setPlayerInventory(p.player.uuid, { storage: [], selectedSlot: -1 }), /selected hotbar slot -1 is not 0-8/);
      assert.equal(platform.playerInventory(p.player.uuid)!.storage[0]?.material, 'apple');
      await p.leave();
    });

    it('answers nothing for a player who is not online', () => {
      const { platform } = h();
      assert.equal(platform.playerInventory(UNKNOWN), undefined);
      assert.equal(platform.setPlayerInventory(UNKNOWN, { storage: [] }), false);
      assert.equal(platform.setInventorySlot(UNKNOWN, 'head', null), false);
    });

    it('gives items into storage and leaves armour and off-hand alone', async () => {
      const { platform } = h();
      const p = await h().join(playerName('Giver'));
      platform.setPlayerInventory(p.player.uuid, { storage: [], armor: { head: { material: 'turtle_helmet', count: 1 } }, offHand: { material: 'torch', count: 10 } });
      assert.deepEqual(platform.giveItems(p.player.uuid, [{ material: 'torch', count: 5 }]), { given: true });
      const inv = platform.playerInventory(p.player.uuid)!;
      assert.equal(inv.offHand?.count, 10);
      assert.equal(inv.armor.head?.material, 'turtle_helmet');
      assert.deepEqual([inv.storage[0]?.material, inv.storage[0]?.count], ['torch', 5]);
      await p.leave();
    });
  });
};
