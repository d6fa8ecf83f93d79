// Powertools against the real game (their routes and commands, and the bind surviving a restart:
// src/modules/powertools/powertools.scene.test.ts): /powertool binds a command to the item a bot
// holds, using the item (a right-click) runs it as the bot with its own permissions, and the held
// route follows the hotbar slot the bot selects.

import { after, before, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Bot } from '../support/bots.ts';
import { waitFor, waitForMessage } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

const SPOT = 'powertools-spot';
const MINE = 'powertools-mine';

const standsAt = (bot: Bot, p: { x: number; z: number }) => Math.abs(bot.entity.position.x - p.x) < 0.01 && Math.abs(bot.entity.position.z - p.z) < 0.01;

async function run(bot: Bot, line: string, reply: RegExp): Promise<string> {
  const read = waitForMessage(bot, reply);
  bot.chat(line);
  return read;
}

/** Selects the hotbar slot holding an item of that name; answers the slot (0-8). */
async function hold(bot: Bot, name: string): Promise<number> {
  const item = bot.inventory.items().find((i) => i.name === name && i.slot >= 36);
  assert.ok(item, `${bot.username} carries ${name} in the hotbar`);
  bot.setQuickBarSlot(item.slot - 36);
  await waitFor(() => bot.quickBarSlot === item.slot - 36 && bot.heldItem?.name === name, `${bot.username} to hold ${name}`);
  return item.slot - 36;
}

export const powertoolsPart: AreaPart = {
  name: 'powertools',
  tests(scene) {
    let spot: { world: string; x: number; y: number; z: number };
    let swordSlot: number;

    before(async () => {
      const { rs, writer, ann } = scene();
      const p = ann.entity.position;
      spot = { world: 'world', x: Math.floor(p.x) - 4.5, y: Math.floor(p.y) + 1, z: Math.floor(p.z) + 3.5 };
      assert.equal((await rs.call('POST', `/warps/${SPOT}/create`, writer, { location: spot })).json.ok, true);
      await rs.console('kit give Ann starter', /You gave the kit Starter to Ann/);
      await waitFor(() => ann.inventory.items().some((i) => i.name === 'stone_sword' && i.slot >= 36) && ann.inventory.items().some((i) => i.name === 'bread' && i.slot >= 36), 'Ann to carry the starter sword and bread');
      swordSlot = await hold(ann, 'stone_sword');
    });
    after(async () => {
      const { rs, writer } = scene();
      assert.equal((await rs.call('POST', `/warps/${SPOT}/delete`, writer)).json.ok, true);
    });

    it('binds a command to the held sword with /powertool; using the sword runs it (Ann is warped)', async () => {
      const { ann } = scene();
      await run(ann, `/powertool /warp ${SPOT}`, new RegExp(`Bound /warp ${SPOT} to stone_sword`));
      assert.equal(standsAt(ann, spot), false);
      ann.activateItem();
      await waitFor(() => standsAt(ann, spot), 'Ann to stand at the warp after using the sword');
    });

    it('the held route names what the selected slot runs: the sword’s command, and nothing for the bread', async () => {
      const { rs, reader, ann } = scene();
      const held = () => rs.call('GET', `/players/${ann.player.uuid}/powertools/held`, reader);
      assert.deepEqual((await held()).json.data, { slot: swordSlot, material: 'stone_sword', command: `warp ${SPOT}` });
      const list = await rs.call('GET', `/players/${ann.player.uuid}/powertools`, reader);
      assert.deepEqual(list.json.data, { items: [{ slot: swordSlot, material: 'stone_sword', command: `warp ${SPOT}` }], count: 1 });
      await hold(ann, 'bread');
      // The server learns of the selection on its own time: read until it has.
      let other = await held();
      for (let i = 0; i < 50 && other.json.data !== null; i++) other = await held();
      assert.equal(other.json.data, null, 'the bread runs nothing');
      await hold(ann, 'stone_sword');
    });

    it('runs the command with the bot’s own permissions: one Ann may not use is refused to her', async () => {
      const { rs, reader, ann } = scene();
      await run(ann, `/powertool setwarp ${MINE}`, new RegExp(`Bound /setwarp ${MINE} to stone_sword`));
      const refused = waitForMessage(ann, /You do not have permission \(core\.warp\.admin\)/);
      ann.activateItem();
      await refused;
      assert.equal((await rs.call('GET', `/warps/${MINE}`, reader)).json.code, 'not-found');
    });

    it('tells a bot with an empty hand or an unknown command what is wrong, lists the binds, and unbinds', async () => {
      const { rs, reader, ann, ben } = scene();
      const empty = [0, 1, 2, 3, 4, 5, 6, 7, 8].find((s) => !ben.inventory.slots[36 + s]);
      assert.notEqual(empty, undefined, 'Ben has an empty hotbar slot');
      ben.setQuickBarSlot(empty!);
      await waitFor(() => ben.quickBarSlot === empty, 'Ben to select an empty slot');
      await run(ben, `/powertool warp ${SPOT}`, /Hold an item in your main hand/);
      await run(ann, '/powertool nosuch', /There is no command \/nosuch to bind/);
      await run(ann, '/powertool list', new RegExp(`^stone_sword: /setwarp ${MINE}$`));
      await run(ann, '/powertool', new RegExp(`Unbound /setwarp ${MINE} from stone_sword`));
      assert.equal((await rs.call('GET', `/players/${ann.player.uuid}/powertools/held`, reader)).json.data, null);
      await run(ann, '/powertool clear', /No command is bound to stone_sword/);
    });
  },
};
