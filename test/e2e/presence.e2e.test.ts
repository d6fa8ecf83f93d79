// Presence and playtime on the real server with real bots, real HTTP and a real event stream:
// a short idle time (presence.conf) so that a bot goes away by itself; a second bot sees the
// announcements and the tab-list marker; moving, chatting, /afk and the route change the flag; every
// change reaches the event stream; /playtime, /playtimetop and the playtime route count the time.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { basename } from 'node:path';
import { joinBot, never, quit, recordMessages, waitFor, walkOneBlock, type Bot } from './support/bots.ts';
import { startScene, type RestServer, type Scene, type Subscription } from './support/rest-server.ts';

const AFK_AFTER = 4;
const UNKNOWN = '00000000-0000-0000-0000-0000000000ab';

type Data = Record<string, unknown>;

describe('presence and playtime', () => {
  let scene: Scene;
  let rs: RestServer;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: Bot;
  let ben: Bot;
  let annId: string;
  let annLines: string[];
  let benLines: string[];
  /** Bounds of the moment Ann joined (Date.now() before and after the join). */
  let annJoined: { from: number; to: number };

  const presence = () => `/players/${annId}/presence`;
  const afk = () => `/players/${annId}/presence/afk`;

  /** The first presence.afk of Ann received after `mark` (an index of events.received) that matches. */
  async function annAfk(mark: number, match: (d: Data) => boolean, what: string, timeoutMs = 15000): Promise<Data> {
    let found: Data | undefined;
    await waitFor(
      () => {
        found = events.received.slice(mark).find((e) => e.event === 'presence.afk' && e.data?.['player-id'] === annId && match(e.data))?.data;
        return found !== undefined;
      },
      what,
      timeoutMs,
    );
    return found!;
  }
  /** Whether a bot has read the line since `mark` (an index of its recorded lines). */
  const readSince = (lines: string[], mark: number, line: string) => lines.slice(mark).includes(line);
  const tabNameOfAnn = () => ben.players.Ann?.displayName.toString();

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startScene(['presence.*'], {
      config: { 'core/presence.conf': `afk-after-seconds = ${AFK_AFTER}\ntab-list-marker = true\n`, 'core/playtime.conf': 'flush-seconds = 5\n' },
      // Ben is there to read Ann's first announcements; Ann's join is timed, and both read from their spawn.
      joinOrder: ['Ben', 'Ann'],
      join: async (port, name) => {
        const from = Date.now();
        const bot = await joinBot(port, name);
        if (name === 'Ann') {
          annJoined = { from, to: Date.now() };
          annLines = recordMessages(bot);
        } else benLines = recordMessages(bot);
        return bot;
      },
    }));
    annId = ann.player.uuid;
  });
  after(() => scene?.close());

  it('marks a bot away by itself after the idle time; the other bot reads the announcement and sees [AFK] in the tab list', async () => {
    const e = await annAfk(0, (d) => d.away === true, 'Ann to go away by herself');
    assert.deepEqual([e['player-name'], e.cause, e.reason, e.actor, e['away-seconds']], ['Ann', 'idle', null, null, null]);
    await waitFor(() => benLines.includes('Ann is now AFK.'), 'Ben to read that Ann is AFK');
    await waitFor(() => annLines.includes('You are now AFK.'), 'Ann to be told she is AFK');
    await waitFor(() => tabNameOfAnn() === '[AFK] Ann', `Ben to see [AFK] Ann in the tab list (sees ${tabNameOfAnn()})`);

    const r = await rs.call('GET', presence(), reader);
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    assert.deepEqual([r.json.data.away, r.json.data.since, r.json.data.reason, r.json.data.online], [true, e.since, null, true]);
    // The server she is on: network.conf's server-name, by default the data folder's name.
    assert.equal(r.json.data.server, basename(rs.server.dataDir));
    assert.ok(r.json.data['idle-seconds'] >= AFK_AFTER, `idle ${r.json.data['idle-seconds']} s`);
    const list = await rs.call('GET', '/presence/afk', reader);
    const row = list.json.data.players.find((p: Data) => p.uuid === annId);
    assert.deepEqual([row?.name, row?.since, row?.reason], ['Ann', e.since, null]);
    assert.equal(list.json.data.count, list.json.data.players.length);
  });

  it('turning the head does not bring the bot back; walking into another block does, and everyone is told', async () => {
    const mark = events.received.length;
    const benMark = benLines.length;
    await ann.look(ann.entity.yaw + Math.PI, 0.5, true);
    await never(() => events.received.slice(mark).some((x) => x.event === 'presence.afk' && x.data?.['player-id'] === annId), 'Ann to come back by turning', 1500);
    await walkOneBlock(ann);
    const e = await annAfk(mark, (d) => d.away === false, 'Ann to come back by walking');
    assert.equal(e.cause, 'move');
    assert.ok(typeof e['away-seconds'] === 'number' && e['away-seconds'] >= 1, `away ${e['away-seconds']} s`);
    await waitFor(() => readSince(benLines, benMark, 'Ann is no longer AFK.'), 'Ben to read that Ann is back');
    await waitFor(() => tabNameOfAnn() === 'Ann', `Ben to see Ann's plain name again (sees ${tabNameOfAnn()})`);
    const r = await rs.call('GET', presence(), reader);
    assert.deepEqual([r.json.data.away, r.json.data.since, r.json.data.reason], [false, null, null]);
  });

  it('chatting brings an away bot back', async () => {
    const mark = events.received.length;
    await annAfk(mark, (d) => d.away === true, 'Ann to go away again');
    const benMark = benLines.length;
    ann.chat('hello there');
    const e = await annAfk(mark, (d) => d.away === false, 'Ann to come back by chatting');
    assert.equal(e.cause, 'chat');
    await waitFor(() => readSince(benLines, benMark, 'Ann is no longer AFK.'), 'Ben to read that Ann is back');
  });

  it('/afk with a reason marks the bot away, and /afk again brings it back', async () => {
    const mark = events.received.length;
    const benMark = benLines.length;
    // Ann has just chatted: several seconds before the idle time marks her.
    ann.chat('/afk brb coffee');
    const away = await annAfk(mark, (d) => d.away === true, 'Ann to go away by /afk');
    assert.deepEqual([away.cause, away.reason, away.actor], ['afk-command', 'brb coffee', 'Ann']);
    await waitFor(() => readSince(benLines, benMark, 'Ann is now AFK: brb coffee'), 'Ben to read the reason');
    await waitFor(() => annLines.includes('You are now AFK: brb coffee'), 'Ann to be told');
    const r = await rs.call('GET', presence(), reader);
    assert.deepEqual([r.json.data.away, r.json.data.reason, r.json.data.since], [true, 'brb coffee', away.since]);
    ann.chat('/afk');
    const back = await annAfk(mark, (d) => d.away === false, 'Ann to come back by /afk');
    assert.deepEqual([back.cause, back.reason, back.actor], ['afk-command', 'brb coffee', 'Ann']);
    await waitFor(() => readSince(benLines, benMark, 'Ann is no longer AFK.'), 'Ben to read that Ann is back');
  });

  it('the route marks the bot away with a reason and back (actor core-rest/writer), and declines what is already so', async () => {
    // Whatever the idle time did meanwhile, Ann is back (and freshly active) after this.
    const clear = await rs.call('POST', afk(), writer, { away: false });
    assert.ok(clear.json.ok || clear.json.code === 'already-in-state', JSON.stringify(clear.json));
    const mark = events.received.length;
    const benMark = benLines.length;
    const set = await rs.call('POST', afk(), writer, { reason: 'meeting' });
    assert.equal(set.json.ok, true, JSON.stringify(set.json));
    assert.deepEqual([set.json.data.away, set.json.data.reason, set.json.data.online], [true, 'meeting', true]);
    const e = await annAfk(mark, (d) => d.away === true, 'presence.afk from the route');
    assert.deepEqual([e.cause, e.actor, e.reason, e.since], ['route', 'core-rest/writer', 'meeting', set.json.data.since]);
    await waitFor(() => annLines.includes('You are now AFK: meeting'), 'Ann to be told');
    await waitFor(() => readSince(benLines, benMark, 'Ann is now AFK: meeting'), 'Ben to read it');

    const again = await rs.call('POST', afk(), writer, { reason: 'other' });
    assert.deepEqual([again.status, again.json.ok, again.json.code], [200, false, 'already-in-state']);
    const back = await rs.call('POST', afk(), writer, { away: false });
    assert.deepEqual([back.json.ok, back.json.data.away], [true, false]);
    const e2 = await annAfk(mark, (d) => d.away === false, 'presence.afk back from the route');
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

  it('does not tell a bot when a player it cannot see (vanished) goes away', async () => {
    const clear = await rs.call('POST', afk(), writer, { away: false });
    assert.ok(clear.json.ok || clear.json.code === 'already-in-state', JSON.stringify(clear.json));
    const hide = await rs.call('POST', `/players/${annId}/vanish`, writer, { vanished: true });
    assert.equal(hide.json.ok, true, JSON.stringify(hide.json));
    await waitFor(() => ben.players.Ann === undefined, 'Ann to leave Ben’s tab list');
    try {
      const benMark = benLines.length;
      const set = await rs.call('POST', afk(), writer, { reason: 'hidden' });
      assert.equal(set.json.ok, true, JSON.stringify(set.json));
      await waitFor(() => annLines.includes('You are now AFK: hidden'), 'Ann to be told');
      await never(() => benLines.slice(benMark).some((l) => l.startsWith('Ann is')), 'Ben to read of Ann', 1500);
      const back = await rs.call('POST', afk(), writer, { away: false });
      assert.equal(back.json.ok, true, JSON.stringify(back.json));
      await never(() => benLines.slice(benMark).some((l) => l.startsWith('Ann is')), 'Ben to read of Ann', 750);
    } finally {
      await rs.call('POST', `/players/${annId}/vanish`, writer, { vanished: false });
    }
    await waitFor(() => ben.players.Ann !== undefined, 'Ann to be back in Ben’s tab list');
  });

  it('answers an offline player as not away and declines to mark them; a player never seen is not-found', async () => {
    const cat = await joinBot(rs.server.gamePort, 'Cat');
    const catId = cat.player.uuid;
    await quit(cat);
    await waitFor(() => ben.players.Cat === undefined, 'Cat to leave');
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

  it('/playtime tells a bot its time; another player’s needs core.playtime.others; /playtimetop ranks them', async () => {
    const mark = annLines.length;
    ann.chat('/playtime');
    await waitFor(() => annLines.slice(mark).some((l) => /^You have played .+: .+ active, .+ AFK, in 1 session\.$/.test(l)), `Ann to read her playtime (read ${annLines.slice(mark).join(' | ')})`);
    await waitFor(() => annLines.slice(mark).some((l) => /^This session: /.test(l)), 'Ann to read this session');
    const benMark = benLines.length;
    ben.chat('/playtime Ann');
    await waitFor(() => benLines.slice(benMark).some((l) => l.includes('core.playtime.others')), 'Ben to be refused');
    await rs.console('perm grant Ben core.playtime.others', /core\.playtime\.others/);
    ben.chat('/playtime Ann');
    await waitFor(() => benLines.slice(benMark).some((l) => /^Ann has played .+ active, .+ AFK, in 1 session\.$/.test(l)), 'Ben to read Ann’s playtime');
    ben.chat('/playtimetop');
    await waitFor(() => benLines.slice(benMark).includes('Most active time played (top 10):'), 'Ben to read the top');
    await waitFor(() => benLines.slice(benMark).some((l) => /^1\. (Ann|Ben): .+ active \(.+ in all\)$/.test(l)), 'the first row');
  });

  it('the playtime route counts the seconds the bot has been online, and apart the seconds it was away', async () => {
    // Away once more, for a while, so that the current spell counts too.
    const mark = events.received.length;
    await annAfk(mark, (d) => d.away === true, 'Ann to go away once more');
    await new Promise((r) => setTimeout(r, 3000));
    const before = Date.now();
    const r = await rs.call('GET', `/players/${annId}/playtime`, reader);
    const after = Date.now();
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    const t = r.json.data;
    const online = { least: Math.floor((before - annJoined.to) / 1000) - 1, most: Math.ceil((after - annJoined.from) / 1000) + 1 };
    assert.ok(t['total-seconds'] >= online.least && t['total-seconds'] <= online.most, `total ${t['total-seconds']} s, online ${online.least}-${online.most} s`);
    assert.equal(t['active-seconds'] + t['afk-seconds'], t['total-seconds']);
    // The AFK seconds are the spells the event stream told of, the current one up to now.
    const spells = events.received.filter((e) => e.event === 'presence.afk' && e.data?.['player-id'] === annId);
    const ended = spells.filter((e) => e.data.away === false).reduce((s, e) => s + Number(e.data['away-seconds']), 0);
    const current = spells.at(-1)!;
    assert.equal(current.data.away, true);
    const running = (after - Date.parse(String(current.data.since))) / 1000;
    const expected = ended + running;
    assert.ok(Math.abs(t['afk-seconds'] - expected) <= 2 + spells.length, `afk ${t['afk-seconds']} s, expected about ${expected.toFixed(1)} s`);
    assert.ok(t['afk-seconds'] >= 3, `Ann has been away 3 s at least (afk ${t['afk-seconds']} s)`);
    assert.ok(t['active-seconds'] >= AFK_AFTER, 'and active a while');
    assert.deepEqual([t.sessions, t.online], [1, true]);
    assert.ok(Math.abs(t['session-seconds'] - t['total-seconds']) <= 1);
    assert.ok(Date.parse(t['session-started-at']) >= annJoined.from - 1000 && Date.parse(t['session-started-at']) <= annJoined.to);
  });

  it('keeps the time across a restart of the server: what was played up to the stop is written', async () => {
    const path = `/players/${annId}/playtime`;
    const before = (await rs.call('GET', path, reader)).json.data;
    const from = Date.now();
    events.close();
    let stoppedAfter = 0;
    rs = await scene.restart(() => (stoppedAfter = (Date.now() - from) / 1000));
    const r = await rs.call('GET', path, reader);
    assert.equal(r.json.ok, true, JSON.stringify(r.json));
    const t = r.json.data;
    assert.ok(t['total-seconds'] >= before['total-seconds'] && t['total-seconds'] <= before['total-seconds'] + stoppedAfter + 1, `total ${t['total-seconds']} s after a stop, ${before['total-seconds']} s before it`);
    assert.ok(t['afk-seconds'] >= before['afk-seconds'], 'the AFK seconds are kept');
    assert.deepEqual([t.sessions, t.online, t['session-seconds'], t['counted-since']], [1, false, null, before['counted-since']]);
  });
});
