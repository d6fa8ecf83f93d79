// Trade against the real game (its routes, commands and events: src/modules/trade/trade.scene.test.ts):
// /trade, /trade accept (and /trade <name> back, /trade accept <name>) open the shared window on both
// screens, each sees the other's offer, the frame and the other side stay locked, the confirm
// buttons turn, and the swap shows in both inventories; closing the window, /trade cancel and
// /trade deny, with the items back; and a trader who leaves (a bot of the part's own) finds their
// items on rejoining. Counts are read before and compared after: other parts give items too.

import { before, it } from 'node:test';
import assert from 'node:assert/strict';
import { joinBot, nextEvent, quit, waitFor, waitForMessage, type Bot } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

interface BotWindow {
  id: number;
  title: unknown;
  slots: Array<{ name: string; count: number } | null>;
  inventoryStart: number;
}

/** Window slots (as the bots number them) of the trade window: 4 rows of 9. */
const OWN_FIRST = 0;
const OTHER_FIRST = 5;
const DIVIDER = 4;
const OWN_BUTTON = 27;
const OTHER_BUTTON = 35;

const windowOf = (bot: Bot) => bot.currentWindow as unknown as BotWindow | null;
/** What the bot holds of an item: read from the open window's inventory part while one is open. */
const count = (bot: Bot, name: string) => {
  const w = windowOf(bot);
  const items = w ? w.slots.slice(w.inventoryStart) : bot.inventory.items();
  return items.reduce((n, i) => n + (i?.name === name ? i.count : 0), 0);
};
/** The bot moves its first stack of that item into its own first trade slot; answers the stack's count. */
async function offer(bot: Bot, name: string): Promise<number> {
  const w = windowOf(bot)!;
  const from = w.slots.findIndex((s, i) => i >= w.inventoryStart && s?.name === name);
  assert.ok(from >= w.inventoryStart, `${bot.username} has ${name} to offer`);
  const n = w.slots[from]!.count;
  await bot.moveSlotItem(from, OWN_FIRST);
  return n;
}
/** `from` asks `to` to trade, `to` answers with `accept`; resolves once the window is open on both screens. */
async function openWindows(from: Bot, to: Bot, accept: string): Promise<void> {
  const fromOpen = nextEvent<BotWindow>(from, 'windowOpen');
  const toOpen = nextEvent<BotWindow>(to, 'windowOpen');
  const asked = waitForMessage(to, new RegExp(`${from.username} wants to trade with you`));
  from.chat(`/trade ${to.username}`);
  await asked;
  to.chat(accept);
  await Promise.all([fromOpen, toOpen]);
}

export const tradePart: AreaPart = {
  name: 'trade',
  tests(scene) {
    /** Opens the trade as `openWindows` does; answers its id (events are matched by it). */
    async function openTrade(from: Bot, to: Bot, accept: string): Promise<string> {
      await openWindows(from, to, accept);
      const { rs, reader } = scene();
      const r = await rs.call('GET', `/players/${to.player.uuid}/trade`, reader);
      assert.deepEqual([r.json.data?.['player-name'], r.json.data?.['partner-name']], [from.username, to.username]);
      return r.json.data.id as string;
    }
    /** Gives the bot the starter kit and waits until every item of it has arrived. */
    async function giveKit(bot: Bot): Promise<void> {
      const { rs, writer } = scene();
      const [bread, swords] = [count(bot, 'bread'), count(bot, 'stone_sword')];
      assert.equal((await rs.call('POST', `/players/${bot.player.uuid}/kits/starter/give`, writer)).json.ok, true);
      await waitFor(() => count(bot, 'bread') === bread + 16 && count(bot, 'stone_sword') === swords + 1, `${bot.username} to hold the starter kit`);
    }
    before(async () => {
      const { ann, ben } = scene();
      await Promise.all([giveKit(ann), giveKit(ben)]);
    });

    it('/trade and /trade accept open the window to both; each sees the other’s offer, the frame stays, both confirm and the items swap', async () => {
      const { rs, reader, events, ann, ben } = scene();
      const annId = ann.player.uuid;
      const benId = ben.player.uuid;
      const held = { annBread: count(ann, 'bread'), annSwords: count(ann, 'stone_sword'), benBread: count(ben, 'bread'), benSwords: count(ben, 'stone_sword') };
      const id = await openTrade(ann, ben, '/trade accept');
      const a = windowOf(ann)!;
      assert.match(JSON.stringify(a.title), /Trade: you \| Ben/);
      assert.match(JSON.stringify(windowOf(ben)!.title), /Trade: you \| Ann/);
      assert.deepEqual([a.slots.length, a.inventoryStart], [72, 36]);
      assert.deepEqual([a.slots[OWN_BUTTON]?.name, a.slots[OTHER_BUTTON]?.name, a.slots[DIVIDER]?.name], ['red_wool', 'red_wool', 'gray_stained_glass_pane']);

      await offer(ann, 'stone_sword');
      await waitFor(() => windowOf(ben)?.slots[OTHER_FIRST]?.name === 'stone_sword', 'Ben to see Ann’s sword on his right');
      const bread = await offer(ben, 'bread');
      await waitFor(() => windowOf(ann)?.slots[OTHER_FIRST]?.name === 'bread', 'Ann to see Ben’s bread on her right');
      // The divider is locked, and so is Ben's side for Ann: her clicks on them leave them as they are.
      await ann.clickWindow(DIVIDER, 0, 0);
      await ann.clickWindow(OTHER_FIRST, 0, 0);
      // The fence: the server answers each bot in order, so what the clicks made it send has come by these answers.
      await Promise.all([ann.tabComplete('/'), ben.tabComplete('/')]);
      assert.deepEqual([windowOf(ann)?.slots[DIVIDER]?.name, windowOf(ben)?.slots[DIVIDER]?.name], ['gray_stained_glass_pane', 'gray_stained_glass_pane'], 'the divider stays');
      assert.deepEqual([windowOf(ann)?.slots[OTHER_FIRST]?.name, windowOf(ben)?.slots[OWN_FIRST]?.count], ['bread', bread], 'Ben’s bread stays in his side');
      const counts = await rs.call('GET', `/players/${annId}/trade`, reader);
      assert.deepEqual([counts.json.data['player-item-count'], counts.json.data['partner-item-count']], [1, bread]);

      const confirmed = waitForMessage(ben, /Ann confirmed the trade/);
      await ann.clickWindow(OWN_BUTTON, 0, 0);
      await confirmed;
      await waitFor(() => windowOf(ben)?.slots[OTHER_BUTTON]?.name === 'lime_wool', 'Ben to see Ann’s button turn green');
      const closed = nextEvent(ann, 'windowClose');
      await ben.clickWindow(OWN_BUTTON, 0, 0);
      await closed;
      const done = await events.next('trade.complete', (d) => d['trade-id'] === id);
      assert.deepEqual([done.data['partner-id'], done.data['player-item-count'], done.data['partner-item-count']], [benId, 1, bread]);
      // On a timeout, tell what each bot holds then.
      const holds = () => JSON.stringify({ before: held, bread, ann: ann.inventory.items().map((i) => `${i.count} ${i.name}`), ben: ben.inventory.items().map((i) => `${i.count} ${i.name}`) });
      const swapped = () => count(ann, 'bread') === held.annBread + bread && count(ann, 'stone_sword') === held.annSwords - 1 && count(ben, 'bread') === held.benBread - bread && count(ben, 'stone_sword') === held.benSwords + 1;
      await waitFor(swapped, 'Ann to hold Ben’s bread and one sword less, Ben his bread no more and Ann’s sword').catch((e: Error) => {
        throw new Error(`${e.message}: ${holds()}`);
      });
    });

    it('closing the window cancels the trade: the items go back to their owner (/trade <name> accepts)', async () => {
      const { events, ann, ben } = scene();
      const bread = count(ann, 'bread');
      const id = await openTrade(ann, ben, '/trade Ann');
      const offered = await offer(ann, 'bread');
      await waitFor(() => windowOf(ben)?.slots[OTHER_FIRST]?.name === 'bread', 'Ben to see Ann’s bread');
      await waitFor(() => count(ann, 'bread') === bread - offered, 'the bread to leave Ann’s inventory');
      const told = waitForMessage(ann, /Ben closed the trade window/);
      ben.closeWindow(ben.currentWindow!);
      await told;
      const e = await events.next('trade.cancel', (d) => d['trade-id'] === id);
      assert.deepEqual([e.data.reason, e.data['cancelled-by']], ['closed', ben.player.uuid]);
      assert.equal(e.data['player-item-count'], offered);
      await waitFor(() => count(ann, 'bread') === bread && windowOf(ann) === null, 'Ann to get her bread back and her window closed');
    });

    it('/trade cancel ends an open trade (/trade accept <name> accepts); /trade deny turns a request down', async () => {
      const { events, ann, ben } = scene();
      const swords = count(ben, 'stone_sword');
      const id = await openTrade(ann, ben, '/trade accept Ann');
      await offer(ben, 'stone_sword');
      const told = waitForMessage(ben, /Ann cancelled the trade/);
      ann.chat('/trade cancel');
      await told;
      const e = await events.next('trade.cancel', (d) => d['trade-id'] === id);
      assert.deepEqual([e.data.reason, e.data['cancelled-by']], ['cancelled', ann.player.uuid]);
      await waitFor(() => count(ben, 'stone_sword') === swords && windowOf(ben) === null, 'Ben to get his sword back');

      const asked = waitForMessage(ben, /Ann wants to trade with you/);
      ann.chat('/trade Ben');
      await asked;
      const denied = waitForMessage(ann, /Ben turned down your trade request/);
      ben.chat('/trade deny');
      await denied;
    });

    it('a trader who quits ends the trade: the other gets their items back at once, the quitter finds theirs on rejoining', async () => {
      const { rs, reader, events, ann } = scene();
      let tia = await joinBot(rs.server.gamePort, 'Tia');
      const tiaId = tia.player.uuid;
      try {
        await giveKit(tia);
        const swords = count(tia, 'stone_sword');
        const bread = count(ann, 'bread');
        const id = await openTrade(ann, tia, '/trade accept');
        await offer(ann, 'bread');
        await offer(tia, 'stone_sword');
        await waitFor(() => windowOf(ann)?.slots[OTHER_FIRST]?.name === 'stone_sword', 'Ann to see Tia’s sword');
        const told = waitForMessage(ann, /Tia left the game/);
        await quit(tia);
        await told;
        const e = await events.next('trade.cancel', (d) => d['trade-id'] === id);
        assert.deepEqual([e.data.reason, e.data['cancelled-by'], e.data['partner-item-count']], ['quit', tiaId, 1]);
        await waitFor(() => count(ann, 'bread') === bread && windowOf(ann) === null, 'Ann to get her bread back');
        tia = await joinBot(rs.server.gamePort, 'Tia');
        const holds = () => JSON.stringify(tia.inventory.items().map((i) => `${i.count} ${i.name}`));
        await waitFor(() => count(tia, 'stone_sword') === swords, 'Tia to find her sword on rejoining').catch((err: Error) => {
          throw new Error(`${err.message}; she holds ${holds()}`);
        });
        assert.equal((await rs.call('GET', '/trades', reader)).json.data.count, 0);
      } finally {
        await quit(tia);
      }
    });
  },
};
