// Vaults against the real game (their routes, commands and events, and the contents across a
// restart: src/modules/vaults/vaults.scene.test.ts): a vault opened over REST is a 54-slot chest
// window on the bot's screen; bread the bot moves in leaves its inventory and is stored
// (vault.contents-change); /pv 1 shows it again under the vault's name; deleting the vault closes
// the window. The part ends with Ann's vault 1 deleted, as it found it.

import { it } from 'node:test';
import assert from 'node:assert/strict';
import { nextEvent, waitFor, type Bot } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

interface BotWindow {
  id: number;
  title: unknown;
  slots: Array<{ name: string; count: number } | null>;
  inventoryStart: number;
}

const count = (bot: Bot, name: string) => bot.inventory.items().filter((i) => i.name === name).reduce((n, i) => n + i.count, 0);
const opened = (bot: Bot) => nextEvent<BotWindow>(bot, 'windowOpen');

export const vaultsPart: AreaPart = {
  name: 'vaults',
  tests(scene) {
    const vault = (path = '') => `/players/${scene().ann.player.uuid}/vaults/1${path}`;
    /** How much bread Ann moved into the vault. */
    let stored = 0;

    it('opens a vault over REST as a 54-slot chest window on the bot’s screen; bread the bot moves in leaves its inventory and is stored', async () => {
      const { rs, writer, reader, events, ann } = scene();
      const annId = ann.player.uuid;
      // Something to put in: the starter kit's bread.
      assert.equal((await rs.call('POST', `/players/${annId}/kits/starter/give`, writer)).json.ok, true);
      await waitFor(() => count(ann, 'bread') >= 16, 'Ann to hold bread');
      const window = opened(ann);
      const r = await rs.call('POST', vault('/open'), writer);
      assert.equal(r.json.ok, true, JSON.stringify(r.json));
      const w = await window;
      assert.deepEqual([w.slots.length, w.inventoryStart], [90, 54]);
      assert.match(JSON.stringify(w.title), /Vault 1/);
      assert.ok(w.slots.slice(0, 54).every((s) => s === null), 'a new vault is empty');

      const bread = count(ann, 'bread');
      const from = w.slots.findIndex((s, i) => i >= w.inventoryStart && s?.name === 'bread');
      assert.ok(from >= 54, 'the bread shows in the window’s inventory part');
      stored = w.slots[from]!.count;
      await ann.moveSlotItem(from, 0);
      const e = await events.next('vault.contents-change', (d) => d['player-id'] === annId && d.index === 1 && d['item-count'] === stored);
      assert.equal(e.data['previous-item-count'], 0);
      assert.equal((await rs.call('GET', vault(), reader)).json.data['item-count'], stored);
      const closed = nextEvent(ann, 'windowClose');
      ann.closeWindow(ann.currentWindow!);
      await closed;
      assert.equal(count(ann, 'bread'), bread - stored, 'the bread left the bot’s inventory');
    });

    it('shows the stored bread again with /pv 1, titled by the vault’s name; deleting the vault closes the window', async () => {
      const { rs, writer, reader, events, ann } = scene();
      assert.equal((await rs.call('POST', vault('/label'), writer, { name: 'vaults-Food' })).json.ok, true);
      const window = opened(ann);
      ann.chat('/pv 1');
      const w = await window;
      assert.match(JSON.stringify(w.title), /vaults-Food/);
      assert.deepEqual([w.slots[0]?.name, w.slots[0]?.count], ['bread', stored]);
      await events.next('vault.open', (d) => d['player-id'] === ann.player.uuid && d.index === 1 && d.created === false);

      const closed = nextEvent(ann, 'windowClose');
      const r = await rs.call('POST', vault('/delete'), writer);
      assert.deepEqual([r.json.ok, r.json.data['item-count']], [true, stored]);
      await closed;
      assert.equal((await rs.call('GET', vault(), reader)).json.code, 'not-found');
    });
  },
};
