// Holograms against the real game (their routes, commands and events:
// src/modules/holograms/holograms.scene.test.ts): the text display each bot sees, with its lines
// after markup and its own {player}, where it stands, its change after a line edit and a move, and
// its removal; a right-click on its interaction box running the bound command; every /holo form run
// by the bots.

import { after, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Bot } from '../support/bots.ts';
import { kickText, waitFor, waitForMessage } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

type BotEntity = Bot['entity'];

const WELCOME = 'holograms-welcome';
const BOARD = 'holograms-board';

/** The text displays a bot's client holds, with their text as plain text. */
function displays(bot: Bot): Array<{ entity: BotEntity; text: string }> {
  return Object.values(bot.entities)
    .filter((e) => e.name === 'text_display')
    .map((entity) => {
      const raw = (entity.metadata as unknown as Record<number, unknown> | undefined)?.[23];
      return { entity, text: raw === undefined ? '' : kickText(raw) };
    });
}
const sees = (bot: Bot, text: string) => displays(bot).find((d) => d.text === text);

/** The interaction box standing where a text display stands: what a player right-clicks. */
function boxOf(bot: Bot, display: BotEntity): BotEntity | undefined {
  return Object.values(bot.entities).find((e) => e.name === 'interaction' && e.position.distanceTo(display.position) < 0.01);
}

/** Runs a chat line as the bot and resolves with the first line it reads matching `reply`. */
async function run(bot: Bot, line: string, reply: RegExp): Promise<string> {
  const read = waitForMessage(bot, reply);
  bot.chat(line);
  return read;
}

export const hologramsPart: AreaPart = {
  name: 'holograms',
  tests(scene) {
    after(async () => {
      const { rs } = scene();
      for (const node of ['create', 'command']) await rs.console(`perm revoke Ann core.holo.${node}`, new RegExp(`core\\.holo\\.${node}`));
    });

    it('each bot sees a hologram made over REST with its own {player}, where it stands; both see a line added and the move', async () => {
      const { rs, writer, ann, ben } = scene();
      const p = ben.entity.position;
      const spot = { world: 'world', x: Math.floor(p.x) + 2.5, y: Math.floor(p.y) + 1, z: Math.floor(p.z) + 0.5 };
      const r = await rs.call('POST', '/holograms', writer, { actor: ann.player.uuid, name: WELCOME, location: spot, line: '&6Welcome {player}' });
      assert.equal(r.json.ok, true, JSON.stringify(r.json));
      await waitFor(() => sees(ben, 'Welcome Ben') !== undefined, 'Ben to read "Welcome Ben"');
      await waitFor(() => sees(ann, 'Welcome Ann') !== undefined, 'Ann to read "Welcome Ann"');
      // The displays were all sent when the call answered: a round trip after it, and Ben holds every one.
      await ben.tabComplete('/');
      assert.equal(sees(ben, 'Welcome Ann'), undefined, 'Ben is not shown Ann’s');
      const shown = sees(ben, 'Welcome Ben')!.entity;
      assert.deepEqual([shown.position.x, shown.position.y, shown.position.z], [spot.x, spot.y, spot.z]);

      const added = await rs.call('POST', `/holograms/${WELCOME}/lines`, writer, { actor: ann.player.uuid, text: '&bto the server' });
      assert.deepEqual(added.json.data.lines, ['&6Welcome {player}', '&bto the server']);
      await waitFor(() => sees(ben, 'Welcome Ben\nto the server') !== undefined && sees(ann, 'Welcome Ann\nto the server') !== undefined, 'both to read the second line');

      const to = { ...spot, z: spot.z + 1 };
      assert.equal((await rs.call('POST', `/holograms/${WELCOME}/move`, writer, { actor: ann.player.uuid, location: to })).json.ok, true);
      await waitFor(() => sees(ben, 'Welcome Ben\nto the server')?.entity.position.z === to.z, 'Ben to see it moved');
    });

    it('a right-click on the hologram runs its bound command as the bot that clicks; deleted, it is gone from sight', async () => {
      const { rs, writer, events, ann, ben } = scene();
      const r = await rs.call('POST', `/holograms/${WELCOME}/command`, writer, { actor: ann.player.uuid, command: `/holo info ${WELCOME}` });
      assert.equal(r.json.data.command, `holo info ${WELCOME}`);
      const display = sees(ben, 'Welcome Ben\nto the server')!.entity;
      await waitFor(() => boxOf(ben, display) !== undefined, 'Ben to have the box of the hologram');
      const told = waitForMessage(ben, new RegExp(`Hologram ${WELCOME} of Ann`));
      await ben.activateEntity(boxOf(ben, display)!);
      await told;

      const deleted = await rs.call('POST', `/holograms/${WELCOME}/delete`, writer, { actor: ann.player.uuid });
      assert.equal(deleted.json.data.name, WELCOME);
      await events.next('hologram.delete', (d) => d.name === WELCOME);
      await waitFor(() => sees(ben, 'Welcome Ben\nto the server') === undefined && sees(ann, 'Welcome Ann\nto the server') === undefined, 'the hologram to be gone for both');
    });

    it('lets the bots run every /holo form: create, lines, command, managers, move, list, info, delete', async () => {
      const { rs, reader, events, ann, ben } = scene();
      await run(ben, '/holo', /^\/holo list$/);
      await run(ann, `/holo create ${BOARD} First`, /core\.holo\.create/);
      await rs.console('perm grant Ann core.holo.create', /Granted core\.holo\.create to Ann/);
      await rs.console('perm grant Ann core.holo.command', /Granted core\.holo\.command to Ann/);
      ann.chat(`/holo create ${BOARD} &aFirst`);
      const created = await events.next('hologram.create', (d) => d.name === BOARD);
      assert.deepEqual([created.data.actor, created.data.lines], ['Ann', ['&aFirst']]);
      await waitFor(() => sees(ben, 'First') !== undefined, 'Ben to see the board');
      await run(ann, `/holo addline ${BOARD} Second`, new RegExp(`Added line 2 to ${BOARD}`));
      await waitFor(() => sees(ben, 'First\nSecond') !== undefined, 'Ben to see the added line');
      await run(ann, `/holo setline ${BOARD} 2 Deux`, new RegExp(`Line 2 of ${BOARD} changed`));
      await waitFor(() => sees(ben, 'First\nDeux') !== undefined, 'Ben to see the changed line');
      await run(ann, `/holo removeline ${BOARD} 2`, new RegExp(`Removed line 2 of ${BOARD}`));
      await waitFor(() => sees(ben, 'First') !== undefined, 'Ben to see the line removed');
      await run(ann, `/holo command ${BOARD} holo list`, new RegExp(`Right-clicking ${BOARD} now runs /holo list`));
      await run(ann, `/holo manager add ${BOARD} Ben`, new RegExp(`Ben is now a manager of ${BOARD}`));
      await run(ben, `/holo move ${BOARD}`, new RegExp(`Moved the hologram ${BOARD} above you`));
      const moved = await rs.call('GET', `/holograms/${BOARD}`, reader);
      assert.equal(Math.abs(moved.json.data.location.y - (ben.entity.position.y + 2)) < 0.01, true, JSON.stringify(moved.json.data.location));
      await waitFor(() => Math.abs((sees(ben, 'First')?.entity.position.y ?? 0) - moved.json.data.location.y) < 0.01, 'Ben to see the board above him');
      await run(ben, '/holo list', new RegExp(`${BOARD} of Ann: world`));
      await run(ben, `/holo info ${BOARD}`, /^1: &aFirst$/);
      await run(ben, `/holo delete ${BOARD}`, /only its owner may/);
      await run(ann, `/holo manager remove ${BOARD} Ben`, new RegExp(`Ben is no longer a manager of ${BOARD}`));
      ann.chat(`/holo delete ${BOARD}`);
      const deleted = await events.next('hologram.delete', (d) => d.name === BOARD);
      assert.deepEqual([deleted.data['player-name'], deleted.data.actor], ['Ann', 'Ann']);
      await waitFor(() => sees(ben, 'First') === undefined, 'the board to be gone for Ben');
    });
  },
};
