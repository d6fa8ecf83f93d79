// Votes over real HTTP, a real event stream and a real NuVotifier v2 connection against the real
// server, with bots as the players: every votes route, both vote events, /vote and /votetop.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createBot, nextEvent, quit, recordMessages, waitFor, waitForMessage, type Bot } from './support/bots.ts';
import { startScene, type RestServer, type Scene, type Subscription } from './support/rest-server.ts';
import { sendVotifierVote } from '../support/votifier-client.ts';

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

describe('votes over the Remote Access Service and NuVotifier', () => {
  let scene: Scene;
  let rs: RestServer;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: Bot;
  let ben: Bot;
  let annId: string;
  let benId: string;
  let votifierPort: number;

  const balance = async (uuid: string): Promise<number> => (await rs.call('GET', `/players/${uuid}/balance`, reader)).json.data.amount;

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startScene(['vote.*'], { config: { 'core/votes.conf': VOTES_CONF } }));
    annId = ann.player.uuid;
    benId = ben.player.uuid;
    const line = await rs.server.waitForLine(/Votifier \(NuVotifier v2\) listening on port (\d+)/, { from: 0 });
    votifierPort = Number(/port (\d+)/.exec(line)![1]);
  });
  after(() => scene?.close());

  it('answers zero totals for a player who never voted, not-found for one never seen, 400 for a bad uuid', async () => {
    const r = await rs.call('GET', `/players/${annId}/votes`, reader);
    assert.deepEqual(r.json, {
      ok: true,
      data: { 'player-id': annId, 'player-name': 'Ann', totals: { 'all-time': 0, monthly: 0, weekly: 0, daily: 0 }, 'rewards-waiting': 0, 'last-vote-at': null },
    });
    const unknown = await rs.call('GET', '/players/00000000-0000-0000-0000-0000000000aa/votes', reader);
    assert.deepEqual([unknown.status, unknown.json.code], [200, 'not-found']);
    const bad = await rs.call('GET', '/players/nope/votes', reader);
    assert.deepEqual([bad.status, bad.json.field], [400, 'uuid']);
  });

  it('counts a signed NuVotifier v2 vote: vote.receive, Ann is thanked in chat and paid at once', async () => {
    const before = await balance(annId);
    const thanked = waitForMessage(ann, /Thank you for voting \(TestList\): you got 5\./);
    const a = await sendVotifierVote(votifierPort, TOKEN, { serviceName: 'TestList', username: 'Ann' });
    assert.match(a.greeting, /^VOTIFIER 2 \S+$/);
    assert.deepEqual(a.answer, { status: 'ok' });
    const e = await events.next('vote.receive', (d) => d['player-id'] === annId);
    assert.deepEqual([e.data.service, e.data.votes, e.data['reward-given']], ['TestList', 1, true]);
    await thanked;
    assert.equal(await balance(annId), before + 5);
    const r = await rs.call('GET', `/players/${annId}/votes`, reader);
    assert.deepEqual(r.json.data.totals, { 'all-time': 1, monthly: 1, weekly: 1, daily: 1 });
  });

  it('refuses a vote signed with another token, counting nothing', async () => {
    const a = await sendVotifierVote(votifierPort, 'someone-elses-token-000', { serviceName: 'TestList', username: 'Ann' });
    assert.equal(a.answer.status, 'error');
    const r = await rs.call('GET', `/players/${annId}/votes`, reader);
    assert.equal(r.json.data.totals['all-time'], 1);
    await rs.server.waitForLine(/NuVotifier message was refused: the signature of TestList does not match its token/, { from: 0 });
    assert.equal(rs.server.lines.some((l) => l.includes(TOKEN)), false, 'the token is never logged');
  });

  it('keeps the reward of a vote for an offline player (POST route) and gives it when Ben joins', async () => {
    await quit(ben);
    const before = await balance(benId);
    const r = await rs.call('POST', `/players/${benId}/votes`, writer, {});
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    assert.deepEqual([r.json.data.totals['all-time'], r.json.data['rewards-waiting']], [1, 1]);
    const e = await events.next('vote.receive', (d) => d['player-id'] === benId);
    assert.deepEqual([e.data.service, e.data.votes, e.data['reward-given']], ['core-rest/writer', 1, false]);
    assert.equal(await balance(benId), before);
    ben = createBot(rs.server.gamePort, 'Ben');
    const lines = recordMessages(ben);
    await nextEvent(ben, 'spawn', 20000);
    await waitFor(() => lines.some((l) => /You got 5 for voting while you were away\./.test(l)), 'Ben to be told of his waiting reward');
    assert.equal(await balance(benId), before + 5);
    assert.equal((await rs.call('GET', `/players/${benId}/votes`, reader)).json.data['rewards-waiting'], 0);
  });

  it('refuses a bad amount with 400 naming it', async () => {
    for (const amount of [0, 1.5, 'two', 1001]) {
      const r = await rs.call('POST', `/players/${annId}/votes`, writer, { amount });
      assert.deepEqual([r.status, r.json.field], [400, 'amount'], String(amount));
    }
  });

  it('holds the vote party at the goal (POST /vote/party): vote.party, both bots rewarded and told', async () => {
    const party = await rs.call('GET', '/vote/party', reader);
    assert.deepEqual(party.json.data, { progress: 2, goal: 3, remaining: 1, parties: 0 });
    const before = [await balance(annId), await balance(benId)];
    const seen = [waitForMessage(ann, /Vote party!/), waitForMessage(ben, /Vote party!/)];
    const r = await rs.call('POST', '/vote/party', writer, {});
    assert.deepEqual(r.json.data, { progress: 0, goal: 3, remaining: 3, parties: 1 });
    const e = await events.next('vote.party');
    assert.deepEqual([e.data.goal, e.data.parties, e.data['players-rewarded']], [3, 1, 2]);
    await Promise.all(seen);
    assert.deepEqual([await balance(annId), await balance(benId)], [before[0]! + 20, before[1]! + 20]);
    const bad = await rs.call('POST', '/vote/party', writer, { votes: -1 });
    assert.deepEqual([bad.status, bad.json.field], [400, 'votes']);
  });

  it('answers the leaderboard by period and refuses a limit over 100 or an unknown period with 400', async () => {
    await rs.call('POST', `/players/${annId}/votes`, writer, { amount: 2 });
    const top = await rs.call('GET', '/vote/top?period=weekly&limit=5', reader);
    assert.equal(top.json.data.period, 'weekly');
    assert.deepEqual(
      top.json.data.entries.map((e: Record<string, unknown>) => [e.rank, e['player-name'], e.votes]),
      [
        [1, 'Ann', 3],
        [2, 'Ben', 1],
      ],
    );
    const one = await rs.call('GET', '/vote/top?limit=1', reader);
    assert.deepEqual([one.json.data.period, one.json.data.entries.length], ['all-time', 1]);
    const over = await rs.call('GET', '/vote/top?limit=101', reader);
    assert.deepEqual([over.status, over.json.field], [400, 'limit']);
    const period = await rs.call('GET', '/vote/top?period=yearly', reader);
    assert.deepEqual([period.status, period.json.field], [400, 'period']);
  });

  it('/vote shows the link, Ann’s totals and the party; /votetop daily lists the voters', async () => {
    const lines = recordMessages(ann);
    ann.chat('/vote');
    await waitFor(() => lines.some((l) => l.includes('Vote party: 2/3 votes (1 to go).')), 'Ann to read the party line');
    assert.ok(lines.includes('https://example.org/vote/core'), lines.join(' | '));
    assert.ok(lines.includes('Your votes: 3 in all, 3 this month, 3 this week, 3 today.'), lines.join(' | '));
    ann.chat('/votetop daily');
    await waitFor(() => lines.includes('2. Ben: 1 vote'), 'Ann to read the daily leaderboard');
    assert.ok(lines.includes('1. Ann: 3 votes'));
    ann.chat('/votetop yearly');
    await waitFor(() => lines.some((l) => /"yearly" is not one of all-time, monthly, weekly, daily/.test(l)), 'Ann to read why yearly is refused');
  });

  it('keeps totals and the party across a restart, and listens again (a vote for offline Ann then waits)', async () => {
    rs = await scene.restart();
    const line = await rs.server.waitForLine(/Votifier \(NuVotifier v2\) listening on port (\d+)/, { from: 0 });
    const port = Number(/port (\d+)/.exec(line)![1]);
    const party = await rs.call('GET', '/vote/party', reader);
    assert.deepEqual(party.json.data, { progress: 2, goal: 3, remaining: 1, parties: 1 });
    const a = await sendVotifierVote(port, TOKEN, { serviceName: 'TestList', username: 'Ann' });
    assert.deepEqual(a.answer, { status: 'ok' });
    const r = await rs.call('GET', `/players/${annId}/votes`, reader);
    assert.deepEqual([r.json.data.totals['all-time'], r.json.data['rewards-waiting']], [4, 1]);
  });
});
