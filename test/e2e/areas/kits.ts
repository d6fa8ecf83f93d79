// Kits against the real game (their routes, commands and events: src/modules/kits/kits.scene.test.ts):
// a kit given over REST lands in the bot's inventory with its custom name, and /kit <id> and /kit
// run by a bot claim (items in the inventory, kit.claim on the stream) and list with the cooldown.
// Counts are read before and compared after: other parts give items too.

import { it } from 'node:test';
import assert from 'node:assert/strict';
import { waitFor, waitForMessage, type Bot } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

const count = (bot: Bot, name: string) => bot.inventory.items().filter((i) => i.name === name).reduce((n, i) => n + i.count, 0);

export const kitsPart: AreaPart = {
  name: 'kits',
  tests(scene) {
    it('puts a kit given over REST into the bot’s inventory, the VIP Blade under its name', async () => {
      const { rs, writer, ann } = scene();
      const diamonds = count(ann, 'diamond');
      const swords = count(ann, 'diamond_sword');
      const r = await rs.call('POST', `/players/${ann.player.uuid}/kits/vip/give`, writer);
      assert.equal(r.json.ok, true, JSON.stringify(r.json));
      await waitFor(() => count(ann, 'diamond') === diamonds + 2 && count(ann, 'diamond_sword') === swords + 1, 'Ann to hold the VIP items');
      const named = ann.inventory.items().filter((i) => i.name === 'diamond_sword' && /VIP Blade/.test(JSON.stringify(i.customName)));
      assert.ok(named.length >= 1, JSON.stringify(ann.inventory.items().map((i) => [i.name, i.customName])));
    });

    it('claims with /kit starter in game (the items arrive, kit.claim on the stream) and lists the cooldown with /kit', async () => {
      const { events, ben } = scene();
      const bread = count(ben, 'bread');
      const swords = count(ben, 'stone_sword');
      const claimed = waitForMessage(ben, /^You claimed the kit Starter\.$/);
      ben.chat('/kit starter');
      await claimed;
      await waitFor(() => count(ben, 'bread') === bread + 16 && count(ben, 'stone_sword') === swords + 1, 'Ben to hold the starter items');
      const e = await events.next('kit.claim', (d) => d['player-id'] === ben.player.uuid && d.kit === 'starter');
      assert.deepEqual([e.data['player-name'], e.data.cost], ['Ben', null]);
      const listed = waitForMessage(ben, /^starter \(Starter\): 17 items, free - in /);
      ben.chat('/kit');
      await listed;
    });
  },
};
