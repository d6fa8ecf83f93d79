// Votes against the real game (their routes, commands, events and the totals across a restart:
// src/modules/votes/votes.scene.test.ts): a signed NuVotifier v2 vote over the real server's listener
// thanks and pays the bot at once; a reward kept for an offline player is told to the bot of the
// part's own when it joins again; the vote party reaches both bots in chat; /vote and /votetop show
// what the REST reads answer. Balances and totals are read before and compared after.

import { it } from 'node:test';
import assert from 'node:assert/strict';
import { createBot, joinBot, nextEvent, quit, recordMessages, waitFor, waitForMessage } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';
import { sendVotifierVote } from '../../support/votifier-client.ts';

const TOKEN = 'e2e-votifier-token-0123456789';
const VOTES_CONF = `enabled = true
port = 0
token = "${TOKEN}"
reward-amount = 5
reward-currency = ""
party-goal = 3
party-reward-amount = 20
links = ["https://example.org/vote/core"]
`;

export const votesPart: AreaPart = {
  name: 'votes',
  config: { 'core/votes.conf': VOTES_CONF },
  tests(scene) {
    const balance = async (uuid: string): Promise<number> => {
      const { rs, reader } = scene();
      return (await rs.call('GET', `/players/${uuid}/balance`, reader)).json.data.amount as number;
    };
    const votesOf = async (uuid: string) => {
      const { rs, reader } = scene();
      return (await rs.call('GET', `/players/${uuid}/votes`, reader)).json.data as { totals: Record<string, number>; 'rewards-waiting': number };
    };

    it('counts a signed NuVotifier v2 vote sent to the server’s listener: Ann is thanked in chat and paid at once; vote.receive', async () => {
      const { rs, events, ann } = scene();
      const annId = ann.player.uuid;
      const line = await rs.server.waitForLine(/Votifier \(NuVotifier v2\) listening on port (\d+)/, { from: 0 });
      const port = Number(/port (\d+)/.exec(line)![1]);
      const before = { money: await balance(annId), votes: (await votesOf(annId)).totals['all-time']! };
      const thanked = waitForMessage(ann, /^Thank you for voting on TestList! You received \$5\.00\.$/);
      const a = await sendVotifierVote(port, TOKEN, { serviceName: 'TestList', username: 'Ann' });
      assert.deepEqual(a.answer, { status: 'ok' });
      const e = await events.next('vote.receive', (d) => d['player-id'] === annId && d.service === 'TestList');
      assert.deepEqual([e.data.votes, e.data['reward-given']], [1, true]);
      await thanked;
      assert.equal(await balance(annId), before.money + 5);
      assert.equal((await votesOf(annId)).totals['all-time'], before.votes + 1);
    });

    it('keeps the reward of a vote for an offline player and tells it in chat when the player joins again', async () => {
      const { rs, writer, ann } = scene();
      const vic = await joinBot(rs.server.gamePort, 'Vic');
      const vicId = vic.player.uuid;
      await waitFor(() => ann.players.Vic !== undefined, 'Ann to see Vic in the tab list');
      await quit(vic);
      // The server sees the connection end a moment after the bot does: it then takes Vic off the tab list.
      await waitFor(() => ann.players.Vic === undefined, 'Vic to leave the tab list');
      const before = await balance(vicId);
      const r = await rs.call('POST', `/players/${vicId}/votes`, writer, {});
      assert.equal(r.json.ok, true, JSON.stringify(r.json));
      assert.equal(r.json.data['rewards-waiting'], 1);
      const again = createBot(rs.server.gamePort, 'Vic');
      try {
        const lines = recordMessages(again);
        await nextEvent(again, 'spawn', 20000);
        await waitFor(() => lines.includes('You received $5.00 for voting while you were away.'), 'Vic to be told of the waiting reward');
        assert.equal(await balance(vicId), before + 5);
        assert.equal((await votesOf(vicId))['rewards-waiting'], 0);
      } finally {
        await quit(again);
      }
    });

    it('holds the vote party (POST /vote/party): both bots read it in chat and are rewarded', async () => {
      const { rs, writer, events, ann, ben } = scene();
      const before = [await balance(ann.player.uuid), await balance(ben.player.uuid)];
      const seen = [waitForMessage(ann, /Vote party!/), waitForMessage(ben, /Vote party!/)];
      const r = await rs.call('POST', '/vote/party', writer, {});
      assert.equal(r.json.ok, true, JSON.stringify(r.json));
      await events.next('vote.party', (d) => d.parties === r.json.data.parties);
      await Promise.all(seen);
      assert.deepEqual([await balance(ann.player.uuid), await balance(ben.player.uuid)], [before[0]! + 20, before[1]! + 20]);
    });

    it('/vote shows the link, Ann’s totals and the party; /votetop daily lists the voters; /votetop yearly is refused', async () => {
      const { rs, reader, ann } = scene();
      const t = (await votesOf(ann.player.uuid)).totals;
      const party = (await rs.call('GET', '/vote/party', reader)).json.data;
      const daily = (await rs.call('GET', '/vote/top?period=daily&limit=10', reader)).json.data.entries as Array<{ rank: number; 'player-name': string; votes: number }>;
      assert.ok(daily.length >= 2, JSON.stringify(daily));
      const lines: string[] = [];
      const record = (line: string) => void lines.push(line);
      ann.on('messagestr', record);
      try {
        ann.chat('/vote');
        await waitFor(() => lines.includes(`Vote party: ${party.progress}/${party.goal} votes (${party.remaining} to go).`), 'Ann to read the party line');
        assert.ok(lines.includes('https://example.org/vote/core'), lines.join(' | '));
        assert.ok(lines.includes(`Your votes: ${t['all-time']} in all, ${t.monthly} this month, ${t.weekly} this week, ${t.daily} today.`), lines.join(' | '));
        const row = (e: (typeof daily)[number]) => `${e.rank}. ${e['player-name']}: ${e.votes} vote${e.votes === 1 ? '' : 's'}`;
        ann.chat('/votetop daily');
        await waitFor(() => lines.includes(row(daily.at(-1)!)), 'Ann to read the daily leaderboard');
        for (const e of daily) assert.ok(lines.includes(row(e)), `${row(e)} in ${lines.join(' | ')}`);
        ann.chat('/votetop yearly');
        await waitFor(() => lines.some((l) => /"yearly" is not one of all-time, monthly, weekly, daily/.test(l)), 'Ann to read why yearly is refused');
      } finally {
        ann.off('messagestr', record);
      }
    });
  },
};
