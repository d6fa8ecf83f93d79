// Skins against the real game (the route, the event, every answer of /skin and the account service
// out of reach: src/modules/skins/skins.scene.test.ts): the skin a bot chooses with /skin is the one
// Ben's client shows in the tab list, again after a rejoin, and /skin clear gives the bot its own
// back. A bot of its own, Skye, chooses (and quits at the end). The stand-in for the account service
// runs from when this module is loaded (skins.conf, written before the server starts, names its
// port) until the part is done.

import { after, before, it } from 'node:test';
import assert from 'node:assert/strict';
import { joinBot, quit, waitFor, waitForMessage, type Bot } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';
import { startFakeAccountService } from '../../support/fake-account-service.ts';

const NOTCH = { name: 'Notch', id: '069a79f444e94726a5befca90e38aaf5', textureUrl: 'http://textures.minecraft.net/texture/notch-part' };
const JEB = { name: 'jeb_', id: '853c80ef3c3749fdaa49938b674adae6', textureUrl: 'http://textures.minecraft.net/texture/jeb-part' };

const mojang = await startFakeAccountService([NOTCH, JEB]);

export const skinsPart: AreaPart = {
  name: 'skins',
  config: { 'core/skins.conf': mojang.conf },
  tests(scene) {
    let skye: Bot;
    /** The skin texture URL Ben's client shows on Skye (undefined: her own, the default). */
    const seenByBen = () => (scene().ben.players.Skye as { skinData?: { url?: string } } | undefined)?.skinData?.url;

    /**
     * Resolves once the server has handled everything the bot sent before, and the bot has read
     * everything the server sent it before that: the server answers a bot's packets in order.
     */
    const fence = (bot: Bot) => bot.tabComplete('/', false, false);

    before(async () => {
      skye = await joinBot(scene().rs.server.gamePort, 'Skye');
      await waitFor(() => scene().ben.players.Skye !== undefined, 'Ben to see Skye in the tab list');
    });
    after(async () => {
      if (skye) await quit(skye);
      await mojang.stop();
    });

    it('/skin notch: Ben sees Skye in Notch’s skin, and skin.change is carried', async () => {
      const told = waitForMessage(skye, /You now wear the skin of Notch\./);
      skye.chat('/skin notch');
      await told;
      await waitFor(() => seenByBen() === NOTCH.textureUrl, 'Ben to see Skye in Notch’s skin');
      const e = await scene().events.next('skin.change', (d) => d['player-id'] === skye.player.uuid && d.account === 'Notch');
      assert.deepEqual([e.data['player-name'], e.data['texture-url']], ['Skye', NOTCH.textureUrl]);
    });

    it('tells the bot about an account nobody has; /skin jeb_ and /skin Notch change what Ben sees', async () => {
      const nobody = waitForMessage(skye, /No game account is named Nobody_at_all/);
      skye.chat('/skin Nobody_at_all');
      await nobody;
      await fence(scene().ben);
      assert.equal(seenByBen(), NOTCH.textureUrl, 'Skye keeps the skin she wore');
      skye.chat('/skin jeb_');
      await waitFor(() => seenByBen() === JEB.textureUrl, 'Ben to see Skye in jeb_’s skin');
      skye.chat('/skin Notch');
      await waitFor(() => seenByBen() === NOTCH.textureUrl, 'Ben to see Skye in Notch’s skin again');
    });

    it('puts the chosen skin on again when Skye joins again', async () => {
      await quit(skye);
      await waitFor(() => scene().ben.players.Skye === undefined, 'Skye to leave Ben’s tab list');
      skye = await joinBot(scene().rs.server.gamePort, 'Skye');
      await waitFor(() => seenByBen() === NOTCH.textureUrl, 'Ben to see Skye in Notch’s skin after her join');
    });

    it('/skin clear: Ben sees Skye in her own skin again', async () => {
      const told = waitForMessage(skye, /You wear your own skin again\./);
      skye.chat('/skin clear');
      await told;
      await waitFor(() => scene().ben.players.Skye !== undefined && seenByBen() === undefined, 'Ben to see Skye in her own skin');
      const r = await scene().rs.call('GET', `/players/${skye.player.uuid}/skin`, scene().reader);
      assert.equal(r.status, 404);
    });
  },
};
