// Staff mode against the real game (its routes, commands and events: src/modules/staff/staff.scene.test.ts).
// StaffEve, a bot of the part's own, is staff (core.staff.use, the watch mode, staff chat); Ann
// reads staff chat (granted for the part, taken back at its end); Ben is an ordinary player. What
// each client shows: StaffEve's game mode, whether she is in Ben's world and tab list, and who
// reads staff chat; and that duty ends when she leaves and her game mode comes back at her return.

import { after, before, it } from 'node:test';
import assert from 'node:assert/strict';
import { joinBot, quit, recordMessages, waitFor, waitForMessage, type Bot } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

const entityOf = (bot: Bot, name: string) => Object.values(bot.entities).find((e) => e.type === 'player' && e.username === name);
const sees = (bot: Bot, name: string) => bot.players[name] !== undefined && entityOf(bot, name) !== undefined;
const seesNothingOf = (bot: Bot, name: string) => bot.players[name] === undefined && entityOf(bot, name) === undefined;

export const staffPart: AreaPart = {
  name: 'staff',
  tests(scene) {
    let eve: Bot;
    let eveId: string;

    /** Lets everything the server sent Ben so far arrive: it answers his tab completion after it. */
    const benFence = async () => {
      await scene().ben.tabComplete('/', false, false);
    };

    before(async () => {
      const { rs, writer, ben } = scene();
      eve = await joinBot(rs.server.gamePort, 'StaffEve');
      eveId = eve.player.uuid;
      for (const [who, node] of [
        ['StaffEve', 'core.staff.use'],
        ['StaffEve', 'core.staff.mode.watch'],
        ['StaffEve', 'core.staff.chat'],
        ['Ann', 'core.staff.chat'],
      ] as const) {
        await rs.console(`perm grant ${who} ${node}`, new RegExp(`Granted ${node.replaceAll('.', '\\.')} to ${who}`));
      }
      // StaffEve stands where Ben does, wherever the parts before left him.
      const p = ben.entity.position;
      const r = await rs.call('POST', `/players/${eveId}/teleport`, writer, { location: { world: 'world', x: p.x, y: p.y, z: p.z } });
      assert.equal(r.json.ok, true, JSON.stringify(r.json));
      await waitFor(() => sees(ben, 'StaffEve'), 'Ben to see StaffEve');
    });
    after(async () => {
      await quit(eve);
      await scene().rs.console('perm revoke Ann core.staff.chat', /Revoked core\.staff\.chat from Ann/);
    });

    it('/staff puts StaffEve in creative and takes her out of Ben’s world and tab list (staff.mode)', async () => {
      const { events, ben } = scene();
      const told = waitForMessage(eve, /You are on staff duty \(mod\): game mode creative, vanished/);
      eve.chat('/staff');
      await told;
      await waitFor(() => eve.game.gameMode === 'creative', 'StaffEve in creative');
      await waitFor(() => seesNothingOf(ben, 'StaffEve'), 'StaffEve to be gone from Ben’s world and tab list');
      const e = await events.next('staff.mode', (d) => d['player-id'] === eveId && d['on-duty'] === true);
      assert.deepEqual([e.data.mode, e.data.reason, e.data.actor], ['mod', 'command', 'StaffEve']);
    });

    it('/staff watch switches StaffEve to spectator, still hidden from Ben, who is refused /staff', async () => {
      const { events, ben } = scene();
      eve.chat('/staff watch');
      await waitFor(() => eve.game.gameMode === 'spectator', 'StaffEve in spectator');
      const e = await events.next('staff.mode', (d) => d['player-id'] === eveId && d.mode === 'watch');
      assert.equal(e.data['previous-mode'], 'mod');
      // Ben's refusal comes after whatever the switch sent him.
      const refused = waitForMessage(ben, /permission \(core\.staff\.use\)/);
      ben.chat('/staff');
      await refused;
      assert.ok(seesNothingOf(ben, 'StaffEve'), 'Ben sees StaffEve while she watches');
    });

    it('/sc reaches Ann but not Ben (staff.chat); /sc alone sends StaffEve’s chat to staff only, and /staffchat switches it back', async () => {
      const { events, ann, ben } = scene();
      const benLines = recordMessages(ben);
      const annRead = waitForMessage(ann, /^\[Staff\] StaffEve: meet at spawn$/);
      eve.chat('/sc meet at spawn');
      await annRead;
      const e = await events.next('staff.chat', (d) => d['sender-id'] === eveId && d.message === 'meet at spawn');
      assert.equal(e.data['sender-name'], 'StaffEve');

      const on = waitForMessage(eve, /now goes to staff chat only/);
      eve.chat('/sc');
      await on;
      const quiet = waitForMessage(ann, /^\[Staff\] StaffEve: quiet words$/);
      eve.chat('quiet words');
      await quiet;
      await events.next('staff.chat', (d) => d['sender-id'] === eveId && d.message === 'quiet words');
      const off = waitForMessage(eve, /Your chat goes to everyone again/);
      eve.chat('/staffchat');
      await off;
      await benFence();
      assert.ok(!benLines.some((l) => l.includes('meet at spawn') || l.includes('quiet words')), `Ben read staff chat: ${benLines.join('\n')}`);
    });

    it('/staff again gives StaffEve survival back and shows her to Ben', async () => {
      const { events, ben } = scene();
      eve.chat('/staff');
      await waitFor(() => eve.game.gameMode === 'survival', 'StaffEve back in survival');
      await waitFor(() => sees(ben, 'StaffEve'), 'Ben to see StaffEve again');
      const e = await events.next('staff.mode', (d) => d['player-id'] === eveId && d['on-duty'] === false);
      assert.deepEqual([e.data['previous-mode'], e.data.reason], ['watch', 'command']);
    });

    it('ends StaffEve’s duty when she leaves (staff.mode reason quit), and gives her game mode back when she returns', async () => {
      const { rs, events, ben } = scene();
      eve.chat('/staff');
      await waitFor(() => eve.game.gameMode === 'creative', 'StaffEve in creative');
      await quit(eve);
      const e = await events.next('staff.mode', (d) => d['player-id'] === eveId && d.reason === 'quit');
      assert.equal(e.data['on-duty'], false);
      eve = await joinBot(rs.server.gamePort, 'StaffEve');
      await waitFor(() => eve.game.gameMode === 'survival', 'StaffEve back in survival after rejoining');
      await waitFor(() => sees(ben, 'StaffEve'), 'Ben to see StaffEve after she rejoined');
    });
  },
};
