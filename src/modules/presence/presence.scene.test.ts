// Presence and playtime over real HTTP and a real event stream, on the in-process scene (the whole
// plugin on the fake platform, test/support/scene.ts), on the manual clock: a short idle time
// (presence.conf) so that a player goes away by itself when the clock says so; the other player
// reads the announcements and sees the tab-list marker; moving, chatting, /afk and the route change
// the flag; every change reaches the event stream; /playtime, /playtimetop and the playtime route
// count the time to the second, also across a restart. What the bots see of it in the real game
// (which client moves count, the tab list): test/e2e/areas/presence.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { plain } from '../../../test/support/fake-platform.ts';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer, type Subscription } from '../../../test/support/scene.ts';
import type { StreamEvent } from '../../../test/support/event-subscription.ts';

const AFK_AFTER = 4;
const UNKNOWN = '00000000-0000-0000-0000-0000000000ab';

type Data = Record<string, unknown>;

describe('presence and playtime over the Remote Access Service (in process)', () => {
  let scene: KernelScene;
  let rs: SceneRest;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: ScenePlayer;
  let ben: ScenePlayer;
  let annId: string;
  /** The clock's time when Ann joined (it moves only when a test advances it). */
  let annJoined: number;

  const presence = () => `/players/${annId}/presence`;
  const afk = () => `/players/${annId}/presence/afk`;
  const advance = (seconds: number) => scene.t.clock.advance(seconds);
  const now = () => scene.t.clock.now().getTime();
  /** Ann's presence.afk events on the stream so far. */
  const annAfkEvents = (): StreamEvent[] => events.received.filter((e) => e.event === 'presence.afk' && e.data?.['player-id'] === annId);
  /** Where the stream has got to: events from here on are new. */
  const mark = () => events.received.length;
  /** The first presence.afk of Ann received from `from` (a mark) on that matches. */
  const annAfk = async (from: number, match: (d: Data) => boolean): Promise<Data> =>
    (await events.next('presence.afk', (d) => events.received.findIndex((x) => x.data === d) >= from && d['player-id'] === annId && match(d))).data;
  const tabNameOfAnn = () => {
    const name = scene.t.platform.tabName(annId);
    return name === undefined ? 'Ann' : plain(name);
  };
  /** Ann walks one block east. */
  const annWalks = async () => {
    const at = ann.location();
    scene.t.platform.move(annId, { ...at, x: at.x + 1 });
    await scene.t.settle();
  };

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startKernelScene(['presence.*'], {
      config: { 'core/presence.conf': `afk-after-seconds = ${AFK_AFTER}\ntab-list-marker = true\n`, 'core/playtime.conf': 'flush-seconds = 5\n' },
    }));
    annId = ann.uuid;
    annJoined = now();
  });
  after(() => scene?.close());

  it('marks a player away by itself after the idle time, not a second before; the other player reads the announcement and sees [AFK] in the tab list', async () => {
    const from = mark();
    await advance(AFK_AFTER - 1);
    const before = await rs.call('GET', presence(), reader);
    assert.deepEqual([before.json.data.away, before.json.data['idle-seconds']], [false, AFK_AFTER - 1]);
    const away = ben.waitForMessage(/^Ann is now AFK\.$/);
    await advance(1);
    const e = await annAfk(from, (d) => d.away === true);
    assert.deepEqual([e['player-name'], e.cause, e.reason, e.actor, e['away-seconds']], ['Ann', 'idle', null, null, null]);
    assert.equal(Date.parse(String(e.since)), annJoined + AFK_AFTER * 1000);
    await away;
    assert.ok(ann.messages.includes('You are now AFK. Move or type /afk to come back.'), 'Ann is told she is AFK');
    assert.equal(tabNameOfAnn(), '[AFK] Ann');

    const r = await rs.call('GET', presence(), reader);
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    assert.deepEqual([r.json.data.away, r.json.data.since, r.json.data.reason, r.json.data.online], [true, e.since, null, true]);
    // The server she is on: the kernel's name in the network (network.conf's server-name).
    assert.equal(r.json.data.server, 'server');
    assert.equal(r.json.data['idle-seconds'], AFK_AFTER);
    const list = await rs.call('GET', '/presence/afk', reader);
    const row = list.json.data.players.find((p: Data) => p.uuid === annId);
    assert.deepEqual([row?.name, row?.since, row?.reason], ['Ann', e.since, null]);
    assert.equal(list.json.data.count, list.json.data.players.length);
  });

  it('a turn of the head does not bring the player back; walking into another block does, and everyone is told', async () => {
    await advance(2);
    const from = mark();
    const at = ann.location();
    scene.t.platform.move(annId, { ...at, yaw: at.yaw + 180, pitch: 30 });
    await scene.t.settle();
    const back = ben.waitForMessage(/^Ann is no longer AFK\.$/);
    await annWalks();
    const e = await annAfk(from, (d) => d.away === false);
    // The walk's event is the first the stream carried since the turn of the head.
    assert.deepEqual(events.received.slice(from)[0]?.data, e, 'no presence.afk for a turn of the head');
    assert.deepEqual([e.cause, e['away-seconds']], ['move', 2]);
    await back;
    assert.equal(tabNameOfAnn(), 'Ann');
    assert.equal(scene.t.platform.tabName(annId), undefined, 'the tab-list name the game gives');
    const r = await rs.call('GET', presence(), reader);
    assert.deepEqual([r.json.data.away, r.json.data.since, r.json.data.reason, r.json.data['idle-seconds']], [false, null, null, 0]);
  });

  it('chatting brings an away player back', async () => {
    const from = mark();
    await advance(AFK_AFTER);
    await annAfk(from, (d) => d.away === true && d.cause === 'idle');
    const back = ben.waitForMessage(/^Ann is no longer AFK\.$/);
    await ann.chat('hello there');
    const e = await annAfk(from, (d) => d.away === false);
    assert.deepEqual([e.cause, e['away-seconds']], ['chat', 0]);
    await back;
  });

  it('/afk with a reason marks the player away, and /afk again brings them back', async () => {
    const from = mark();
    const told = ben.waitForMessage(/^Ann is now AFK \(brb coffee\)\.$/);
    await ann.run('/afk brb coffee', /^You are now AFK \(brb coffee\)\. Move or type \/afk to come back\.$/);
    const away = await annAfk(from, (d) => d.away === true);
    assert.deepEqual([away.cause, away.reason, away.actor], ['afk-command', 'brb coffee', 'Ann']);
    await told;
    const r = await rs.call('GET', presence(), reader);
    assert.deepEqual([r.json.data.away, r.json.data.reason, r.json.data.since], [true, 'brb coffee', away.since]);
    await advance(1);
    const backTold = ben.waitForMessage(/^Ann is no longer AFK\.$/);
    await ann.run('/afk', /^You are no longer AFK\.$/);
    const back = await annAfk(from, (d) => d.away === false);
    assert.deepEqual([back.cause, back.reason, back.actor, back['away-seconds']], ['afk-command', 'brb coffee', 'Ann', 1]);
    await backTold;
  });

  it('the route marks the player away with a reason and back (actor core-rest/writer), and declines what is already so', async () => {
    const from = mark();
    const clear = await rs.call('POST', afk(), writer, { away: false });
    assert.deepEqual([clear.json.ok, clear.json.code], [false, 'already-in-state']);
    const benTold = ben.waitForMessage(/^Ann is now AFK \(meeting\)\.$/);
    const annTold = ann.waitForMessage(/^You are now AFK \(meeting\)\. Move or type \/afk to come back\.$/);
    const set = await rs.call('POST', afk(), writer, { reason: 'meeting' });
    assert.equal(set.json.ok, true, JSON.stringify(set.json));
    assert.deepEqual([set.json.data.away, set.json.data.reason, set.json.data.online], [true, 'meeting', true]);
    const e = await annAfk(from, (d) => d.away === true);
    assert.deepEqual([e.cause, e.actor, e.reason, e.since], ['route', 'core-rest/writer', 'meeting', set.json.data.since]);
    await annTold;
    await benTold;

    const again = await rs.call('POST', afk(), writer, { reason: 'other' });
    assert.deepEqual([again.status, again.json.ok, again.json.code], [200, false, 'already-in-state']);
    const back = await rs.call('POST', afk(), writer, { away: false });
    assert.deepEqual([back.json.ok, back.json.data.away], [true, false]);
    const e2 = await annAfk(from, (d) => d.away === false);
    assert.deepEqual([e2.cause, e2.actor], ['route', 'core-rest/writer']);

    const both = await rs.call('POST', afk(), writer, { away: false, reason: 'x' });
    assert.deepEqual([both.status, both.json.field], [400, 'reason']);
    const long = await rs.call('POST', afk(), writer, { reason: 'x'.repeat(101) });
    assert.deepEqual([long.status, long.json.field], [400, 'reason']);
    const wrongType = await rs.call('POST', afk(), writer, { away: 'yes' });
    assert.deepEqual([wrongType.status, wrongType.json.field], [400, 'away']);
    const readOnly = await rs.call('POST', afk(), reader, {});
    assert.equal(readOnly.status, 403);
  });

  it('does not tell a player when one they cannot see (vanished) goes away or comes back', async () => {
    const hide = await rs.call('POST', `/players/${annId}/vanish`, writer, { vanished: true });
    assert.equal(hide.json.ok, true, JSON.stringify(hide.json));
    assert.equal(scene.t.platform.canSee(ben.uuid, annId), false);
    try {
      const benMark = ben.messages.length;
      const annTold = ann.waitForMessage(/^You are now AFK \(hidden\)\. Move or type \/afk to come back\.$/);
      const set = await rs.call('POST', afk(), writer, { reason: 'hidden' });
      assert.equal(set.json.ok, true, JSON.stringify(set.json));
      await annTold;
      const back = await rs.call('POST', afk(), writer, { away: false });
      assert.equal(back.json.ok, true, JSON.stringify(back.json));
      await scene.t.settle();
      assert.deepEqual(ben.messages.slice(benMark).filter((l) => l.startsWith('Ann is')), []);
    } finally {
      await rs.call('POST', `/players/${annId}/vanish`, writer, { vanished: false });
    }
    assert.equal(scene.t.platform.canSee(ben.uuid, annId), true);
  });

  it('answers an offline player as not away and declines to mark them; a player never seen is not-found', async () => {
    const cat = await scene.join('Cat');
    const catId = cat.uuid;
    cat.quit();
    const r = await rs.call('GET', `/players/${catId}/presence`, reader);
    assert.deepEqual(r.json, { ok: true, data: { away: false, since: null, reason: null, online: false, server: null, 'idle-seconds': null } });
    const set = await rs.call('POST', `/players/${catId}/presence/afk`, writer, {});
    assert.deepEqual([set.json.ok, set.json.code], [false, 'player-offline']);
    for (const [method, path] of [
      ['GET', `/players/${UNKNOWN}/presence`],
      ['POST', `/players/${UNKNOWN}/presence/afk`],
      ['GET', `/players/${UNKNOWN}/playtime`],
    ] as const) {
      const x = await rs.call(method, path, writer, method === 'POST' ? {} : undefined);
      assert.deepEqual([x.status, x.json.ok, x.json.code], [200, false, 'not-found'], path);
    }
    const bad = await rs.call('GET', '/players/nope/presence', reader);
    assert.deepEqual([bad.status, bad.json.field], [400, 'uuid']);
    const catTime = await rs.call('GET', `/players/${catId}/playtime`, reader);
    assert.deepEqual([catTime.json.data.sessions, catTime.json.data.online, catTime.json.data['session-seconds']], [1, false, null]);
  });

  it('/playtime tells a player their time; another player’s needs core.playtime.others; /playtimetop ranks them', async () => {
    await ann.run('/playtime', /^You have played .+: .+ active, .+ away \(AFK\), in 1 session\.$/);
    assert.ok(ann.messages.some((l) => /^You have been online for .+ this session\.$/.test(l)), 'Ann reads this session');
    await ben.run('/playtime Ann', /core\.playtime\.others/);
    await rs.console('perm grant Ben core.playtime.others', /core\.playtime\.others/);
    await ben.run('/playtime Ann', /^Ann has played .+ active, .+ away \(AFK\), in 1 session\.$/);
    await ben.run('/playtimetop', /^Most active time played \(top 10\):$/);
    assert.ok(ben.messages.some((l) => /^1\. (Ann|Ben): .+ active \(.+ in all\)$/.test(l)), 'the first row');
  });

  it('the playtime route counts the seconds the player has been online, and apart the seconds they were away', async () => {
    const from = mark();
    // Back and freshly active, then away once more, for a while, so that the current spell counts too.
    const clear = await rs.call('POST', afk(), writer, { away: false });
    assert.ok(clear.json.ok || clear.json.code === 'already-in-state', JSON.stringify(clear.json));
    await advance(AFK_AFTER);
    const current = await annAfk(from, (d) => d.away === true && d.cause === 'idle');
    await advance(3);
    const r = await rs.call('GET', `/players/${annId}/playtime`, reader);
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    const t = r.json.data;
    assert.equal(t['total-seconds'], Math.floor((now() - annJoined) / 1000));
    assert.equal(t['active-seconds'] + t['afk-seconds'], t['total-seconds']);
    // The AFK seconds are the spells the event stream told of, the current one up to now.
    const ended = annAfkEvents()
      .filter((e) => e.data.away === false)
      .reduce((s, e) => s + Number(e.data['away-seconds']), 0);
    const running = (now() - Date.parse(String(current.since))) / 1000;
    assert.equal(running, 3);
    assert.equal(t['afk-seconds'], ended + running);
    assert.ok(t['active-seconds'] >= AFK_AFTER, 'and active a while');
    assert.deepEqual([t.sessions, t.online, t['session-seconds']], [1, true, t['total-seconds']]);
    assert.equal(Date.parse(t['session-started-at']), annJoined);
  });

  it('keeps the time across a restart: what was played up to the stop is written', async () => {
    const path = `/players/${annId}/playtime`;
    const before = (await rs.call('GET', path, reader)).json.data;
    await scene.restart(() => advance(30));
    const r = await rs.call('GET', path, reader);
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    const t = r.json.data;
    assert.deepEqual([t['total-seconds'], t['afk-seconds'], t['active-seconds']], [before['total-seconds'], before['afk-seconds'], before['active-seconds']]);
    assert.deepEqual([t.sessions, t.online, t['session-seconds'], t['counted-since']], [1, false, null, before['counted-since']]);
  });
});
