// Moderation (sanctions) over real HTTP and a real event stream against the real server, with bots
// as the players: Ann moderates (core.moderation.*), Cal is the one sanctioned, Ben looks on and
// reads the announcements (and not the silent ones). Every sanctions route, every sanctions event,
// and every sanctions command run by a bot.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createBot, joinBot, kickReason, never, quit, recordMessages, waitFor, waitForMessage, type Bot } from './support/bots.ts';
import { startScene, type RestServer, type Scene, type Subscription } from './support/rest-server.ts';

describe('moderation over the Remote Access Service and in game', () => {
  let scene: Scene;
  let rs: RestServer;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: Bot;
  let ben: Bot;
  let cal: Bot;
  let calId: string;
  let benLines: string[];

  const port = () => rs.server.gamePort;
  const path = (what: string) => `/players/${calId}/${what}`;
  const post = (what: string, body?: unknown) => rs.call('POST', path(what), writer, body);
  /** Cal joins again (after a kick or a ban); the new bot is the one the next steps use. */
  async function calJoins(): Promise<void> {
    cal = await joinBot(port(), 'Cal');
  }
  /** A join of Cal refused at the login gate: the text of the kick screen. */
  async function calRefused(): Promise<string> {
    return kickReason(createBot(port(), 'Cal'));
  }
  /** Ben reads no line matching, for a while (a silent sanction). */
  const benNeverReads = (re: RegExp, what: string) => never(() => benLines.some((l) => re.test(l)), what);

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startScene(['moderation.*']));
    await rs.console('perm grant Ann core.moderation.*', /core\.moderation\.\*/);
    benLines = recordMessages(ben);
    cal = await joinBot(port(), 'Cal');
    calId = cal.player.uuid;
  });
  after(async () => {
    await quit(cal);
    await scene?.close();
  });

  it('a join from an address other accounts used emits alt-detected, and /alts lists them', async () => {
    // Every bot joins from 127.0.0.1: Cal's join is one of Ann and Ben.
    const e = await events.next('moderation.alt-detected', (d) => d['player-name'] === 'Cal');
    assert.deepEqual((e.data.alts as Array<{ 'player-name': string }>).map((a) => a['player-name']).sort(), ['Ann', 'Ben']);
    const line = waitForMessage(ann, /^Alts of Cal: /);
    ann.chat('/alts Cal');
    assert.match(await line, /Ann \[127\.0\.0\.1\].*Ben \[127\.0\.0\.1\]|Ben \[127\.0\.0\.1\].*Ann \[127\.0\.0\.1\]/);
  });

  it('sanctions: each null for a player with none; not-found for a never-seen player; 400 for a bad uuid', async () => {
    const r = await rs.call('GET', path('sanctions'), reader);
    assert.deepEqual([r.status, r.json], [200, { ok: true, data: { ban: null, mute: null, jail: null, warnings: null } }]);
    const none = await rs.call('GET', '/players/00000000-0000-0000-0000-0000000000aa/sanctions', reader);
    assert.deepEqual([none.status, none.json.code], [200, 'not-found']);
    const bad = await rs.call('GET', '/players/nope/sanctions', reader);
    assert.deepEqual([bad.status, bad.json.field], [400, 'uuid']);
  });

  it('/mute: Ben reads the announcement, Cal is told; Cal’s chat does not reach Ben and Cal is told why', async () => {
    const told = waitForMessage(cal, /^You have been muted by Ann permanently\. Reason: spamming\.$/);
    const announced = waitForMessage(ben, /^Cal was muted by Ann permanently: spamming$/);
    ann.chat('/mute Cal spamming');
    await Promise.all([told, announced]);
    const e = await events.next('moderation.player-mute', (d) => d['player-id'] === calId);
    assert.deepEqual([e.data.actor, e.data.reason, e.data['duration-seconds'], e.data['expires-at'], e.data.silent], ['Ann', 'spamming', null, null, false]);
    const why = waitForMessage(cal, /^You are muted permanently: your message was not sent\. Reason: spamming\.$/);
    cal.chat('can anyone hear me');
    await why;
    await benNeverReads(/can anyone hear me/, 'Ben reading the muted chat');
    const s = await rs.call('GET', path('sanctions'), reader);
    assert.deepEqual([s.json.data.mute.reason, s.json.data.mute.actor, s.json.data.ban], ['spamming', 'Ann', null]);
  });

  it('/unmute lifts it (player-unmute, lifted): Cal’s chat reaches Ben again', async () => {
    const told = waitForMessage(cal, /^You are no longer muted/);
    ann.chat('/unmute Cal');
    await told;
    const e = await events.next('moderation.player-unmute', (d) => d['player-id'] === calId && d.cause === 'lifted');
    assert.equal(e.data.actor, 'Ann');
    const heard = waitForMessage(ben, /hello again/);
    cal.chat('hello again');
    await heard;
  });

  it('/tempmute ends by itself: player-unmute with cause expired, Cal told', async () => {
    const told = waitForMessage(cal, /^You have been muted by Ann for 2 seconds/);
    ann.chat('/tempmute Cal 2s flood');
    await told;
    const expired = waitForMessage(cal, /^Your mute has expired/, 15000);
    const e = await events.next('moderation.player-unmute', (d) => d['player-id'] === calId && d.cause === 'expired', 15000);
    assert.equal(e.data.actor, null);
    await expired;
  });

  it('POST mute and unmute, silent: the mute applies and Cal is told, but Ben reads no announcement', async () => {
    const told = waitForMessage(cal, /^You have been muted by core-rest\/writer for 1 hour/);
    const staff = waitForMessage(ann, /^\[silent\] Cal was muted by core-rest\/writer for 1 hour: quiet please$/);
    const r = await post('mute', { reason: 'quiet please', 'duration-seconds': 3600, silent: true });
    assert.deepEqual([r.status, r.json.data.reason, r.json.data['duration-seconds'], r.json.data.actor], [200, 'quiet please', 3600, 'core-rest/writer']);
    await Promise.all([told, staff]);
    const e = await events.next('moderation.player-mute', (d) => d['player-id'] === calId && d.silent === true);
    assert.equal(e.data['duration-seconds'], 3600);
    const again = await post('mute', {});
    assert.deepEqual([again.status, again.json.ok, again.json.code], [200, false, 'already-in-state']);
    const un = await post('unmute', { silent: true });
    assert.deepEqual([un.status, un.json.data.reason], [200, 'quiet please']);
    const twice = await post('unmute');
    assert.deepEqual([twice.status, twice.json.code], [200, 'already-in-state']);
    await benNeverReads(/Cal was (un)?muted by core-rest/, 'Ben reading a silent announcement');
  });

  it('POST warn and /warn -s: Cal is told each time; Ben reads the first, not the silent one; player-warn counts them', async () => {
    const announced = waitForMessage(ben, /^Cal was warned by core-rest\/writer: language$/);
    const told = waitForMessage(cal, /^You have been warned by core-rest\/writer: language \(warning 1\)\.$/);
    const r = await post('warn', { reason: 'language' });
    assert.deepEqual([r.status, r.json.data.warnings, r.json.data.warning.reason], [200, 1, 'language']);
    await Promise.all([announced, told]);
    assert.equal((await events.next('moderation.player-warn', (d) => d.warnings === 1)).data.reason, 'language');
    const noReason = await post('warn', {});
    assert.deepEqual([noReason.status, noReason.json.field], [400, 'reason']);
    const told2 = waitForMessage(cal, /^You have been warned by Ann: caps \(warning 2\)\.$/);
    ann.chat('/warn Cal -s caps');
    await told2;
    assert.equal((await events.next('moderation.player-warn', (d) => d.warnings === 2)).data.silent, true);
    await benNeverReads(/Cal was warned by Ann/, 'Ben reading the silent warning');
    const own = waitForMessage(cal, /^You have 2 warnings:$/);
    cal.chat('/warnings');
    await own;
    const theirs = waitForMessage(ann, /^#\d+ .* UTC by Ann: caps$/);
    ann.chat('/warnings Cal');
    await theirs;
  });

  it('/kick and POST kick: Cal reads the reason on the kick screen, Ben the announcement; an offline player is player-offline', async () => {
    const screen = kickReason(cal);
    const announced = waitForMessage(ben, /^Cal was kicked by Ann: afk too long$/);
    ann.chat('/kick Cal afk too long');
    assert.match(await screen, /You were kicked from the server\.[\s\S]*Reason: afk too long[\s\S]*Kicked by: Ann/);
    await announced;
    const offline = await post('kick', { reason: 'gone' });
    assert.deepEqual([offline.status, offline.json.code], [200, 'player-offline']);
    await calJoins();
    const screen2 = kickReason(cal);
    const r = await post('kick', { reason: 'by panel', silent: true });
    assert.deepEqual([r.status, r.json.data.reason, r.json.data.actor], [200, 'by panel', 'core-rest/writer']);
    assert.match(await screen2, /Reason: by panel/);
    await benNeverReads(/Cal was kicked by core-rest/, 'Ben reading a silent kick');
    await calJoins();
  });

  it('/tempban: Cal is kicked with the reason and the expiry, Ben reads it, a rejoin is refused while banned and accepted after the expiry', async () => {
    const screen = kickReason(cal);
    const announced = waitForMessage(ben, /^Cal was banned by Ann for 10 seconds: griefing$/);
    ann.chat('/tempban Cal 10s griefing');
    const text = await screen;
    assert.match(text, /You are banned from this server\.[\s\S]*Reason: griefing[\s\S]*Expires: \d{4}-\d\d-\d\d \d\d:\d\d UTC \(in \d+ seconds?\)/);
    await announced;
    const e = await events.next('moderation.player-tempban', (d) => d['player-id'] === calId && d.reason === 'griefing');
    assert.equal(e.data['duration-seconds'], 10);
    assert.match(String(e.data['expires-at']), /^\d{4}-\d\d-\d\dT/);
    assert.match(await calRefused(), /You are banned from this server\.[\s\S]*Reason: griefing/);
    const s = await rs.call('GET', path('sanctions'), reader);
    assert.equal(s.json.data.ban['duration-seconds'], 10);
    await waitFor(() => Date.now() > Date.parse(String(e.data['expires-at'])) + 200, 'the ban to expire', 15000);
    await calJoins();
  });

  it('/ban -s (permanent): kicked with "never", Ben reads nothing, Ann (notify) reads it marked silent; a second ban is already-in-state; POST unban lets Cal in', async () => {
    const screen = kickReason(cal);
    const staff = waitForMessage(ann, /^\[silent\] Cal was banned by Ann permanently: cheating$/);
    ann.chat('/ban Cal -s cheating');
    assert.match(await screen, /Reason: cheating[\s\S]*Expires: never \(permanent ban\)/);
    await staff;
    const e = await events.next('moderation.player-tempban', (d) => d['player-id'] === calId && d.reason === 'cheating');
    assert.deepEqual([e.data['duration-seconds'], e.data['expires-at'], e.data.silent], [null, null, true]);
    await benNeverReads(/Cal was banned by Ann permanently/, 'Ben reading a silent ban');
    const again = await post('ban', { reason: 'again' });
    assert.deepEqual([again.status, again.json.code], [200, 'already-in-state']);
    assert.match(await calRefused(), /Reason: cheating/);
    const un = await post('unban', {});
    assert.deepEqual([un.status, un.json.data.reason, un.json.data['expires-at']], [200, 'cheating', null]);
    const twice = await post('unban');
    assert.deepEqual([twice.status, twice.json.code], [200, 'already-in-state']);
    await calJoins();
  });

  it('POST ban with duration-seconds kicks Cal with the expiry; /unban lets Cal in again; bad bodies are 400 naming the field', async () => {
    const screen = kickReason(cal);
    const r = await post('ban', { reason: 'from the panel', 'duration-seconds': 600 });
    assert.deepEqual([r.status, r.json.data['duration-seconds'], r.json.data.actor], [200, 600, 'core-rest/writer']);
    assert.match(await screen, /Reason: from the panel[\s\S]*\(in 10 minutes\)/);
    assert.match(await calRefused(), /Reason: from the panel/);
    const lifted = waitForMessage(ben, /^Cal was unbanned by Ann\.$/);
    ann.chat('/unban Cal');
    await lifted;
    await calJoins();
    for (const [body, field] of [
      [{ 'duration-seconds': 0 }, 'duration-seconds'],
      [{ 'duration-seconds': 1.5 }, 'duration-seconds'],
      [{ reason: '' }, 'reason'],
      [{ silent: 'yes' }, 'silent'],
    ] as const) {
      const bad = await post('ban', body);
      assert.deepEqual([bad.status, bad.json.field], [400, field], JSON.stringify(body));
    }
  });

  it('history: the actions on Cal newest first, with the limit, over HTTP and with /history', async () => {
    const r = await rs.call('GET', `${path('history')}?limit=3`, reader);
    assert.equal(r.status, 200);
    assert.deepEqual(
      r.json.data.entries.map((e: { action: string; actor: string }) => [e.action, e.actor]),
      [['moderation.unban', 'Ann'], ['moderation.ban', 'core-rest/writer'], ['moderation.unban', 'core-rest/writer']],
    );
    const all = await rs.call('GET', path('history'), reader);
    assert.equal(all.json.data.entries.length, 10);
    const bad = await rs.call('GET', `${path('history')}?limit=0`, reader);
    assert.deepEqual([bad.status, bad.json.field], [400, 'limit']);
    const none = await rs.call('GET', '/players/00000000-0000-0000-0000-0000000000aa/history', reader);
    assert.equal(none.json.code, 'not-found');
    const lines = recordMessages(ann);
    const head = waitForMessage(ann, /^History of Cal \(newest first, 2 shown\):$/);
    ann.chat('/history Cal 2');
    await head;
    await waitFor(() => lines.length >= 3, 'two history lines');
    assert.match(lines[1]!, /moderation\.unban by Ann$/);
    assert.match(lines[2]!, /moderation\.ban by core-rest\/writer: from the panel$/);
  });

  it('/sanctions (and /checkban) shows what is in force', async () => {
    const line = waitForMessage(ann, /^Cal: not banned; not muted\.$/);
    const warnings = waitForMessage(ann, /^Warnings: 2\.$/);
    ann.chat('/sanctions Cal');
    await Promise.all([line, warnings]);
    const again = waitForMessage(ann, /^Cal: not banned; not muted\.$/);
    ann.chat('/checkban Cal');
    await again;
  });

  it('/banip and /unbanip of an address: ip-ban emitted, the address named only to staff', async () => {
    const reply = waitForMessage(ann, /^Banned the address 10\.20\.30\.40 for 1 hour \(until .*\): evading\. Accounts seen from it: none\.$/);
    const announced = waitForMessage(ben, /^An address was banned by Ann for 1 hour: evading$/);
    ann.chat('/banip 10.20.30.40 1h evading');
    await Promise.all([reply, announced]);
    const e = await events.next('moderation.ip-ban', (d) => d.address === '10.20.30.40');
    assert.deepEqual([e.data['duration-seconds'], e.data.players, e.data.reason], [3600, [], 'evading']);
    assert.ok(!benLines.some((l) => l.includes('10.20.30.40')), 'Ben never reads the address');
    const lifted = waitForMessage(ann, /^Unbanned the address 10\.20\.30\.40\.$/);
    ann.chat('/unbanip 10.20.30.40');
    await lifted;
  });

  it('an address ban kicks everyone joining from it and refuses any account from it until lifted', async () => {
    const calKicked = kickReason(cal);
    const benKicked = kickReason(ben);
    await rs.console('banip 127.0.0.1 -s', /Banned the address 127\.0\.0\.1/);
    assert.match(await calKicked, /Your address is banned from this server/);
    await benKicked;
    assert.match(await kickReason(createBot(port(), 'Dora')), /Your address is banned from this server/);
    const e = await events.next('moderation.ip-ban', (d) => d.address === '127.0.0.1');
    assert.deepEqual(
      (e.data.players as Array<{ 'player-name': string }>).map((p) => p['player-name']).sort(),
      ['Ann', 'Ben', 'Cal'],
    );
    await rs.console('unbanip 127.0.0.1', /Unbanned the address 127\.0\.0\.1/);
    await calJoins();
  });
});
