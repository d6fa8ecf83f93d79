import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../../core/storage/db.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { declined, value } from '../../../test/support/results.ts';
import { sendVotifierVote } from '../../../test/support/votifier-client.ts';
import { economyModule } from '../economy/index.ts';
import { votesModule } from './index.ts';
import { votesConfig } from './votes.config.ts';
import { periodStart } from './votes.service.ts';

const TOKEN = 'test-token-0123456789abcdef';
const REST = { kind: 'rest', label: 'site' } as const;
const UNKNOWN = '00000000-0000-0000-0000-0000000000ab';

const conf = (extra = '') =>
  `enabled = true\nport = 0\ntoken = "${TOKEN}"\nreward-amount = 5\nparty-goal = 3\nparty-reward-amount = 20\nlinks = ["https://example.org/vote"]\n${extra}`;

async function startVotes(extra = '', openDb?: () => Database) {
  return startTestKernel({
    modules: [economyModule, votesModule],
    beforeStart: (dir) => writeFileSync(join(dir, 'votes.conf'), conf(extra)),
    openDb,
  });
}

/** The port the listener logged. */
function votifierPort(t: TestKernel): number {
  const line = [...t.log.lines].reverse().find((l) => /Votifier .* listening on port \d+/.test(l));
  assert.ok(line, 'the listener logs its port');
  return Number(/port (\d+)/.exec(line!)![1]);
}

const balance = async (t: TestKernel, uuid: string) => value(await t.kernel.api.economy.balance(uuid)).amount;

describe('votes', () => {
  describe('periods', () => {
    it('starts days at UTC midnight, weeks on Monday and months on the 1st', () => {
      const wed = new Date('2026-11-25T23:40:00Z');
      assert.equal(periodStart('all-time', wed), '');
      assert.equal(periodStart('daily', wed), '2026-11-25T00:00:00.000Z');
      assert.equal(periodStart('weekly', wed), '2026-11-23T00:00:00.000Z');
      assert.equal(periodStart('monthly', wed), '2026-11-01T00:00:00.000Z');
      assert.equal(periodStart('weekly', new Date('2026-11-29T10:00:00Z')), '2026-11-23T00:00:00.000Z', 'a Sunday is in the week begun on Monday');
      assert.equal(periodStart('weekly', new Date('2026-11-23T00:00:00Z')), '2026-11-23T00:00:00.000Z');
    });
  });

  describe('config', () => {
    it('writes a fresh random token on first start, and refuses a bad key or value naming it', async () => {
      const t = await startTestKernel({ modules: [economyModule, votesModule], beforeStart: () => undefined });
      try {
        const text = readFileSync(join(t.configDir, 'votes.conf'), 'utf8');
        const token = /token = "([^"]+)"/.exec(text)?.[1];
        assert.match(token ?? '', /^[A-Za-z0-9_-]{32}$/);
        assert.equal(t.log.lines.some((l) => l.includes(token!)), false, 'the token is never logged');
        assert.deepEqual([votesConfig.load(t.configDir).port, votesConfig.load(t.configDir).enabled], [8192, false], 'shipped off');
        assert.ok(t.log.lines.some((l) => /Votifier listener is off/.test(l)));
      } finally {
        await t.close();
      }
      const bad = (await import('node:fs')).mkdtempSync(join((await import('node:os')).tmpdir(), 'votes-conf-'));
      writeFileSync(join(bad, 'votes.conf'), conf('party-goal = 0\n').replace('party-goal = 3\n', ''));
      assert.throws(() => votesConfig.load(bad), /party-goal/);
      writeFileSync(join(bad, 'votes.conf'), conf('colour = 1\n'));
      assert.throws(() => votesConfig.load(bad), /colour.*not a key/);
      writeFileSync(join(bad, 'votes.conf'), conf().replace(TOKEN, 'short'));
      assert.throws(() => votesConfig.load(bad), /token/);
    });
  });

  describe('counting and rewards', () => {
    let t: TestKernel;
    before(async () => {
      t = await startVotes();
    });
    after(() => t.close());

    it('counts votes by period, rewards an online player at once and emits vote.receive', async () => {
      const ann = await t.join('Ann');
      const before = await balance(t, ann.uuid);
      const r = value(await t.kernel.api.votes.add(ann.uuid, 2, REST));
      assert.deepEqual(r.totals, { 'all-time': 2, monthly: 2, weekly: 2, daily: 2 });
      assert.equal(r['rewards-waiting'], 0);
      assert.equal(r['last-vote-at'], t.clock.now().toISOString());
      assert.equal(await balance(t, ann.uuid), before + 10);
      const e = t.emittedNamed('vote.receive').at(-1)!;
      assert.deepEqual([e.data['player-name'], e.data.service, e.data.votes, e.data['reward-given']], ['Ann', 'core-rest/site', 2, true]);
      assert.ok(t.platform.messagesOf(ann.uuid).includes('Thank you for your 2 votes! You received $10.00.'), t.platform.messagesOf(ann.uuid).join('\n'));
    });

    it('keeps an offline player’s reward until they join', async () => {
      const ben = await t.join('Ben');
      t.platform.quit(ben.uuid);
      const before = await balance(t, ben.uuid);
      const r = value(await t.kernel.api.votes.add(ben.uuid, 1, REST));
      assert.equal(r['rewards-waiting'], 1);
      assert.equal(t.emittedNamed('vote.receive').at(-1)!.data['reward-given'], false);
      assert.equal(await balance(t, ben.uuid), before);
      await t.join('Ben');
      await t.until(() => t.emittedNamed('economy.wallet-credit').some((e) => e.data['player-name'] === 'Ben'), 'Ben’s reward');
      assert.equal(await balance(t, ben.uuid), before + 5);
      await t.until(() => t.platform.messagesOf(ben.uuid).includes('You received $5.00 for voting while you were away.'), 'Ben to be told of his reward');

      assert.equal(value(await t.kernel.api.votes.get(ben.uuid))['rewards-waiting'], 0);
    });

    it('declines a player never seen with not-found', async () => {
      declined(await t.kernel.api.votes.get(UNKNOWN), 'not-found');
      declined(await t.kernel.api.votes.add(UNKNOWN, 1, REST), 'not-found');
    });

    it('holds the vote party at the goal: everyone online rewarded, vote.party, the count starts again', async () => {
      // Ann 2 + Ben 1 reached the goal 3 already.
      const parties = t.emittedNamed('vote.party');
      assert.equal(parties.length, 1);
      assert.deepEqual([parties[0]!.data.goal, parties[0]!.data.parties], [3, 1]);
      assert.deepEqual(value(await t.kernel.api.votes.party()), { progress: 0, goal: 3, remaining: 3, parties: 1 });
      const ann = t.platform.onlinePlayers().find((p) => p.name === 'Ann')!;
      const before = await balance(t, ann.uuid);
      const p = value(await t.kernel.api.votes.addParty(7, REST));
      assert.deepEqual(p, { progress: 1, goal: 3, remaining: 2, parties: 3 });
      assert.equal(t.emittedNamed('vote.party').length, 3);
      assert.equal(t.emittedNamed('vote.party').at(-1)!.data['players-rewarded'], 2);
      assert.equal(await balance(t, ann.uuid), before + 40);
      const top = value(await t.kernel.api.votes.top('all-time', 10));
      assert.deepEqual(top.entries.map((e) => [e.rank, e['player-name'], e.votes]), [[1, 'Ann', 2], [2, 'Ben', 1]]);
    });

    it('leaves old votes out of the daily, weekly and monthly totals and boards', async () => {
      const ann = t.platform.onlinePlayers().find((p) => p.name === 'Ann')!;
      await t.clock.advance(40 * 86_400);
      const r = value(await t.kernel.api.votes.get(ann.uuid));
      assert.deepEqual(r.totals, { 'all-time': 2, monthly: 0, weekly: 0, daily: 0 });
      assert.deepEqual(value(await t.kernel.api.votes.top('daily', 10)).entries, []);
      assert.equal(value(await t.kernel.api.votes.top('all-time', 1)).entries.length, 1);
    });

    it('keeps totals, rewards waiting and the party across a restart', async () => {
      const ann = t.platform.onlinePlayers().find((p) => p.name === 'Ann')!;
      await t.restart();
      assert.equal(value(await t.kernel.api.votes.get(ann.uuid)).totals['all-time'], 2);
      assert.deepEqual(value(await t.kernel.api.votes.party()), { progress: 1, goal: 3, remaining: 2, parties: 3 });
    });

    it('thanks for a vote counted by the route without naming the token: it is no vote list', async () => {
      const ann = (await t.join('Ann')).uuid;
      t.platform.clearMessages();
      value(await t.kernel.api.votes.add(ann, 1, REST));
      assert.equal(t.platform.messagesOf(ann)[0], 'Thank you for voting! You received $5.00.');
    });
  });

  describe('NuVotifier v2 listener', () => {
    let t: TestKernel;
    before(async () => {
      t = await startVotes('[service-tokens]\n"OtherList" = "other-token-0123456789"\n');
    });
    after(() => t.close());

    it('counts a signed vote for a known player and answers ok', async () => {
      const ann = await t.join('Ann');
      const a = await sendVotifierVote(votifierPort(t), TOKEN, { serviceName: 'TestList', username: 'ann' });
      assert.match(a.greeting, /^VOTIFIER 2 [0-9a-f]{32}$/);
      assert.deepEqual(a.answer, { status: 'ok' });
      const e = t.emittedNamed('vote.receive').at(-1)!;
      assert.deepEqual([e.data['player-id'], e.data.service, e.data.votes], [ann.uuid, 'TestList', 1]);
      assert.equal(value(await t.kernel.api.votes.get(ann.uuid)).totals['all-time'], 1);
    });

    it('uses a service’s own token when it has one', async () => {
      const wrong = await sendVotifierVote(votifierPort(t), TOKEN, { serviceName: 'OtherList', username: 'Ann' });
      assert.equal(wrong.answer.status, 'error');
      const right = await sendVotifierVote(votifierPort(t), 'other-token-0123456789', { serviceName: 'OtherList', username: 'Ann' });
      assert.deepEqual(right.answer, { status: 'ok' });
    });

    it('refuses a wrong signature or challenge, without counting and without logging the token', async () => {
      const n = t.emittedNamed('vote.receive').length;
      const bad = await sendVotifierVote(votifierPort(t), 'not-the-token-000000', { serviceName: 'TestList', username: 'Ann' });
      assert.equal(bad.answer.status, 'error');
      assert.match(bad.answer.error ?? '', /signature/);
      const stale = await sendVotifierVote(votifierPort(t), TOKEN, { serviceName: 'TestList', username: 'Ann', challenge: 'abc' });
      assert.match(stale.answer.error ?? '', /challenge/);
      assert.equal(t.emittedNamed('vote.receive').length, n);
      assert.ok(t.log.lines.some((l) => /NuVotifier message was refused/.test(l)));
      assert.equal(t.log.lines.some((l) => l.includes(TOKEN)), false);
    });

    it('answers ok to a vote for a name never seen, logs it and counts nothing', async () => {
      const n = t.emittedNamed('vote.receive').length;
      const a = await sendVotifierVote(votifierPort(t), TOKEN, { serviceName: 'TestList', username: 'Nobody' });
      assert.deepEqual(a.answer, { status: 'ok' });
      assert.equal(t.emittedNamed('vote.receive').length, n);
      assert.ok(t.log.lines.some((l) => /for Nobody was ignored/.test(l)));
    });

    it('keeps the module working when the port is taken, logging why', async () => {
      const busy = await startTestKernel({
        modules: [economyModule, votesModule],
        beforeStart: (dir) => writeFileSync(join(dir, 'votes.conf'), conf().replace('port = 0', `port = ${votifierPort(t)}`)),
      });
      try {
        assert.ok(busy.log.lines.some((l) => /could not open port/.test(l)));
        const ann = await busy.join('Ann');
        assert.equal(value(await busy.kernel.api.votes.add(ann.uuid, 1, REST)).totals['all-time'], 1);
      } finally {
        await busy.close();
      }
    });

    it('applies a new token and reward on core reload at once; a new port waits for a restart', async () => {
      const port = votifierPort(t);
      const file = join(t.configDir, 'votes.conf');
      const next = 'new-token-abcdefghijklmnop';
      writeFileSync(file, readFileSync(file, 'utf8').replace(TOKEN, next).replace('port = 0', 'port = 1').replace('reward-amount = 5', 'reward-amount = 7'));
      const report = t.kernel.configs.reloadAll().find((r) => r.file === 'votes.conf');
      assert.deepEqual(report, { file: 'votes.conf', outcome: 'changed', applied: ['reward-amount', 'token'], restart: ['port'] });
      assert.equal((await sendVotifierVote(port, TOKEN, { serviceName: 'TestList', username: 'Ann' })).answer.status, 'error');
      assert.deepEqual((await sendVotifierVote(port, next, { serviceName: 'TestList', username: 'Ann' })).answer, { status: 'ok' });
      const credits = t.emittedNamed('economy.wallet-credit').map((e) => (e.data.amount as { amount: number }).amount);
      assert.ok(credits.includes(7), `a reward of 7 was paid (credits: ${credits.join(', ')})`);
      assert.equal(t.log.lines.some((l) => l.includes(next)), false, 'the new token is not logged either');
    });

    it('opens no listener when enabled = false', async () => {
      const off = await startTestKernel({
        modules: [economyModule, votesModule],
        beforeStart: (dir) => writeFileSync(join(dir, 'votes.conf'), conf().replace('enabled = true', 'enabled = false')),
      });
      try {
        assert.ok(off.log.lines.some((l) => /Votifier listener is off/.test(l)));
        assert.equal(off.log.lines.some((l) => /listening on port/.test(l)), false);
      } finally {
        await off.close();
      }
    });
  });

  describe('on PostgreSQL', () => {
    it('counts, ranks and keeps the party the same way', async (ctx) => {
      await withPostgres(ctx, 'votes', async (openDb) => {
        const t = await startVotes('', openDb);
        try {
          const ann = await t.join('Ann');
          value(await t.kernel.api.votes.add(ann.uuid, 4, REST));
          assert.deepEqual(value(await t.kernel.api.votes.get(ann.uuid)).totals, { 'all-time': 4, monthly: 4, weekly: 4, daily: 4 });
          assert.deepEqual(value(await t.kernel.api.votes.top('weekly', 5)).entries.map((e) => e.votes), [4]);
          assert.deepEqual(value(await t.kernel.api.votes.party()), { progress: 1, goal: 3, remaining: 2, parties: 1 });
        } finally {
          await t.close();
        }
      });
    });
  });
});
