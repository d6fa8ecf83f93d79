// Vanish against the real game (its routes, commands and events: src/modules/vanish/vanish.scene.test.ts):
// what each bot sees (entities, tab list, join and quit lines, tab completion) when a player
// vanishes, comes back vanished and shows again. Two bots of its own: Vera vanishes
// (core.vanish.use, level 1) and Vic holds core.vanish.see.1; Ben is the ordinary player
// (see-level 0). Vera and Vic quit at the end.

import { after, before, it } from 'node:test';
import assert from 'node:assert/strict';
import { joinBot, quit, recordMessages, waitFor, waitForMessage, type Bot } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

export const vanishPart: AreaPart = {
  name: 'vanish',
  tests(scene) {
    let vera: Bot;
    let vic: Bot;

    const entityOf = (bot: Bot, name: string) => Object.values(bot.entities).find((e) => e.type === 'player' && e.username === name);
    /** Whether `bot` has `name` in its tab list and in its world. */
    const sees = (bot: Bot, name: string) => bot.players[name] !== undefined && entityOf(bot, name) !== undefined;
    const seesNothingOf = (bot: Bot, name: string) => bot.players[name] === undefined && entityOf(bot, name) === undefined;
    const completions = async (bot: Bot, line: string) =>
      // mineflayer's typing says string[]; at 1.21.4 the entries are { match, tooltip }.
      ((await bot.tabComplete(line, false, false)) as unknown as Array<string | { match: string }>).map((m) => (typeof m === 'string' ? m : m.match));
    /**
     * Resolves once the server has handled everything the bot sent before, and the bot has read
     * everything the server sent it before that: the server answers a bot's packets in order.
     */
    const fence = (bot: Bot) => bot.tabComplete('/', false, false);
    const ben = () => scene().ben;

    before(async () => {
      const { rs } = scene();
      vera = await joinBot(rs.server.gamePort, 'Vera');
      vic = await joinBot(rs.server.gamePort, 'Vic');
      // Beside Ben, wherever he is, so that each sees the others' bodies.
      await rs.console('tp Vera Ben', /Teleported Vera to Ben\./);
      await rs.console('tp Vic Ben', /Teleported Vic to Ben\./);
      await rs.console('perm grant Vera core.vanish.use', /Granted core\.vanish\.use to Vera/);
      await rs.console('perm grant Vic core.vanish.see.1', /Granted core\.vanish\.see\.1 to Vic/);
      await waitFor(() => sees(ben(), 'Vera') && sees(vic, 'Vera') && sees(vera, 'Ben'), 'Ben and Vic to see Vera, and Vera Ben');
    });
    after(async () => {
      await quit(vera);
      await quit(vic);
    });

    it('/vanish hides Vera from Ben (body and tab list) but not from Vic; she still sees Ben; Ben’s tab completion leaves her out, Vic’s offers her', async () => {
      const told = waitForMessage(vera, /You are now vanished \(level 1\)/);
      vera.chat('/vanish');
      await told;
      await waitFor(() => seesNothingOf(ben(), 'Vera'), 'Vera to be gone from Ben’s world and tab list');
      // Ben has been sent the hiding: Vic has read by now whatever he was sent with it.
      await fence(vic);
      assert.ok(sees(vic, 'Vera'), 'Vic still sees Vera');
      assert.ok(sees(vera, 'Ben'), 'the vanished player still sees the others');
      const benWords = await completions(ben(), '/homes ');
      assert.ok(benWords.includes('Vic') && !benWords.includes('Vera'), JSON.stringify(benWords));
      const vicWords = await completions(vic, '/homes ');
      assert.ok(vicWords.includes('Vera'), JSON.stringify(vicWords));
    });

    it('shows Ben no quit or join line when Vera leaves and comes back vanished; Vic reads both, and Ben never sees her', async () => {
      const benLines = recordMessages(ben());
      const left = waitForMessage(vic, /^Vera left the game/);
      await quit(vera);
      await left;
      const joined = waitForMessage(vic, /^Vera joined the game/);
      vera = await joinBot(scene().rs.server.gamePort, 'Vera');
      await joined;
      await waitFor(() => sees(vic, 'Vera'), 'Vic to see Vera again');
      // Vic was told of the join: whatever Ben was sent of it, he has read by now.
      await fence(ben());
      assert.ok(seesNothingOf(ben(), 'Vera'), 'Ben does not see Vera after she rejoined');
      assert.deepEqual(benLines.filter((l) => l.includes('Vera')), []);
      assert.equal((await scene().rs.call('GET', `/players/${vera.player.uuid}/vanish`, scene().reader)).json.data.hidden, true);
    });

    it('refuses /vanish Ben without core.vanish.others; /v shows Vera to Ben and hides her again; /vanish list names her; the route shows her to Ben', async () => {
      const refused = waitForMessage(vera, /permission \(core\.vanish\.others\)/);
      vera.chat('/vanish Ben');
      await refused;
      const shown = waitForMessage(vera, /You are visible again/);
      vera.chat('/v');
      await shown;
      await waitFor(() => sees(ben(), 'Vera'), 'Ben to see Vera');
      const hidden = waitForMessage(vera, /You are now vanished/);
      vera.chat('/v');
      await hidden;
      await waitFor(() => seesNothingOf(ben(), 'Vera'), 'Vera to be gone for Ben');
      const listed = waitForMessage(vera, /^Vanished \(\d+\): (.+, )?Vera \[level 1\]/);
      vera.chat('/vanish list');
      await listed;
      const r = await scene().rs.call('POST', `/players/${vera.player.uuid}/vanish`, scene().writer, { vanished: false });
      assert.deepEqual([r.json.ok, r.json.data.hidden], [true, false]);
      await waitFor(() => sees(ben(), 'Vera'), 'Ben to see Vera again');
    });
  },
};
