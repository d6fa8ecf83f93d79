// The contract of chest windows (vaults, the trade window): the player sees the contents; a locked
// slot stays as it is and its click is reported; new contents set by the server show at once; the
// server's close closes the window on the player's screen; and a player who leaves with a window
// open gets `onClose` with reason `quit` while items can still be given to them: what is given
// there is theirs when they join again.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ChestCloseReason, ItemStack } from '../../src/platform/platform.ts';
import { playerName, type Contract } from './platform.contract.ts';

const bread = (count: number): ItemStack => ({ material: 'bread', count });
const pane: ItemStack = { material: 'gray_stained_glass_pane', count: 1 };

export const chestsContract: Contract = (h) => {
  describe('chest windows', () => {
    it('shows the contents; a locked slot stays and its click is reported; new contents and the server’s close show at once', async () => {
      const p = await h().join(playerName('Chest'));
      const clicks: number[] = [];
      const closes: ChestCloseReason[] = [];
      const items = [bread(3), null, null, null, pane, null, null, null, null];
      const handle = h().platform.openChest(p.player.uuid, {
        title: 'Contract chest',
        rows: 1,
        items,
        locked: [4],
        onClick: (slot) => clicks.push(slot),
        onClose: (_, reason) => closes.push(reason),
      });
      assert.ok(handle?.open, 'the window opened');
      const first = ['bread', null, null, null, 'gray_stained_glass_pane', null, null, null, null];
      await h().until(() => JSON.stringify(p.chestSeen()) === JSON.stringify(first), 'the player to see the chest contents');

      await p.clickChestSlot(4);
      await h().until(() => clicks.includes(4), 'the click on the locked slot to be reported');
      await h().until(() => p.chestSeen()?.[4] === 'gray_stained_glass_pane', 'the locked pane to stay in its slot');

      handle.setItems([null, null, null, null, pane, null, null, null, { material: 'lime_wool', count: 1 }]);
      await h().until(() => p.chestSeen()?.[8] === 'lime_wool' && p.chestSeen()?.[0] === null, 'the player to see the new contents');

      handle.close();
      assert.equal(handle.open, false);
      assert.deepEqual(closes, ['server']);
      await h().until(() => p.chestSeen() === undefined, 'the window to close on the player’s screen');
      await p.leave();
    });

    it('a player who leaves with a window open: onClose says quit, and what is given back then is theirs on joining again', async () => {
      const name = playerName('Leaver');
      const p = await h().join(name);
      const uuid = p.player.uuid;
      const closed: Array<{ reason: ChestCloseReason; items: Array<ItemStack | null> }> = [];
      h().platform.openChest(uuid, {
        title: 'Leaving',
        rows: 1,
        items: [bread(5)],
        onClose: (items, reason) => {
          closed.push({ reason, items });
          // As trade does: the window's items go back to their owner as the window closes.
          const given = h().platform.giveItems(uuid, items.filter((i): i is ItemStack => i !== null));
          assert.deepEqual(given, { given: true }, 'items can still be given while the player leaves');
        },
      });
      await h().until(() => p.chestSeen()?.[0] === 'bread', 'the player to see the bread');
      await p.leave();
      assert.deepEqual(
        closed.map((c) => [c.reason, c.items[0]?.material, c.items[0]?.count]),
        [['quit', 'bread', 5]],
      );
      const again = await h().join(name);
      const held = () => (h().platform.inventory(again.player.uuid) ?? []).reduce((n, i) => n + (i?.material === 'bread' ? i.count : 0), 0);
      await h().until(() => held() === 5, 'the bread to be in the inventory on joining again');
      await again.leave();
    });
  });
};
