// Sanctions against the real game (their routes, commands and events:
// src/modules/moderation/moderation.scene.test.ts). Ann moderates (granted core.moderation.* for the
// part, taken back at its end), ModCal, a bot of the part's own, is the one sanctioned, and Ben
// looks on: the alt detection of a real address, a muted player's real chat held back from Ben, a
// mute that runs out on the real clock, the kick screens of a kick and of a ban as the client shows
// them, refused joins, and the staff's own commands in game.

import { after, before, it } from 'node:test';
import assert from 'node:assert/strict';
import { createBot, joinBot, kickReason, quit, recordMessages, waitForMessage, type Bot } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';

export const moderationPart: AreaPart = {
  name: 'moderation',
  tests(scene) {
    let cal: Bot;
    let calId: string;

    /** Once the server, too, has let ModCal go (a kicked client reads its screen before the server has handled the disconnect). */
    const calGone = (mark: number) => scene().rs.server.waitForLine(/ModCal left \(/, { from: mark });
    /** A join of ModCal refused at the login gate: the text of the kick screen. */
    const calRefused = () => kickReason(createBot(scene().rs.server.gamePort, 'ModCal'));
    /** Lets everything the server sent Ben so far arrive: it answers his tab completion after it. */
    const benFence = async () => {
      await scene().ben.tabComplete('/', false, false);
    };

    before(async () => {
      const { rs } = scene();
      await rs.console('perm grant Ann core.moderation.*', /Granted core\.moderation\.\* to Ann/);
      cal = await joinBot(rs.server.gamePort, 'ModCal');
      calId = cal.player.uuid;
    });
    after(async () => {
      await quit(cal);
      const { rs, writer } = scene();
      // Whatever a failed test left in force on ModCal goes with him.
      for (const lift of ['unban', 'unmute']) await rs.call('POST', `/players/${calId}/${lift}`, writer, { silent: true });
      await rs.console('perm revoke Ann core.moderation.*', /Revoked core\.moderation\.\* from Ann/);
    });

    it('detects ModCal as an alt of the accounts of his address (alt-detected), and /alts lists them', async () => {
      const { events, ann } = scene();
      // Every bot joins from 127.0.0.1: ModCal's join is one of Ann and Ben (and of any other part's bots).
      const e = await events.next('moderation.alt-detected', (d) => d['player-id'] === calId);
      const alts = (e.data.alts as Array<{ 'player-name': string }>).map((a) => a['player-name']);
      assert.ok(alts.includes('Ann') && alts.includes('Ben'), JSON.stringify(alts));
      const line = waitForMessage(ann, /^Alts of ModCal: /);
      ann.chat('/alts ModCal');
      const listed = await line;
      assert.match(listed, /Ann \[127\.0\.0\.1\]/);
      assert.match(listed, /Ben \[127\.0\.0\.1\]/);
    });

    it('/mute keeps ModCal’s chat from Ben and tells him why, /unmute lets it through again, and a /tempmute runs out by itself', async () => {
      const { events, ann, ben } = scene();
      const told = waitForMessage(cal, /^You have been muted by Ann permanently\. Reason: spamming\.$/);
      const announced = waitForMessage(ben, /^ModCal was muted by Ann permanently: spamming$/);
      ann.chat('/mute ModCal spamming');
      await Promise.all([told, announced]);
      const benLines = recordMessages(ben);
      const why = waitForMessage(cal, /^You are muted permanently: your message was not sent\. Reason: spamming\.$/);
      cal.chat('can anyone hear me');
      await why;
      await benFence();
      assert.ok(!benLines.some((l) => l.includes('can anyone hear me')), 'Ben read the muted chat');

      const lifted = waitForMessage(cal, /^You are no longer muted/);
      ann.chat('/unmute ModCal');
      await lifted;
      const heard = waitForMessage(ben, /hello again/);
      cal.chat('hello again');
      await heard;

      // The expiry on the server's own clock: one real second (the scene test counts it on a manual clock).
      const tempMuted = waitForMessage(cal, /^You have been muted by Ann for 1 second/);
      const expired = waitForMessage(cal, /^Your mute has expired/, 15000);
      ann.chat('/tempmute ModCal 1s flood');
      await tempMuted;
      await expired;
      const e = await events.next('moderation.player-unmute', (d) => d['player-id'] === calId && d.cause === 'expired', 15000);
      assert.equal(e.data.actor, null);
    });

    it('/warn -s tells ModCal and Ann (notify) but not Ben; /warnings lists them to ModCal and to Ann', async () => {
      const { ann, ben } = scene();
      const benLines = recordMessages(ben);
      const staff = waitForMessage(ann, /^\[silent\] ModCal was warned by Ann: caps$/);
      const told = waitForMessage(cal, /^You have been warned by Ann: caps \(warning 1\)\.$/);
      ann.chat('/warn ModCal -s caps');
      await Promise.all([staff, told]);
      await benFence();
      assert.ok(!benLines.some((l) => l.includes('ModCal was warned')), 'Ben read the silent warning');
      const own = waitForMessage(cal, /^You have 1 warning:$/);
      cal.chat('/warnings');
      await own;
      const theirs = waitForMessage(ann, /^#\d+ .* UTC by Ann: caps$/);
      ann.chat('/warnings ModCal');
      await theirs;
    });

    it('/tempban kicks ModCal with the reason and the expiry and refuses his join until /unban; /ban -s refuses it for good, told to staff only', async () => {
      const { rs, ann, ben } = scene();
      const mark = rs.server.lines.length;
      const screen = kickReason(cal);
      const announced = waitForMessage(ben, /^ModCal was banned by Ann for 1 hour: griefing$/);
      ann.chat('/tempban ModCal 1h griefing');
      assert.match(await screen, /You are banned from this server\.[\s\S]*Reason: griefing[\s\S]*Expires: \d{4}-\d\d-\d\d \d\d:\d\d UTC \(in \d+ (minutes?|hours?)/);
      await announced;
      await calGone(mark);
      assert.match(await calRefused(), /You are banned from this server\.[\s\S]*Reason: griefing/);
      const lifted = waitForMessage(ben, /^ModCal was unbanned by Ann\.$/);
      ann.chat('/unban ModCal');
      await lifted;

      const benLines = recordMessages(ben);
      const staff = waitForMessage(ann, /^\[silent\] ModCal was banned by Ann permanently: cheating$/);
      ann.chat('/ban ModCal -s cheating');
      await staff;
      await benFence();
      assert.ok(!benLines.some((l) => l.includes('ModCal was banned')), 'Ben read the silent ban');
      assert.match(await calRefused(), /Reason: cheating[\s\S]*Expires: never \(permanent ban\)/);
      const s = await rs.call('GET', `/players/${calId}/sanctions`, scene().reader);
      assert.deepEqual([s.json.data.ban?.reason, s.json.data.ban?.['expires-at']], ['cheating', null]);
    });

    it('/history, /sanctions and /checkban show ModCal’s record; after /unban he joins again, and /kick shows him the reason on his kick screen', async () => {
      const { rs, ann, ben } = scene();
      const lifted = waitForMessage(ben, /^ModCal was unbanned by Ann\.$/);
      ann.chat('/unban ModCal');
      await lifted;
      const annLines = recordMessages(ann);
      const head = waitForMessage(ann, /^History of ModCal \(newest first, 2 shown\):$/);
      const older = waitForMessage(ann, /moderation\.ban by Ann: cheating$/);
      ann.chat('/history ModCal 2');
      await Promise.all([head, older]);
      const shown = annLines.slice(annLines.findIndex((l) => l.startsWith('History of ModCal')));
      assert.match(shown[1]!, /moderation\.unban by Ann$/);
      assert.match(shown[2]!, /moderation\.ban by Ann: cheating$/);
      const inForce = waitForMessage(ann, /^ModCal: not banned; not muted\.$/);
      const warnings = waitForMessage(ann, /^Warnings: 1\.$/);
      ann.chat('/sanctions ModCal');
      await Promise.all([inForce, warnings]);
      const checked = waitForMessage(ann, /^ModCal: not banned; not muted\.$/);
      ann.chat('/checkban ModCal');
      await checked;

      cal = await joinBot(rs.server.gamePort, 'ModCal');
      const mark = rs.server.lines.length;
      const screen = kickReason(cal);
      const announced = waitForMessage(ben, /^ModCal was kicked by Ann: afk too long$/);
      ann.chat('/kick ModCal afk too long');
      assert.match(await screen, /You were kicked from the server\.[\s\S]*Reason: afk too long[\s\S]*Kicked by: Ann/);
      await announced;
      await calGone(mark);
    });

    it('/banip and /unbanip ban and lift an address (ip-ban): Ben reads the announcement, never the address', async () => {
      const { events, ann, ben } = scene();
      const benLines = recordMessages(ben);
      const reply = waitForMessage(ann, /^Banned the address 10\.20\.30\.40 for 1 hour \(until .*\): evading\. Accounts seen from it: none\.$/);
      const announced = waitForMessage(ben, /^An address was banned by Ann for 1 hour: evading$/);
      ann.chat('/banip 10.20.30.40 1h evading');
      await Promise.all([reply, announced]);
      const e = await events.next('moderation.ip-ban', (d) => d.address === '10.20.30.40');
      assert.deepEqual([e.data['duration-seconds'], e.data.players, e.data.reason], [3600, [], 'evading']);
      const lifted = waitForMessage(ann, /^Unbanned the address 10\.20\.30\.40\.$/);
      ann.chat('/unbanip 10.20.30.40');
      await lifted;
      await benFence();
      assert.ok(!benLines.some((l) => l.includes('10.20.30.40')), 'Ben read the address');
    });
  },
};
