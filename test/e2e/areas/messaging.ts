// Messaging against the real game (every route and event, offline and unknown players:
// src/modules/messaging/messaging.scene.test.ts): every messaging command run by a bot through the
// real server and what the other bot reads of it: /msg, /r, /whisper and /tell, a muted player's
// /msg, /ignore, /mail send, read and clear, /helpop. Mia, a bot of its own, gets mail while away
// and is told when she joins (and quits at the end); Ann's mute and Ben's ignore and staff node
// are undone.

import { after, it } from 'node:test';
import assert from 'node:assert/strict';
import { createBot, joinBot, nextEvent, quit, recordMessages, waitFor, waitForMessage, type Bot } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

export const messagingPart: AreaPart = {
  name: 'messaging',
  tests(scene) {
    let mia: Bot | undefined;
    /**
     * Resolves once the server has handled everything the bot sent before, and the bot has read
     * everything the server sent it before that: the server answers a bot's packets in order.
     */
    const fence = (bot: Bot) => bot.tabComplete('/', false, false);

    after(async () => {
      if (mia) await quit(mia);
    });

    it('/msg reaches Ben, /r answers Ann, /whisper reaches Ben, and messaging.private-message is carried', async () => {
      const { ann, ben, events } = scene();
      const from = events.received.length;
      const benReads = waitForMessage(ben, /\[Ann -> me\] hello Ben/);
      const annEcho = waitForMessage(ann, /\[me -> Ben\] hello Ben/);
      ann.chat('/msg Ben hello Ben');
      await Promise.all([benReads, annEcho]);
      const e = await events.next('messaging.private-message', (d) => events.received.findIndex((x) => x.data === d) >= from && d['player-id'] === ann.player.uuid);
      assert.deepEqual([e.data['recipient-id'], e.data.body], [ben.player.uuid, 'hello Ben']);
      const annReads = waitForMessage(ann, /\[Ben -> me\] hi Ann/);
      ben.chat('/r hi Ann');
      await annReads;
      const viaAlias = waitForMessage(ben, /\[Ann -> me\] by whisper/);
      ann.chat('/whisper ben by whisper');
      await viaAlias;
    });

    it('tells a muted Ann that she is muted when she runs /msg, and Ben reads nothing', async () => {
      const { ann, ben, rs, writer } = scene();
      const mute = await rs.call('POST', `/players/${ann.player.uuid}/mute`, writer, { silent: true });
      assert.equal(mute.json.ok, true, JSON.stringify(mute.json));
      try {
        const benLines = recordMessages(ben);
        const told = waitForMessage(ann, /You are muted/);
        ann.chat('/msg Ben quiet please');
        await told;
        await fence(ben);
        assert.ok(!benLines.some((l) => l.includes('quiet please')), benLines.join(' | '));
      } finally {
        const unmute = await rs.call('POST', `/players/${ann.player.uuid}/unmute`, writer, { silent: true });
        assert.equal(unmute.json.ok, true, JSON.stringify(unmute.json));
      }
    });

    it('/ignore: Ben ignores Ann and lists her, and her /tell does not reach him; /ignore Ann again undoes it', async () => {
      const { ann, ben } = scene();
      const ignored = waitForMessage(ben, /You now ignore Ann/);
      ben.chat('/ignore Ann');
      await ignored;
      try {
        const listed = waitForMessage(ben, /You ignore \(\d+\): (.+, )?Ann/);
        ben.chat('/ignore');
        await listed;
        const benLines = recordMessages(ben);
        const refused = waitForMessage(ann, /Ben is ignoring Ann/);
        ann.chat('/tell Ben can you hear me');
        await refused;
        await fence(ben);
        assert.ok(!benLines.some((l) => l.includes('[Ann -> me]')), benLines.join(' | '));
      } finally {
        const back = waitForMessage(ben, /You no longer ignore Ann/);
        ben.chat('/ignore Ann');
        await back;
      }
    });

    it('mail waits for Mia, who is told when she joins, reads it and clears it; mail sent while she is on reaches her at once', async () => {
      const { ann, rs, writer } = scene();
      // Mia joins once, so that the server knows her, and leaves.
      const first = await joinBot(rs.server.gamePort, 'Mia');
      const miaId = first.player.uuid;
      await quit(first);
      await waitFor(() => ann.players.Mia === undefined, 'Mia to leave');

      const server = await rs.call('POST', `/players/${miaId}/mail`, writer, { body: 'Welcome back from the server' });
      assert.equal(server.json.ok, true, JSON.stringify(server.json));
      const sent = waitForMessage(ann, /Mail sent to Mia\./);
      ann.chat('/mail send Mia see you at spawn');
      await sent;

      mia = createBot(rs.server.gamePort, 'Mia');
      const miaLines = recordMessages(mia);
      await nextEvent(mia, 'spawn', 20000);
      await waitFor(() => miaLines.some((l) => l.includes('You have 2 unread mails')), 'Mia to be told of her mail when she joins');
      const bot = mia;
      bot.chat('/mail read');
      await waitFor(() => miaLines.some((l) => l.includes('[Ann] see you at spawn')) && miaLines.some((l) => l.includes('[Server] Welcome back')), 'Mia to read her mail');
      const cleared = waitForMessage(bot, /Removed 2 mails\./);
      bot.chat('/mail clear');
      await cleared;
      assert.equal((await rs.call('GET', `/players/${miaId}/mail`, writer)).json.data.count, 0);
      const told = waitForMessage(bot, /You have new mail from the server/);
      await rs.call('POST', `/players/${miaId}/mail`, writer, { body: 'while online' });
      await told;
    });

    it('/helpop reaches Ben while he holds core.messaging.helpop.receive', async () => {
      const { ann, ben, rs, events } = scene();
      await rs.console('perm grant Ben core.messaging.helpop.receive', /Granted core\.messaging\.helpop\.receive to Ben/);
      try {
        const from = events.received.length;
        const benReads = waitForMessage(ben, /\[HelpOp\] Ann: I am stuck in a hole/);
        const annTold = waitForMessage(ann, /Your request was sent to \d+ staff members?/);
        ann.chat('/helpop I am stuck in a hole');
        await Promise.all([benReads, annTold]);
        const e = await events.next('messaging.help-op', (d) => events.received.findIndex((x) => x.data === d) >= from && d['player-id'] === ann.player.uuid);
        assert.equal(e.data.body, 'I am stuck in a hole');
        assert.ok(Number(e.data['staff-told']) >= 1, `staff told: ${e.data['staff-told']}`);
      } finally {
        await rs.console('perm revoke Ben core.messaging.helpop.receive', /Revoked core\.messaging\.helpop\.receive from Ben/);
      }
    });
  },
};
