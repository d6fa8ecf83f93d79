// Sanctions over real HTTP and a real event stream, on the in-process scene (the whole plugin on the
// fake platform, test/support/scene.ts): Ann moderates (core.moderation.*), Cal is the one
// sanctioned, Ben looks on and reads the announcements (and not the silent ones). Every sanctions
// route, every sanctions event, and every sanctions command. What players see of it in the real
// game: test/e2e/areas/moderation.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { plain } from '../../../test/support/fake-platform.ts';
import { startKernelScene, type KernelScene, type SceneRest, type ScenePlayer, type Subscription } from '../../../test/support/scene.ts';

describe('moderation over the Remote Access Service (in process)', () => {
  let scene: KernelScene;
  let rs: SceneRest;
  let writer: string;
  let reader: string;
  let events: Subscription;
  let ann: ScenePlayer;
  let ben: ScenePlayer;
  let cal: ScenePlayer;
  let calId: string;

  const path = (what: string) => `/players/${calId}/${what}`;
  const post = (what: string, body?: unknown) => rs.call('POST', path(what), writer, body);
  /** What a player's screen shows of other players' chat ("<name> message"). */
  const chatSeenBy = (p: ScenePlayer) => scene.t.platform.display.chatSeen.get(p.uuid) ?? [];
  /** The kick screen of the player's latest kick since `mark` (a count of kicks). */
  const kickScreenOf = (p: ScenePlayer, mark: number): string => {
    const kick = scene.t.platform.kicks.slice(mark).findLast((k) => k.uuid === p.uuid);
    assert.ok(kick, `${p.name} was not kicked`);
    return plain(kick.reason);
  };
  /** A join of Cal refused at the login gate: the text of the kick screen. */
  const calRefused = (): string => {
    assert.equal(scene.t.platform.join('Cal'), undefined, 'Cal was let in');
    return plain(scene.t.platform.refusedLogins.at(-1)!.reason);
  };
  /** Ben has read no line matching, once everything started has run (a silent sanction). */
  const benNeverReads = async (re: RegExp, what: string) => {
    await scene.t.settle();
    assert.ok(!ben.messages.some((l) => re.test(l)), what);
  };

  before(async () => {
    ({ rs, writer, reader, events, ann, ben } = scene = await startKernelScene(['moderation.*']));
    await rs.console('perm grant Ann core.moderation.*', /core\.moderation\.\*/);
    cal = await scene.join('Cal');
    calId = cal.uuid;
  });
  after(() => scene?.close());

  it('emits alt-detected for a join from an address other accounts used, and /alts lists them', async () => {
    // Every player joins from 127.0.0.1: Cal's join is one of Ann and Ben.
    const e = await events.next('moderation.alt-detected', (d) => d['player-name'] === 'Cal');
    assert.deepEqual((e.data.alts as Array<{ 'player-name': string }>).map((a) => a['player-name']).sort(), ['Ann', 'Ben']);
    const line = await ann.run('/alts Cal', /^Alts of Cal: /);
    assert.match(line, /Ann \[127\.0\.0\.1\].*Ben \[127\.0\.0\.1\]|Ben \[127\.0\.0\.1\].*Ann \[127\.0\.0\.1\]/);
  });

  it('answers each sanction null for a player with none, not-found for a never-seen player and 400 for a bad uuid', async () => {
    const r = await rs.call('GET', path('sanctions'), reader);
    assert.deepEqual([r.status, r.json], [200, { ok: true, data: { ban: null, mute: null, jail: null, warnings: null } }]);
    const none = await rs.call('GET', '/players/00000000-0000-0000-0000-0000000000aa/sanctions', reader);
    assert.deepEqual([none.status, none.json.code], [200, 'not-found']);
    const bad = await rs.call('GET', '/players/nope/sanctions', reader);
    assert.deepEqual([bad.status, bad.json.field], [400, 'uuid']);
  });

  it('/mute tells Cal and announces it to Ben; Cal’s chat does not reach Ben and Cal is told why', async () => {
    const told = cal.waitForMessage(/^You have been muted by Ann permanently\. Reason: spamming\.$/);
    const announced = ben.waitForMessage(/^Cal was muted by Ann permanently: spamming$/);
    await ann.chat('/mute Cal spamming');
    await Promise.all([told, announced]);
    const e = await events.next('moderation.player-mute', (d) => d['player-id'] === calId);
    assert.deepEqual([e.data.actor, e.data.reason, e.data['duration-seconds'], e.data['expires-at'], e.data.silent], ['Ann', 'spamming', null, null, false]);
    await cal.run('can anyone hear me', /^You are muted permanently: your message was not sent\. Reason: spamming\.$/);
    await scene.t.settle();
    assert.ok(!chatSeenBy(ben).some((l) => l.includes('can anyone hear me')), 'Ben saw the muted chat');
    assert.ok(!ben.messages.some((l) => l.includes('can anyone hear me')), 'Ben read the muted chat');
    const s = await rs.call('GET', path('sanctions'), reader);
    assert.deepEqual([s.json.data.mute.reason, s.json.data.mute.actor, s.json.data.ban], ['spamming', 'Ann', null]);
  });

  it('/unmute lifts it (player-unmute, lifted): Cal’s chat reaches Ben again', async () => {
    await ann.chat('/unmute Cal');
    assert.ok(cal.messages.some((l) => /^You are no longer muted/.test(l)), cal.messages.join('\n'));
    const e = await events.next('moderation.player-unmute', (d) => d['player-id'] === calId && d.cause === 'lifted');
    assert.equal(e.data.actor, 'Ann');
    await cal.chat('hello again');
    assert.ok(chatSeenBy(ben).includes('<Cal> hello again'), chatSeenBy(ben).join('\n'));
  });

  it('/tempmute ends by itself: player-unmute with cause expired, and Cal is told', async () => {
    const told = cal.waitForMessage(/^You have been muted by Ann for 2 seconds/);
    await ann.chat('/tempmute Cal 2s flood');
    await told;
    const expired = cal.waitForMessage(/^Your mute has expired/);
    await scene.t.clock.advance(2);
    const e = await events.next('moderation.player-unmute', (d) => d['player-id'] === calId && d.cause === 'expired');
    assert.equal(e.data.actor, null);
    await expired;
  });

  it('mutes and unmutes silently over HTTP: the mute applies and Cal is told, but Ben reads no announcement', async () => {
    const told = cal.waitForMessage(/^You have been muted by core-rest\/writer for 1 hour/);
    const staff = ann.waitForMessage(/^\[silent\] Cal was muted by core-rest\/writer for 1 hour: quiet please$/);
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
    await benNeverReads(/Cal was (un)?muted by core-rest/, 'Ben read a silent announcement');
  });

  it('warns over HTTP and with /warn -s: Cal is told each time, Ben reads the first and not the silent one, player-warn counts them', async () => {
    const announced = ben.waitForMessage(/^Cal was warned by core-rest\/writer: language$/);
    const told = cal.waitForMessage(/^You have been warned by core-rest\/writer: language \(warning 1\)\.$/);
    const r = await post('warn', { reason: 'language' });
    assert.deepEqual([r.status, r.json.data.warnings, r.json.data.warning.reason], [200, 1, 'language']);
    await Promise.all([announced, told]);
    assert.equal((await events.next('moderation.player-warn', (d) => d.warnings === 1)).data.reason, 'language');
    const noReason = await post('warn', {});
    assert.deepEqual([noReason.status, noReason.json.field], [400, 'reason']);
    const told2 = cal.waitForMessage(/^You have been warned by Ann: caps \(warning 2\)\.$/);
    await ann.chat('/warn Cal -s caps');
    await told2;
    assert.equal((await events.next('moderation.player-warn', (d) => d.warnings === 2)).data.silent, true);
    await benNeverReads(/Cal was warned by Ann/, 'Ben read the silent warning');
    await cal.run('/warnings', /^You have 2 warnings:$/);
    await ann.run('/warnings Cal', /^#\d+ .* UTC by Ann: caps$/);
  });

  it('kicks with /kick and over HTTP: Cal’s kick screen has the reason, Ben reads the announcement; an offline player is player-offline', async () => {
    let mark = scene.t.platform.kicks.length;
    const announced = ben.waitForMessage(/^Cal was kicked by Ann: afk too long$/);
    await ann.chat('/kick Cal afk too long');
    assert.match(kickScreenOf(cal, mark), /You were kicked from the server\.[\s\S]*Reason: afk too long[\s\S]*Kicked by: Ann/);
    await announced;
    const offline = await post('kick', { reason: 'gone' });
    assert.deepEqual([offline.status, offline.json.code], [200, 'player-offline']);
    cal = await scene.join('Cal');
    mark = scene.t.platform.kicks.length;
    const r = await post('kick', { reason: 'by panel', silent: true });
    assert.deepEqual([r.status, r.json.data.reason, r.json.data.actor], [200, 'by panel', 'core-rest/writer']);
    assert.match(kickScreenOf(cal, mark), /Reason: by panel/);
    await benNeverReads(/Cal was kicked by core-rest/, 'Ben read a silent kick');
    cal = await scene.join('Cal');
  });

  it('/tempban kicks Cal with the reason and the expiry and Ben reads it; a join is refused while banned and let in after the expiry', async () => {
    const mark = scene.t.platform.kicks.length;
    const announced = ben.waitForMessage(/^Cal was banned by Ann for 10 seconds: griefing$/);
    await ann.chat('/tempban Cal 10s griefing');
    assert.match(kickScreenOf(cal, mark), /You are banned from this server\.[\s\S]*Reason: griefing[\s\S]*Expires: \d{4}-\d\d-\d\d \d\d:\d\d UTC \(in \d+ seconds?\)/);
    await announced;
    const e = await events.next('moderation.player-tempban', (d) => d['player-id'] === calId && d.reason === 'griefing');
    assert.equal(e.data['duration-seconds'], 10);
    assert.match(String(e.data['expires-at']), /^\d{4}-\d\d-\d\dT/);
    assert.match(calRefused(), /You are banned from this server\.[\s\S]*Reason: griefing/);
    const s = await rs.call('GET', path('sanctions'), reader);
    assert.equal(s.json.data.ban['duration-seconds'], 10);
    await scene.t.clock.advance(10.2);
    assert.ok(scene.t.clock.now().getTime() > Date.parse(String(e.data['expires-at'])));
    cal = await scene.join('Cal');
  });

  it('/ban -s bans for good: kicked with "never", Ben reads nothing, Ann (notify) reads it marked silent; a second ban is already-in-state; an unban over HTTP lets Cal in', async () => {
    const mark = scene.t.platform.kicks.length;
    const staff = ann.waitForMessage(/^\[silent\] Cal was banned by Ann permanently: cheating$/);
    await ann.chat('/ban Cal -s cheating');
    assert.match(kickScreenOf(cal, mark), /Reason: cheating[\s\S]*Expires: never \(permanent ban\)/);
    await staff;
    const e = await events.next('moderation.player-tempban', (d) => d['player-id'] === calId && d.reason === 'cheating');
    assert.deepEqual([e.data['duration-seconds'], e.data['expires-at'], e.data.silent], [null, null, true]);
    await benNeverReads(/Cal was banned by Ann permanently/, 'Ben read a silent ban');
    const again = await post('ban', { reason: 'again' });
    assert.deepEqual([again.status, again.json.code], [200, 'already-in-state']);
    assert.match(calRefused(), /Reason: cheating/);
    const un = await post('unban', {});
    assert.deepEqual([un.status, un.json.data.reason, un.json.data['expires-at']], [200, 'cheating', null]);
    const twice = await post('unban');
    assert.deepEqual([twice.status, twice.json.code], [200, 'already-in-state']);
    cal = await scene.join('Cal');
  });

  it('bans over HTTP with duration-seconds, kicking Cal with the expiry; /unban lets Cal in again; bad bodies are 400 naming the field', async () => {
    const mark = scene.t.platform.kicks.length;
    const r = await post('ban', { reason: 'from the panel', 'duration-seconds': 600 });
    assert.deepEqual([r.status, r.json.data['duration-seconds'], r.json.data.actor], [200, 600, 'core-rest/writer']);
    assert.match(kickScreenOf(cal, mark), /Reason: from the panel[\s\S]*\(in 10 minutes\)/);
    assert.match(calRefused(), /Reason: from the panel/);
    const lifted = ben.waitForMessage(/^Cal was unbanned by Ann\.$/);
    await ann.chat('/unban Cal');
    await lifted;
    cal = await scene.join('Cal');
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

  it('answers the history of Cal newest first, with the limit, over HTTP and with /history', async () => {
    const r = await rs.call('GET', `${path('history')}?limit=3`, reader);
    assert.equal(r.status, 200);
    assert.deepEqual(
      r.json.data.entries.map((e: { action: string; actor: string }) => [e.action, e.actor]),
      [
        ['moderation.unban', 'Ann'],
        ['moderation.ban', 'core-rest/writer'],
        ['moderation.unban', 'core-rest/writer'],
      ],
    );
    const all = await rs.call('GET', path('history'), reader);
    assert.equal(all.json.data.entries.length, 10);
    const bad = await rs.call('GET', `${path('history')}?limit=0`, reader);
    assert.deepEqual([bad.status, bad.json.field], [400, 'limit']);
    const none = await rs.call('GET', '/players/00000000-0000-0000-0000-0000000000aa/history', reader);
    assert.equal(none.json.code, 'not-found');
    const mark = ann.messages.length;
    await ann.run('/history Cal 2', /^History of Cal \(newest first, 2 shown\):$/);
    const lines = ann.messages.slice(mark);
    assert.equal(lines.length, 3, lines.join('\n'));
    assert.match(lines[1]!, /moderation\.unban by Ann$/);
    assert.match(lines[2]!, /moderation\.ban by core-rest\/writer: from the panel$/);
  });

  it('shows what is in force with /sanctions and /checkban', async () => {
    const mark = ann.messages.length;
    await ann.run('/sanctions Cal', /^Cal: not banned; not muted\.$/);
    assert.ok(ann.messages.slice(mark).includes('Warnings: 2.'), ann.messages.slice(mark).join('\n'));
    await ann.run('/checkban Cal', /^Cal: not banned; not muted\.$/);
  });

  it('/banip and /unbanip ban and lift an address: ip-ban is emitted, and the address is named only to staff', async () => {
    const announced = ben.waitForMessage(/^An address was banned by Ann for 1 hour: evading$/);
    await ann.run('/banip 10.20.30.40 1h evading', /^Banned the address 10\.20\.30\.40 for 1 hour \(until .*\): evading\. Accounts seen from it: none\.$/);
    await announced;
    const e = await events.next('moderation.ip-ban', (d) => d.address === '10.20.30.40');
    assert.deepEqual([e.data['duration-seconds'], e.data.players, e.data.reason], [3600, [], 'evading']);
    await scene.t.settle();
    assert.ok(!ben.messages.some((l) => l.includes('10.20.30.40')), 'Ben never reads the address');
    await ann.run('/unbanip 10.20.30.40', /^Unbanned the address 10\.20\.30\.40\.$/);
  });

  it('kicks everyone on a banned address and refuses any account from it until the ban is lifted', async () => {
    const mark = scene.t.platform.kicks.length;
    await rs.console('banip 127.0.0.1 -s', /Banned the address 127\.0\.0\.1/);
    for (const p of [cal, ann, ben]) assert.match(kickScreenOf(p, mark), /Your address is banned from this server/, p.name);
    assert.equal(scene.t.platform.join('Dora'), undefined, 'Dora was let in');
    assert.match(plain(scene.t.platform.refusedLogins.at(-1)!.reason), /Your address is banned from this server/);
    const e = await events.next('moderation.ip-ban', (d) => d.address === '127.0.0.1');
    assert.deepEqual((e.data.players as Array<{ 'player-name': string }>).map((p) => p['player-name']).sort(), ['Ann', 'Ben', 'Cal']);
    await rs.console('unbanip 127.0.0.1', /Unbanned the address 127\.0\.0\.1/);
    cal = await scene.join('Cal');
  });
});
