// The announcer, /announcements and /broadcast against the real game (the timing on the clock, the
// events and a restart: src/modules/communication/communication.scene.test.ts): what Ann and Ben
// read of announcements (markup and placeholders worked out for each), Ann hiding them while Ben
// still reads them, and a broadcast reaching her all the same. The announcer is off while other
// parts run (announcer.conf); the part switches it on with `core reload` and off again, shows Ann
// announcements again and takes back Ben's broadcast node.

import { after, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordMessages, waitForMessage, type Bot } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

// One second between announcements, the shortest there is: the part waits for two or three.
const conf = (enabled: boolean) => `enabled = ${enabled}
interval-seconds = 1
prefix = "&6[Tip]&r "
messages = ["{player}, {online} are online."]
`;

export const communicationPart: AreaPart = {
  name: 'communication',
  config: { 'core/announcer.conf': conf(false) },
  tests(scene) {
    /**
     * Resolves once the server has handled everything the bot sent before, and the bot has read
     * everything the server sent it before that: the server answers a bot's packets in order.
     */
    const fence = (bot: Bot) => bot.tabComplete('/', false, false);
    /** The JSON text of the first chat message the bot reads from now on that starts with `start`. */
    const nextStyled = (bot: Bot, start: string) =>
      new Promise<unknown>((resolve) => {
        const listener = (m: { json: unknown; toString(): string }) => {
          if (!m.toString().startsWith(start)) return;
          bot.off('message', listener);
          resolve(m.json);
        };
        bot.on('message', listener);
      });
    /** Writes announcer.conf and has the server read it again. */
    const announcer = async (enabled: boolean) => {
      const { rs, dataDir, events } = scene();
      const from = events.received.length;
      writeFileSync(join(dataDir, 'core', 'announcer.conf'), conf(enabled));
      await rs.console('core reload', /announcer\.conf: changed/);
      const e = await events.next('communication.announcer-reload', (d) => events.received.findIndex((x) => x.data === d) >= from && d.enabled === enabled);
      assert.deepEqual([e.data.changed, e.data.messages, e.data['interval-seconds']], [true, 1, 1]);
    };

    let on = false;
    after(async () => {
      if (on) await announcer(false);
    });

    it('/announcements off hides announcements from Ann while Ben reads his (markup and his name worked out); /announcements tells her so; /announcements on shows her hers', async () => {
      const { ann, ben, events } = scene();
      // Ann hides them while the announcer is off, so that no announcement is under way meanwhile.
      const from = events.received.length;
      const hidden = waitForMessage(ann, /^Announcements hidden\./);
      ann.chat('/announcements off');
      await hidden;
      const e = await events.next('communication.broadcast-opt-out', (d) => events.received.findIndex((x) => x.data === d) >= from && d['player-name'] === 'Ann');
      assert.equal(e.data['opted-out'], true);

      const annLines = recordMessages(ann);
      const benStyled = nextStyled(ben, '[Tip] Ben');
      await announcer(true);
      on = true;
      // Two announcements for Ben: the first was shown to everyone before the second was.
      await waitForMessage(ben, /^\[Tip\] Ben, \d+ are online\.$/);
      await waitForMessage(ben, /^\[Tip\] Ben, \d+ are online\.$/);
      // &6 made the prefix gold.
      assert.match(JSON.stringify(await benStyled), /"color":"gold"/);
      await fence(ann);
      assert.deepEqual(annLines.filter((l) => l.startsWith('[Tip]')), []);

      const state = waitForMessage(ann, /^You hide announcements\./);
      ann.chat('/announcements');
      await state;
      const shown = waitForMessage(ann, /^Announcements shown again\.$/);
      const annStyled = nextStyled(ann, '[Tip] Ann');
      ann.chat('/announcements on');
      await shown;
      await waitForMessage(ann, /^\[Tip\] Ann, \d+ are online\.$/);
      assert.match(JSON.stringify(await annStyled), /"color":"gold"/);
    });

    it('/broadcast is refused to Ben without its node; with it, his broadcast reaches Ann (markup and her name worked out)', async () => {
      const { ann, ben, rs } = scene();
      const refused = waitForMessage(ben, /permission \(core\.communication\.broadcast\)/);
      ben.chat('/broadcast hello');
      await refused;
      await rs.console('perm grant Ben core.communication.broadcast', /Granted core\.communication\.broadcast to Ben/);
      try {
        const annRead = waitForMessage(ann, /^\[Broadcast\] Server restart soon, Ann$/);
        ben.chat('/broadcast Server restart soon, &l{player}');
        await annRead;
      } finally {
        await rs.console('perm revoke Ben core.communication.broadcast', /Revoked core\.communication\.broadcast from Ben/);
      }
    });
  },
};
