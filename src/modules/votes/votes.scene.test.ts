// Votes over real HTTP, a real event stream and a real NuVotifier v2 connection, on the in-process
// scene (the whole plugin on the fake platform, test/support/scene.ts): every votes route, both vote
// events, the rewards (kept for an offline player), the party, /vote and /votetop, and the totals
// after a restart of the kernel on the same data. What the players read of it in the real game:
// test/e2e/areas/votes.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer, type Subscription } from '../../../test/support/scene.ts';
import { sendVotifierVote } from '../../../test/support/votifier-client.ts';

const TOKEN = 'scene-votifier-token-0123456789';
const VOTES_CONF = `enabled = true
port = 0
token = "${TOKEN}"
reward-amount = 5
reward-currency = ""
party-goal = 3
party-reward-amount = 20
links = ["https://example.org/vote/core"]
`;

describe('votes over the Remote Access Service and NuVotifier (in process)', () => {
  let scene: KernelScene;
  let rs: SceneRest;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: ScenePlayer;
  let ben: ScenePlayer;
  let annId: string;
  let benId: string;
  let votifierPort: number;

  const balance = async (uuid: string): Promise<number> => (await rs.call('GET', `/players/${uuid}/balance`, reader)).json.data.amount;
  /** The port the Votifier listener last said it listens on. */
  const listening = (): number => {
    const line = scene.t.log.lines.findLast((l) => /Votifier \(NuVotifier v2\) listening on port \d+/.test(l));
    assert.ok(line, 'the Votifier listener started');
    return Number(/port (\d+)/.exec(line)![1]);
  };

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startKernelScene(['vote.*'], { config: { 'core/votes.conf': VOTES_CONF } }));
    annId = ann.uuid;
    benId = ben.uuid;
    votifierPort = listening();
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
    const thanked = ann.waitForMessage(/^Thank you for voting on TestList! You received \$5\.00\.$/);
    const a = await sendVotifierVote(votifierPort, TOKEN, { serviceName: 'TestList', username: 'Ann' });
    assert.match(a.greeting, /^VOTIFIER 2 \S+$/);
    assert.deepEqual(a.answer, { status: 'ok' });
    const e = await events.next('vote.receive', (d) => d['player-id'] === annId);
    assert.deepEqual([e.data.service, e.data.votes, e.data['reward-given']], ['TestList', 1, true]);
    await thanked;
    assert.equal(await balance(annId), before + 5);
    const r = await rs.call('GET', `/players/${annId}/votes`, reader);
    assert.deepEqual(r.json.data.totals, { 'all-time': 1, monthly: 1, weekly: 1, daily: 1 });
    assert.equal(r.json.data['last-vote-at'], scene.t.clock.now().toISOString());
  });

  it('refuses a vote signed with another token, counting nothing', async () => {
    const a = await sendVotifierVote(votifierPort, 'someone-elses-token-000', { serviceName: 'TestList', username: 'Ann' });
    assert.equal(a.answer.status, 'error');
    const r = await rs.call('GET', `/players/${annId}/votes`, reader);
    assert.equal(r.json.data.totals['all-time'], 1);
    assert.ok(
      scene.t.log.lines.some((l) => /NuVotifier message was refused: the signature of TestList does not match its token/.test(l)),
      scene.t.log.lines.slice(-10).join('\n'),
    );
    assert.equal(scene.t.log.lines.some((l) => l.includes(TOKEN)), false, 'the token is never logged');
    assert.equal(scene.t.emittedNamed('vote.receive').length, 1);
  });

  it('keeps the reward of a vote for an offline player (POST route) and gives it when Ben joins', async () => {
    ben.quit();
    const before = await balance(benId);
    const r = await rs.call('POST', `/players/${benId}/votes`, writer, {});
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    assert.deepEqual([r.json.data.totals['all-time'], r.json.data['rewards-waiting']], [1, 1]);
    const e = await events.next('vote.receive', (d) => d['player-id'] === benId);
    assert.deepEqual([e.data.service, e.data.votes, e.data['reward-given']], ['core-rest/writer', 1, false]);
    assert.equal(await balance(benId), before);
    const mark = scene.t.platform.messagesOf(benId).length;
    ben = await scene.join('Ben');
    await scene.t.until(() => scene.t.platform.messagesOf(benId).slice(mark).includes('You received $5.00 for voting while you were away.'), 'Ben to be told of his waiting reward');
    assert.equal(await balance(benId), before + 5);
    assert.equal((await rs.call('GET', `/players/${benId}/votes`, reader)).json.data['rewards-waiting'], 0);
  });

  it('refuses a bad amount with 400 naming it', async () => {
    for (const amount of [0, 1.5, 'two', 1001]) {
      const r = await rs.call('POST', `/players/${annId}/votes`, writer, { amount });
      assert.deepEqual([r.status, r.json.field], [400, 'amount'], String(amount));
    }
  });

  it('holds the vote party at the goal (POST /vote/party): vote.party, both players rewarded and told', async () => {
    const party = await rs.call('GET', '/vote/party', reader);
    assert.deepEqual(party.json.data, { progress: 2, goal: 3, remaining: 1, parties: 0 });
    const before = [await balance(annId), await balance(benId)];
    const seen = [ann.waitForMessage(/Vote party!/), ben.waitForMessage(/Vote party!/)];
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
    await ann.run('/vote', /^Vote party: 2\/3 votes \(1 to go\)\.$/);
    assert.ok(ann.messages.includes('https://example.org/vote/core'), ann.messages.join(' | '));
    assert.ok(ann.messages.includes('Your votes: 3 in all, 3 this month, 3 this week, 3 today.'), ann.messages.join(' | '));
    await ann.run('/votetop daily', /^2\. Ben: 1 vote$/);
    assert.ok(ann.messages.includes('1. Ann: 3 votes'));
    await ann.run('/votetop yearly', /"yearly" is not one of all-time, monthly, weekly, daily/);
  });

  it('keeps totals and the party across a restart, and listens again (a vote for offline Ann then waits)', async () => {
    const before = listening();
    await scene.restart();
    const port = listening();
    assert.equal(scene.t.log.lines.filter((l) => /Votifier \(NuVotifier v2\) listening/.test(l)).length, 2, `listening again (was port ${before})`);
    const party = await rs.call('GET', '/vote/party', reader);
    assert.deepEqual(party.json.data, { progress: 2, goal: 3, remaining: 1, parties: 1 });
    const a = await sendVotifierVote(port, TOKEN, { serviceName: 'TestList', username: 'Ann' });
    assert.deepEqual(a.answer, { status: 'ok' });
    const r = await rs.call('GET', `/players/${annId}/votes`, reader);
    assert.deepEqual([r.json.data.totals['all-time'], r.json.data['rewards-waiting']], [4, 1]);
  });
});
