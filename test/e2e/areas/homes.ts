// Homes against the real game (their routes, commands and events: src/modules/homes/homes.scene.test.ts):
// /home takes the bot to a home set over REST, /sethome stores where the bot stands, icon and
// visibility set in game reach the stream, another bot visits a public home, and /delhome removes one.

import { after, it } from 'node:test';
import assert from 'node:assert/strict';
import { groundAt, waitFor, waitForMessage, type Bot } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

interface Home {
  slot: number;
  label: string | null;
  location: { world: string; x: number; y: number; z: number };
}

/** Whether a bot stands (horizontally) at a point: it may fall after a teleport, never drift. */
const standsAt = (bot: Bot, p: { x: number; z: number }) => Math.abs(bot.entity.position.x - p.x) < 0.01 && Math.abs(bot.entity.position.z - p.z) < 0.01;

export const homesPart: AreaPart = {
  name: 'homes',
  tests(scene) {
    /** The slots this part fills (it empties them again at the end). */
    const made: number[] = [];
    let base: { world: string; x: number; y: number; z: number };
    let camp: Home;

    const annHomes = async (): Promise<{ homes: Home[]; count: number; limit: number }> => {
      const { rs, reader, ann } = scene();
      const r = await rs.call('GET', `/players/${ann.player.uuid}/homes`, reader);
      assert.equal(r.json.ok, true, JSON.stringify(r.json));
      return r.json.data;
    };

    after(async () => {
      const { rs, writer, ann } = scene();
      for (const slot of made) await rs.call('POST', `/players/${ann.player.uuid}/homes/${slot}/delete`, writer);
    });

    it('takes the bot to a home set over REST with /home <slot>', async () => {
      const { rs, writer, events, ann } = scene();
      const { homes, limit } = await annHomes();
      const taken = new Set(homes.map((h) => h.slot));
      const free = Array.from({ length: limit }, (_, i) => i + 1).filter((s) => !taken.has(s));
      assert.ok(free.length >= 2, `Ann has two free home slots of ${limit}: ${JSON.stringify(homes)}`);
      const slot = free[0]!;
      // On the ground of a spot near the world spawn (high above it when Ann has not got its chunk: she falls, never sideways).
      const spawn = ann.spawnPoint;
      const [x, z] = [Math.floor(spawn.x) + 6.5, Math.floor(spawn.z) + 3.5];
      base = { world: 'world', x, y: groundAt(ann, x, z) ?? 85, z };
      const r = await rs.call('POST', `/players/${ann.player.uuid}/homes/${slot}/set`, writer, { location: base });
      assert.equal(r.json.ok, true, JSON.stringify(r.json));
      made.push(slot);
      await events.next('home.create', (d) => d['player-id'] === ann.player.uuid && d.slot === slot);
      assert.equal(standsAt(ann, base), false);
      const welcome = waitForMessage(ann, new RegExp(`^Welcome home: ${slot}\\.$`));
      ann.chat(`/home ${slot}`);
      await welcome;
      await waitFor(() => standsAt(ann, base), 'Ann to stand at her home');
    });

    it('stores where the bot stands with /sethome <label>, as the REST read shows', async () => {
      const { ann } = scene();
      await waitFor(() => ann.entity.onGround, 'Ann on the ground');
      const told = waitForMessage(ann, /^You set your home \d+ \(homes-camp\) at world /);
      ann.chat('/sethome homes-camp');
      await told;
      const found = (await annHomes()).homes.find((h) => h.label === 'homes-camp');
      assert.ok(found, 'the home homes-camp is listed');
      camp = found;
      made.push(camp.slot);
      const p = ann.entity.position;
      assert.ok(Math.abs(camp.location.x - p.x) < 0.01 && Math.abs(camp.location.z - p.z) < 0.01, `${JSON.stringify(camp.location)} is where Ann stands, ${p}`);
    });

    it('carries icon and visibility set in game to the stream, and Ben visits the home once it is public', async () => {
      const { events, ann, ben } = scene();
      const annId = ann.player.uuid;
      const icon = waitForMessage(ann, /^Your home \d+ \(homes-camp\) now shows diamond_block\.$/);
      ann.chat('/home icon homes-camp diamond_block');
      await icon;
      const iconEvent = await events.next('home.icon-change', (d) => d['player-id'] === annId && d.slot === camp.slot);
      assert.deepEqual([iconEvent.data.icon, iconEvent.data['previous-icon']], ['diamond_block', 'red_bed']);
      const refused = waitForMessage(ben, /That home is private/);
      ben.chat('/home Ann:homes-camp');
      await refused;
      assert.equal(standsAt(ben, camp.location), false, 'Ben stays where he is');
      const opened = waitForMessage(ann, /^Your home \d+ \(homes-camp\) is now public: others visit it with \/home Ann:\d+\.$/);
      ann.chat(`/home public ${camp.slot}`);
      await opened;
      const vis = await events.next('home.visibility-change', (d) => d['player-id'] === annId && d.slot === camp.slot);
      assert.deepEqual([vis.data.visibility, vis.data['previous-visibility']], ['public', 'private']);
      const welcome = waitForMessage(ben, /^Welcome to the home \d+ \(homes-camp\) of Ann\.$/);
      ben.chat('/home Ann:homes-camp');
      await welcome;
      await waitFor(() => standsAt(ben, camp.location), 'Ben to stand at Ann’s public home');
    });

    it('deletes a home with /delhome: home.delete on the stream, and the REST read has it no more', async () => {
      const { events, ann } = scene();
      const told = waitForMessage(ann, /^You deleted your home \d+ \(homes-camp\)\.$/);
      ann.chat('/delhome homes-camp');
      await told;
      await events.next('home.delete', (d) => d['player-id'] === ann.player.uuid && d.slot === camp.slot);
      made.splice(made.indexOf(camp.slot), 1);
      assert.equal((await annHomes()).homes.some((h) => h.label === 'homes-camp'), false);
    });
  },
};
