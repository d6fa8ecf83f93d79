// Inventory snapshots against the real game (their routes, commands and events, the quit snapshot:
// src/modules/invrollback/invrollback.scene.test.ts): /invrollback snapshot, list and restore typed by
// a bot, the bot's own inventory after a restore over REST and after one it typed, and the copy taken
// when the bot dies (Ben hits Ann until she falls; she respawns). Ann holds the admin nodes only
// while the part runs. Counts are read before and compared after: other parts give items too.

import { after, it } from 'node:test';
import assert from 'node:assert/strict';
import { hitUntilDead, waitFor, waitForMessage, type Bot } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

const count = (bot: Bot, name: string) => bot.inventory.items().filter((i) => i.name === name).reduce((n, i) => n + i.count, 0);
/** Every item the bot holds, armour and off hand included (window slots 5 to 45), as a snapshot counts them. */
const total = (bot: Bot) => bot.inventory.slots.slice(5, 46).reduce((n, i) => n + (i?.count ?? 0), 0);
const NODES = ['snapshot', 'list', 'restore'].map((n) => `core.invrollback.${n}`);

/** Polls an answer over the network until it holds (each try waits for the previous). */
async function eventually<T>(read: () => Promise<T>, holds: (value: T) => boolean, what: string, timeoutMs = 10000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (holds(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for: ${what} (last: ${JSON.stringify(value)})`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const invrollbackPart: AreaPart = {
  name: 'invrollback',
  tests(scene) {
    const snapshots = (path = '') => `/players/${scene().ann.player.uuid}/snapshots${path}`;
    const giveKit = async () => {
      const { rs, writer, ann } = scene();
      const bread = count(ann, 'bread');
      assert.equal((await rs.call('POST', `/players/${ann.player.uuid}/kits/starter/give`, writer)).json.ok, true);
      await waitFor(() => count(ann, 'bread') === bread + 16, 'Ann to hold the starter kit');
    };
    after(async () => {
      for (const node of NODES) await scene().rs.console(`perm revoke Ann ${node}`, new RegExp(`Revoked ${node.replaceAll('.', '\\.')} from Ann`));
    });

    it('/invrollback snapshot, list and restore typed by a bot: the bot holds what the snapshot held, after a restore over REST and one it typed', async () => {
      const { rs, writer, reader, events, ann } = scene();
      const annId = ann.player.uuid;
      const refused = waitForMessage(ann, /permission/i);
      ann.chat('/invrollback snapshot Ann');
      await refused;
      for (const node of NODES) await rs.console(`perm grant Ann ${node}`, new RegExp(node.replaceAll('.', '\\.')));
      await giveKit();
      const taken = waitForMessage(ann, /^Snapshot of Ann: #\d+ command .* by Ann: \d+ items in \d+ slots\.$/);
      ann.chat('/invrollback snapshot Ann');
      const [, idText, itemsText] = /#(\d+) .*: (\d+) items/.exec(await taken)!;
      const [id, items] = [Number(idText), Number(itemsText)];
      // What the snapshot counted is what the bot holds (its view of an item given just before may come a moment later).
      await waitFor(() => total(ann) === items, `Ann's client to hold the ${items} items of the snapshot (it shows ${total(ann)})`);
      // Read once the client shows what the snapshot holds: items of the kit may arrive one packet after another.
      const held = { bread: count(ann, 'bread'), swords: count(ann, 'stone_sword') };
      const [saved] = (await rs.call('GET', snapshots(), reader)).json.data.snapshots;
      assert.deepEqual([saved.id, saved.cause, saved.actor, saved['item-count']], [id, 'command', 'Ann', items]);
      const listed = waitForMessage(ann, /^Snapshots of Ann \(\d+, up to 20 kept\):$/);
      ann.chat('/invrollback list Ann');
      await listed;

      await giveKit();
      const r = await rs.call('POST', snapshots('/restore'), writer, { snapshot: id });
      assert.equal(r.json.ok, true, JSON.stringify(r.json));
      await waitFor(() => count(ann, 'bread') === held.bread && count(ann, 'stone_sword') === held.swords, 'Ann to hold the snapshot’s items again');
      const e = await events.next('invrollback.inventory-restore', (d) => d['player-id'] === annId && d.snapshot === id);
      assert.deepEqual([e.data['item-count'], e.data.actor], [items, 'core-rest/writer']);

      const safety = r.json.data['safety-snapshot'].id as number;
      const told = waitForMessage(ann, new RegExp(`Restored snapshot #${safety} to Ann`));
      ann.chat(`/invrollback restore Ann ${safety}`);
      await told;
      await waitFor(() => count(ann, 'bread') === held.bread + 16 && count(ann, 'stone_sword') === held.swords + 1, 'Ann to hold both kits again');
      const usage = waitForMessage(ann, /"x" is not a valid id/);
      ann.chat('/invrollback restore Ann x');
      await usage;
    });

    it('copies the inventory the bot holds as it dies (Ben hits Ann until she falls)', async () => {
      const { reader, ann, ben } = scene();
      const before = (await scene().rs.call('GET', snapshots(), reader)).json.data.snapshots[0]?.id as number;
      const items = total(ann);
      await hitUntilDead(ben, ann);
      const list = await eventually(
        async () => (await scene().rs.call('GET', snapshots(), reader)).json.data.snapshots as Array<Record<string, unknown>>,
        (l) => l[0] !== undefined && l[0].id !== before,
        'the death snapshot',
      );
      assert.deepEqual([list[0]?.cause, list[0]?.actor, list[0]?.['item-count']], ['death', 'server', items]);
      ann.respawn();
      await waitFor(() => ann.health === 20, 'Ann to respawn', 20000);
      await waitFor(() => total(ann) === items, `Ann to keep the ${items} items she held`);
    });
  },
};
