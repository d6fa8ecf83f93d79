// Ranks over real HTTP and a real event stream, on the in-process scene (the whole plugin on the
// fake platform, test/support/scene.ts): every ranks route, every rank event, and /rankup, /prestige,
// /ranks, /rank and /rank set as players and the console use them. What a player sees of it in the
// real game: test/e2e/areas/ranks.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LADDER, PERMISSIONS } from './ranks.fixtures.ts';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer, type Subscription } from '../../../test/support/scene.ts';

describe('ranks over the Remote Access Service (in process)', () => {
  let scene: KernelScene;
  let rs: SceneRest;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: ScenePlayer;
  let ben: ScenePlayer;
  let annId: string;
  let benId: string;

  const rank = (uuid: string, path = '') => `/players/${uuid}/rank${path}`;
  const balance = async (uuid: string) => (await rs.call('GET', `/players/${uuid}/balance`, reader)).json.data.amount as number;

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startKernelScene(['rank.*'], {
      config: { 'core/permissions.conf': PERMISSIONS, 'core/ranks.conf': LADDER },
    }));
    annId = ann.uuid;
    benId = ben.uuid;
  });
  after(() => scene?.close());

  it('answers the ladder in order (GET /ranks)', async () => {
    const r = await rs.call('GET', '/ranks', reader);
    assert.equal(r.status, 200);
    assert.deepEqual(
      r.json.data.ranks.map((x: { name: string; position: number; group: string; cost: { amount: number } }) => [x.name, x.position, x.group, x.cost.amount]),
      [
        ['a', 1, 'default', 0],
        ['b', 2, 'rb', 30],
        ['c', 3, 'rc', 10],
      ],
    );
    assert.deepEqual([r.json.data['prestige-cost'].amount, r.json.data['max-prestige']], [5, null]);
  });

  it('holds nothing for a new player: standing null, the first rung next, in reach', async () => {
    const r = await rs.call('GET', rank(annId), reader);
    assert.deepEqual([r.json.data.standing, r.json.data.next.name, r.json.data['can-rank-up']], [null, 'a', true]);
  });

  it('/rankup puts the player on the first rung (rank.up from the player)', async () => {
    await ann.run('/rankup', /You ranked up to a\./);
    const e = await events.next('rank.up', (d) => d['player-id'] === annId && d.rank === 'a');
    assert.deepEqual([e.data['previous-rank'], e.data.actor, e.data['player-name']], [null, 'Ann', 'Ann']);
  });

  it('ranks up over HTTP, charging the cost and granting the group: the player can then use what the group gives', async () => {
    await ann.run('/rank Ben', /You may not see the ranks of other players \(core\.rank\.others\)/);
    const before = await balance(annId);
    const r = await rs.call('POST', rank(annId, '/rankup'), writer);
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    assert.deepEqual([r.json.data['previous-rank'], r.json.data.standing.rank, r.json.data.standing.position, r.json.data.paid.amount], ['a', 'b', 2, 30]);
    assert.equal(await balance(annId), before - 30);
    const e = await events.next('rank.up', (d) => d['player-id'] === annId && d.rank === 'b');
    assert.deepEqual([e.data.actor, (e.data.cost as { amount: number }).amount], ['core-rest/writer', 30]);
    await ann.run('/rank Ben', /Ben has no rank yet\./);
  });

  it('reads the next rung out of reach with the reason, and declines the rankup with refused', async () => {
    const s = await rs.call('GET', rank(annId), reader);
    assert.deepEqual([s.json.data.standing.rank, s.json.data.next.name, s.json.data['can-rank-up']], ['b', 'c', false]);
    assert.match(s.json.data.reason, /playtime/);
    const no = await rs.call('POST', rank(annId, '/rankup'), writer);
    assert.deepEqual([no.status, no.json.ok, no.json.code], [200, false, 'refused']);
    await ann.run('/rankup', /You need 1 d 3 h 46 min 40 s of playtime for the rank c; you have played .+\. Keep playing, then type \/rankup again\./);
  });

  it('/ranks shows the ladder, marking the player’s rung, and /rank their standing', async () => {
    let mark = ann.messages.length;
    const lines = () => ann.messages.slice(mark);
    await ann.run('/ranks', /^Prestige from c/);
    assert.ok(lines().includes('2. b (you): cost $30.00'), lines().join('\n'));
    assert.ok(lines().some((l) => l.startsWith('3. c: cost $10.00, playtime 1 d 3 h 46 min 40 s')), lines().join('\n'));
    mark = ann.messages.length;
    await ann.run('/rank', /^You need 1 d 3 h 46 min 40 s of playtime/);
    assert.ok(lines().includes('You are on the rank b, prestige 0.'), lines().join('\n'));
  });

  it('sets a rung over HTTP without cost (rank.set), then /prestige takes the player back to the first rung (rank.prestige), taking the group', async () => {
    const before = await balance(annId);
    const r = await rs.call('POST', rank(annId, '/set'), writer, { rank: 'c' });
    assert.deepEqual([r.json.data.standing.rank, r.json.data.paid.amount], ['c', 0]);
    assert.equal(await balance(annId), before);
    const set = await events.next('rank.set', (d) => d['player-id'] === annId && d.rank === 'c');
    assert.deepEqual([set.data['previous-rank'], set.data.actor], ['b', 'core-rest/writer']);
    const again = await rs.call('POST', rank(annId, '/set'), writer, { rank: 'c' });
    assert.equal(again.json.code, 'already-in-state');

    await ann.run('/prestige', /You took prestige 1 and start again on the rank a\./);
    const p = await events.next('rank.prestige', (d) => d['player-id'] === annId);
    assert.deepEqual([p.data.rank, p.data['previous-rank'], p.data.prestige, p.data.actor], ['a', 'c', 1, 'Ann']);
    assert.equal(await balance(annId), before - 5);
    await ann.run('/rank Ben', /You may not see the ranks of other players \(core\.rank\.others\)/);
  });

  it('declines a prestige below the top with refused', async () => {
    const r = await rs.call('POST', rank(annId, '/prestige'), writer);
    assert.deepEqual([r.status, r.json.ok, r.json.code], [200, false, 'refused']);
  });

  it('refuses a bad rank name with 400 naming rank, declines an unknown rank with not-found and an unseen player with not-found', async () => {
    const bad = await rs.call('POST', rank(benId, '/set'), writer, { rank: 'No Such!' });
    assert.deepEqual([bad.status, bad.json.field], [400, 'rank']);
    const none = await rs.call('POST', rank(benId, '/set'), writer, {});
    assert.deepEqual([none.status, none.json.field], [400, 'rank']);
    const unknown = await rs.call('POST', rank(benId, '/set'), writer, { rank: 'zzz' });
    assert.deepEqual([unknown.status, unknown.json.code], [200, 'not-found']);
    const unseen = await rs.call('GET', rank('00000000-0000-0000-0000-0000000000aa'), reader);
    assert.deepEqual([unseen.status, unseen.json.code], [200, 'not-found']);
  });

  it('/rank set at the console and by a player holding core.rank.set; an offline player gets player-offline for rankup and prestige, can-rank-up false, and rank set still works', async () => {
    await rs.console('rank set Ben c', /You put Ben on the rank c\./);
    await events.next('rank.set', (d) => d['player-id'] === benId && d.rank === 'c' && d.actor === 'console');
    await ann.run('/rank set Ben b', /You do not have permission/);
    await rs.console('perm grant Ann core.rank.set', /core\.rank\.set/);
    await ann.run('/rank set Ben b', /You put Ben on the rank b\./);
    await events.next('rank.set', (d) => d['player-id'] === benId && d.rank === 'b' && d.actor === 'Ann');
    ben.quit();
    const s = await rs.call('GET', rank(benId), reader);
    assert.deepEqual([s.json.data.standing.rank, s.json.data['can-rank-up']], ['b', false]);
    for (const op of ['/rankup', '/prestige']) {
      const r = await rs.call('POST', rank(benId, op), writer);
      assert.deepEqual([r.status, r.json.ok, r.json.code], [200, false, 'player-offline'], op);
    }
    const set = await rs.call('POST', rank(benId, '/set'), writer, { rank: 'a' });
    assert.equal(set.json.data.standing.rank, 'a');
    await events.next('rank.set', (d) => d['player-id'] === benId && d.rank === 'a');
  });
});
