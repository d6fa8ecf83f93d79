// Presence and playtime against the real game (routes, commands, events and the idle time on the
// clock: src/modules/presence/presence.scene.test.ts): which of a real client's packets count as
// activity (a turn of the head does not, walking into another block and chatting do), what Ben
// reads and sees in the tab list when Ann goes away and comes back, and /afk, /playtime and
// /playtimetop run by bots. Automatic marking is off (presence.conf), so nobody goes away by
// themselves while other parts run; Ann is back when the part ends.

import { it } from 'node:test';
import assert from 'node:assert/strict';
import { recordMessages, waitFor, waitForMessage, walkOneBlock, type Bot } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

type Data = Record<string, unknown>;

export const presencePart: AreaPart = {
  name: 'presence',
  config: { 'core/presence.conf': 'afk-after-seconds = 0\ntab-list-marker = true\n' },
  tests(scene) {
    const annId = () => scene().ann.player.uuid;
    /** The first presence.afk of Ann received from `from` (a length of events.received) on that matches. */
    const annAfk = async (from: number, match: (d: Data) => boolean): Promise<Data> => {
      const { events } = scene();
      return (await events.next('presence.afk', (d) => events.received.findIndex((x) => x.data === d) >= from && d['player-id'] === annId() && match(d))).data;
    };
    const tabNameOfAnn = () => scene().ben.players.Ann?.displayName.toString();
    const presence = async () => (await scene().rs.call('GET', `/players/${annId()}/presence`, scene().reader)).json.data;
    /**
     * Resolves once the server has handled everything the bot sent before, and the bot has read
     * everything the server sent it before that: the server answers a bot's packets in order.
     */
    const fence = (bot: Bot) => bot.tabComplete('/', false, false);

    it('/afk with a reason marks Ann away: Ben reads it and sees [AFK] Ann in the tab list, and the read names this server', async () => {
      const { ann, ben, events } = scene();
      const from = events.received.length;
      const benReads = waitForMessage(ben, /^Ann is now AFK \(brb coffee\)\.$/);
      const annReads = waitForMessage(ann, /^You are now AFK \(brb coffee\)\. Move or type \/afk to come back\.$/);
      ann.chat('/afk brb coffee');
      await Promise.all([benReads, annReads]);
      const e = await annAfk(from, (d) => d.away === true);
      assert.deepEqual([e.cause, e.reason, e.actor], ['afk-command', 'brb coffee', 'Ann']);
      await waitFor(() => tabNameOfAnn() === '[AFK] Ann', `Ben to see [AFK] Ann in the tab list (sees ${tabNameOfAnn()})`);
      const p = await presence();
      assert.deepEqual([p.away, p.reason, p.since, p.online], [true, 'brb coffee', e.since, true]);
      // network.conf's server-name: by default "server" (not the data folder's name).
      assert.equal(p.server, 'server');
    });

    it('a turn of the head does not bring Ann back; walking into another block does, and Ben is told and sees her plain name', async () => {
      const { ann, ben, events } = scene();
      await ann.look(ann.entity.yaw + Math.PI, 0.5, true);
      // The server has handled the turn: the read answers after it.
      await fence(ann);
      assert.equal((await presence()).away, true, 'Ann still away after turning her head');
      const from = events.received.length;
      const told = waitForMessage(ben, /^Ann is no longer AFK\.$/);
      await walkOneBlock(ann);
      const e = await annAfk(from, (d) => d.away === false);
      assert.deepEqual([e.cause, e.reason], ['move', 'brb coffee']);
      await told;
      await waitFor(() => tabNameOfAnn() === 'Ann', `Ben to see Ann's plain name again (sees ${tabNameOfAnn()})`);
      assert.deepEqual([(await presence()).away, (await presence()).since], [false, null]);
    });

    it('/afk again brings Ann back, and chatting does too', async () => {
      const { ann, ben, events } = scene();
      const from = events.received.length;
      const benLines = recordMessages(ben);
      const away = waitForMessage(ann, /^You are now AFK\. Move or type \/afk to come back\.$/);
      ann.chat('/afk');
      await away;
      const backByCommand = waitForMessage(ann, /^You are no longer AFK\.$/);
      ann.chat('/afk');
      await backByCommand;
      const e = await annAfk(from, (d) => d.away === false);
      assert.deepEqual([e.cause, e.actor], ['afk-command', 'Ann']);

      const awayAgain = waitForMessage(ann, /^You are now AFK\. Move or type \/afk to come back\.$/);
      ann.chat('/afk');
      await awayAgain;
      const chatFrom = events.received.length;
      const backByChat = waitForMessage(ben, /^Ann is no longer AFK\.$/);
      ann.chat('hello there');
      await backByChat;
      const chat = await annAfk(chatFrom, (d) => d.away === false);
      assert.equal(chat.cause, 'chat');
      assert.deepEqual(
        benLines.filter((l) => l.startsWith('Ann is')),
        ['Ann is now AFK.', 'Ann is no longer AFK.', 'Ann is now AFK.', 'Ann is no longer AFK.'],
      );
      assert.equal((await presence()).away, false);
    });

    it('/playtime tells Ann her time; Ben’s /playtime Ann needs core.playtime.others; /playtimetop ranks the players', async () => {
      const { ann, ben } = scene();
      const annLines = recordMessages(ann);
      const session = waitForMessage(ann, /^You have been online for .+ this session\.$/);
      ann.chat('/playtime');
      await session;
      assert.ok(annLines.some((l) => /^You have played .+: .+ active, .+ away \(AFK\), in \d+ sessions?\.$/.test(l)), annLines.join(' | '));
      const refused = waitForMessage(ben, /core\.playtime\.others/);
      ben.chat('/playtime Ann');
      await refused;
      const top = recordMessages(ann);
      const heading = waitForMessage(ann, /^Most active time played \(top 10\):$/);
      ann.chat('/playtimetop');
      await heading;
      await waitFor(() => top.some((l) => /^1\. \S+: .+ active \(.+ in all\)$/.test(l)), 'the first row');
    });
  },
};
