// Ranks against the real game (their routes, commands and events: src/modules/ranks/ranks.scene.test.ts):
// /rankup, /rank, /ranks, /prestige and /rank set typed by bots, with what each answers in chat; the
// group a rung grants lets the bot run what it gives (/rank <player>), and /prestige takes it away.
// The part writes the ladder (ranks.conf) and its groups (permissions.conf: the built-in ones the
// other parts use, with rb and rc added); it ends with Ann on the first rung and Ben back on it, and
// Ann without core.rank.set.

import { after, it } from 'node:test';
import assert from 'node:assert/strict';
import { waitFor, waitForMessage } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';
import { LADDER, PERMISSIONS } from '../../../src/modules/ranks/ranks.fixtures.ts';

export const ranksPart: AreaPart = {
  name: 'ranks',
  config: { 'core/permissions.conf': PERMISSIONS, 'core/ranks.conf': LADDER },
  tests(scene) {
    const rank = (uuid: string, path = '') => `/players/${uuid}/rank${path}`;
    after(async () => {
      const { rs, writer, ben } = scene();
      await rs.console('perm revoke Ann core.rank.set', /Revoked core\.rank\.set from Ann|Ann was not given core\.rank\.set/);
      const back = await rs.call('POST', rank(ben.player.uuid, '/set'), writer, { rank: 'a' });
      assert.ok(back.json.ok || back.json.code === 'already-in-state', JSON.stringify(back.json));
    });

    it('/rankup puts the bot on the first rung; ranked up over REST, the group of the rung lets it run /rank Ben; /rankup then tells the playtime it needs', async () => {
      const { rs, writer, events, ann } = scene();
      const annId = ann.player.uuid;
      const denied = waitForMessage(ann, /You may not see the ranks of other players \(core\.rank\.others\)/);
      ann.chat('/rank Ben');
      await denied;
      const told = waitForMessage(ann, /You ranked up to a\./);
      ann.chat('/rankup');
      await told;
      const e = await events.next('rank.up', (d) => d['player-id'] === annId && d.rank === 'a');
      assert.equal(e.data.actor, 'Ann');

      // The cost of the next rung, whatever the other parts left Ann.
      assert.equal((await rs.call('POST', `/players/${annId}/balance/deposit`, writer, { amount: 30 })).json.ok, true);
      const r = await rs.call('POST', rank(annId, '/rankup'), writer);
      assert.equal(r.json.ok, true, JSON.stringify(r.json));
      assert.equal(r.json.data.standing.rank, 'b');
      const shown = waitForMessage(ann, /Ben has no rank yet\./);
      ann.chat('/rank Ben');
      await shown;
      const playtime = waitForMessage(ann, /You need 1 d 3 h 46 min 40 s of playtime for the rank c; you have played .+\. Keep playing, then type \/rankup again\./);
      ann.chat('/rankup');
      await playtime;
    });

    it('/ranks shows the ladder, marking the bot’s rung, and /rank its standing', async () => {
      const { ann } = scene();
      const lines: string[] = [];
      const record = (line: string) => void lines.push(line);
      ann.on('messagestr', record);
      try {
        ann.chat('/ranks');
        await waitFor(() => lines.some((l) => l.startsWith('Prestige from c')), 'the /ranks lines');
        assert.ok(lines.includes('2. b (you): cost $30.00'), lines.join('\n'));
        assert.ok(lines.some((l) => l.startsWith('3. c: cost $10.00, playtime 1 d 3 h 46 min 40 s')), lines.join('\n'));
        lines.length = 0;
        ann.chat('/rank');
        await waitFor(() => lines.some((l) => l.startsWith('You need 1 d 3 h 46 min 40 s of playtime')), 'the /rank lines');
        assert.ok(lines.includes('You are on the rank b, prestige 0.'), lines.join('\n'));
      } finally {
        ann.off('messagestr', record);
      }
    });

    it('set to the top over REST, /prestige takes the bot back to the first rung and the group with it', async () => {
      const { rs, writer, events, ann } = scene();
      const annId = ann.player.uuid;
      assert.equal((await rs.call('POST', `/players/${annId}/balance/deposit`, writer, { amount: 5 })).json.ok, true);
      assert.equal((await rs.call('POST', rank(annId, '/set'), writer, { rank: 'c' })).json.data.standing.rank, 'c');
      const told = waitForMessage(ann, /You took prestige 1 and start again on the rank a\./);
      ann.chat('/prestige');
      await told;
      const p = await events.next('rank.prestige', (d) => d['player-id'] === annId);
      assert.deepEqual([p.data.rank, p.data['previous-rank'], p.data.actor], ['a', 'c', 'Ann']);
      const denied = waitForMessage(ann, /You may not see the ranks of other players \(core\.rank\.others\)/);
      ann.chat('/rank Ben');
      await denied;
    });

    it('/rank set typed by a bot: refused without core.rank.set, done with it (rank.set by the bot)', async () => {
      const { rs, events, ann, ben } = scene();
      const refused = waitForMessage(ann, /You do not have permission/);
      ann.chat('/rank set Ben b');
      await refused;
      await rs.console('perm grant Ann core.rank.set', /core\.rank\.set/);
      const told = waitForMessage(ann, /You put Ben on the rank b\./);
      ann.chat('/rank set Ben b');
      await told;
      await events.next('rank.set', (d) => d['player-id'] === ben.player.uuid && d.rank === 'b' && d.actor === 'Ann');
    });
  },
};
