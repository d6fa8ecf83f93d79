// Trade with two bots against the real server, over real HTTP and a real event stream: /trade,
// /trade accept (and /trade <name> back), the shared window on both screens (the other side's items
// shown, the frame locked, the confirm buttons), the swap seen in both inventories, trade.complete;
// closing the window, /trade cancel and /trade deny, with the items back and trade.cancel; both
// read routes.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Bot } from './support/bots.ts';
import { joinBot, nextEvent, quit, waitFor, waitForMessage } from './support/bots.ts';
import { startScene, type RestServer, type Scene, type Subscription } from './support/rest-server.ts';

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

describe('trade with two bots', () => {
  let scene: Scene;
  let rs: RestServer;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: Bot;
  let ben: Bot;
  let annId: string;
  let benId: string;

  const windowOf = (bot: Bot) => bot.currentWindow as unknown as BotWindow | null;
  /** What the bot holds of an item: read from the open window's inventory part while one is open. */
  const count = (bot: Bot, name: string) => {
    const w = windowOf(bot);
    const items = w ? w.slots.slice(w.inventoryStart) : bot.inventory.items();
    return items.reduce((n, i) => n + (i?.name === name ? i.count : 0), 0);
  };
  /** The bot moves its first stack of that item into its own first trade slot. */
  async function offer(bot: Bot, name: string): Promise<void> {
    const w = windowOf(bot)!;
    const from = w.slots.findIndex((s, i) => i >= w.inventoryStart && s?.name === name);
    assert.ok(from >= w.inventoryStart, `${bot.username} has ${name} to offer`);
    await bot.moveSlotItem(from, OWN_FIRST);
  }
  async function openTrade(accept: string): Promise<void> {
    const annOpen = nextEvent<BotWindow>(ann, 'windowOpen');
    const benOpen = nextEvent<BotWindow>(ben, 'windowOpen');
    const asked = waitForMessage(ben, /Ann wants to trade with you/);
    ann.chat('/trade Ben');
    await asked;
    ben.chat(accept);
    await Promise.all([annOpen, benOpen]);
  }

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startScene(['trade.*']));
    annId = ann.player.uuid;
    benId = ben.player.uuid;
    for (const id of [annId, benId]) assert.equal((await rs.call('POST', `/players/${id}/kits/starter/give`, writer)).json.ok, true);
    await waitFor(() => count(ann, 'bread') === 16 && count(ben, 'bread') === 16, 'both bots to hold the starter kit');
  });
  after(async () => {
    events?.close();
    await scene?.close();
  });

  it('answers no trades and null for a player without one (not 404); not-found for a player never seen', async () => {
    const all = await rs.call('GET', '/trades', reader);
    assert.deepEqual([all.status, all.json], [200, { ok: true, data: { trades: [], count: 0 } }]);
    const none = await rs.call('GET', `/players/${annId}/trade`, reader);
    assert.deepEqual([none.status, none.json], [200, { ok: true, data: null }]);
    const unknown = await rs.call('GET', '/players/00000000-0000-0000-0000-0000000000aa/trade', reader);
    assert.deepEqual([unknown.status, unknown.json.code], [200, 'not-found']);
    const bad = await rs.call('GET', '/players/nope/trade', reader);
    assert.deepEqual([bad.status, bad.json.field], [400, 'uuid']);
  });

  it('/trade and /trade accept open the window to both; each sees the other’s offer, the frame stays, both confirm and the items swap', async () => {
    await openTrade('/trade accept');
    const a = windowOf(ann)!;
    assert.match(JSON.stringify(a.title), /Trade: you \| Ben/);
    assert.deepEqual([a.slots.length, a.inventoryStart], [72, 36]);
    assert.deepEqual([a.slots[OWN_BUTTON]?.name, a.slots[OTHER_BUTTON]?.name, a.slots[DIVIDER]?.name], ['red_wool', 'red_wool', 'gray_stained_glass_pane']);
    const open = await rs.call('GET', '/trades', reader);
    assert.deepEqual(open.json.data.trades.map((t: Record<string, unknown>) => [t['player-name'], t['partner-name']]), [['Ann', 'Ben']]);
    const mine = await rs.call('GET', `/players/${benId}/trade`, reader);
    assert.equal(mine.json.data.id, open.json.data.trades[0].id);

    await offer(ann, 'stone_sword');
    await waitFor(() => windowOf(ben)?.slots[OTHER_FIRST]?.name === 'stone_sword', 'Ben to see Ann’s sword on his right');
    await offer(ben, 'bread');
    await waitFor(() => windowOf(ann)?.slots[OTHER_FIRST]?.name === 'bread', 'Ann to see Ben’s bread on her right');
    // The divider is locked: a click on it leaves it where it is.
    await ann.clickWindow(DIVIDER, 0, 0);
    await waitFor(() => windowOf(ann)?.slots[DIVIDER]?.name === 'gray_stained_glass_pane' && windowOf(ben)?.slots[DIVIDER]?.name === 'gray_stained_glass_pane', 'the divider to stay');
    // Ben's side is locked for Ann: a click on his bread leaves it with him.
    await ann.clickWindow(OTHER_FIRST, 0, 0);
    await waitFor(() => windowOf(ann)?.slots[OTHER_FIRST]?.name === 'bread' && windowOf(ben)?.slots[OWN_FIRST]?.count === 16, 'Ben’s bread to stay in his side');
    const counts = await rs.call('GET', `/players/${annId}/trade`, reader);
    assert.deepEqual([counts.json.data['player-item-count'], counts.json.data['partner-item-count']], [1, 16]);

    const confirmed = waitForMessage(ben, /Ann confirmed the trade/);
    await ann.clickWindow(OWN_BUTTON, 0, 0);
    await confirmed;
    await waitFor(() => windowOf(ben)?.slots[OTHER_BUTTON]?.name === 'lime_wool', 'Ben to see Ann’s button turn green');
    const closed = nextEvent(ann, 'windowClose');
    await ben.clickWindow(OWN_BUTTON, 0, 0);
    await closed;
    const done = await events.next('trade.complete', (d) => d['player-id'] === annId);
    assert.deepEqual([done.data['partner-id'], done.data['player-item-count'], done.data['partner-item-count']], [benId, 1, 16]);
    await waitFor(() => count(ann, 'bread') === 32 && count(ann, 'stone_sword') === 0, 'Ann to hold Ben’s bread and no sword');
    await waitFor(() => count(ben, 'bread') === 0 && count(ben, 'stone_sword') === 2, 'Ben to hold both swords');
    assert.equal((await rs.call('GET', '/trades', reader)).json.data.count, 0);
  });

  it('closing the window cancels the trade: the items go back to their owner; trade.cancel', async () => {
    await openTrade('/trade Ann');
    await offer(ann, 'bread');
    await waitFor(() => windowOf(ben)?.slots[OTHER_FIRST]?.name === 'bread', 'Ben to see Ann’s bread');
    await waitFor(() => count(ann, 'bread') === 0, 'the bread to leave Ann’s inventory');
    const told = waitForMessage(ann, /Ben closed the trade window/);
    ben.closeWindow(ben.currentWindow!);
    await told;
    const e = await events.next('trade.cancel', (d) => d.reason === 'closed');
    assert.deepEqual([e.data['cancelled-by'], e.data['player-item-count']], [benId, 32]);
    await waitFor(() => count(ann, 'bread') === 32 && windowOf(ann) === null, 'Ann to get her bread back and her window closed');
    assert.deepEqual((await rs.call('GET', `/players/${annId}/trade`, reader)).json.data, null);
  });

  it('/trade cancel ends an open trade; /trade deny turns a request down', async () => {
    await openTrade('/trade accept Ann');
    await offer(ben, 'stone_sword');
    const told = waitForMessage(ben, /Ann cancelled the trade/);
    ann.chat('/trade cancel');
    await told;
    await events.next('trade.cancel', (d) => d.reason === 'cancelled' && d['cancelled-by'] === annId);
    await waitFor(() => count(ben, 'stone_sword') === 2 && windowOf(ben) === null, 'Ben to get his sword back');

    const asked = waitForMessage(ben, /Ann wants to trade with you/);
    ann.chat('/trade Ben');
    await asked;
    const denied = waitForMessage(ann, /Ben turned down your trade request/);
    ben.chat('/trade deny');
    await denied;
  });

  it('a trader who quits ends the trade: the other gets their items back at once, the quitter finds theirs on rejoining', async () => {
    await openTrade('/trade accept');
    await offer(ann, 'bread');
    await offer(ben, 'stone_sword');
    await waitFor(() => windowOf(ann)?.slots[OTHER_FIRST]?.name === 'stone_sword', 'Ann to see Ben’s sword');
    const told = waitForMessage(ann, /Ben left the game/);
    await quit(ben);
    await told;
    const e = await events.next('trade.cancel', (d) => d.reason === 'quit');
    assert.equal(e.data['cancelled-by'], benId);
    await waitFor(() => count(ann, 'bread') === 32 && windowOf(ann) === null, 'Ann to get her bread back');
    ben = await joinBot(rs.server.gamePort, 'Ben');
    const holds = () => JSON.stringify(ben.inventory.items().map((i) => `${i.count} ${i.name}`));
    await waitFor(() => count(ben, 'stone_sword') === 2, 'Ben to find both swords on rejoining').catch((e: Error) => {
      throw new Error(`${e.message}; he holds ${holds()}`);
    });
    assert.equal((await rs.call('GET', '/trades', reader)).json.data.count, 0);
  });
});
